#include "core/analysis/criticalpath.h"

#include "core/base/checkedmath.h"
#include "core/exec/executiongraph.h"
#include "core/replay/schedule.h"

#include <algorithm>
#include <limits>

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
    case PathCategory::Host: return "host";
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
    case OpKind::CpuOp:
    case OpKind::Annotation:
        return PathCategory::Host;
    case OpKind::ComputeKernel:
    case OpKind::Memset:
        return PathCategory::Compute;
    }
    return PathCategory::Compute;
}

// The stages of the analysis over one replay.
class PathFinder {
public:
    PathFinder(const ExecutionGraph& graph, const Schedule& s)
        : g(graph)
        , s(s)
        , n(graph.itemCount())
    {
    }

    // The segments from the last instant back to the path's start, in time order.
    std::vector<PathSegment> walkBack(std::uint32_t last) const;
    // Segments of enclosing spans split among the leaf items inside them.
    std::vector<PathSegment> attributeToLeaves(const std::vector<PathSegment>& segments) const;
    void summarise(CriticalPath& path, std::uint32_t last) const;
    std::vector<TimeNs> computeSlack() const;

private:
    bool onHost(std::uint32_t i) const { return g.track(ItemId(i)).isValid() && !g.onDevice(ItemId(i)); }
    // An annotation, or a host item with nested items: its time belongs to what ran inside it.
    bool transparent(std::uint32_t i) const;
    // Replayed leaf items per track, by start.
    struct Leaf {
        TimeNs start;
        TimeNs end;
        TimeNs reach; // the latest end of this leaf and those before it
        std::uint32_t item;
    };
    // Only for the tracks marked in wanted (the others stay empty): those of transparent segments.
    std::vector<std::vector<Leaf>> leavesByTrack(const std::vector<std::uint8_t>& wanted) const;

    const ExecutionGraph& g;
    const Schedule& s;
    const std::uint32_t n;
};

bool PathFinder::transparent(std::uint32_t i) const
{
    if (g.kind(ItemId(i)) == OpKind::Annotation)
        return true;
    if (!onHost(i))
        return false;
    for (std::uint32_t e = g.outBegin(i); e < g.outBegin(i + 1); ++e) {
        if (g.edgeKind(e) == EdgeKind::Nest)
            return true;
    }
    return false;
}

std::vector<PathSegment> PathFinder::walkBack(std::uint32_t last) const
{
    std::vector<PathSegment> reversed;
    auto push = [&](std::uint32_t v, TimeNs from, TimeNs to, PathCategory c) {
        if (to > from)
            reversed.push_back({ ItemId(v), from, to, c });
    };
    auto itemCategory = [&](std::uint32_t v) { return categoryOfOp(g.kind(ItemId(v))); };
    // At an end, either the item's own time (back to its start) or a tail after an awaited end; at a
    // start, a gap after the instant that released it, or the beginning of the path.
    std::uint32_t v = last;
    bool atEnd = true;
    for (std::size_t guard = 0; guard < 4 * static_cast<std::size_t>(n) + 4; ++guard) {
        if (atEnd) {
            const std::uint32_t cause = s.endCause[v];
            if (cause == Schedule::kSelf) {
                push(v, s.start[v], s.end[v], itemCategory(v));
                atEnd = false;
            } else {
                const std::uint32_t src = cause & ~Schedule::kEndBit;
                // The time after the awaited end belongs to this item (its tail).
                push(v, s.end[src], s.end[v], itemCategory(v));
                v = src;
            }
        } else {
            const std::uint32_t cause = s.startCause[v];
            if (cause == Schedule::kSelf)
                break;
            const std::uint32_t src = cause & ~Schedule::kEndBit;
            const bool fromEnd = (cause & Schedule::kEndBit) != 0;
            const TimeNs released = fromEnd ? s.end[src] : s.start[src];
            const PathCategory gap = onHost(v) ? PathCategory::Host
                : g.kind(ItemId(src)) == OpKind::Runtime ? PathCategory::Launch
                                                          : PathCategory::Wait;
            push(v, released, s.start[v], gap);
            v = src;
            atEnd = fromEnd;
        }
    }
    return { reversed.rbegin(), reversed.rend() };
}

