#include "core/analysis/criticalpath.h"

#include "core/base/checkedmath.h"
#include "core/exec/executiongraph.h"
#include "core/replay/schedule.h"

#include <algorithm>

namespace sightline {

namespace {

// Replayed times of an edited or malformed job may be extreme: sums and differences saturate.
TimeNs plus(TimeNs a, TimeNs b)
{
    return CheckedMath::saturatingAdd(a, b);
}
TimeNs minus(TimeNs a, TimeNs b)
{
    return CheckedMath::saturatingSub(a, b);
}

} // namespace

const char* pathCategoryName(PathCategory c)
{
    switch (c) {
    case PathCategory::Compute: return "compute";
    case PathCategory::Communication: return "communication";
    case PathCategory::Launch: return "launch";
    case PathCategory::Io: return "io";
    case PathCategory::Wait: return "wait";
    }
    return "?";
}

namespace {

PathCategory categoryOfOp(OpKind k)
{
    switch (k) {
    case OpKind::Collective:
    case OpKind::Send:
    case OpKind::Recv:
    case OpKind::Memcpy:
        return PathCategory::Communication;
    case OpKind::Runtime:
        return PathCategory::Launch;
    case OpKind::Io:
        return PathCategory::Io;
    case OpKind::Sync:
        return PathCategory::Wait;
    default:
        return PathCategory::Compute;
    }
}

} // namespace

std::vector<CriticalPath::Hold> CriticalPath::holds() const
{
    std::vector<Hold> out;
    std::array<TimeNs, kPathCategoryCount> byCategory {};
    for (const PathSegment& seg : segments) {
        if (out.empty() || out.back().item != seg.item) {
            byCategory.fill(0);
            out.push_back({ seg.item, 0, seg.category });
        }
        Hold& h = out.back();
        const TimeNs length = minus(seg.to, seg.from);
        h.held = plus(h.held, length);
        TimeNs& inCategory = byCategory[static_cast<int>(seg.category)];
        inCategory = plus(inCategory, length);
        if (inCategory > byCategory[static_cast<int>(h.category)])
            h.category = seg.category;
    }
    return out;
}

CriticalPath CriticalPathAnalysis::compute(const ExecutionGraph& graph, const Schedule& s)
{
    const std::uint32_t n = graph.itemCount();
    CriticalPath path;
    path.perRank.assign(graph.ranks().size(), {});
    path.slack.assign(n, Schedule::kNotReplayed);

    // The last instant: the latest replayed end (lowest id on ties).
    std::uint32_t last = Schedule::kSelf;
    for (std::uint32_t v = 0; v < n; ++v) {
        if (s.replayed(v) && (last == Schedule::kSelf || s.end[v] > s.end[last]))
            last = v;
    }
    if (last == Schedule::kSelf)
        return path;

    auto isHost = [&](std::uint32_t v) { return graph.track(ItemId(v)).isValid() && !graph.onDevice(ItemId(v)); };
    auto opCategory = [&](std::uint32_t v) { return categoryOfOp(graph.kind(ItemId(v))); };
    std::vector<PathSegment> reversed;
    auto push = [&](std::uint32_t v, TimeNs from, TimeNs to, PathCategory c) {
        if (to > from)
            reversed.push_back({ ItemId(v), from, to, c });
    };
    // Walk back: at an end, either the op's own time (back to its start) or a tail after an awaited
    // end; at a start, a gap after the instant that released it, or the beginning of the path.
    std::uint32_t v = last;
    bool atEnd = true;
    for (std::size_t guard = 0; guard < 4 * static_cast<std::size_t>(n) + 4; ++guard) {
        if (atEnd) {
            const std::uint32_t cause = s.endCause[v];
            if (cause == Schedule::kSelf) {
                push(v, s.start[v], s.end[v], opCategory(v));
                atEnd = false;
            } else {
                const std::uint32_t src = cause & ~Schedule::kEndBit;
                // The time after the awaited end belongs to this op (its tail).
                push(v, s.end[src], s.end[v], opCategory(v));
                v = src;
            }
        } else {
            const std::uint32_t cause = s.startCause[v];
            if (cause == Schedule::kSelf)
                break;
            const std::uint32_t src = cause & ~Schedule::kEndBit;
            const bool fromEnd = (cause & Schedule::kEndBit) != 0;
            const TimeNs released = fromEnd ? s.end[src] : s.start[src];
            push(v, released, s.start[v], isHost(v) ? PathCategory::Launch : PathCategory::Wait);
            v = src;
            atEnd = fromEnd;
        }
    }
    path.segments.assign(reversed.rbegin(), reversed.rend());
    if (!path.segments.empty())
        path.length = minus(s.end[last], std::min(path.segments.front().from, s.end[last]));
    for (const PathSegment& seg : path.segments) {
        const TimeNs d = minus(seg.to, seg.from);
        TimeNs& total = path.total[static_cast<int>(seg.category)];
        total = plus(total, d);
        auto addTo = [&](RankId r) {
            TimeNs& own = path.perRank[r.value()][static_cast<int>(seg.category)];
            own = plus(own, d);
        };
        const ItemId item = seg.item;
        if (graph.rank(item).isValid())
            addTo(graph.rank(item));
        else if (const CommCost* c = graph.comm(item))
            std::for_each(graph.commRanks(*c).begin(), graph.commRanks(*c).end(), addTo);
        if (path.items.empty() || path.items.back() != seg.item)
            path.items.push_back(seg.item);
    }

    // Slack: latest times in reverse topological order. Constraints, as the replay applied them:
    // start(y) >= ref(x) + gap(y); end(y) >= start(y) + minDuration(y); end(y) >= end(x) + tail(y).
    std::vector<TimeNs> latestStart(n, s.finish), latestEnd(n, s.finish);
    for (auto it = s.order.rbegin(); it != s.order.rend(); ++it) {
        const std::uint32_t item = *it;
        const std::uint32_t x = item & ~Schedule::kEndBit;
        if (item & Schedule::kEndBit) {
            for (std::uint32_t e = graph.outBegin(x); e < graph.outBegin(x + 1); ++e) {
                const std::uint32_t y = graph.target(e);
                if (!s.replayed(y) || graph.ref(e) == EdgeRef::StartToStart)
                    continue;
                const TimeNs bound = graph.ref(e) == EdgeRef::EndToEnd ? minus(latestEnd[y], graph.tail(ItemId(y))) : minus(latestStart[y], graph.gap(ItemId(y)));
                latestEnd[x] = std::min(latestEnd[x], bound);
            }
        } else {
            TimeNs bound = minus(latestEnd[x], s.minDuration[x]);
            for (std::uint32_t e = graph.outBegin(x); e < graph.outBegin(x + 1); ++e) {
                const std::uint32_t y = graph.target(e);
                if (s.replayed(y) && graph.ref(e) == EdgeRef::StartToStart)
                    bound = std::min(bound, minus(latestStart[y], graph.gap(ItemId(y))));
            }
            latestStart[x] = std::min(latestStart[x], bound);
            path.slack[x] = std::max<TimeNs>(0, std::min(minus(latestStart[x], s.start[x]), minus(latestEnd[x], s.end[x])));
        }
    }
    return path;
}

} // namespace sightline
