#include "core/exec/costextractor.h"

#include "core/base/checkedmath.h"
#include "core/base/intervals.h"
#include "core/base/progress.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/exec/memoryextractor.h"
#include "core/model/trace.h"
#include "core/cost/linktopology.h"

#include <algorithm>
#include <iterator>
#include <unordered_map>

namespace sightline {

namespace {

constexpr TimeNs kUnset = std::numeric_limits<TimeNs>::min();

// Sums and differences of measured times saturate (one above kUnset, which means "none").
using CheckedMath::timeAdd;
using CheckedMath::timeSub;

bool startsAtStart(EdgeRef r)
{
    return r == EdgeRef::StartToStart;
}

std::string_view collectiveName(const Trace& t, OpId op)
{
    const CommArgs* args = t.commArgs(op);
    return args && args->collective.isValid() ? t.string(args->collective) : std::string_view();
}

// How many ranks a transfer whose peers are not in the trace worked with: for a communication kernel,
// its recorded group size, else the job's world size (the default group); for a transfer on a
// communication timeline (TrackKind::Other: a Horovod coordinator's tensors), its recorded group size.
// 0 for anything else, host-side launch calls included.
int loneGroupSize(const DependencyGraph& g, OpId op)
{
    const Trace& t = g.trace();
    if (!isCommunication(t.kind(op)) || g.collectiveOf(op) != DependencyGraph::kNoVertex)
        return 0;
    const TrackKind track = t.trackInfo(t.track(op)).kind;
    const CommArgs* args = t.commArgs(op);
    const int recorded = args && args->groupSize >= 2 ? args->groupSize : 0;
    if (track == TrackKind::Other)
        return recorded;
    if (!isGpuTrack(track))
        return 0;
    return recorded > 0 ? recorded : (t.worldSize() >= 2 ? t.worldSize() : 0);
}

// A parameter-server push or pull between two participants: the index of the worker (the rank whose op
// is the push or pull), or -1 when the collective is not one (a waiter is no server).
int serverWorker(const Trace& t, const LogicalCollective& coll)
{
    if (coll.participants.size() != 2 || DependencyGraph::isWaiter(t, coll.participants[0])
        || DependencyGraph::isWaiter(t, coll.participants[1]))
        return -1;
    for (int i = 0; i < 2; ++i) {
        const std::string_view name = collectiveName(t, coll.participants[static_cast<std::size_t>(i)]);
        if (name == "push" || name == "pull")
            return i;
    }
    return -1;
}

// A collective that host threads run (gloo's: its CPU-side ops are its only participants), which goes
// through the hosts' network stacks rather than the GPUs' fabric.
bool hostSide(const Trace& t, const LogicalCollective& coll)
{
    return !coll.participants.empty() && std::all_of(coll.participants.begin(), coll.participants.end(), [&](OpId op) {
        return t.trackInfo(t.track(op)).kind == TrackKind::CpuThread;
    });
}


struct CounterpartKey {
    std::uint32_t track;
    std::uint32_t name;
    std::uint32_t ordinal;
    bool operator==(const CounterpartKey&) const = default;
};
struct CounterpartHash {
    std::size_t operator()(const CounterpartKey& k) const
    {
        std::uint64_t h = (static_cast<std::uint64_t>(k.track) << 40) ^ (static_cast<std::uint64_t>(k.name) << 20) ^ k.ordinal;
        h ^= h >> 33;
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 33;
        return static_cast<std::size_t>(h);
    }
};

// The measured job seen through the clock alignment: aligned times of ops and logical collectives. A
// waiter ends, as its collective releases it, no earlier than the collective.
class Measured {
public:
    Measured(const DependencyGraph& graph, std::span<const TimeNs> offsets)
        : g(graph)
        , t(graph.trace())
        , m_offset(offsets.begin(), offsets.end())
    {
        m_offset.resize(t.ranks().size(), 0);
        m_aligned = std::any_of(m_offset.begin(), m_offset.end(), [](TimeNs o) { return o != 0; });
        for (std::uint32_t v = g.opCount(); v < g.vertexCount(); ++v) {
            const auto [from, to] = transfer(v);
            m_collStart.push_back(from);
            m_collEnd.push_back(to);
            for (OpId p : g.collective(v).participants) {
                if (DependencyGraph::isWaiter(t, p))
                    m_waiterEnd.emplace(p.value(), to);
            }
        }
    }

    TimeNs start(std::uint32_t v) const
    {
        return g.isCollectiveVertex(v) ? m_collStart[v - g.opCount()] : timeSub(t.start(OpId(v)), offsetOf(v));
    }
    TimeNs end(std::uint32_t v) const
    {
        if (g.isCollectiveVertex(v))
            return m_collEnd[v - g.opCount()];
        const TimeNs own = timeSub(t.end(OpId(v)), offsetOf(v));
        const auto waited = m_waiterEnd.find(v);
        return waited == m_waiterEnd.end() ? own : std::max(own, waited->second);
    }
    // The instant an edge ties the target to, on the source's side.
    TimeNs sourceInstant(std::uint32_t src, EdgeRef ref) const { return startsAtStart(ref) ? start(src) : end(src); }

    const DependencyGraph& g;
    const Trace& t;

private:
    TimeNs offsetOf(std::uint32_t v) const { return m_aligned ? m_offset[t.rank(OpId(v)).value()] : 0; }

