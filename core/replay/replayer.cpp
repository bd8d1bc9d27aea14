#include "core/replay/replayer.h"

#include "core/base/checkedmath.h"
#include "core/base/intervals.h"
#include "core/base/message.h"
#include "core/base/progress.h"
#include "core/base/resourcelimits.h"
#include "core/exec/executiongraph.h"
#include "core/model/trace.h"
#include "core/replay/flownetwork.h"

#include <algorithm>
#include <iterator>
#include <queue>
#include <thread>
#include <utility>

namespace sightline {

namespace {

constexpr TimeNs kUnset = Schedule::kNotReplayed;

// Times and durations are sums and differences of measured times, model estimates and what-if
// changes: any of them may be extreme in a malformed or edited job, so they saturate instead of
// overflowing (a saturated time is far outside every real job and shows as such). The lowest int64 is
// kUnset, "not replayed": saturation stops one above it, so that a time that ran off the bottom stays a
// replayed time (and is flagged as out of range) rather than turning into the marker.
TimeNs plus(TimeNs a, TimeNs b)
{
    return CheckedMath::timeAdd(a, b);
}
TimeNs minus(TimeNs a, TimeNs b)
{
    return CheckedMath::timeSub(a, b);
}

bool startsAtStart(EdgeRef r)
{
    return r == EdgeRef::StartToStart;
}


// The route of each transfer of a graph over a topology.
LinkTopology::Route routeOf(
    const ExecutionGraph& g, const LinkTopology& topology, const CommCost& c, std::span<const RankId> ranks)
{
    switch (c.route) {
    case RouteKind::Ranks: return topology.route(ranks);
    case RouteKind::Partial: return topology.partialRoute(ranks.front(), c.groupSize);
    case RouteKind::Server:
        return topology.serverRoute(ranks[0], ranks[1], LinkTopology::serverDirection(g.string(c.collective)));
    case RouteKind::Host: return topology.hostRoute(ranks);
    }
    return {};
}

// Whether a transfer is a collective among one rank (a data-parallel group worker_count shrank to one),
// which moves nothing whatever its size: the cost model times it at nothing even where the trace does
// not record how many bytes it moved.
bool amongOne(const ExecutionGraph& g, const ReplayOptions& options, const CommCost& c)
{
    return c.groupSize == 1
        && CostModel::volume(options.costModel.algorithmOf(g.string(c.collective)), 1, 1).steps == 0;
}

// The transfers the cost model times: latency, wire bytes and links of each communication item that
// has a transfer of a known size (one whose size the trace does not record keeps its measured time,
// unless it is among one rank: amongOne).
struct Transfers {
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    struct Transfer {
        TimeNs latency = 0;
        double bytes = 0;
        std::vector<std::uint32_t> links;
    };
    std::vector<Transfer> list;
    std::vector<std::uint32_t> of; // per item, into list, or kNone
    std::vector<double> bandwidth; // per link

    // Sets each timed item's minimum duration to its transfer time alone.
    Transfers(const ExecutionGraph& g, const ReplayOptions& options, std::vector<TimeNs>& minDuration)
    {
        const LinkTopology topology(placementsOf(g.ranks()), options.topology);
        for (std::uint32_t l = 0; l < topology.linkCount(); ++l)
            bandwidth.push_back(options.costModel.parameters(topology.type(l)).bytesPerNs);
        of.assign(g.itemCount(), kNone);
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            const CommCost* c = g.comm(ItemId(i));
            if (c && c->bytes <= 0 && amongOne(g, options, *c))
                minDuration[i] = 0;
            if (!c || c->bytes <= 0)
                continue;
            LinkTopology::Route route = routeOf(g, topology, *c, g.commRanks(*c));
            const CommAlgorithm algorithm = options.costModel.algorithmOf(g.string(c->collective));
            const CostModel::Volume volume = CostModel::volume(algorithm, c->bytes, c->groupSize);
            of[i] = static_cast<std::uint32_t>(list.size());
            list.push_back({ CheckedMath::saturatingRound(options.costModel.parameters(route.type).alphaNs * volume.steps),
                volume.wireBytes, std::move(route.links) });
            minDuration[i] = options.costModel.duration(algorithm, c->bytes, c->groupSize, route.type);
        }
    }
};

// One pass of the discrete-event simulation over the current minimum durations.
class Simulation {
public:
    Simulation(const ExecutionGraph& graph, const Transfers* transfers, Schedule& s)
        : g(graph)
        , transfers(transfers)
        , s(s)
        , n(graph.itemCount())
        , m_outBegin(graph.outBegins().data())
        , m_target(graph.targets().data())
        , m_info(graph.edgeInfos().data())
        , m_anchor(graph.anchors().data())
        , m_gap(graph.gaps().data())
        , m_tail(graph.tails().data())
    {
        initialPendingStart.assign(n, 0);
        initialPendingEnd.assign(n, 1); // its own start
        // Counted through locals: a count written may alias the graph's columns read through members.
        std::uint32_t* pendingStart = initialPendingStart.data();
        std::uint32_t* pendingEnd = initialPendingEnd.data();
        const std::uint32_t edges = n == 0 ? 0 : m_outBegin[n];
        for (std::uint32_t e = 0; e < edges; ++e) {
            if (m_info[e].ref == EdgeRef::EndToEnd)
                ++pendingEnd[m_target[e]];
            else
                ++pendingStart[m_target[e]];
        }
    }

