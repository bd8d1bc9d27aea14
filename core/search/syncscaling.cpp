#include "core/search/syncscaling.h"

#include "core/analysis/criticalpath.h"
#include "core/base/checkedmath.h"
#include "core/exec/analysiscache.h"
#include "core/exec/executiongraph.h"
#include "core/exec/tensormodel.h"
#include "core/model/trace.h"
#include "core/replay/schedule.h"
#include "core/search/bucketchannel.h"
#include "core/search/coarsenedview.h"
#include "core/search/evaluator.h"
#include "core/search/scalingreplays.h"
#include "core/search/synccost.h"
#include "core/strategy/batchsize.h"
#include "core/strategy/passes/workercountpass.h"
#include "core/strategy/samplescaling.h"
#include "core/strategy/shareddevices.h"

#include <algorithm>
#include <cmath>

namespace sightline {

namespace {

// Work whose time follows the samples, split as SampleScaling times it: of an op's time, what is under
// its floor keeps its time (fixed); the rest scales.
struct SampleWork {
    double fixed = 0;
    double scales = 0;

    double total() const { return fixed + scales; }
    // The work when the rest scales by factor.
    double scaled(double factor) const { return fixed + factor * scales; }
    // Adds work of time t that keeps its time whatever the samples.
    void keep(double t) { fixed += t; }
    // Adds part of an op of time t (share of it).
    void add(double t, double share)
    {
        const double floor = SampleScaling::kFloorUs * 1000.0;
        fixed += share * std::min(t, floor);
        scales += share * std::max(0.0, t - floor);
    }
    // The work per one of `count` steps.
    void perStep(int count)
    {
        fixed /= std::max(1, count);
        scales /= std::max(1, count);
    }
};

// Each track's work, taken over its rank's steps, made one step's.
void perStepOfRank(const ExecutionGraph& g, std::vector<SampleWork>& tracks)
{
    std::vector<int> steps(g.ranks().size(), 0);
    for (const ExecStep& step : g.steps())
        ++steps[step.rank.value()];
    for (std::size_t t = 0; t < tracks.size(); ++t)
        tracks[t].perStep(steps[g.tracks()[t].rank.value()]);
}

// Each device stream's work whose time follows the samples (SampleScaling), per step of its rank, in a
// replay; each item's time taken as the share its rank would take of a GPU of its own, where the ranks
// shared one (SharedDevices), when shared is given.
std::vector<SampleWork> deviceStreams(
    const ReplayResult& replay, const SampleScaling& samples, const SharedDevices* shared = nullptr)
{
    const ExecutionGraph& g = *replay.graph;
    std::vector<SampleWork> busy(g.tracks().size());
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (g.onDevice(item) && samples.follows(item) && replay.schedule.replayed(i))
            busy[g.track(item).value()].add(static_cast<double>(replay.schedule.end[i] - replay.schedule.start[i])
                    * (shared ? shared->ownShare(g, item) : 1.0),
                1.0);
    }
    perStepOfRank(g, busy);
    return busy;
}

// Each host thread's own work per step of its rank, as the replay times it: of every item on the
// thread, the host time before it (its gap: the framework's time since the op before, or since the
// op enclosing it began) and its own time (a leaf's duration, or what an op runs after its last
// nested op), but for waits (calls that wait for the device: their gap alone) and communication (a
// host-side collective's wait for its peers), and not the time an item waits for work of another
// thread or device, which is not the thread's to shorten. Data loading follows the samples
// (SampleScaling), and in a job without GPUs the ops' own time; the rest, the framework's dispatch
// of each op and its launches, keeps its time: however short a rank's share of the device work, its
// step takes its busiest thread's.
std::vector<SampleWork> hostThreads(const ReplayResult& replay, const SampleScaling& samples)
{
    const ExecutionGraph& g = *replay.graph;
    const Schedule& s = replay.schedule;
    std::vector<SampleWork> busy(g.tracks().size());
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (!g.track(item).isValid() || g.onDevice(item) || !s.replayed(i))
            continue;
        SampleWork& thread = busy[g.track(item).value()];
        const bool before = samples.gapFollows(item);
        if (before)
            thread.add(static_cast<double>(g.gap(item)), 1.0);
        else
            thread.keep(static_cast<double>(g.gap(item)));
        const OpKind kind = g.kind(item);
        if (kind == OpKind::Sync || isCommunication(kind))
            continue;
        bool nests = false;
        for (std::uint32_t e = g.outBegin(i); e < g.outBegin(i + 1) && !nests; ++e)
            nests = g.edgeKind(e) == EdgeKind::Nest;
        const auto ownTime = static_cast<double>(nests ? g.tail(item) : g.minDuration(item));
        if (samples.follows(item))
            thread.add(ownTime, 1.0);
        else
            thread.keep(ownTime);
    }
    perStepOfRank(g, busy);
    return busy;
}

