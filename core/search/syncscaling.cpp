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

// The busiest device stream's work whose time follows the samples (SampleScaling), per step of its
// rank, in a replay; each item's time taken as the share its rank would take of a GPU of its own, where
// the ranks shared one (SharedDevices), when shared is given.
double busiestStream(const ReplayResult& replay, const SharedDevices* shared = nullptr)
{
    const ExecutionGraph& g = *replay.graph;
    std::vector<double> busy(g.tracks().size(), 0);
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (g.onDevice(item) && SampleScaling::follows(g.kind(item), false) && replay.schedule.replayed(i))
            busy[g.track(item).value()] += static_cast<double>(replay.schedule.end[i] - replay.schedule.start[i])
                * (shared ? shared->ownShare(g, item) : 1.0);
    }
    std::vector<int> steps(g.ranks().size(), 0);
    for (const ExecStep& step : g.steps())
        ++steps[step.rank.value()];
    double most = 0;
    for (std::size_t t = 0; t < busy.size(); ++t)
        most = std::max(most, busy[t] / std::max(1, steps[g.tracks()[t].rank.value()]));
    return most;
}

// The time the critical path of a replay spends, per step, in work whose time follows the samples: the
// device work, or in a job without GPUs the host ops' own time (SampleScaling), and not the gaps before
// them (launches, framework time), which keep theirs. With shared, as busiestStream takes it.
double samplesOnPath(const ReplayResult& replay, const SharedDevices* shared = nullptr)
{
    const ExecutionGraph& g = *replay.graph;
    const bool hostComputes = SampleScaling::hostComputes(g);
    double total = 0;
    for (const PathSegment& seg : replay.criticalPath.segments) {
        if (SampleScaling::follows(g.kind(seg.item), hostComputes)
            && seg.from >= replay.schedule.start[seg.item.value()])
            total += static_cast<double>(seg.to - seg.from) * (shared ? shared->ownShare(g, seg.item) : 1.0);
    }
    return total / g.stepsPerRank();
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
    const double onPath = std::clamp(samplesOnPath(*base->whatIf), 0.0, std::max(0.0, computing));
    const double busiest = busiestStream(*base->whatIf);
    const SharedDevices shared(*base->whatIf->graph, base->whatIfOptions.topology);
    const double onPathOwn
        = shared.sharesGpus() ? std::clamp(samplesOnPath(*base->whatIf, &shared), 0.0, onPath) : onPath;
    const double busiestOwn = shared.sharesGpus() ? busiestStream(*base->whatIf, &shared) : busiest;
    const auto kept = [&](int n) {
        if (computing <= 0)
            return 1.0;
        if (!globalBatch)
            return (computing - onPath + onPathOwn) / computing;
        const double device = SampleScaling::kFixedShare
            + (1.0 - SampleScaling::kFixedShare) * curve.measuredWorkers / static_cast<double>(n);
        return std::max(computing - onPath + device * onPathOwn, device * busiestOwn) / computing;
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
              { "samples_on_path_ms", onPath / 1e6 }, { "busiest_stream_ms", busiest / 1e6 },
              { "samples_on_path_own_gpu_ms", onPathOwn / 1e6 }, { "busiest_stream_own_gpu_ms", busiestOwn / 1e6 } };
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
    curve.warnings.insert(curve.warnings.end(), base->warnings.begin(), base->warnings.end());
    return curve;
}

} // namespace sightline