    Status run(const CancellationToken* cancel);
    std::vector<std::uint32_t>& order() { return queue; }

private:
    // The working state of one item, kept together so that resolving a dependency touches one cache
    // line: until an instant is resolved, start and end hold the latest instant it waits for.
    struct State {
        TimeNs start = kUnset;
        TimeNs end = kUnset;
        std::uint32_t startCause = Schedule::kSelf;
        std::uint32_t endCause = Schedule::kSelf;
        std::uint32_t pendingStart = 0;
        std::uint32_t pendingEnd = 0;
    };

    // One dependency of y's start (or end) resolved at value. Ties go to the larger cause (ends before
    // starts, then the later item), whatever the order the dependencies resolve in.
    void relax(std::uint32_t y, TimeNs value, std::uint32_t cause, bool ofEnd)
    {
        State& sy = state[y];
        TimeNs& latest = ofEnd ? sy.end : sy.start;
        std::uint32_t& bound = ofEnd ? sy.endCause : sy.startCause;
        if (value > latest || (value == latest && cause > bound)) {
            latest = value;
            bound = cause;
        }
        if (--(ofEnd ? sy.pendingEnd : sy.pendingStart) == 0)
            ready.push_back(ofEnd ? y | Schedule::kEndBit : y);
    }
    void resolveStart(std::uint32_t i);
    void resolveEnd(std::uint32_t i);
    Status cycle() const;