    // The pure transfer of a logical collective: from the last arrival (or the end of the last copy it
    // sends, where host threads run it) to the first participant done (or the first copy of its result
    // back to the device, where host threads run it), waiters aside (they end when they are told).
    // Clocks that disagree can make that negative; then the shortest participant is the estimate.
    std::pair<TimeNs, TimeNs> transfer(std::uint32_t v) const
    {
        const LogicalCollective& coll = g.collective(v);
        TimeNs lastArrival = std::numeric_limits<TimeNs>::min();
        TimeNs firstEnd = std::numeric_limits<TimeNs>::max();
        TimeNs shortest = std::numeric_limits<TimeNs>::max();
        for (OpId p : coll.participants) {
            lastArrival = std::max(lastArrival, start(p.value()));
            if (DependencyGraph::isWaiter(t, p))
                continue;
            firstEnd = std::min(firstEnd, end(p.value()));
            shortest = std::min(shortest, t.duration(p));
        }
        for (std::uint32_t i = g.inBegin(v); i < g.inBegin(v + 1); ++i) {
            if (g.kind(g.inEdge(i)) == EdgeKind::Staging)
                lastArrival = std::max(lastArrival, end(g.inSource(i)));
        }
        for (std::uint32_t e = g.outBegin(v); e < g.outBegin(v + 1); ++e) {
            if (g.kind(e) == EdgeKind::CollectiveToOptimizer && start(g.target(e)) > lastArrival)
                firstEnd = std::min(firstEnd, start(g.target(e)));
        }
        if (firstEnd == std::numeric_limits<TimeNs>::max())
            return { lastArrival, lastArrival }; // waiters alone (a hostile file's): nothing moved
        return { lastArrival, lastArrival + (firstEnd > lastArrival ? firstEnd - lastArrival : shortest) };
    }