// The least a step takes for its host threads' own work (hostThreads) when the work that follows the
// samples scales by factor: a rank's busiest thread's; of the job, the slowest rank's where all-reduces
// join the ranks, and where each rank goes its own pace (one worker: no all-reduce joins them) the
// harmonic mean of theirs, as StepTimes takes the iteration.
double hostFloor(const ExecutionGraph& g, const std::vector<SampleWork>& threads, double factor, bool alone)
{
    std::vector<double> ranks(g.ranks().size(), 0.0);
    for (std::size_t t = 0; t < threads.size(); ++t) {
        double& rank = ranks[g.tracks()[t].rank.value()];
        rank = std::max(rank, threads[t].scaled(factor));
    }
    double slowest = 0, inverses = 0;
    int counted = 0;
    for (const double r : ranks) {
        if (r <= 0)
            continue;
        slowest = std::max(slowest, r);
        inverses += 1.0 / r;
        ++counted;
    }
    return alone && counted > 0 ? counted / inverses : slowest;
}

// The busiest of the streams when their work scales by factor.
double busiest(const std::vector<SampleWork>& streams, double factor)
{
    double most = 0;
    for (const SampleWork& w : streams)
        most = std::max(most, w.scaled(factor));
    return most;
}

// The time the critical path of a replay spends, per step, in work whose time follows the samples: the
// device work, data loading, or in a job without GPUs the host ops' own time (SampleScaling), and not
// the gaps before them (launches, framework time), which keep theirs, unless nested in data loading.
// With shared, as deviceStreams takes it. A part of an op on the path takes its part of the op's floor.
SampleWork samplesOnPath(const ReplayResult& replay, const SampleScaling& samples, const SharedDevices* shared = nullptr)
{
    const ExecutionGraph& g = *replay.graph;
    SampleWork total;
    for (const PathSegment& seg : replay.criticalPath.segments) {
        const std::uint32_t i = seg.item.value();
        if (seg.from < replay.schedule.start[i]) {
            if (samples.gapFollows(seg.item))
                total.add(static_cast<double>(seg.to - seg.from), 1.0);
            continue;
        }
        if (!samples.follows(seg.item))
            continue;
        const auto span = static_cast<double>(replay.schedule.end[i] - replay.schedule.start[i]);
        if (span <= 0)
            continue;
        total.add(span * (shared ? shared->ownShare(g, seg.item) : 1.0), static_cast<double>(seg.to - seg.from) / span);
    }
    total.perStep(g.stepsPerRank());
    return total;
}

} // namespace