    const ExecutionGraph& g;
    const Transfers* transfers; // null without the cost model
    Schedule& s;
    const std::uint32_t n;
    const std::uint32_t* const m_outBegin;
    const std::uint32_t* const m_target;
    const DependencyGraph::EdgeInfo* const m_info;
    const TimeNs* const m_anchor;
    const TimeNs* const m_gap;
    const TimeNs* const m_tail;
    std::vector<std::uint32_t> initialPendingStart, initialPendingEnd;
    std::vector<State> state;
    // Instants whose dependencies are all resolved, taken last in first out: that follows one track's
    // chain while its data is in cache. queue records the order they were resolved in.
    std::vector<std::uint32_t> ready;
    std::vector<std::uint32_t> queue;
    // Transfers waiting out their latency, by the time they enter the network.
    using Entry = std::pair<TimeNs, std::uint32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> entering;
};

void Simulation::resolveStart(std::uint32_t i)
{
    // The graph's columns in locals: the state written may alias what is read through members.
    const std::uint32_t* target = m_target;
    const DependencyGraph::EdgeInfo* info = m_info;
    State& si = state[i];
    const TimeNs start = si.start == kUnset ? m_anchor[i] : plus(si.start, m_gap[i]);
    si.start = start;
    for (std::uint32_t e = m_outBegin[i], last = m_outBegin[i + 1]; e < last; ++e) {
        if (startsAtStart(info[e].ref))
            relax(target[e], start, i, false);
    }
    if (transfers && transfers->of[i] != Transfers::kNone)
        entering.emplace(plus(start, transfers->list[transfers->of[i]].latency), i);
    else if (--si.pendingEnd == 0)
        ready.push_back(i | Schedule::kEndBit);
}

void Simulation::resolveEnd(std::uint32_t i)
{
    const std::uint32_t* target = m_target;
    const DependencyGraph::EdgeInfo* info = m_info;
    // The end is the later of the own minimum duration and the awaited ends plus the tail.
    State& si = state[i];
    TimeNs end = plus(si.start, s.minDuration[i]);
    const TimeNs tail = m_tail[i];
    if (si.end != kUnset && plus(si.end, tail) > end)
        end = plus(si.end, tail);
    else
        si.endCause = Schedule::kSelf;
    si.end = end;
    for (std::uint32_t e = m_outBegin[i], last = m_outBegin[i + 1]; e < last; ++e) {
        const EdgeRef ref = info[e].ref;
        if (ref != EdgeRef::StartToStart)
            relax(target[e], end, i | Schedule::kEndBit, ref == EdgeRef::EndToEnd);
    }
}

Status Simulation::cycle() const
{
    std::uint32_t stuck = 0;
    while (stuck < n && state[stuck].pendingEnd == 0)
        ++stuck;
    const Trace& t = g.trace();
    const std::string file = t.ranks().empty() ? std::string() : std::string(t.string(t.rankInfo(RankId(0)).sourceFile));
    return Status::error(ErrorCode::DependencyCycle, file, -1,
        "the execution graph waits in a cycle: item " + std::to_string(stuck) + " (" + std::string(g.name(ItemId(stuck)))
            + ") never becomes ready");
}

Status Simulation::run(const CancellationToken* cancel)
{
    state.assign(n, State {});
    ready.clear();
    queue.clear();
    queue.reserve(2 * static_cast<std::size_t>(n));
    for (std::uint32_t i = n; i-- > 0;) {
        state[i].pendingStart = initialPendingStart[i];
        state[i].pendingEnd = initialPendingEnd[i];
        if (initialPendingStart[i] == 0)
            ready.push_back(i);
    }
    FlowNetwork network(transfers ? transfers->bandwidth : std::vector<double> {});
    for (;;) {
        while (!ready.empty()) {
            if ((queue.size() & 0xFFFF) == 0 && cancel && cancel->isCancelled())
                return Status::cancelled();
            const std::uint32_t instant = ready.back();
            ready.pop_back();
            queue.push_back(instant);
            if ((instant & Schedule::kEndBit) == 0)
                resolveStart(instant);
            else
                resolveEnd(instant & ~Schedule::kEndBit);
        }
        if (entering.empty() && network.idle())
            break;
        // The next event in time: a transfer entering the network, or one completing.
        if (!entering.empty() && (network.idle() || entering.top().first <= network.next().time)) {
            const auto [time, i] = entering.top();
            entering.pop();
            const Transfers::Transfer& tr = transfers->list[transfers->of[i]];
            network.start(i, time, tr.links, tr.bytes);
            s.peakTransfers = std::max(s.peakTransfers, network.inFlight());
            continue;
        }
        const FlowNetwork::Completion done = network.finishNext();
        s.minDuration[done.id] = minus(done.time, state[done.id].start);
        if (--state[done.id].pendingEnd == 0)
            ready.push_back(done.id | Schedule::kEndBit);
    }
    if (queue.size() != 2 * static_cast<std::size_t>(n))
        return cycle();
    s.start.resize(n);
    s.end.resize(n);
    s.startCause.resize(n);
    s.endCause.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        s.start[i] = state[i].start;
        s.end[i] = state[i].end;
        s.startCause[i] = state[i].startCause;
        s.endCause[i] = state[i].endCause;
    }
    return {};
}