    std::vector<TimeNs> m_offset; // per rank
    bool m_aligned = false;
    std::vector<TimeNs> m_collStart, m_collEnd;
    std::unordered_map<std::uint32_t, TimeNs> m_waiterEnd; // op -> its collective's end
};

// The steps selected on each rank and the window they span.
struct Selection {
    std::int64_t firstStep = -1;
    std::int64_t lastStep = -1;
    struct Window {
        TimeNs from = std::numeric_limits<TimeNs>::min();
        TimeNs to = std::numeric_limits<TimeNs>::max();
    };
    std::vector<Window> window; // per rank
    std::vector<std::vector<const StepSpan*>> steps; // per rank, by start
};

Expected<Selection> selectSteps(const Trace& t, const ExtractOptions& options)
{
    Selection sel;
    sel.firstStep = options.firstStep;
    sel.lastStep = options.lastStep;
    if (sel.firstStep < 0 || sel.lastStep < 0) {
        const std::vector<std::int64_t> common = CostExtractor::commonSteps(t);
        if (!common.empty()) {
            sel.firstStep = sel.firstStep < 0 ? common.front() : sel.firstStep;
            sel.lastStep = sel.lastStep < 0 ? common.back() : sel.lastStep;
        }
    }
    sel.window.resize(t.ranks().size());
    sel.steps.resize(t.ranks().size());
    for (std::uint32_t r = 0; r < t.ranks().size(); ++r) {
        const auto steps = t.steps(RankId(r));
        if (steps.empty())
            continue;
        Selection::Window w { std::numeric_limits<TimeNs>::max(), std::numeric_limits<TimeNs>::min() };
        for (const StepSpan& s : steps) {
            if (s.number < sel.firstStep || s.number > sel.lastStep)
                continue;
            w.from = std::min(w.from, s.start);
            w.to = std::max(w.to, s.end);
            sel.steps[r].push_back(&s);
        }
        if (w.from > w.to)
            return Status::error(ErrorCode::InvalidArgument, std::string(t.string(t.rankInfo(RankId(r)).sourceFile)), -1,
                "rank " + std::to_string(t.rankInfo(RankId(r)).rank) + " has no step in " + std::to_string(sel.firstStep)
                    + "-" + std::to_string(sel.lastStep));
        sel.window[r] = w;
        std::stable_sort(sel.steps[r].begin(), sel.steps[r].end(),
            [](const StepSpan* a, const StepSpan* b) { return a->start < b->start; });
    }
    return sel;
}

// Host ops that start in the window; device ops launched from it (or starting in it when nothing
// launched them); collectives whose participants are all in.
std::vector<std::uint8_t> scopeOf(const DependencyGraph& graph, const Selection& sel)
{
    const Trace& t = graph.trace();
    std::vector<std::uint8_t> inScope(graph.vertexCount(), 0);
    for (std::uint32_t v = 0; v < graph.opCount(); ++v) {
        const OpId op(v);
        const TrackInfo& track = t.trackInfo(t.track(op));
        const Selection::Window& w = sel.window[track.rank.value()];
        bool launched = false, launcherIn = false;
        if (isGpuTrack(track.kind)) {
            for (std::uint32_t i = graph.inBegin(v); i < graph.inBegin(v + 1); ++i) {
                if (graph.kind(graph.inEdge(i)) == EdgeKind::Launch) {
                    launched = true;
                    const std::uint32_t src = graph.inSource(i);
                    launcherIn = t.start(OpId(src)) >= w.from && t.start(OpId(src)) < w.to;
                }
            }
        }
        inScope[v] = launched ? launcherIn : (t.start(op) >= w.from && t.start(op) < w.to);
    }
    for (std::uint32_t c = graph.opCount(); c < graph.vertexCount(); ++c) {
        const LogicalCollective& coll = graph.collective(c);
        inScope[c] = std::all_of(
            coll.participants.begin(), coll.participants.end(), [&](OpId p) { return inScope[p.value()] != 0; });
    }
    return inScope;
}

// Where the replayed window lies on the aligned clock: its start (the earliest start in scope), and
// per rank where its selected steps end.
struct Window {
    TimeNs start = std::numeric_limits<TimeNs>::max();
    std::vector<TimeNs> end; // per rank
};

Window windowOf(const Measured& m, const Selection& sel, std::span<const TimeNs> offsets, const std::vector<std::uint8_t>& inScope)
{
    Window w;
    for (std::uint32_t v = 0; v < m.g.vertexCount(); ++v) {
        if (inScope[v])
            w.start = std::min(w.start, m.start(v));
    }
    w.end.resize(sel.window.size());
    for (std::size_t r = 0; r < sel.window.size(); ++r)
        w.end[r] = timeSub(sel.window[r].to, r < offsets.size() ? offsets[r] : 0);
    return w;
}

// An out-of-scope op whose work reaches into the window: begun before the window's steps (or launched
// from there), and not done when the window starts, as work queued on a device is. In the replay it is
// that part of itself, from the window's start to its measured end.
bool reachesIn(const Measured& m, const Window& w, std::uint32_t v)
{
    if (m.g.isCollectiveVertex(v) || m.end(v) <= w.start)
        return false;
    const std::uint32_t r = m.t.rank(OpId(v)).value();
    return m.start(v) < w.end[r];
}

// The replay model of each in-scope vertex, from the measured times over in-scope edges and the parts
// of out-of-scope work that reach into the window.
struct Parameters {
    std::vector<TimeNs> gap, minDuration, tail;
    std::vector<std::uint8_t> selfTimed; // its end depends on nothing but its own start
    std::vector<std::uint8_t> released; // some in-scope dependency releases its start
    std::vector<std::uint8_t> reaching; // per vertex: out of scope, and replayed from the window's start (reachesIn)
};

Parameters measuredParameters(const Measured& m, const std::vector<std::uint8_t>& inScope, const Window& window)
{
    const DependencyGraph& graph = m.g;
    const std::uint32_t n = graph.vertexCount();
    Parameters p;
    p.gap.assign(n, 0);
    p.minDuration.assign(n, 0);
    p.tail.assign(n, 0);
    p.selfTimed.assign(n, 0);
    p.released.assign(n, 0);
    p.reaching.assign(n, 0);
    for (std::uint32_t v = 0; v < n; ++v) {
        if (!inScope[v])
            continue;
        const TimeNs ms = m.start(v);
        const TimeNs me = m.end(v);
        TimeNs r = kUnset, e = kUnset;
        // An enclosing op whose nested work goes on past the window's steps ends, in the replay, with the
        // nested work the window holds: its measured end belongs to work that is not replayed.
        bool cut = false;
        for (std::uint32_t i = graph.inBegin(v); i < graph.inBegin(v + 1); ++i) {
            const std::uint32_t src = graph.inSource(i);
            const EdgeRef ref = graph.ref(graph.inEdge(i));
            if (!inScope[src]) {
                if (reachesIn(m, window, src)) {
                    p.reaching[src] = 1;
                } else {
                    if (ref == EdgeRef::EndToEnd && !graph.isCollectiveVertex(src) && m.start(src) >= window.end[m.t.rank(OpId(src)).value()])
                        cut = true;
                    continue;
                }
            }
            // What reaches in from before the window is replayed from its start: it starts no earlier.
            const TimeNs instant = inScope[src] || ref != EdgeRef::StartToStart ? m.sourceInstant(src, ref) : std::max(window.start, m.start(src));
            if (ref == EdgeRef::EndToEnd)
                e = std::max(e, instant);
            else
                r = std::max(r, instant);
        }
        p.released[v] = r != kUnset;
        p.gap[v] = r == kUnset ? 0 : timeSub(ms, r);
        if (cut) {
            p.minDuration[v] = 0;
            p.tail[v] = 0;
            p.selfTimed[v] = e == kUnset;
        } else if (e == kUnset || e < ms) {
            p.minDuration[v] = timeSub(me, ms);
            p.tail[v] = 0;
            p.selfTimed[v] = e == kUnset;
        } else {
            p.tail[v] = timeSub(me, e);
            p.minDuration[v] = std::max<TimeNs>(0, std::min(timeSub(me, ms), timeSub(me, e)));
        }
    }
    return p;
}

// Durations from other steps: counterparts are on the same track, with the same name, at the same
// position among their namesakes in the step. An op takes their mean duration (an enclosing op, its
// mean tail: its own time after its last nested op); from one chosen step
// also their gap after the instant that released them, so that nothing of the replayed step's own
// measurement is used. (Averaged gaps would smear a long wait of one step over all of them: gaps stay
// the step's own.) Returns how many self-timed ops had no counterpart.
Expected<std::size_t> applyCounterparts(
    const Measured& m, const Selection& sel, const ExtractOptions& options, const std::vector<std::uint8_t>& inScope, Parameters& p)
{
    const DependencyGraph& graph = m.g;
    const Trace& t = m.t;
    const std::uint32_t ops = graph.opCount();
    struct Sums {
        TimeNs duration = 0;
        std::uint32_t count = 0;
        TimeNs gap = 0;
        std::uint32_t gaps = 0;
        TimeNs tail = 0; // of an enclosing op: its time after its last nested op
        std::uint32_t tails = 0;
    };
    std::unordered_map<CounterpartKey, Sums, CounterpartHash> sums;
    std::vector<std::uint32_t> ordinal(ops, 0);
    std::unordered_map<std::uint64_t, std::uint32_t> seen;
    // Device work is of the step whose host work launched it, however far behind the device ran.
    const auto stepOf = [&](std::uint32_t v) {
        for (std::uint32_t i = graph.inBegin(v); i < graph.inBegin(v + 1); ++i) {
            if (graph.kind(graph.inEdge(i)) == EdgeKind::Launch && graph.inSource(i) < ops)
                return t.step(OpId(graph.inSource(i)));
        }
        return t.step(OpId(v));
    };
    for (std::uint32_t tr = 0; tr < t.tracks().size(); ++tr) {
        const TrackInfo& info = t.trackInfo(TrackId(tr));
        seen.clear();
        for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v) {
            const std::int32_t step = stepOf(v);
            if (step < 0)
                continue;
            const std::uint64_t k = (static_cast<std::uint64_t>(t.name(OpId(v)).value()) << 32) | static_cast<std::uint32_t>(step);
            ordinal[v] = seen[k]++;
            const bool wanted = options.durationSource == DurationSource::OneStep ? step == options.durationStep
                                                                                 : step >= sel.firstStep && step <= sel.lastStep;
            if (!wanted)
                continue;
            Sums& sum = sums[{ tr, t.name(OpId(v)).value(), ordinal[v] }];
            sum.duration = timeAdd(sum.duration, t.duration(OpId(v)));
            ++sum.count;
            TimeNs released = kUnset, nestedEnd = kUnset;
            for (std::uint32_t i = graph.inBegin(v); i < graph.inBegin(v + 1); ++i) {
                const EdgeRef ref = graph.ref(graph.inEdge(i));
                if (ref != EdgeRef::EndToEnd)
                    released = std::max(released, m.sourceInstant(graph.inSource(i), ref));
                else
                    nestedEnd = std::max(nestedEnd, m.sourceInstant(graph.inSource(i), ref));
            }
            if (nestedEnd != kUnset && nestedEnd >= m.start(v)) {
                sum.tail = timeAdd(sum.tail, timeSub(m.end(v), nestedEnd));
                ++sum.tails;
            }
            if (released != kUnset) {
                sum.gap = timeAdd(sum.gap, timeSub(m.start(v), released));
                ++sum.gaps;
            }
        }
    }
    if (options.durationSource == DurationSource::OneStep && sums.empty())
        return Status::error(ErrorCode::InvalidArgument, {}, -1, "no op of step " + std::to_string(options.durationStep) + " is in the trace");
    auto mean = [](TimeNs total, std::uint32_t count) {
        const auto c = static_cast<TimeNs>(count);
        // total may have saturated (timeAdd): the rounding must not carry it past the limits.
        return total >= 0 ? CheckedMath::saturatingAdd(total, c / 2) / c : -(CheckedMath::saturatingAdd(-total, c / 2) / c);
    };
    std::size_t withoutCounterpart = 0;
    for (std::uint32_t v = 0; v < ops; ++v) {
        if (!inScope[v])
            continue;
        const auto it = stepOf(v) < 0 ? sums.end() : sums.find({ t.track(OpId(v)).value(), t.name(OpId(v)).value(), ordinal[v] });
        if (it == sums.end()) {
            withoutCounterpart += p.selfTimed[v];
            continue;
        }
        // Communication and host waits last as long as other ranks or devices make them: they keep
        // their own time (the cost model replaces transfers).
        const OpKind kind = t.kind(OpId(v));
        const bool ownTime = isCommunication(kind) || kind == OpKind::Sync;
        if (p.selfTimed[v] && !ownTime)
            p.minDuration[v] = mean(it->second.duration, it->second.count);
        // An enclosing op's own time is its tail (one that the window cuts short keeps none).
        if (!p.selfTimed[v] && !ownTime && p.tail[v] > 0 && it->second.tails > 0) {
            p.tail[v] = mean(it->second.tail, it->second.tails);
            p.minDuration[v] = p.tail[v];
        }
        if (options.durationSource == DurationSource::OneStep && p.released[v] && it->second.gaps > 0 && !ownTime)
            p.gap[v] = mean(it->second.gap, it->second.gaps);
    }
    return withoutCounterpart;
}

// For each self-timed compute kernel in scope: the fraction of its measured time that in-scope device
// communication on its rank covered (the overlap slowdown compares the replayed overlap with it).
std::vector<double> measuredOverlap(const Measured& m, const std::vector<std::uint8_t>& inScope, const Parameters& p)
{
    const Trace& t = m.t;
    const std::uint32_t ops = m.g.opCount();
    std::vector<std::vector<std::pair<TimeNs, TimeNs>>> comm(t.ranks().size());
    for (std::uint32_t v = 0; v < ops; ++v) {
        if (inScope[v] && isCommunication(t.kind(OpId(v))) && isGpuTrack(t.trackInfo(t.track(OpId(v))).kind))
            comm[t.rank(OpId(v)).value()].emplace_back(m.start(v), m.end(v));
    }
    for (auto& iv : comm)
        mergeIntervals(iv);
    std::vector<double> overlap(ops, 0.0);
    for (std::uint32_t v = 0; v < ops; ++v) {
        if (inScope[v] && p.selfTimed[v] && t.kind(OpId(v)) == OpKind::ComputeKernel)
            overlap[v] = coveredFraction(comm[t.rank(OpId(v)).value()], m.start(v), m.end(v));
    }
    return overlap;
}

// The index into steps (sorted by start) of the step holding time: start < time <= end for ends,
// start <= time < end for starts; -1 for none.
std::int32_t stepHolding(const std::vector<const StepSpan*>& steps, TimeNs time, bool isEnd)
{
    const auto it = std::partition_point(
        steps.begin(), steps.end(), [&](const StepSpan* st) { return isEnd ? st->start < time : st->start <= time; });
    if (it == steps.begin())
        return -1;
    const StepSpan* st = *std::prev(it);
    return (isEnd ? time <= st->end : time < st->end) ? static_cast<std::int32_t>(std::prev(it) - steps.begin()) : -1;
}

// Lays the in-scope vertices out as items, in vertex order, with their edges, steps and transfers.
class GraphAssembly {
public:
    GraphAssembly(const Measured& m, const Selection& sel, const Window& window, const std::vector<std::uint8_t>& inScope, const Parameters& p,
        std::vector<double> overlap)
        : m(m)
        , sel(sel)
        , window(window)
        , inScope(inScope)
        , p(p)
        , overlap(std::move(overlap))
        , b(m.g.tracePointer())
    {
    }

