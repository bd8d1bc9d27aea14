#include "core/replay/replayer.h"

#include "core/base/checkedmath.h"
#include "core/base/intervals.h"
#include "core/base/resourcelimits.h"
#include "core/base/progress.h"
#include "core/graph/dependencygraph.h"

#include "core/replay/flownetwork.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <queue>
#include <tuple>
#include <unordered_map>

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
    return std::max(CheckedMath::saturatingAdd(a, b), kUnset + 1);
}
TimeNs minus(TimeNs a, TimeNs b)
{
    return std::max(CheckedMath::saturatingSub(a, b), kUnset + 1);
}

struct Model {
    Model(const DependencyGraph& graph, std::vector<TimeNs> offsets)
        : g(graph)
        , t(graph.trace())
        , offset(std::move(offsets))
    {
        offset.resize(t.ranks().size(), 0);
        aligned = std::any_of(offset.begin(), offset.end(), [](TimeNs o) { return o != 0; });
    }

    const DependencyGraph& g;
    const Trace& t;
    std::vector<TimeNs> offset; // per rank
    std::vector<TimeNs> collStart, collEnd; // measured, per logical collective
    std::vector<std::uint8_t> inScope;

    bool aligned = false; // some rank has a non-zero offset

    TimeNs offsetOf(std::uint32_t v) const { return aligned ? offset[t.rank(OpId(v)).value()] : 0; }
    TimeNs measuredStart(std::uint32_t v) const
    {
        if (g.isCollectiveVertex(v))
            return collStart[v - g.opCount()];
        return minus(t.start(OpId(v)), offsetOf(v));
    }
    TimeNs measuredEnd(std::uint32_t v) const
    {
        if (g.isCollectiveVertex(v))
            return collEnd[v - g.opCount()];
        return minus(t.end(OpId(v)), offsetOf(v));
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

namespace {

// The measured pure transfer of a logical collective: from the last arrival to the first participant
// done. Clocks that disagree can make that negative; then the shortest participant is the estimate.
std::pair<TimeNs, TimeNs> measuredTransfer(const Model& m, const LogicalCollective& coll)
{
    TimeNs lastArrival = std::numeric_limits<TimeNs>::min();
    TimeNs firstEnd = std::numeric_limits<TimeNs>::max();
    TimeNs shortest = std::numeric_limits<TimeNs>::max();
    for (OpId p : coll.participants) {
        lastArrival = std::max(lastArrival, m.measuredStart(p.value()));
        firstEnd = std::min(firstEnd, m.measuredEnd(p.value()));
        shortest = std::min(shortest, m.t.duration(p));
    }
    return { lastArrival, lastArrival + (firstEnd > lastArrival ? firstEnd - lastArrival : shortest) };
}

// How many ranks a communication kernel whose peers are not in the trace worked with: its recorded
// group size, else the job's world size (the default group); 0 for anything else.
int loneGroupSize(const DependencyGraph& g, OpId op)
{
    const Trace& t = g.trace();
    if (!isCommunication(t.kind(op)) || g.collectiveOf(op) != DependencyGraph::kNoVertex)
        return 0;
    const TrackKind k = t.trackInfo(t.track(op)).kind;
    if (!isGpuTrack(k))
        return 0;
    const CommArgs* args = t.commArgs(op);
    if (args && args->groupSize >= 2)
        return args->groupSize;
    return t.worldSize() >= 2 ? t.worldSize() : 0;
}

std::string_view collectiveName(const Trace& t, OpId op)
{
    const CommArgs* args = t.commArgs(op);
    return args && args->collective.isValid() ? t.string(args->collective) : std::string_view();
}

std::vector<RankId> ranksOf(const Trace& t, const LogicalCollective& coll)
{
    std::vector<RankId> ranks;
    for (OpId p : coll.participants)
        ranks.push_back(t.rank(p));
    return ranks;
}

// The links a logical collective crosses: a parameter-server push or pull runs between the worker
// (the rank whose op is the push or pull) and its server, over the worker's PCIe link and both
// hosts' network interfaces; everything else over the participants' ports (and interfaces).
LinkTopology::Route routeOf(const Trace& t, const LinkTopology& topology, const LogicalCollective& coll, const std::vector<RankId>& ranks)
{
    if (coll.participants.size() == 2) {
        for (std::size_t i = 0; i < 2; ++i) {
            const std::string_view name = collectiveName(t, coll.participants[i]);
            if (name == "push" || name == "pull")
                return topology.serverRoute(ranks[i], ranks[1 - i]);
        }
    }
    return topology.route(ranks);
}

// Merged [from, to) intervals; the fraction of [a, b) they cover.
double coveredFraction(const std::vector<std::pair<TimeNs, TimeNs>>& merged, TimeNs a, TimeNs b)
{
    if (b <= a || merged.empty())
        return 0.0;
    auto it = std::partition_point(merged.begin(), merged.end(), [&](const auto& iv) { return iv.second <= a; });
    TimeNs covered = 0;
    for (; it != merged.end() && it->first < b; ++it)
        covered = plus(covered, minus(std::min(b, it->second), std::max(a, it->first)));
    return static_cast<double>(covered) / static_cast<double>(minus(b, a));
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

} // namespace

std::vector<CostModel::Sample> Replayer::transferSamples(const DependencyGraph& graph, const ReplayOptions& options)
{
    const Trace& t = graph.trace();
    Model m(graph, options.rankOffsets);
    const LinkTopology topology(t, options.topology);
    std::vector<CostModel::Sample> samples;
    for (const LogicalCollective& coll : graph.collectives()) {
        const auto [from, to] = measuredTransfer(m, coll);
        const std::vector<RankId> ranks = ranksOf(t, coll);
        const CommAlgorithm algorithm = options.costModel.algorithmOf(t.string(coll.name));
        samples.push_back({ routeOf(t, topology, coll, ranks).type, algorithm, coll.bytes, static_cast<int>(ranks.size()), to - from });
    }
    // Communication kernels whose peers are not in the trace: their whole duration, which includes
    // any wait for the peers, so these samples bound the transfer from above.
    for (std::uint32_t v = 0; v < graph.opCount(); ++v) {
        const OpId op(v);
        const int group = loneGroupSize(graph, op);
        if (group == 0)
            continue;
        const RankId rank = t.rank(op);
        samples.push_back({ topology.partialRoute(rank, group).type, options.costModel.algorithmOf(collectiveName(t, op)),
            t.bytes(op), group, t.duration(op) });
    }
    return samples;
}

Status Replayer::checkMemory(const Trace& trace, const ResourceLimits& limits)
{
    // Peak bytes per op of the graph build (its CSR both ways, ~36 bytes, and the edge lists it is built
    // from, ~50), the schedule (~56), the critical path and slack (~24), and the per-vertex state of a
    // replay pass (~32), as bench_replay measures them, rounded up.
    constexpr std::uint64_t kBytesPerOp = 200;
    const std::uint64_t estimate = trace.memoryBytes() + trace.strings().memoryBytes() + trace.opCount() * kBytesPerOp;
    const std::string file = trace.ranks().empty() ? std::string() : std::string(trace.string(trace.ranks().front().sourceFile));
    return limits.checkMemory(estimate, file, "the dependency graph and replay of " + std::to_string(trace.opCount()) + " ops");
}

std::array<LinkFit, kLinkTypeCount> Replayer::fitCostModel(const DependencyGraph& graph, ReplayOptions& options)
{
    const std::vector<CostModel::Sample> samples = transferSamples(graph, options);
    return options.costModel.fit(samples);
}

Expected<Schedule> Replayer::replay(const DependencyGraph& graph, const ReplayOptions& options, const CancellationToken* cancel)
{
    const Trace& t = graph.trace();
    const std::uint32_t n = graph.vertexCount();
    const std::uint32_t ops = graph.opCount();
    Model m(graph, options.rankOffsets);

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
        const bool gpu = isGpuTrack(track.kind);
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
        m.inScope[ops + c] = std::all_of(coll.participants.begin(), coll.participants.end(), [&](OpId p) { return m.inScope[p.value()] != 0; });
        std::tie(m.collStart[c], m.collEnd[c]) = measuredTransfer(m, coll);
    }

    Schedule s;
    s.gap.assign(n, 0);
    s.minDuration.assign(n, 0);
    s.tail.assign(n, 0);
    std::vector<std::uint32_t> initialPendingStart(n, 0), initialPendingEnd(n, 0);
    // Ops whose end depends on nothing but their own start: their duration is theirs to replace.
    std::vector<std::uint8_t> selfTimed(n, 0);

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
                ++initialPendingEnd[v];
            } else {
                r = std::max(r, startsAtStart(ref) ? m.measuredStart(src) : m.measuredEnd(src));
                ++initialPendingStart[v];
            }
        }
        ++initialPendingEnd[v]; // its own start
        s.gap[v] = r == kUnset ? 0 : minus(ms, r);
        if (e == kUnset || e < ms) {
            s.minDuration[v] = minus(me, ms);
            s.tail[v] = 0;
            selfTimed[v] = e == kUnset;
        } else {
            s.tail[v] = minus(me, e);
            s.minDuration[v] = std::max<TimeNs>(0, std::min(minus(me, ms), minus(me, e)));
        }
    }

    if (options.durationSource != DurationSource::Measured) {
        // Counterparts: same track, same name, same position among its namesakes in the step. An op
        // takes their mean duration; from one chosen step also their gap after the instant that
        // released them, so that nothing of the replayed step's own measurement is used. (Averaged
        // gaps would smear a long wait of one step over all of them: gaps stay the step's own.)
        struct Sums {
            TimeNs duration = 0;
            std::uint32_t count = 0;
            TimeNs gap = 0;
            std::uint32_t gaps = 0;
        };
        std::unordered_map<CounterpartKey, Sums, CounterpartHash> sums;
        std::vector<std::uint32_t> ordinal(ops, 0);
        std::unordered_map<std::uint64_t, std::uint32_t> seen;
        for (std::uint32_t tr = 0; tr < t.tracks().size(); ++tr) {
            const TrackInfo& info = t.trackInfo(TrackId(tr));
            seen.clear();
            for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v) {
                const std::int32_t step = t.step(OpId(v));
                if (step < 0)
                    continue;
                const std::uint64_t k = (static_cast<std::uint64_t>(t.name(OpId(v)).value()) << 32) | static_cast<std::uint32_t>(step);
                ordinal[v] = seen[k]++;
                const bool wanted = options.durationSource == DurationSource::OneStep ? step == options.durationStep
                                                                                     : step >= firstStep && step <= lastStep;
                if (!wanted)
                    continue;
                Sums& sum = sums[{ tr, t.name(OpId(v)).value(), ordinal[v] }];
                sum.duration = plus(sum.duration, t.duration(OpId(v)));
                ++sum.count;
                TimeNs released = kUnset;
                for (std::uint32_t i = graph.inBegin(v); i < graph.inBegin(v + 1); ++i) {
                    const EdgeRef ref = graph.ref(graph.inEdge(i));
                    if (ref != EdgeRef::EndToEnd)
                        released = std::max(released, startsAtStart(ref) ? m.measuredStart(graph.inSource(i)) : m.measuredEnd(graph.inSource(i)));
                }
                if (released != kUnset) {
                    sum.gap = plus(sum.gap, minus(m.measuredStart(v), released));
                    ++sum.gaps;
                }
            }
        }
        if (options.durationSource == DurationSource::OneStep && sums.empty())
            return Status::error(ErrorCode::InvalidArgument, {}, -1, "no op of step " + std::to_string(options.durationStep) + " is in the trace");
        auto mean = [](TimeNs total, std::uint32_t count) {
            const auto c = static_cast<TimeNs>(count);
            return total >= 0 ? (total + c / 2) / c : -((-total + c / 2) / c);
        };
        for (std::uint32_t v = 0; v < ops; ++v) {
            if (!m.inScope[v])
                continue;
            const auto it = t.step(OpId(v)) < 0 ? sums.end() : sums.find({ t.track(OpId(v)).value(), t.name(OpId(v)).value(), ordinal[v] });
            if (it == sums.end()) {
                s.withoutCounterpart += selfTimed[v];
                continue;
            }
            // Communication and host waits last as long as other ranks or devices make them: they
            // keep their own time (the cost model replaces transfers).
            const OpKind kind = t.kind(OpId(v));
            if (selfTimed[v] && !isCommunication(kind) && kind != OpKind::Sync)
                s.minDuration[v] = mean(it->second.duration, it->second.count);
            if (options.durationSource == DurationSource::OneStep && initialPendingStart[v] > 0 && it->second.gaps > 0)
                s.gap[v] = mean(it->second.gap, it->second.gaps);
        }
    }

    for (const auto& [op, duration] : options.durations) {
        if (op.value() < ops && m.inScope[op.value()])
            s.minDuration[op.value()] = std::max<TimeNs>(0, duration);
    }

    // Transfers under the cost model: latency, wire bytes and links of each in-scope logical
    // collective, and of each communication kernel whose peers are not in the trace (its group size,
    // else the world size, says how many there were; it crosses its own rank's port, and its host's
    // network interface when the group spans hosts).
    const bool flows = options.communication == CommSource::CostModel;
    struct Transfer {
        TimeNs latency = 0;
        double bytes = 0;
        std::vector<std::uint32_t> links;
    };
    constexpr std::uint32_t kNoTransfer = 0xFFFFFFFFu;
    std::vector<Transfer> transfers;
    std::vector<std::uint32_t> transferOf;
    std::vector<double> bandwidth;
    if (flows) {
        const LinkTopology topology(t, options.topology);
        for (std::uint32_t l = 0; l < topology.linkCount(); ++l)
            bandwidth.push_back(options.costModel.parameters(topology.type(l)).bytesPerNs);
        transferOf.assign(n, kNoTransfer);
        auto addTransfer = [&](std::uint32_t v, std::string_view collective, std::int64_t bytes, int participants, LinkTopology::Route route) {
            const CommAlgorithm algorithm = options.costModel.algorithmOf(collective);
            const CostModel::Volume volume = CostModel::volume(algorithm, bytes, participants);
            transferOf[v] = static_cast<std::uint32_t>(transfers.size());
            transfers.push_back({ CheckedMath::saturatingRound(options.costModel.parameters(route.type).alphaNs * volume.steps),
                volume.wireBytes, std::move(route.links) });
            s.minDuration[v] = options.costModel.duration(algorithm, bytes, participants, route.type);
        };
        for (std::uint32_t c = 0; c < n - ops; ++c) {
            if (!m.inScope[ops + c])
                continue;
            const LogicalCollective& coll = graph.collective(ops + c);
            const std::vector<RankId> ranks = ranksOf(t, coll);
            addTransfer(ops + c, t.string(coll.name), coll.bytes, static_cast<int>(ranks.size()), routeOf(t, topology, coll, ranks));
        }
        for (std::uint32_t v = 0; v < ops; ++v) {
            if (!m.inScope[v] || !selfTimed[v])
                continue;
            const int group = loneGroupSize(graph, OpId(v));
            if (group == 0)
                continue;
            const RankId rank = t.rank(OpId(v));
            addTransfer(v, collectiveName(t, OpId(v)), t.bytes(OpId(v)), group, topology.partialRoute(rank, group));
        }
    }

    // Out-of-scope vertices wait for one more dependency than they will ever see, so nothing they
    // receive resolves them; they are cleared after the pass.
    constexpr std::uint32_t kNever = 0x40000000u;
    for (std::uint32_t v = 0; v < n; ++v) {
        if (!m.inScope[v]) {
            initialPendingStart[v] = kNever;
            initialPendingEnd[v] = kNever;
        }
    }
    // The working state of one vertex, kept together so that resolving a dependency touches one
    // cache line: until an instant is resolved, start and end hold the latest instant it waits for.
    struct State {
        TimeNs start = kUnset;
        TimeNs end = kUnset;
        std::uint32_t startCause = Schedule::kSelf;
        std::uint32_t endCause = Schedule::kSelf;
        std::uint32_t pendingStart = 0;
        std::uint32_t pendingEnd = 0;
    };
    std::vector<std::uint32_t> queue;
    // One pass of the simulation over the current model parameters.
    auto simulate = [&]() -> Status {
        std::vector<State> state(n);
        // Instants whose dependencies are all resolved, taken last in first out: that follows one
        // track's chain while its data is in cache. queue records the order they were resolved in.
        std::vector<std::uint32_t> ready;
        queue.clear();
        queue.reserve(2 * static_cast<std::size_t>(n));
        for (std::uint32_t v = n; v-- > 0;) {
            state[v].pendingStart = initialPendingStart[v];
            state[v].pendingEnd = initialPendingEnd[v];
            if (initialPendingStart[v] == 0)
                ready.push_back(v);
        }
        // One dependency of y's start (or end) resolved at value.
        auto relax = [&](std::uint32_t y, TimeNs value, std::uint32_t cause, bool ofEnd) {
            State& sy = state[y];
            TimeNs& latest = ofEnd ? sy.end : sy.start;
            std::uint32_t& bound = ofEnd ? sy.endCause : sy.startCause;
            // Ties go to the larger cause (ends before starts, then the later vertex), whatever the
            // order the dependencies resolve in.
            if (value > latest || (value == latest && cause > bound)) {
                latest = value;
                bound = cause;
            }
            if (--(ofEnd ? sy.pendingEnd : sy.pendingStart) == 0)
                ready.push_back(ofEnd ? y | Schedule::kEndBit : y);
        };
        // Transfers waiting out their latency, by the time they enter the network.
        using Entry = std::pair<TimeNs, std::uint32_t>;
        std::priority_queue<Entry, std::vector<Entry>, std::greater<>> entering;
        FlowNetwork network(flows ? bandwidth : std::vector<double> {});
        for (;;) {
            while (!ready.empty()) {
                if ((queue.size() & 0xFFFF) == 0 && cancel && cancel->isCancelled())
                    return Status::cancelled();
                const std::uint32_t item = ready.back();
                ready.pop_back();
                queue.push_back(item);
                const std::uint32_t v = item & ~Schedule::kEndBit;
                State& sv = state[v];
                const std::uint32_t firstEdge = graph.outBegin(v), lastEdge = graph.outBegin(v + 1);
                if ((item & Schedule::kEndBit) == 0) {
                    const TimeNs start = sv.start == kUnset ? m.measuredStart(v) : plus(sv.start, s.gap[v]);
                    sv.start = start;
                    for (std::uint32_t e = firstEdge; e < lastEdge; ++e) {
                        if (startsAtStart(graph.ref(e)))
                            relax(graph.target(e), start, v, false);
                    }
                    if (flows && transferOf[v] != kNoTransfer)
                        entering.emplace(plus(start, transfers[transferOf[v]].latency), v);
                    else if (--sv.pendingEnd == 0)
                        ready.push_back(v | Schedule::kEndBit);
                } else {
                    // The end is the later of the own minimum duration and the awaited ends plus the tail.
                    TimeNs end = plus(sv.start, s.minDuration[v]);
                    if (sv.end != kUnset && plus(sv.end, s.tail[v]) > end)
                        end = plus(sv.end, s.tail[v]);
                    else
                        sv.endCause = Schedule::kSelf;
                    sv.end = end;
                    for (std::uint32_t e = firstEdge; e < lastEdge; ++e) {
                        const EdgeRef ref = graph.ref(e);
                        if (ref != EdgeRef::StartToStart)
                            relax(graph.target(e), end, v | Schedule::kEndBit, ref == EdgeRef::EndToEnd);
                    }
                }
            }
            if (entering.empty() && network.idle())
                break;
            // The next event in time: a transfer entering the network, or one completing.
            if (!entering.empty() && (network.idle() || entering.top().first <= network.next().time)) {
                const auto [time, v] = entering.top();
                entering.pop();
                const Transfer& tr = transfers[transferOf[v]];
                network.start(v, time, tr.links, tr.bytes);
                s.peakTransfers = std::max(s.peakTransfers, network.inFlight());
                continue;
            }
            const FlowNetwork::Completion done = network.finishNext();
            s.minDuration[done.id] = minus(done.time, state[done.id].start);
            if (--state[done.id].pendingEnd == 0)
                ready.push_back(done.id | Schedule::kEndBit);
        }
        // Out to the schedule's columns; instants never resolved (out of scope) are cleared.
        s.start.resize(n);
        s.end.resize(n);
        s.startCause.resize(n);
        s.endCause.resize(n);
        for (std::uint32_t v = 0; v < n; ++v) {
            const State& sv = state[v];
            const bool started = sv.pendingStart == 0, ended = sv.pendingEnd == 0;
            s.start[v] = started ? sv.start : kUnset;
            s.end[v] = ended ? sv.end : kUnset;
            s.startCause[v] = started ? sv.startCause : Schedule::kSelf;
            s.endCause[v] = ended ? sv.endCause : Schedule::kSelf;
        }
        return {};
    };
    if (Status st = simulate(); !st.ok())
        return st;

    if (options.overlapSlowdown > 0) {
        // Scale compute kernels by how much more (or less) communication they overlap than measured.
        std::vector<std::vector<std::pair<TimeNs, TimeNs>>> measuredComm(t.ranks().size()), replayedComm(t.ranks().size());
        for (std::uint32_t v = 0; v < ops; ++v) {
            if (!m.inScope[v] || !isCommunication(t.kind(OpId(v))))
                continue;
            const TrackKind k = t.trackInfo(t.track(OpId(v))).kind;
            if (!isGpuTrack(k))
                continue;
            const std::uint32_t r = t.rank(OpId(v)).value();
            measuredComm[r].emplace_back(m.measuredStart(v), m.measuredEnd(v));
            if (s.end[v] != kUnset)
                replayedComm[r].emplace_back(s.start[v], s.end[v]);
        }
        for (auto& iv : measuredComm)
            mergeIntervals(iv);
        for (auto& iv : replayedComm)
            mergeIntervals(iv);
        const double gamma = options.overlapSlowdown;
        for (std::uint32_t v = 0; v < ops; ++v) {
            if (!m.inScope[v] || !selfTimed[v] || t.kind(OpId(v)) != OpKind::ComputeKernel || s.end[v] == kUnset)
                continue;
            const std::uint32_t r = t.rank(OpId(v)).value();
            const double before = coveredFraction(measuredComm[r], m.measuredStart(v), m.measuredEnd(v));
            const double after = coveredFraction(replayedComm[r], s.start[v], s.end[v]);
            s.minDuration[v] = CheckedMath::saturatingRound(static_cast<double>(s.minDuration[v]) * (1 + gamma * after) / (1 + gamma * before));
        }
        if (Status st = simulate(); !st.ok())
            return st;
    }
    s.order = std::move(queue);
    // Results: window, steps, utilisation.
    s.begin = std::numeric_limits<TimeNs>::max();
    s.finish = std::numeric_limits<TimeNs>::min();
    for (std::uint32_t v = 0; v < n; ++v) {
        if (s.start[v] == kUnset)
            continue;
        s.begin = std::min(s.begin, s.start[v]);
        s.finish = std::max(s.finish, s.end[v]);
    }
    // Measured times lie within ±2^62 ns; a replayed time beyond that came from extreme durations or
    // costs (and may have saturated): the replay is then no measure of the job.
    s.timesOutOfRange = (s.begin <= s.finish)
        && (!CheckedMath::isTimeInRange(s.begin) || !CheckedMath::isTimeInRange(s.finish));
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
            s.steps.push_back({ step->rank, step->number, step->end - step->start, minus(s.end[v], s.start[v]) });
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
                s.steps.push_back({ steps[k]->rank, steps[k]->number, steps[k]->end - steps[k]->start, minus(to[k], begin) });
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
        mergeIntervals(intervals);
        TimeNs busy = 0;
        for (const auto& [a, b] : intervals)
            busy = plus(busy, minus(b, a));
        const std::uint32_t r = info.rank.value();
        s.utilisation.push_back({ TrackId(tr), busy, minus(rankEnd[r], rankBegin[r]) });
    }
    return s;
}

} // namespace sightline