// Scales self-timed compute kernels by how much more (or less) communication they overlap in the
// replay than they did when measured.
void applyOverlapSlowdown(const ExecutionGraph& g, double gamma, Schedule& s)
{
    const std::uint32_t n = g.itemCount();
    std::vector<std::vector<std::pair<TimeNs, TimeNs>>> replayedComm(g.ranks().size());
    for (std::uint32_t i = 0; i < n; ++i) {
        const ItemId item(i);
        if (isCommunication(g.kind(item)) && g.onDevice(item) && s.end[i] != kUnset)
            replayedComm[g.rank(item).value()].emplace_back(s.start[i], s.end[i]);
    }
    for (auto& iv : replayedComm)
        mergeIntervals(iv);
    for (std::uint32_t i = 0; i < n; ++i) {
        const ItemId item(i);
        if (!g.hasFlag(item, ExecutionGraph::SelfTimed) || g.kind(item) != OpKind::ComputeKernel || s.end[i] == kUnset
            || !g.rank(item).isValid())
            continue;
        const double before = g.measuredOverlap(item);
        const double after = coveredFraction(replayedComm[g.rank(item).value()], s.start[i], s.end[i]);
        s.minDuration[i] = CheckedMath::saturatingRound(static_cast<double>(s.minDuration[i]) * (1 + gamma * after) / (1 + gamma * before));
    }
}

// The replayed window, and whether it left the range of real times.
void summariseWindow(Schedule& s)
{
    s.begin = std::numeric_limits<TimeNs>::max();
    s.finish = std::numeric_limits<TimeNs>::min();
    for (std::size_t i = 0; i < s.start.size(); ++i) {
        s.begin = std::min(s.begin, s.start[i]);
        s.finish = std::max(s.finish, s.end[i]);
    }
    // Measured times lie within ±2^62 ns; a replayed time beyond that came from extreme durations or
    // costs (and may have saturated): the replay is then no measure of the job.
    s.timesOutOfRange = (s.begin <= s.finish) && (!CheckedMath::isTimeInRange(s.begin) || !CheckedMath::isTimeInRange(s.finish));
    if (s.begin > s.finish)
        s.begin = s.finish = 0;
}

// A step with a marker ends at the later of its marker's end and the end of the device work its host
// work launched (ExecStep); a step without one (detected iterations, model-made jobs) ends where the
// last item that ended in it ends; neither before the step before it on its rank. Each starts where
// that step ended; the first, at its marker's start, or where its first item starts, or where later,
// when the device work queued before the window ends.
void summariseSteps(const ExecutionGraph& g, Schedule& s)
{
    const std::span<const ExecStep> steps = g.steps();
    std::vector<TimeNs> from(steps.size(), std::numeric_limits<TimeNs>::max()), to(steps.size(), kUnset);
    std::vector<TimeNs> deviceEnd(steps.size(), kUnset);
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (!g.rank(item).isValid() || s.end[i] == kUnset)
            continue;
        if (const std::int32_t k = g.stepOfEnd(item); k >= 0)
            to[static_cast<std::size_t>(k)] = std::max(to[static_cast<std::size_t>(k)], s.end[i]);
        if (const std::int32_t k = g.stepOfStart(item); k >= 0) {
            from[static_cast<std::size_t>(k)] = std::min(from[static_cast<std::size_t>(k)], s.start[i]);
            if (g.onDevice(item))
                deviceEnd[static_cast<std::size_t>(k)] = std::max(deviceEnd[static_cast<std::size_t>(k)], s.end[i]);
        }
    }
    // Per rank: the end of its step before; before its first, of the device work queued before the
    // window (the window's context), from which its first step is counted where that is later.
    std::vector<TimeNs> previous(g.ranks().size(), kUnset);
    std::vector<std::uint8_t> started(g.ranks().size(), 0);
    const std::uint8_t* flags = g.flags().data();
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if ((flags[i] & ExecutionGraph::Context) != 0 && g.onDevice(item) && s.end[i] != kUnset)
            previous[g.rank(item).value()] = std::max(previous[g.rank(item).value()], s.end[i]);
    }
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const ExecStep& step = steps[k];
        TimeNs& before = previous[step.rank.value()];
        const bool first = !started[step.rank.value()];
        started[step.rank.value()] = 1;
        if (step.marker.isValid()) {
            const std::uint32_t m = step.marker.value();
            if (first && before != kUnset && before <= s.start[m])
                before = kUnset;
            // No earlier than the step before it: its device work may end first on another stream.
            const TimeNs end = std::max({ s.end[m], deviceEnd[k], before });
            s.steps.push_back({ step.rank, step.number, step.measured, minus(end, before != kUnset ? before : s.start[m]), end });
            before = end;
            continue;
        }
        if (first && before != kUnset && from[k] != std::numeric_limits<TimeNs>::max() && before <= from[k])
            before = kUnset;
        const TimeNs begin = before != kUnset ? before : from[k];
        const TimeNs end = std::max(to[k], before);
        if (end != kUnset && begin != std::numeric_limits<TimeNs>::max())
            s.steps.push_back({ step.rank, step.number, step.measured, minus(end, begin), end });
        before = end;
    }
    std::sort(s.steps.begin(), s.steps.end(), [](const ReplayedStep& a, const ReplayedStep& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.number < b.number;
    });
    s.asynchronous = g.asynchronous();
}

} // namespace