    Expected<std::shared_ptr<const ExecutionGraph>> run(std::size_t withoutCounterpart, const CancellationToken* cancel)
    {
        addRanksAndTracks();
        addSteps();
        const std::uint32_t n = m.g.vertexCount();
        std::size_t items = 0, origins = 0;
        for (std::uint32_t v = 0; v < n; ++v) {
            if (inScope[v]) {
                ++items;
                origins += m.g.isCollectiveVertex(v) ? m.g.collective(v).participants.size() : 1;
            }
        }
        b.reserve(items, origins, m.g.edgeCount());
        itemOf.assign(n, ItemId());
        for (std::uint32_t v = 0; v < n; ++v) {
            if ((v & 0xFFFF) == 0 && cancel && cancel->isCancelled())
                return Status::cancelled();
            if (inScope[v])
                itemOf[v] = m.g.isCollectiveVertex(v) ? addCollective(v) : addOp(v);
        }
        for (std::uint32_t v = 0; v < n; ++v) {
            if (!inScope[v])
                continue;
            for (std::uint32_t e = m.g.outBegin(v); e < m.g.outBegin(v + 1); ++e) {
                const std::uint32_t w = m.g.target(e);
                if (inScope[w])
                    b.addEdge(itemOf[v], itemOf[w], m.g.kind(e), m.g.ref(e));
            }
        }
        for (const auto& [step, marker] : markers)
            b.setStepMarker(step, itemOf[marker.value()]);
        measureSteps();
        addWindowStart(items);
        MemoryExtractor::extract(m.t, std::span(itemOf).first(m.t.opCount()), b);
        b.setWithoutCounterpart(withoutCounterpart);
        return b.build();
    }

private:
    void addRanksAndTracks()
    {
        for (ExecRank& r : CostExtractor::ranksOf(m.t))
            b.addRank(std::move(r));
        for (std::uint32_t tr = 0; tr < m.t.tracks().size(); ++tr) {
            const TrackInfo& info = m.t.trackInfo(TrackId(tr));
            b.addTrack({ info.rank, info.kind, TrackId(tr), {} });
        }
    }