Expected<ScalingCurve> SyncScaling::of(const JobSession& session, const Strategy& prefix, const BaselineKind& baseline,
    const std::vector<int>& workers, bool globalBatch, CandidateExchange& exchange, std::uint64_t memoryLimitBytes,
    const CancellationToken* cancel, ProgressSink* progress)
{
    if (Status s = Evaluator::leavesDeviceCount(prefix); !s.ok())
        return s;
    Evaluator evaluator(
        session, WhatIfRequest { {}, std::nullopt, baseline, 0 }, exchange, memoryLimitBytes, cancel, progress);
    Expected<WhatIfResult> base = evaluator.run(prefix);
    if (!base)
        return base.status();
    const AnalysisCache analyses(base->whatIf->graph);
    Expected<CoarsenedView> view = CoarsenedView::of(analyses, base->whatIf->schedule);
    if (!view)
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core", "synchronous scaling times the gradients' all-reduces, and cannot here: %1"),
                { view.status().detailMessage() }));
    Expected<SyncCost> cost = SyncCost::of(analyses, base->whatIfOptions);
    if (!cost)
        return cost.status();

    ScalingCurve curve;
    curve.mode = ScalingCurve::Mode::Sync;
    curve.measuredWorkers = WorkerCountPass::measuredWorkers(analyses);
    if (std::optional<Message> replicas = WorkerCountPass::replicaNote(analyses))
        curve.warnings.push_back(std::move(*replicas));
    curve.globalBatch = globalBatch;
    if (const std::optional<BatchSize::Found> batch = BatchSize::of(session.trace()))
        curve.batch = static_cast<double>(batch->size) * base->stepSamplesFactor;
    const TimeNs own = Evaluator::outcomeOf(*base).iterationNs;
    TimeNs lastReady = 0;
    std::int64_t bytes = 0;
    for (const CoarsenedView::Unit& u : view->units()) {
        lastReady = std::max(lastReady, u.readyNs);
        bytes += u.bytes;
    }
    const auto exposed = [&](const CoarsenedView& v, const SyncCost& c, TimeNs ready) {
        return std::max<TimeNs>(0, BucketChannel(v, c).end(v.measured()) - ready);
    };
    // The job's own exposed communication is its replay's (as whatif reports it): the bucket channel
    // takes the gradients' readiness from that replay, where a slow link (a base that slows the
    // network) also delays work that waits for earlier all-reduces, and would hide the queue.
    const TimeNs ownExposed = std::clamp<TimeNs>(base->exposedWhatIf, 0, own);
    // What a worker's step without exposed communication keeps of its time on n workers: the work on its
    // critical path that follows the samples (samplesOnPath, one step's) scales with them, the rest does
    // not, and the busiest device stream's work, scaled, may come to hold the step. Ranks that shared a
    // GPU as measured each have one of their own at another count (as worker_count's replays do), their
    // kernels taking their share of the shared GPU's time.
    const auto computing = static_cast<double>(own - ownExposed);
    const SampleScaling samples(*base->whatIf->graph, SampleScaling::kFloorUs, SampleScaling::kFixedShare, 1.0);
    const SampleWork path = samplesOnPath(*base->whatIf, samples);
    const double onPath = std::clamp(path.total(), 0.0, std::max(0.0, computing));
    const std::vector<SampleWork> streams = deviceStreams(*base->whatIf, samples);
    const SharedDevices shared(*base->whatIf->graph, base->whatIfOptions.topology);
    const SampleWork pathOwn = shared.sharesGpus() ? samplesOnPath(*base->whatIf, samples, &shared) : path;
    const double onPathOwn = std::clamp(pathOwn.total(), 0.0, onPath);
    const std::vector<SampleWork> streamsOwn = shared.sharesGpus() ? deviceStreams(*base->whatIf, samples, &shared) : streams;
    const std::vector<SampleWork> hosts = hostThreads(*base->whatIf, samples);
    // On n workers sharing the global batch, the work above the floor scales as worker_count's batch
    // "global" scales it: from the samples the prefix left a rank with (its prior). Each keeps its batch
    // otherwise.
    const auto shareAt = [&](int n) {
        return globalBatch ? SampleScaling::keptShare(
                   SampleScaling::kFixedShare, curve.measuredWorkers / static_cast<double>(n), base->samplesFactor)
                           : 1.0;
    };
    const auto kept = [&](int n) {
        if (computing <= 0)
            return 1.0;
        if (!globalBatch)
            return (computing - onPath + onPathOwn) / computing;
        const double f = shareAt(n);
        const double pathScaled = pathOwn.total() > 0 ? pathOwn.scaled(f) * onPathOwn / pathOwn.total() : 0.0;
        return std::max(computing - onPath + pathScaled, busiest(streamsOwn, f)) / computing;
    };
    // The bucket channel sees the gradients' all-reduces alone, each as soon as its link is free: the
    // replay's exposed communication at the job's own count holds more (other collectives, such as an
    // embedding's all-to-all, and work queued behind them) or less (transfers the replay hides behind
    // host work). What the channel leaves unexplained there is kept at every count with gradients to
    // all-reduce (two workers or more), so that the model passes through the replay at the job's own
    // count rather than stepping onto it; one worker all-reduces nothing, and the queue behind slow
    // all-reduces goes with them.
    const TimeNs channelOwn = exposed(*view, cost->among(curve.measuredWorkers), lastReady);
    const TimeNs unexplained = ownExposed - channelOwn;
    const auto buckets = static_cast<std::size_t>(std::count(view->measured().begin(), view->measured().end(), 1) + 1);
    curve.parameters
        = { { "iteration_ms", static_cast<double>(own) / 1e6 }, { "exposed_ms", static_cast<double>(ownExposed) / 1e6 },
              { "unexplained_exposed_ms", static_cast<double>(unexplained) / 1e6 },
              { "gradient_bytes", static_cast<double>(bytes) }, { "buckets", static_cast<double>(buckets) },
              { "samples_on_path_ms", onPath / 1e6 }, { "busiest_stream_ms", busiest(streams, 1.0) / 1e6 },
              { "samples_on_path_own_gpu_ms", onPathOwn / 1e6 },
              { "busiest_stream_own_gpu_ms", busiest(streamsOwn, 1.0) / 1e6 },
              { "samples_on_path_floor_ms", pathOwn.fixed / 1e6 },
              { "host_floor_ms", hostFloor(*base->whatIf->graph, hosts, 1.0, false) / 1e6 } };
    // Buckets the tensor model could give no gradient of their own join a neighbour's in the view: the
    // channel then all-reduces fewer, larger buckets than the job does.
    if (const Expected<TensorModel>& tensors = analyses.tensors();
        tensors && !tensors->steps().empty() && tensors->steps().front().buckets.size() > buckets)
        curve.warnings.emplace_back(SL_TEXT("Core",
                                        "the model all-reduces %1 gradient buckets a step where the job's step has "
                                        "%2: the trace gives the others no gradient of their own, so their bytes go "
                                        "with their neighbours', in fewer and larger all-reduces than the job's"),
            std::vector<Message::Arg> { buckets, tensors->steps().front().buckets.size() });

    const auto modelAt = [&](int n) {
        ScalingPoint p;
        p.workers = n;
        if (n == curve.measuredWorkers) {
            p.iterationNs = own;
        } else {
            const double k = kept(n);
            const CoarsenedView scaled = view->readyScaled(k);
            const TimeNs channel
                = exposed(scaled, cost->among(n), CheckedMath::saturatingRound(k * static_cast<double>(lastReady)));
            p.iterationNs = CheckedMath::saturatingRound(k * static_cast<double>(own - ownExposed))
                + std::max<TimeNs>(0, channel + (n > 1 ? unexplained : 0));
            // However short the device work of a rank's share, the step takes its host's own work.
            p.iterationNs = std::max(p.iterationNs,
                CheckedMath::saturatingRound(hostFloor(*base->whatIf->graph, hosts, shareAt(n), n == 1)));
        }
        p.stepsPerSecond = curve.stepsPerSecondAt(n, p.iterationNs);
        return p;
    };
    for (int n : workers)
        curve.points.push_back(modelAt(n));
    // Each count replayed whole (its batch shared when strong); the job's own count is the prefix.
    const auto step = [&](int n) -> std::optional<PassStep> {
        if (n == curve.measuredWorkers)
            return std::nullopt;
        return PassStep { "worker_count",
            { { "workers", static_cast<double>(n) }, { "batch", std::string(globalBatch ? "global" : "per_rank") } } };
    };
    if (Status s = ScalingReplays::fill(session, prefix, *base, evaluator, step, curve); !s.ok())
        return s;
    curve.markMeasured(base->whatIf->schedule);
    curve.relate(modelAt(1).stepsPerSecond);
    const std::vector<Message> baseWarnings = WhatIfResult::saidOf(prefix.steps, base->warnings);
    curve.warnings.insert(curve.warnings.end(), baseWarnings.begin(), baseWarnings.end());
    return curve;
}

} // namespace sightline