std::array<Replayer::LinkTransfers, kLinkTypeCount> Replayer::transfersByLink(const ExecutionGraph& g, const ReplayOptions& options)
{
    std::array<LinkTransfers, kLinkTypeCount> links {};
    const LinkTopology topology(placementsOf(g.ranks()), options.topology);
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const CommCost* c = g.comm(ItemId(i));
        if (c && !(c->bytes <= 0 && amongOne(g, options, *c))) {
            // The route's kind is the slowest of a usual cluster; the options' parameters may make
            // another kind it crosses slower (PCIe ports at their defaults on a route through a fitted
            // network), and that one then bounds the transfer.
            const LinkTopology::Route route = routeOf(g, topology, *c, g.commRanks(*c));
            LinkType bottleneck = route.type;
            for (const std::uint32_t link : route.links) {
                const LinkType type = topology.type(link);
                if (options.costModel.parameters(type).bytesPerNs < options.costModel.parameters(bottleneck).bytesPerNs)
                    bottleneck = type;
            }
            LinkTransfers& l = links[static_cast<std::size_t>(bottleneck)];
            if (c->bytes <= 0) {
                ++l.unsized;
                continue;
            }
            l.smallestBytes = l.count == 0 ? c->bytes : std::min(l.smallestBytes, c->bytes);
            l.largestBytes = l.count == 0 ? c->bytes : std::max(l.largestBytes, c->bytes);
            ++l.count;
        }
    }
    return links;
}

std::size_t Schedule::memoryBytes() const
{
    auto bytes = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
    return bytes(start) + bytes(end) + bytes(startCause) + bytes(endCause) + bytes(minDuration) + bytes(order)
        + bytes(steps);
}

Status Replayer::checkMemory(const Trace& trace, const ResourceLimits& limits)
{
    // Peak bytes per op of the graph build (its CSR both ways, ~36 bytes, and the edge lists it is
    // built from, ~50), the execution graph (~120 with its edges), the schedule (~40), the critical path
    // and slack (~24), and the per-item state of a replay pass (~32), as bench_replay measures them,
    // rounded up.
    constexpr std::uint64_t kBytesPerOp = 320;
    const std::uint64_t estimate = trace.memoryBytes() + trace.strings().memoryBytes() + trace.opCount() * kBytesPerOp;
    const std::string file = trace.ranks().empty() ? std::string() : std::string(trace.string(trace.ranks().front().sourceFile));
    return limits.checkMemory(
        estimate, file, Message(SL_TEXT("Core", "the dependency graph and replay of %1 ops"), { trace.opCount() }));
}

Expected<Schedule> Replayer::replay(
    const ExecutionGraph& graph, const ReplayOptions& options, const CancellationToken* cancel, const Alongside& alongside)
{
    Schedule s;
    s.minDuration.assign(graph.minDurations().begin(), graph.minDurations().end());
    std::unique_ptr<Transfers> transfers;
    if (options.communication == CommSource::CostModel)
        transfers = std::make_unique<Transfers>(graph, options, s.minDuration);

    Simulation simulation(graph, transfers.get(), s);
    if (Status st = simulation.run(cancel); !st.ok())
        return st;
    if (options.overlapSlowdown > 0) {
        applyOverlapSlowdown(graph, options.overlapSlowdown, s);
        if (Status st = simulation.run(cancel); !st.ok())
            return st;
    }
    s.order = std::move(simulation.order());
    summariseWindow(s);
    const auto summarise = [&graph, &s] { summariseSteps(graph, s); };
    if (!alongside) {
        summarise();
        return s;
    }
    {
        const std::jthread summaries(summarise); // joined at the end of this block
        alongside(std::as_const(s));
    }
    return s;
}

} // namespace sightline