    // The selected steps, rank by rank in start order. A step whose marker is out of scope is left out.
    void addSteps()
    {
        kept.resize(sel.steps.size());
        stepBase.assign(sel.steps.size(), 0);
        for (std::uint32_t r = 0; r < sel.steps.size(); ++r) {
            stepBase[r] = stepCount;
            for (const StepSpan* s : sel.steps[r]) {
                if (s->marker.isValid() && !inScope[s->marker.value()])
                    continue;
                const std::int32_t index = b.addStep({ s->rank, s->number, s->end - s->start, ItemId() });
                ++stepCount;
                kept[r].push_back(s);
                if (s->marker.isValid())
                    markers.emplace_back(index, s->marker);
            }
        }
        extent.assign(static_cast<std::size_t>(stepCount), StepExtent {});
    }

    ItemId addOp(std::uint32_t v)
    {
        const OpId op(v);
        const Trace& t = m.t;
        const std::uint32_t r = t.rank(op).value();
        ExecutionGraphBuilder::Item item;
        item.kind = t.kind(op);
        item.flags = p.selfTimed[v] ? ExecutionGraph::SelfTimed : 0;
        item.track = t.track(op);
        item.name = t.name(op);
        // Device work belongs to the step of the host work that launched it, however far behind the
        // host the device ran; host work, and device work nothing launched, to the step it ran in.
        const OpId launcher = launcherOf(v);
        std::int32_t s0 = -1, s1 = -1;
        if (launcher.isValid()) {
            s0 = s1 = stepHolding(kept[r], t.start(launcher), false);
        } else {
            s0 = stepHolding(kept[r], t.start(op), false);
            s1 = stepHolding(kept[r], t.end(op), true);
            // An instant where one step ends and the next begins belongs to one of them, not to the
            // next by its start and the other by its end: to the step the trace gives it where that is
            // one of the two (a layer-wise job's last all-reduce ends its iteration, its input's 0 ns
            // forward begins the next), else to the step it ends.
            if (t.start(op) == t.end(op) && s0 != s1) {
                if (s0 >= 0 && kept[r][static_cast<std::size_t>(s0)]->number == t.step(op))
                    s1 = s0;
                else if (s1 >= 0)
                    s0 = s1;
            }
        }
        item.stepOfStart = s0 < 0 ? -1 : stepBase[r] + s0;
        item.stepOfEnd = s1 < 0 ? -1 : stepBase[r] + s1;
        if (item.stepOfStart >= 0) {
            StepExtent& e = extent[static_cast<std::size_t>(item.stepOfStart)];
            e.from = std::min(e.from, m.start(v));
            if (isGpuTrack(t.trackInfo(t.track(op)).kind))
                e.deviceEnd = std::max(e.deviceEnd, m.end(v));
        }
        if (item.stepOfEnd >= 0) {
            StepExtent& e = extent[static_cast<std::size_t>(item.stepOfEnd)];
            e.to = std::max(e.to, m.end(v));
        }
        item.anchor = m.start(v);
        item.gap = p.gap[v];
        item.minDuration = p.minDuration[v];
        item.tail = p.tail[v];
        item.measuredOverlap = overlap[v];
        const ItemId id = b.addItem(item, std::span(&op, 1));
        // A communication kernel whose peers are not in the trace is timed alone by the cost model: its
        // group size (else the world size) says how many ranks there were.
        if (p.selfTimed[v]) {
            if (const int group = loneGroupSize(m.g, op); group > 0) {
                const CommArgs* args = t.commArgs(op);
                const RankId rank = t.rank(op);
                b.setComm(id, { t.bytes(op), args ? args->collective : StringId(), RouteKind::Partial, group },
                    std::span(&rank, 1));
            }
        }
        return id;
    }