std::vector<std::vector<PathFinder::Leaf>> PathFinder::leavesByTrack(const std::vector<std::uint8_t>& wanted) const
{
    std::vector<std::vector<Leaf>> leaves(g.tracks().size());
    for (std::uint32_t i = 0; i < n; ++i) {
        const TrackId track = g.track(ItemId(i));
        if (track.isValid() && wanted[track.value()] && s.replayed(i) && s.end[i] > s.start[i] && !transparent(i))
            leaves[track.value()].push_back({ s.start[i], s.end[i], s.end[i], i });
    }
    const auto byStart = [](const Leaf& a, const Leaf& b) { return a.start != b.start ? a.start < b.start : a.item < b.item; };
    for (auto& track : leaves) {
        // Items of a track are mostly in replayed order already.
        if (!std::is_sorted(track.begin(), track.end(), byStart))
            std::sort(track.begin(), track.end(), byStart);
        for (std::size_t k = 1; k < track.size(); ++k)
            track[k].reach = std::max(track[k].end, track[k - 1].reach);
    }
    return leaves;
}

std::vector<PathSegment> PathFinder::attributeToLeaves(const std::vector<PathSegment>& segments) const
{
    std::vector<std::uint8_t> wanted(g.tracks().size(), 0);
    bool any = false;
    for (const PathSegment& seg : segments) {
        if (g.track(seg.item).isValid() && transparent(seg.item.value())) {
            wanted[g.track(seg.item).value()] = 1;
            any = true;
        }
    }
    if (!any)
        return segments;
    const std::vector<std::vector<Leaf>> leaves = leavesByTrack(wanted);
    std::vector<PathSegment> out;
    out.reserve(segments.size());
    for (const PathSegment& seg : segments) {
        const std::uint32_t e = seg.item.value();
        if (!transparent(e) || !g.track(seg.item).isValid()) {
            out.push_back(seg);
            continue;
        }
        // What no leaf covers stays with the span: host time on a host thread, waiting on a device.
        const PathCategory uncovered = onHost(e) ? PathCategory::Host : PathCategory::Wait;
        const PathCategory residual = seg.category == PathCategory::Launch || seg.category == PathCategory::Wait ? seg.category : uncovered;
        const std::vector<Leaf>& track = leaves[g.track(seg.item).value()];
        // Leaves overlapping [from, to), in start order from the first whose reach passes `from` (leaves
        // of a device stream may overlap each other; the cursor keeps each instant counted once).
        auto it = std::partition_point(track.begin(), track.end(), [&](const Leaf& l) { return l.reach <= seg.from; });
        TimeNs cursor = seg.from;
        for (; it != track.end() && it->start < seg.to; ++it) {
            const TimeNs from = std::max(it->start, cursor);
            const TimeNs to = std::min(it->end, seg.to);
            if (to <= from)
                continue;
            if (from > cursor)
                out.push_back({ seg.item, cursor, from, residual });
            out.push_back({ ItemId(it->item), from, to, categoryOfOp(g.kind(ItemId(it->item))) });
            cursor = to;
        }
        if (cursor < seg.to)
            out.push_back({ seg.item, cursor, seg.to, residual });
    }
    return out;
}

void PathFinder::summarise(CriticalPath& path, std::uint32_t last) const
{
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
        if (g.rank(item).isValid())
            addTo(g.rank(item));
        else if (const CommCost* c = g.comm(item))
            std::for_each(g.commRanks(*c).begin(), g.commRanks(*c).end(), addTo);
        if (path.items.empty() || path.items.back() != seg.item)
            path.items.push_back(seg.item);
    }
}

