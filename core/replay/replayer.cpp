#include "core/replay/replayer.h"

#include "core/base/progress.h"
#include "core/graph/dependencygraph.h"

#include <algorithm>
#include <iterator>

namespace sightline {

namespace {

constexpr TimeNs kUnset = Schedule::kNotReplayed;

struct Model {
    const DependencyGraph& g;
    const Trace& t;
    std::vector<TimeNs> offset; // per rank
    std::vector<TimeNs> collStart, collEnd; // measured, per logical collective
    std::vector<std::uint8_t> inScope;

    TimeNs measuredStart(std::uint32_t v) const
    {
        if (g.isCollectiveVertex(v))
            return collStart[v - g.opCount()];
        return t.start(OpId(v)) - offset[t.rank(OpId(v)).value()];
    }
    TimeNs measuredEnd(std::uint32_t v) const
    {
        if (g.isCollectiveVertex(v))
            return collEnd[v - g.opCount()];
        return t.end(OpId(v)) - offset[t.rank(OpId(v)).value()];
    }
};

bool startsAtStart(EdgeRef r)
{
    return r == EdgeRef::StartToStart;
}

} // namespace

std::size_t Schedule::memoryBytes() const
{
    auto bytes = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
    return bytes(start) + bytes(end) + bytes(startCause) + bytes(endCause) + bytes(gap) + bytes(minDuration)
        + bytes(tail) + bytes(order) + bytes(steps) + bytes(utilisation);
}

std::vector<std::int64_t> Replayer::commonSteps(const DependencyGraph& graph)
{
    const Trace& t = graph.trace();
    std::vector<std::int64_t> common;
    bool first = true;
    for (std::uint32_t r = 0; r < t.ranks().size(); ++r) {
        const auto steps = t.steps(RankId(r));
        if (steps.empty())
            continue;
        std::vector<std::int64_t> numbers;
        for (const StepSpan& s : steps)
            numbers.push_back(s.number);
        std::sort(numbers.begin(), numbers.end());
        if (first) {
            common = numbers;
            first = false;
        } else {
            std::vector<std::int64_t> both;
            std::set_intersection(common.begin(), common.end(), numbers.begin(), numbers.end(), std::back_inserter(both));
            common = std::move(both);
        }
    }
    return common;
}

Expected<Schedule> Replayer::replay(const DependencyGraph& graph, const ReplayOptions& options, const CancellationToken* cancel)
{
    const Trace& t = graph.trace();
    const std::uint32_t n = graph.vertexCount();
    const std::uint32_t ops = graph.opCount();
    Model m { graph, t, options.rankOffsets, {}, {}, {} };
    m.offset.resize(t.ranks().size(), 0);

    // The window of each rank: its selected steps, or everything when it has none.
    std::int64_t firstStep = options.firstStep;
    std::int64_t lastStep = options.lastStep;
    if (firstStep < 0 || lastStep < 0) {
        const std::vector<std::int64_t> common = commonSteps(graph);
        if (!common.empty()) {
            firstStep = firstStep < 0 ? common.front() : firstStep;
            lastStep = lastStep < 0 ? common.back() : lastStep;
        }
    }
    struct Window {
        TimeNs from = std::numeric_limits<TimeNs>::min();
        TimeNs to = std::numeric_limits<TimeNs>::max();
    };
    std::vector<Window> window(t.ranks().size());
    std::vector<const StepSpan*> selected;
    for (std::uint32_t r = 0; r < t.ranks().size(); ++r) {
        const auto steps = t.steps(RankId(r));
        if (steps.empty())
            continue;
        Window w { std::numeric_limits<TimeNs>::max(), std::numeric_limits<TimeNs>::min() };
        for (const StepSpan& s : steps) {
            if (s.number < firstStep || s.number > lastStep)
                continue;
            w.from = std::min(w.from, s.start);
            w.to = std::max(w.to, s.end);
            selected.push_back(&s);
        }
        if (w.from > w.to)
            return Status::error(ErrorCode::InvalidArgument, std::string(t.string(t.rankInfo(RankId(r)).sourceFile)), -1,
                "rank " + std::to_string(t.rankInfo(RankId(r)).rank) + " has no step in " + std::to_string(firstStep) + "-"
                    + std::to_string(lastStep));
        window[r] = w;
    }

    // Scope: host ops that start in the window; device ops launched from it (or starting in it when
    // nothing launched them); collectives whose participants are all in.
    m.inScope.assign(n, 0);
    for (std::uint32_t v = 0; v < ops; ++v) {
        const OpId op(v);
        const TrackInfo& track = t.trackInfo(t.track(op));
        const Window& w = window[track.rank.value()];
        const bool gpu = track.kind == TrackKind::GpuStream || track.kind == TrackKind::CommChannel;
        bool launched = false, launcherIn = false;
        if (gpu) {
            for (std::uint32_t i = graph.inBegin(v); i < graph.inBegin(v + 1); ++i) {
                if (graph.kind(graph.inEdge(i)) == EdgeKind::Launch) {
                    launched = true;
                    const std::uint32_t src = graph.inSource(i);
                    launcherIn = t.start(OpId(src)) >= w.from && t.start(OpId(src)) < w.to;
                }
            }
        }
        m.inScope[v] = launched ? launcherIn : (t.start(op) >= w.from && t.start(op) < w.to);
    }
    m.collStart.resize(n - ops);
    m.collEnd.resize(n - ops);
    for (std::uint32_t c = 0; c < n - ops; ++c) {
        const LogicalCollective& coll = graph.collective(ops + c);
        bool all = true;
        TimeNs lastArrival = std::numeric_limits<TimeNs>::min();
        TimeNs firstEnd = std::numeric_limits<TimeNs>::max();
        TimeNs shortest = std::numeric_limits<TimeNs>::max();
        for (OpId p : coll.participants) {
            all = all && m.inScope[p.value()];
            lastArrival = std::max(lastArrival, m.measuredStart(p.value()));
            firstEnd = std::min(firstEnd, m.measuredEnd(p.value()));
            shortest = std::min(shortest, t.duration(p));
        }
        m.inScope[ops + c] = all;
        m.collStart[c] = lastArrival;
        // The pure transfer: from the last arrival to the first participant done. Clocks that disagree
        // can make that negative; then the shortest participant is the best estimate.
        m.collEnd[c] = lastArrival + (firstEnd > lastArrival ? firstEnd - lastArrival : shortest);
    }

    Schedule s;
    s.start.assign(n, kUnset);
    s.end.assign(n, kUnset);
    s.startCause.assign(n, Schedule::kSelf);
    s.endCause.assign(n, Schedule::kSelf);
    s.gap.assign(n, 0);
    s.minDuration.assign(n, 0);
    s.tail.assign(n, 0);
    std::vector<std::uint32_t> pendingStart(n, 0), pendingEnd(n, 0);
    std::vector<TimeNs> refStart(n, kUnset), refEnd(n, kUnset);

    // Model parameters from the measured times, over in-scope edges only.
    for (std::uint32_t v = 0; v < n; ++v) {
        if (!m.inScope[v])
            continue;
        const TimeNs ms = m.measuredStart(v);
        const TimeNs me = m.measuredEnd(v);
        TimeNs r = kUnset, e = kUnset;
        for (std::uint32_t i = graph.inBegin(v); i < graph.inBegin(v + 1); ++i) {
            const std::uint32_t src = graph.inSource(i);
            if (!m.inScope[src])
                continue;
            const EdgeRef ref = graph.ref(graph.inEdge(i));
            if (ref == EdgeRef::EndToEnd) {
                e = std::max(e, m.measuredEnd(src));
                ++pendingEnd[v];
            } else {
                r = std::max(r, startsAtStart(ref) ? m.measuredStart(src) : m.measuredEnd(src));
                ++pendingStart[v];
            }
        }
        ++pendingEnd[v]; // its own start
        s.gap[v] = r == kUnset ? 0 : ms - r;
        if (e == kUnset || e < ms) {
            s.minDuration[v] = me - ms;
            s.tail[v] = 0;
        } else {
            s.tail[v] = me - e;
            s.minDuration[v] = std::max<TimeNs>(0, std::min(me - ms, me - e));
        }
    }

    for (const auto& [op, duration] : options.durations) {
        if (op.value() < ops && m.inScope[op.value()])
            s.minDuration[op.value()] = std::max<TimeNs>(0, duration);
    }

    std::vector<std::uint32_t> queue;
    queue.reserve(2 * static_cast<std::size_t>(n));
    for (std::uint32_t v = 0; v < n; ++v) {
        if (m.inScope[v] && pendingStart[v] == 0)
            queue.push_back(v);
    }
    auto relaxStart = [&](std::uint32_t y, TimeNs value, std::uint32_t cause) {
        if (value > refStart[y]) {
            refStart[y] = value;
            s.startCause[y] = cause;
        }
        if (--pendingStart[y] == 0)
            queue.push_back(y);
    };
    auto relaxEnd = [&](std::uint32_t y, TimeNs value, std::uint32_t cause) {
        if (value > refEnd[y]) {
            refEnd[y] = value;
            s.endCause[y] = cause;
        }
        if (--pendingEnd[y] == 0)
            queue.push_back(y | Schedule::kEndBit);
    };
    for (std::size_t head = 0; head < queue.size(); ++head) {
        if ((head & 0xFFFF) == 0 && cancel && cancel->isCancelled())
            return Status::cancelled();
        const std::uint32_t item = queue[head];
        const std::uint32_t v = item & ~Schedule::kEndBit;
        if ((item & Schedule::kEndBit) == 0) {
            s.start[v] = refStart[v] == kUnset ? m.measuredStart(v) : refStart[v] + s.gap[v];
            for (std::uint32_t e = graph.outBegin(v); e < graph.outBegin(v + 1); ++e) {
                const std::uint32_t y = graph.target(e);
                if (m.inScope[y] && startsAtStart(graph.ref(e)))
                    relaxStart(y, s.start[v], v);
            }
            if (--pendingEnd[v] == 0)
                queue.push_back(v | Schedule::kEndBit);
        } else {
            // The end is the later of the own minimum duration and the awaited ends plus the tail.
            TimeNs end = s.start[v] + s.minDuration[v];
            if (refEnd[v] != kUnset && refEnd[v] + s.tail[v] > end)
                end = refEnd[v] + s.tail[v];
            else
                s.endCause[v] = Schedule::kSelf;
            s.end[v] = end;
            for (std::uint32_t e = graph.outBegin(v); e < graph.outBegin(v + 1); ++e) {
                const std::uint32_t y = graph.target(e);
                if (!m.inScope[y] || startsAtStart(graph.ref(e)))
                    continue;
                if (graph.ref(e) == EdgeRef::EndToEnd)
                    relaxEnd(y, end, v | Schedule::kEndBit);
                else
                    relaxStart(y, end, v | Schedule::kEndBit);
            }
        }
    }
    s.order = std::move(queue);
    auto nameOf = [&](std::uint32_t v) {
        return graph.isCollectiveVertex(v) ? "collective in " + graph.collective(v).group : std::string(t.string(t.name(OpId(v))));
    };
    for (std::uint32_t v = 0; v < n; ++v) {
        if (!m.inScope[v] || s.end[v] != kUnset)
            continue;
        // Follow unresolved dependencies back until one repeats: that is the cycle.
        std::vector<std::uint32_t> chain { v };
        std::string text = "\"" + nameOf(v) + "\"";
        for (int hop = 0; hop < 12; ++hop) {
            std::uint32_t next = DependencyGraph::kNoVertex;
            std::uint32_t edge = 0;
            for (std::uint32_t i = graph.inBegin(chain.back()); i < graph.inBegin(chain.back() + 1); ++i) {
                const std::uint32_t src = graph.inSource(i);
                if (m.inScope[src] && s.end[src] == kUnset) {
                    next = src;
                    edge = graph.inEdge(i);
                    break;
                }
            }
            if (next == DependencyGraph::kNoVertex)
                break;
            text += " waits (" + std::string(edgeKindName(graph.kind(edge))) + ") for \"" + nameOf(next) + "\"";
            if (std::find(chain.begin(), chain.end(), next) != chain.end())
                break;
            chain.push_back(next);
        }
        return Status::error(ErrorCode::DependencyCycle, {}, -1, "the dependencies form a cycle: " + text);
    }

    // Results: window, steps, utilisation.
    s.begin = std::numeric_limits<TimeNs>::max();
    s.finish = std::numeric_limits<TimeNs>::min();
    for (std::uint32_t v = 0; v < n; ++v) {
        if (s.start[v] == kUnset)
            continue;
        s.begin = std::min(s.begin, s.start[v]);
        s.finish = std::max(s.finish, s.end[v]);
    }
    if (s.begin > s.finish)
        s.begin = s.finish = 0;
    // A step with a marker op is that op's replayed span. A step without one (detected iterations,
    // model-made jobs) ends where the last op that ended in it ends, and starts where the step before
    // it ended (the first, where its first op starts).
    std::vector<std::vector<const StepSpan*>> unmarked(t.ranks().size());
    for (const StepSpan* step : selected) {
        if (!step->marker.isValid()) {
            unmarked[step->rank.value()].push_back(step);
            continue;
        }
        const std::uint32_t v = step->marker.value();
        if (s.replayed(v))
            s.steps.push_back({ step->rank, step->number, step->end - step->start, s.end[v] - s.start[v] });
    }
    for (std::uint32_t r = 0; r < t.ranks().size(); ++r) {
        std::vector<const StepSpan*>& steps = unmarked[r];
        if (steps.empty())
            continue;
        std::sort(steps.begin(), steps.end(), [](const StepSpan* a, const StepSpan* b) { return a->start < b->start; });
        // The step holding time t: start < t <= end for ends, start <= t < end for starts.
        auto stepOf = [&](TimeNs time, bool isEnd) -> std::size_t {
            const auto it = std::partition_point(steps.begin(), steps.end(),
                [&](const StepSpan* st) { return isEnd ? st->start < time : st->start <= time; });
            if (it == steps.begin())
                return steps.size();
            const StepSpan* st = *std::prev(it);
            return (isEnd ? time <= st->end : time < st->end) ? static_cast<std::size_t>(std::prev(it) - steps.begin()) : steps.size();
        };
        std::vector<TimeNs> from(steps.size(), std::numeric_limits<TimeNs>::max()), to(steps.size(), kUnset);
        const RankInfo& rank = t.rankInfo(RankId(r));
        for (std::uint32_t tr = rank.firstTrack; tr < rank.firstTrack + rank.trackCount; ++tr) {
            const TrackInfo& info = t.trackInfo(TrackId(tr));
            for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v) {
                if (!s.replayed(v))
                    continue;
                if (const std::size_t k = stepOf(t.end(OpId(v)), true); k < steps.size())
                    to[k] = std::max(to[k], s.end[v]);
                if (const std::size_t k = stepOf(t.start(OpId(v)), false); k < steps.size())
                    from[k] = std::min(from[k], s.start[v]);
            }
        }
        TimeNs previous = kUnset;
        for (std::size_t k = 0; k < steps.size(); ++k) {
            const TimeNs begin = previous != kUnset ? previous : from[k];
            if (to[k] != kUnset && begin != std::numeric_limits<TimeNs>::max())
                s.steps.push_back({ steps[k]->rank, steps[k]->number, steps[k]->end - steps[k]->start, to[k] - begin });
            previous = to[k];
        }
    }
    std::sort(s.steps.begin(), s.steps.end(), [](const ReplayedStep& a, const ReplayedStep& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.number < b.number;
    });
    std::vector<TimeNs> rankBegin(t.ranks().size(), std::numeric_limits<TimeNs>::max());
    std::vector<TimeNs> rankEnd(t.ranks().size(), std::numeric_limits<TimeNs>::min());
    for (std::uint32_t v = 0; v < ops; ++v) {
        if (s.start[v] == kUnset)
            continue;
        const std::uint32_t r = t.rank(OpId(v)).value();
        rankBegin[r] = std::min(rankBegin[r], s.start[v]);
        rankEnd[r] = std::max(rankEnd[r], s.end[v]);
    }
    std::vector<std::pair<TimeNs, TimeNs>> intervals;
    for (std::uint32_t tr = 0; tr < t.tracks().size(); ++tr) {
        const TrackInfo& info = t.trackInfo(TrackId(tr));
        intervals.clear();
        for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v) {
            if (s.start[v] != kUnset)
                intervals.emplace_back(s.start[v], s.end[v]);
        }
        if (intervals.empty())
            continue;
        std::sort(intervals.begin(), intervals.end());
        TimeNs busy = 0, curFrom = intervals.front().first, curTo = intervals.front().second;
        for (const auto& [a, b] : intervals) {
            if (a > curTo) {
                busy += curTo - curFrom;
                curFrom = a;
                curTo = b;
            } else {
                curTo = std::max(curTo, b);
            }
        }
        busy += curTo - curFrom;
        const std::uint32_t r = info.rank.value();
        s.utilisation.push_back({ TrackId(tr), busy, rankEnd[r] - rankBegin[r] });
    }
    return s;
}

} // namespace sightline