    // The replayed window starts at one instant, an item of its own. Out-of-scope work that reaches
    // into the window (device work queued before it, a host op begun before it) is replayed from it as
    // an item of its own on its track, so that what waited for that work waits for it in the replay, and
    // its gap is its own. What waits for nothing in the window waits for the window's start, rather than
    // for a clock time, so that the critical path and the replay's span both run from it. Work that
    // began later than the window did waits that long after it, in a waiting item of its own (not in its
    // gap: a pass that gives it a predecessor, a micro-batch before it, must not add the wait to that
    // predecessor's end).
    void addWindowStart(std::size_t items)
    {
        if (window.start == std::numeric_limits<TimeNs>::max())
            return;
        ExecutionGraphBuilder::Item start;
        start.kind = OpKind::Annotation;
        start.flags = ExecutionGraph::SelfTimed | ExecutionGraph::Context;
        start.name = b.intern("replayed window start");
        start.anchor = window.start;
        const ItemId first = b.addItem(start, {});
        std::vector<std::uint8_t> released(items, 0);
        for (std::uint32_t v = 0; v < m.g.vertexCount(); ++v) {
            if (!inScope[v] && !p.reaching[v])
                continue;
            ItemId from = itemOf[v];
            if (!inScope[v]) {
                // The part of the op in the window: from the window's start, or its own if later.
                ExecutionGraphBuilder::Item part;
                part.kind = m.t.kind(OpId(v));
                part.flags = ExecutionGraph::SelfTimed | ExecutionGraph::Context;
                part.track = m.t.track(OpId(v));
                part.name = b.intern("before the window: " + std::string(m.t.string(m.t.name(OpId(v)))));
                part.anchor = std::max(window.start, m.start(v));
                part.gap = timeSub(part.anchor, window.start);
                part.minDuration = timeSub(m.end(v), part.anchor);
                from = b.addItem(part, {});
                b.addEdge(first, from, EdgeKind::Window, EdgeRef::StartToStart);
            }
            for (std::uint32_t e = m.g.outBegin(v); e < m.g.outBegin(v + 1); ++e) {
                const std::uint32_t w = m.g.target(e);
                if (!inScope[w])
                    continue;
                if (!inScope[v])
                    b.addEdge(from, itemOf[w], m.g.kind(e), m.g.ref(e));
                if (m.g.ref(e) != EdgeRef::EndToEnd)
                    released[itemOf[w].value()] = 1;
            }
        }
        const StringId waiting = b.intern("waiting from the replayed window's start");
        for (std::uint32_t v = 0; v < m.g.vertexCount(); ++v) {
            if (!inScope[v] || released[itemOf[v].value()])
                continue;
            const TimeNs late = timeSub(m.start(v), window.start);
            if (late <= 0) {
                b.addEdge(first, itemOf[v], EdgeKind::Window, EdgeRef::StartToStart);
                continue;
            }
            ExecutionGraphBuilder::Item wait = start;
            wait.kind = OpKind::Sync;
            wait.name = waiting;
            wait.minDuration = late;
            const ItemId w = b.addItem(wait, {});
            b.addEdge(first, w, EdgeKind::Window, EdgeRef::StartToStart);
            b.addEdge(w, itemOf[v], EdgeKind::Window, EdgeRef::EndToStart);
        }
    }