// Slack: latest times in reverse topological order. Constraints, as the replay applied them:
// start(y) >= ref(x) + gap(y); end(y) >= start(y) + minDuration(y); end(y) >= end(x) + tail(y).
// An item's instant is final before any instant that released it is reached, so each item keeps what
// its predecessors read of it: its latest start less its gap, and its latest end less its tail, side by
// side, so that an edge reads one value of its target. Items no replay reached bound nothing.
std::vector<TimeNs> PathFinder::computeSlack() const
{
    std::vector<TimeNs> slack(n, Schedule::kNotReplayed);
    struct Bounds {
        TimeNs start = std::numeric_limits<TimeNs>::max(); // for edges into the item's start
        TimeNs end = std::numeric_limits<TimeNs>::max(); // for edges into its end
    };
    std::vector<Bounds> bounds(n);
    std::vector<TimeNs> latestEnd(n, s.finish);
    for (auto it = s.order.rbegin(); it != s.order.rend(); ++it) {
        const std::uint32_t instant = *it;
        const std::uint32_t x = instant & ~Schedule::kEndBit;
        const std::uint32_t first = g.outBegin(x), last = g.outBegin(x + 1);
        if (instant & Schedule::kEndBit) {
            TimeNs latest = s.finish;
            for (std::uint32_t e = first; e < last; ++e) {
                const EdgeRef ref = g.ref(e);
                if (ref != EdgeRef::StartToStart) {
                    const Bounds& b = bounds[g.target(e)];
                    latest = std::min(latest, ref == EdgeRef::EndToEnd ? b.end : b.start);
                }
            }
            latestEnd[x] = latest;
            bounds[x].end = minus(latest, g.tail(ItemId(x)));
        } else {
            TimeNs latest = std::min(s.finish, minus(latestEnd[x], s.minDuration[x]));
            for (std::uint32_t e = first; e < last; ++e) {
                if (g.ref(e) == EdgeRef::StartToStart)
                    latest = std::min(latest, bounds[g.target(e)].start);
            }
            bounds[x].start = minus(latest, g.gap(ItemId(x)));
            slack[x] = std::max<TimeNs>(0, std::min(minus(latest, s.start[x]), minus(latestEnd[x], s.end[x])));
        }
    }
    return slack;
}

} // namespace

namespace {

// CriticalPath::holds from the segments.
std::vector<CriticalPath::Hold> holdsOf(const std::vector<PathSegment>& segments)
{
    std::vector<CriticalPath::Hold> out;
    std::array<TimeNs, kPathCategoryCount> byCategory {};
    for (const PathSegment& seg : segments) {
        if (out.empty() || out.back().item != seg.item) {
            byCategory.fill(0);
            out.push_back({ seg.item, 0, seg.category });
        }
        CriticalPath::Hold& h = out.back();
        const TimeNs length = minus(seg.to, seg.from);
        h.held = plus(h.held, length);
        TimeNs& inCategory = byCategory[static_cast<int>(seg.category)];
        inCategory = plus(inCategory, length);
        if (inCategory > byCategory[static_cast<int>(h.category)])
            h.category = seg.category;
    }
    return out;
}

} // namespace

CriticalPath CriticalPathAnalysis::compute(const ExecutionGraph& graph, const Schedule& s, bool withSlack)
{
    const std::uint32_t n = graph.itemCount();
    CriticalPath path;
    path.perRank.assign(graph.ranks().size(), {});
    if (withSlack)
        path.slack.assign(n, Schedule::kNotReplayed);

    // The last instant: the latest replayed end (lowest id on ties).
    std::uint32_t last = Schedule::kSelf;
    for (std::uint32_t v = 0; v < n; ++v) {
        if (s.replayed(v) && (last == Schedule::kSelf || s.end[v] > s.end[last]))
            last = v;
    }
    if (last == Schedule::kSelf)
        return path;
    const PathFinder finder(graph, s);
    path.segments = finder.attributeToLeaves(finder.walkBack(last));
    finder.summarise(path, last);
    path.holds = holdsOf(path.segments);
    if (withSlack)
        path.slack = finder.computeSlack();
    return path;
}

std::vector<TimeNs> CriticalPathAnalysis::slack(const ExecutionGraph& graph, const Schedule& s)
{
    return PathFinder(graph, s).computeSlack();
}

} // namespace sightline