    // The host op that launched a device op, or invalid.
    OpId launcherOf(std::uint32_t v) const
    {
        for (std::uint32_t i = m.g.inBegin(v); i < m.g.inBegin(v + 1); ++i) {
            if (m.g.kind(m.g.inEdge(i)) == EdgeKind::Launch && m.g.inSource(i) < m.g.opCount())
                return OpId(m.g.inSource(i));
        }
        return OpId();
    }

    // Each rank's steps measured as the replayer measures replayed ones (ExecStep): a marked step ends at
    // the later of its marker's end and the end of the device work its host work launched, an unmarked
    // one where the last of its work ends, neither before the one before it; each from the end of the
    // one before (the first, from its marker's start or its first work's, or where later, the end of
    // the device work queued before the window).
    void measureSteps()
    {
        // Per rank: when the device work queued before the window (replayed from its start) ends.
        std::vector<TimeNs> queued(kept.size(), kUnset);
        for (std::uint32_t v = 0; v < m.g.opCount(); ++v) {
            if (p.reaching[v] && isGpuTrack(m.t.trackInfo(m.t.track(OpId(v))).kind)) {
                TimeNs& q = queued[m.t.rank(OpId(v)).value()];
                q = std::max(q, m.end(v));
            }
        }
        for (std::uint32_t r = 0; r < kept.size(); ++r) {
            TimeNs previous = queued[r];
            bool first = true;
            for (std::size_t k = 0; k < kept[r].size(); ++k) {
                const StepSpan* s = kept[r][k];
                const auto index = static_cast<std::size_t>(stepBase[r]) + k;
                const StepExtent& e = extent[index];
                TimeNs end = e.to, begin = e.from;
                if (s->marker.isValid()) {
                    end = std::max(m.end(s->marker.value()), e.deviceEnd);
                    begin = m.start(s->marker.value());
                }
                // The first step begins when the device is done with what was queued before it, if
                // later than its own start: it is then measured as the ones after it are.
                if (previous != kUnset && (!first || previous > begin)) {
                    begin = previous;
                    end = std::max(end, previous);
                }
                first = false;
                if (end != kUnset && begin != std::numeric_limits<TimeNs>::max())
                    b.setStepMeasured(static_cast<std::int32_t>(index), timeSub(end, begin));
                previous = end;
            }
        }
    }

    ItemId addCollective(std::uint32_t v)
    {
        const LogicalCollective& coll = m.g.collective(v);
        ExecutionGraphBuilder::Item item;
        item.kind = OpKind::Collective;
        item.flags = p.selfTimed[v] ? ExecutionGraph::SelfTimed : 0;
        item.name = coll.name;
        item.anchor = m.start(v);
        item.gap = p.gap[v];
        item.minDuration = p.minDuration[v];
        item.tail = p.tail[v];
        const ItemId id = b.addItem(item, coll.participants);
        std::vector<RankId> ranks;
        for (OpId op : coll.participants)
            ranks.push_back(m.t.rank(op));
        CommCost cost { coll.bytes, coll.name, hostSide(m.t, coll) ? RouteKind::Host : RouteKind::Ranks, static_cast<std::int32_t>(ranks.size()) };
        if (const int worker = serverWorker(m.t, coll); worker >= 0) {
            cost.route = RouteKind::Server;
            ranks = { ranks[static_cast<std::size_t>(worker)], ranks[static_cast<std::size_t>(1 - worker)] };
        }
        b.setComm(id, cost, ranks);
        return id;
    }

    const Measured& m;
    const Selection& sel;
    const Window& window;
    const std::vector<std::uint8_t>& inScope;
    const Parameters& p;
    std::vector<double> overlap;
    ExecutionGraphBuilder b;
    std::vector<ItemId> itemOf; // per vertex
    std::vector<std::vector<const StepSpan*>> kept; // per rank, the steps added, by start
    std::vector<std::int32_t> stepBase; // per rank: its first step's index
    std::int32_t stepCount = 0;
    std::vector<std::pair<std::int32_t, OpId>> markers;
    // Per step, measured: its work's earliest start and latest end (by stepOfStart and stepOfEnd), and
    // the latest end of the device work it launched.
    struct StepExtent {
        TimeNs from = std::numeric_limits<TimeNs>::max();
        TimeNs to = kUnset;
        TimeNs deviceEnd = kUnset;
    };
    std::vector<StepExtent> extent;
};

} // namespace

std::vector<std::int64_t> CostExtractor::commonSteps(const Trace& t)
{
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

std::vector<ExecRank> CostExtractor::ranksOf(const Trace& t)
{
    std::vector<ExecRank> ranks;
    for (std::uint32_t r = 0; r < t.ranks().size(); ++r) {
        const RankInfo& info = t.rankInfo(RankId(r));
        std::string device;
        for (const DeviceInfo& d : t.devices()) {
            if (d.rank == RankId(r) && device.empty())
                device = t.string(d.name);
        }
        ranks.push_back({ RankId(r), info.rank, info.host.isValid() ? std::string(t.string(info.host)) : std::string(), std::move(device) });
    }
    return ranks;
}

Expected<std::shared_ptr<const ExecutionGraph>> CostExtractor::extract(
    const DependencyGraph& graph, const ExtractOptions& options, const CancellationToken* cancel)
{
    const Trace& t = graph.trace();
    Expected<Selection> sel = selectSteps(t, options);
    if (!sel)
        return sel.status();
    const Measured m(graph, options.rankOffsets);
    const std::vector<std::uint8_t> inScope = scopeOf(graph, *sel);
    if (cancel && cancel->isCancelled())
        return Status::cancelled();
    const Window window = windowOf(m, *sel, options.rankOffsets, inScope);
    Parameters p = measuredParameters(m, inScope, window);
    std::size_t withoutCounterpart = 0;
    if (options.durationSource != DurationSource::Measured) {
        Expected<std::size_t> missing = applyCounterparts(m, *sel, options, inScope, p);
        if (!missing)
            return missing.status();
        withoutCounterpart = *missing;
    }
    if (cancel && cancel->isCancelled())
        return Status::cancelled();
    GraphAssembly assembly(m, *sel, window, inScope, p, measuredOverlap(m, inScope, p));
    return assembly.run(withoutCounterpart, cancel);
}

namespace {

// A measured transfer: its span and its ranks.
struct TransferSpan {
    TimeNs start;
    TimeNs end;
    std::vector<RankId> ranks;
};

// Sets each sample's sharing: one plus the time other transfers of the same link type with a rank in
// common were in flight during its span, over its span. Transfers are swept in order of start; each
// meets only those that begin before it ends.
void shareLinks(std::span<const TransferSpan> spans, std::span<CostModel::Sample> samples)
{
    std::vector<std::uint32_t> order(spans.size());
    for (std::uint32_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return spans[a].start < spans[b].start; });
    std::vector<double> shared(spans.size(), 0.0);
    const auto meet = [](const std::vector<RankId>& a, const std::vector<RankId>& b) {
        return std::any_of(a.begin(), a.end(), [&](RankId r) { return std::find(b.begin(), b.end(), r) != b.end(); });
    };
    for (std::size_t x = 0; x < order.size(); ++x) {
        const TransferSpan& a = spans[order[x]];
        for (std::size_t y = x + 1; y < order.size() && spans[order[y]].start < a.end; ++y) {
            const TransferSpan& b = spans[order[y]];
            if (samples[order[x]].type != samples[order[y]].type || !meet(a.ranks, b.ranks))
                continue;
            const auto overlap = static_cast<double>(std::min(a.end, b.end) - b.start);
            shared[order[x]] += overlap;
            shared[order[y]] += overlap;
        }
    }
    for (std::size_t i = 0; i < spans.size(); ++i) {
        const TimeNs length = spans[i].end - spans[i].start;
        if (length > 0)
            samples[i].sharing = 1.0 + shared[i] / static_cast<double>(length);
    }
}

// A bit per kind of link the route crosses, its own kind included.
std::uint8_t crossedKinds(const LinkTopology& topology, const LinkTopology::Route& route)
{
    auto bits = static_cast<std::uint8_t>(1u << static_cast<unsigned>(route.type));
    for (const std::uint32_t link : route.links)
        bits |= static_cast<std::uint8_t>(1u << static_cast<unsigned>(topology.type(link)));
    return bits;
}

} // namespace

std::vector<CostModel::Sample> CostExtractor::transferSamples(
    const DependencyGraph& graph, std::span<const TimeNs> rankOffsets, const TopologyOptions& topologyOptions, const CostModel& model)
{
    const Trace& t = graph.trace();
    const Measured m(graph, rankOffsets);
    const std::vector<ExecRank> ranks = ranksOf(t);
    const LinkTopology topology(placementsOf(ranks), topologyOptions);
    std::vector<CostModel::Sample> samples;
    std::vector<TransferSpan> spans; // per sample of a logical collective, in the same order
    for (std::uint32_t v = graph.opCount(); v < graph.vertexCount(); ++v) {
        const LogicalCollective& coll = graph.collective(v);
        std::vector<RankId> members;
        for (OpId p : coll.participants)
            members.push_back(t.rank(p));
        const int worker = serverWorker(t, coll);
        const bool host = worker < 0 && hostSide(t, coll);
        const LinkTopology::Route route = worker >= 0
            ? topology.serverRoute(members[static_cast<std::size_t>(worker)],
                members[static_cast<std::size_t>(1 - worker)],
                LinkTopology::serverDirection(collectiveName(t, coll.participants[static_cast<std::size_t>(worker)])))
            : (host ? topology.hostRoute(members) : topology.route(members));
        samples.push_back({ route.type, model.algorithmOf(t.string(coll.name)), coll.bytes,
            static_cast<int>(members.size()), m.end(v) - m.start(v), 1.0, host, crossedKinds(topology, route) });
        spans.push_back({ m.start(v), m.end(v), std::move(members) });
    }
    shareLinks(spans, samples);
    // Communication kernels whose peers are not in the trace: their whole duration, which includes any
    // wait for the peers, so these samples bound the transfer from above.
    for (std::uint32_t v = 0; v < graph.opCount(); ++v) {
        const OpId op(v);
        const int group = loneGroupSize(graph, op);
        if (group == 0)
            continue;
        const LinkTopology::Route route = topology.partialRoute(t.rank(op), group);
        samples.push_back({ route.type, model.algorithmOf(collectiveName(t, op)), t.bytes(op), group, t.duration(op),
            1.0, false, crossedKinds(topology, route) });
    }
    return samples;
}

std::array<LinkFit, kLinkTypeCount> CostExtractor::fitCostModel(
    const DependencyGraph& graph, std::span<const TimeNs> rankOffsets, const TopologyOptions& topology, CostModel& model)
{
    const std::vector<CostModel::Sample> samples = transferSamples(graph, rankOffsets, topology, model);
    return model.fit(samples);
}

} // namespace sightline
