#include "core/session/jobsession.h"

#include "core/analysis/exposedcommunication.h"
#include "core/analysis/hostwork.h"
#include "core/analysis/replaychecks.h"
#include "core/analysis/steptimes.h"
#include "core/base/checkedmath.h"
#include "core/base/message.h"
#include "core/base/parallel.h"
#include "core/base/progress.h"
#include "core/base/resourcelimits.h"
#include "core/cost/linktopology.h"
#include "core/exec/analysiscache.h"
#include "core/exec/instantorder.h"
#include "core/exec/tensormodel.h"
#include "core/graph/dependencygraph.h"
#include "core/model/trace.h"
#include "core/strategy/passes/tensorfusionpass.h"
#include "core/strategy/strategyrunner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>

namespace sightline {

namespace {

// The templates of the result's self-checks (WhatIfResult::isSelfCheck).
constexpr const char* kBaselineCheck = SL_TEXT("Core", "baseline: %1");
constexpr const char* kWhatIfCheck = SL_TEXT("Core", "what-if: %1");

} // namespace

double WhatIfResult::throughputChange() const
{
    const double before = static_cast<double>(StepTimes::iteration(baseline->schedule).replayed);
    const double after = static_cast<double>(StepTimes::iteration(whatIf->schedule).replayed);
    return after > 0 ? stepSamplesFactor * before / after - 1.0 : 0.0;
}

bool WhatIfResult::isSelfCheck(const Message& warning)
{
    return std::string_view(warning.text()) == kBaselineCheck || isWhatIfCheck(warning);
}

bool WhatIfResult::isWhatIfCheck(const Message& warning)
{
    return std::string_view(warning.text()) == kWhatIfCheck;
}

Message WhatIfResult::asBaselineCheck(const Message& whatIfCheck)
{
    return Message(kBaselineCheck, whatIfCheck.args());
}

std::vector<Message> WhatIfResult::saidOf(const std::vector<PassStep>& steps, std::vector<Message> warnings)
{
    if (!steps.empty())
        return warnings;
    const std::vector<Message> all = warnings;
    std::erase_if(warnings, [&](const Message& w) {
        return isWhatIfCheck(w) && std::find(all.begin(), all.end(), asBaselineCheck(w)) != all.end();
    });
    return warnings;
}

// Per baseline: each measured op's replayed time, the exposed communication, and what its figures say
// of one another; and, made by the first what-if that re-buckets and kept unless it was cancelled, what
// re-bucketing alone moves (rebucketDrift).
struct JobSession::BaselineFacts {
    std::vector<TimeNs> perOp; // OpChanges::perOp
    TimeNs exposed = 0; // ExposedCommunication::perIteration
    std::vector<Message> checks; // ReplayChecks::of
    HostWork::Spread hostSpread; // HostWork::widest
    std::optional<Message> untimedForward; // untimedForwardOf
    mutable std::mutex rebucketMutex;
    mutable bool rebucketKnown = false;
    mutable std::optional<Message> rebucket;
};

JobSession::~JobSession() = default;

Expected<std::shared_ptr<const JobSession>> JobSession::open(std::shared_ptr<const Trace> trace,
    const SessionOptions& options, const ResourceLimits& limits, const CancellationToken* cancel)
{
    if (Status s = Replayer::checkMemory(*trace, limits); !s.ok())
        return s;
    Expected<std::shared_ptr<const DependencyGraph>> graph = DependencyGraph::build(std::move(trace), {}, cancel);
    if (!graph)
        return graph.status();
    std::shared_ptr<JobSession> session(new JobSession);
    session->m_maxWhatIfItems = WhatIfJob::maxItemsFor(limits.maxMemoryBytes);
    session->m_graph = std::move(*graph);
    const std::size_t ranks = session->m_graph->trace().ranks().size();
    for (const auto& [r, value] : options.alignment.overrides) {
        if (r >= ranks)
            return Status::error(ErrorCode::InvalidArgument, {}, -1,
                "a clock offset is given for rank index " + std::to_string(r) + ", but the job has " + std::to_string(ranks) + " ranks");
        if (value < -AlignmentOptions::kMaxOffsetNs || value > AlignmentOptions::kMaxOffsetNs)
            return Status::error(ErrorCode::ValueOutOfRange, {}, -1,
                "the clock offset of rank index " + std::to_string(r) + " is " + std::to_string(value) + " ns; an offset is at most a day");
    }
    if (options.align) {
        session->m_alignment = ClockAligner::align(*session->m_graph, options.alignment);
    } else {
        session->m_alignment.offsets.assign(ranks, 0);
        for (const auto& [r, value] : options.alignment.overrides) {
            if (r < ranks)
                session->m_alignment.offsets[r] = value;
        }
    }
    if (cancel && cancel->isCancelled())
        return Status::cancelled();
    ExtractOptions extract = options.extract;
    extract.rankOffsets = session->m_alignment.offsets;
    Expected<std::shared_ptr<const ExecutionGraph>> measured = CostExtractor::extract(*session->m_graph, extract, cancel);
    if (!measured)
        return measured.status();
    session->m_measured = std::move(*measured);
    session->m_analyses = std::make_shared<AnalysisCache>(session->m_measured);
    session->m_memory = options.memory;
    return std::shared_ptr<const JobSession>(std::move(session));
}

const Trace& JobSession::trace() const
{
    return m_graph->trace();
}

std::array<LinkFit, kLinkTypeCount> JobSession::fitCostModel(const TopologyOptions& topology, CostModel& model) const
{
    return CostExtractor::fitCostModel(*m_graph, m_alignment.offsets, topology, model);
}

Expected<JobSession::Baseline> JobSession::baseline(const BaselineKind& kind, const CancellationToken* cancel) const
{
    const std::lock_guard lock(m_baselineMutex);
    for (const auto& [made, kept] : m_baselines) {
        if (made == kind)
            return kept;
    }
    Baseline made;
    made.profilerOverhead = ProfilerOverhead::estimate(*m_measured, kind.profilerOverheadNs);
    Expected<std::shared_ptr<const ExecutionGraph>> graph = ProfilerOverhead::remove(m_measured, made.profilerOverhead.perEventNs);
    if (!graph)
        return graph.status();
    made.graph = std::move(*graph);
    // Only costs changed: every analysis of the measured graph holds.
    made.analyses = made.graph == m_measured ? m_analyses : m_analyses->after(made.graph, AnalysisCache::kAll);
    made.options.communication = kind.communication;
    if (kind.communication == CommSource::CostModel && kind.fit)
        made.options.fits = fitCostModel(made.options.topology, made.options.costModel);
    Expected<ReplayResult> replayed = replay(made.graph, made.options, cancel, m_memory);
    if (!replayed)
        return replayed.status();
    made.replay = std::make_shared<const ReplayResult>(std::move(*replayed));
    m_baselines.emplace_back(kind, made);
    return made;
}

Expected<ReplayResult> JobSession::replay(const ReplayOptions& options, const CancellationToken* cancel) const
{
    return replay(m_measured, options, cancel, m_memory);
}

namespace {

// A trace that times its backward work but none of its forward ops (B-Caffe's logs): the iteration
// leaves the forward out, and a what-if that recomputes, repeats or re-costs it counts it as free.
std::optional<Message> untimedForwardOf(const ExecutionGraph& g)
{
    TimeNs forward = 0, backward = 0;
    std::size_t forwards = 0;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (isCommunication(g.kind(item)))
            continue;
        if (g.phase(item) == Phase::Forward) {
            ++forwards;
            forward = CheckedMath::timeAdd(forward, g.minDuration(item));
        } else if (g.phase(item) == Phase::Backward)
            backward = CheckedMath::timeAdd(backward, g.minDuration(item));
    }
    if (forwards == 0 || forward > 0 || backward <= 0)
        return std::nullopt;
    return Message(SL_TEXT("Core",
                       "the trace records no time for its %1 forward ops: the iterations leave the forward out, and "
                       "what recomputes, repeats or re-costs it is counted as free"),
        { forwards });
}

} // namespace

std::shared_ptr<const JobSession::BaselineFacts> JobSession::factsOf(const std::shared_ptr<const ReplayResult>& baseline) const
{
    const std::lock_guard lock(m_factsMutex);
    for (const auto& [of, facts] : m_facts) {
        if (of == baseline)
            return facts;
    }
    auto facts = std::make_shared<BaselineFacts>();
    facts->perOp = OpChanges::perOp(*baseline->graph, baseline->schedule);
    facts->exposed = ExposedCommunication::perIteration(*baseline->graph, baseline->schedule);
    facts->checks = ReplayChecks::of(*baseline->graph, baseline->schedule, baseline->criticalPath);
    facts->hostSpread = HostWork::widest(*baseline->graph);
    facts->untimedForward = untimedForwardOf(*baseline->graph);
    m_facts.emplace_back(baseline, facts);
    return facts;
}

namespace {

// The baseline (estimated against the session's budget) judged against the request's: itself when the
// two are the same, else a copy with its memory estimated again.
std::shared_ptr<const ReplayResult> judged(std::shared_ptr<const ReplayResult> replay, const MemoryOptions& memory, const MemoryOptions& session)
{
    if (memory.budgetBytes == session.budgetBytes)
        return replay;
    auto copy = std::make_shared<ReplayResult>(*replay);
    copy->memory = MemoryEstimator::estimate(*copy->graph, copy->schedule, memory);
    return copy;
}

// A what-if whose replay waits in a cycle that the measured job does not: the first step after which
// the graph's instants cannot be ordered, named with the steps before it.
Status cycleOfSteps(const Status& cycle, std::span<const BoundStep> steps, WhatIfJob job, const CancellationToken* cancel)
{
    for (std::size_t k = 0; k < steps.size(); ++k) {
        Expected<WhatIfJob> next = StrategyRunner::apply(steps.subspan(k, 1), std::move(job), cancel);
        if (!next)
            return next.status();
        job = std::move(*next);
        if (InstantOrder(*job.graph).complete())
            continue;
        std::string before;
        for (std::size_t j = 0; j < k; ++j)
            before += (j ? ", " : "") + steps[j].label();
        const Message what = before.empty()
            ? Message(SL_TEXT("Core", "%1 makes the job's work wait for itself in a cycle: the strategy cannot be replayed as it stands (%2)"),
                  { steps[k].label(), cycle.message() })
            : Message(SL_TEXT("Core", "%1, applied after %2, makes the job's work wait for itself in a cycle: the strategy cannot be replayed as it stands (%3)"),
                  { steps[k].label(), before, cycle.message() });
        return Status::error(ErrorCode::DependencyCycle, {}, -1, what);
    }
    return cycle;
}

std::string number(double v, int precision)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", precision, v);
    return text;
}

// What the cost model assumed that the trace did not measure, for a replay that times transfers with
// it: link types the transfers cross whose parameters were neither fitted to the trace nor given (their
// defaults), fits worse than 20 %, and hosts or intra-host links the trace does not name.
// The share of a critical path that is host work (framework ops, the host time between them, and
// launches).
double hostShare(const CriticalPath& path)
{
    if (path.length <= 0)
        return 0.0;
    const auto of = [&](PathCategory c) { return static_cast<double>(path.total[static_cast<std::size_t>(c)]); };
    return (of(PathCategory::Host) + of(PathCategory::Launch)) / static_cast<double>(path.length);
}

// On a job with device work, a step's host work with the profiler's cost per event put back, and the
// what-if's iteration, where the former is the longer; nothing otherwise. Asked only once hostBoundNote's
// cheaper tests have not decided: it reads every item.
std::optional<std::pair<TimeNs, TimeNs>> hostOutlasts(
    const ProfilerOverhead::Estimate& overhead, const ExecutionGraph& whatIf, const Schedule& schedule)
{
    if (!overhead.device)
        return std::nullopt;
    const auto iteration = static_cast<TimeNs>(std::llround(StepTimes::iteration(schedule).replayed));
    const TimeNs hostWithCost = HostWork::mostWith(whatIf, static_cast<TimeNs>(std::llround(overhead.perEventNs)));
    if (iteration <= 0 || hostWithCost <= iteration)
        return std::nullopt;
    return std::pair { hostWithCost, iteration };
}

// A what-if whose time rests on the estimate of the profiler's cost, of a job that had it taken out:
// - the strategy made it bound by its host: on the H100 check set such predictions were up to 30 % slow
//   (docs/fidelity.md), the per-event cost not holding all the profiler's host time;
// - or, on a job with device work, with the cost put back, a step's host work (its threads', as
//   HostWork counts it, which a training step's forward and backward threads hand one another) would outlast
//   the what-if's iteration: the removal made room for the device to set the pace, and where the
//   profiler cost this host less than estimated, or the strategy adds host work the what-if does not
//   hold, the job stays bound by its host (the H200 check set's gpt-large bf16: 29 % fast, with
//   autocast's dispatch on every op, docs/fidelity.md).
// Where the steps' host work differs by more than a fifth, the what-if follows which step it copies:
// the note names the two that differ most.
std::optional<Message> hostBoundNote(const ProfilerOverhead::Estimate& overhead, const CriticalPath& before,
    const CriticalPath& after, const HostWork::Spread& spread, const ExecutionGraph& whatIf, const Schedule& schedule)
{
    constexpr double kBound = 0.25, kRise = 0.15, kStepSpread = 1.2;
    const double was = hostShare(before), is = hostShare(after);
    if (overhead.perEventNs <= 0)
        return std::nullopt;
    const auto pct = [](double v) { return static_cast<int>(std::lround(100 * v)); };
    const auto ms = [](TimeNs t) { return number(static_cast<double>(t) / 1e6, 1); };
    Message note;
    if (is >= kBound && is - was >= kRise)
        note = Message(SL_TEXT("Core",
                           "the what-if is bound by its host (%1 % of its critical path is host work and launches, "
                           "against %2 % in the baseline): "
                           "its time rests on the estimate of the profiler's cost per host event, and host-bound "
                           "predictions of the GPU check set "
                           "were up to 30 % slow; the job without the profiler may be faster"),
            { pct(is), pct(was) });
    else if (const std::optional<std::pair<TimeNs, TimeNs>> over = hostOutlasts(overhead, whatIf, schedule)) {
        const auto [hostWithCost, iteration] = *over;
        note = Message(
            SL_TEXT("Core",
                "with the profiler's estimated cost put back, the host work of a step (%1 ms) outlasts the what-if's "
                "iteration (%2 ms): its time rests on the estimate of the profiler's cost per host event, and where "
                "the profiler cost "
                "this host less, or the strategy adds host work the what-if does not hold, the job stays bound by its "
                "host (a GPU "
                "check set's prediction was 29 % fast so); the job without the profiler may be slower"),
            { ms(hostWithCost), ms(iteration) });
    } else
        return std::nullopt;
    if (spread.ratio() > kStepSpread)
        note = Message(SL_TEXT("Core",
                           "%1. Its steps' host work differs by %2 % (rank %3: step %4 %5 ms, step %6 %7 ms), and the "
                           "what-if copies each "
                           "step's own: replayed one step at a time, it shows how far that moves it"),
            { std::move(note), pct(spread.ratio() - 1), spread.rank.value(), spread.fastStep, ms(spread.fast),
                spread.slowStep, ms(spread.slow) });
    return note;
}

// Transfers priced by a fit that could not tell the link's latency from its bandwidth, at sizes more
// than CostModel::kSeparableSpread away from those it measured: their per-call cost is the kept latency's, not the trace's.
std::optional<Message> extrapolationNote(LinkType type, const LinkFit& fit, const Replayer::LinkTransfers& transfers, const LinkParameters& p)
{
    if (fit.latencyFitted || transfers.count == 0 || fit.smallestBytes <= 0)
        return std::nullopt;
    const auto smallest = static_cast<double>(transfers.smallestBytes), largest = static_cast<double>(transfers.largestBytes);
    if (smallest * CostModel::kSeparableSpread >= static_cast<double>(fit.smallestBytes)
        && largest <= CostModel::kSeparableSpread * static_cast<double>(fit.largestBytes))
        return std::nullopt;
    const auto mb = [](double bytes) { return number(bytes / 1e6, bytes < 1e6 ? 3 : 1); };
    std::vector<Message::Arg> args { fit.samples, linkTypeName(type), mb(static_cast<double>(fit.smallestBytes)), mb(static_cast<double>(fit.largestBytes)),
        number(p.alphaNs / 1000.0, 1), mb(smallest), mb(largest) };
    if (fit.hostCallLatency)
        return Message(SL_TEXT("Core", "the trace's %1 %2 transfers are all of about one size (%3–%4 MB), which cannot tell a per-call cost from the bandwidth: "
                                       "the cost model keeps %5 us per step, not the trace's, and times transfers of %6–%7 MB by it (gloo's per-call cost on "
                                       "the calibration set's 1 MB buckets, docs/fidelity.md: it may differ on this job's host)"),
            std::move(args));
    return Message(SL_TEXT("Core", "the trace's %1 %2 transfers are all of about one size (%3–%4 MB), which cannot tell a per-call cost from the bandwidth: "
                                   "the cost model keeps %5 us per step, not the trace's, and times transfers of %6–%7 MB by it, and a per-call cost it does "
                                   "not know may make them far slower or faster"),
        std::move(args));
}

std::vector<Message> costModelNotes(const ExecutionGraph& g, const ReplayOptions& o)
{
    std::vector<Message> notes;
    if (o.communication != CommSource::CostModel)
        return notes;
    const std::array<Replayer::LinkTransfers, kLinkTypeCount> crossing = Replayer::transfersByLink(g, o);
    const LinkTopology topology(placementsOf(g.ranks()), o.topology);
    for (int l = 0; l < kLinkTypeCount; ++l) {
        const auto type = static_cast<LinkType>(l);
        const Replayer::LinkTransfers& transfers = crossing[static_cast<std::size_t>(l)];
        const std::size_t count = transfers.count;
        if (count == 0 || o.given(type))
            continue;
        const LinkFit& fit = o.fits[static_cast<std::size_t>(l)];
        const LinkParameters& p = o.costModel.parameters(type);
        if (fit.fitted) {
            if (fit.meanAbsErrorPct > 20)
                notes.emplace_back(SL_TEXT("Core", "the cost model fits the trace's %1 %2 transfers with a mean error of %3 %: the %4 transfer times it gives may be off by as much"),
                    std::vector<Message::Arg> { fit.samples, linkTypeName(type), number(fit.meanAbsErrorPct, 1), count });
            if (std::optional<Message> note = extrapolationNote(type, fit, transfers, p))
                notes.push_back(*note);
            continue;
        }
        std::vector<Message::Arg> args { count, linkTypeName(type), number(p.alphaNs / 1000.0, 1), number(p.bytesPerNs, 2) };
        // A kind of link the measured transfers crossed is taken as fast as they ran; one no faster
        // than a faster kind the trace measured.
        if (const std::optional<LinkType> by = fit.raisedBy ? fit.raisedBy : fit.boundedBy) {
            args.emplace_back(linkTypeName(*by));
            notes.emplace_back(fit.raisedBy
                    ? SL_TEXT("Core",
                        "%1 transfers cross %2 links, which the trace measured no transfer over on their own: its "
                        "%5 transfers crossed them, so they are timed at the bandwidth those were fitted to, "
                        "which the links reach at least, and at the default latency (%3 us per step, %4 GB/s; the "
                        "network pass sets them)")
                    : SL_TEXT("Core",
                        "%1 transfers cross %2 links, which the trace measured no transfer over: the cost model's "
                        "defaults for them would be faster than the %5 links it measured, so they are timed no "
                        "faster than those (%3 us per step, %4 GB/s; the network pass sets them)"),
                std::move(args));
        } else if (fit.samples > 0)
            notes.emplace_back(SL_TEXT("Core", "%1 transfers cross %2 links, which the trace measured no transfer over: they are timed by parameters the fit could "
                                               "not separate (%3 us per step, %4 GB/s; the network pass sets them)"),
                std::move(args));
        else
            notes.emplace_back(SL_TEXT("Core", "%1 transfers cross %2 links, which the trace measured no transfer over: they are timed by the cost model's defaults "
                                               "(%3 us per step, %4 GB/s; the network pass sets them)"),
                std::move(args));
    }
    // Transfers whose size the trace does not record (BytePS's timelines) keep their measured times,
    // unless among one rank (transfersByLink leaves those out).
    std::size_t unsized = 0, all = 0;
    for (const Replayer::LinkTransfers& transfers : crossing) {
        unsized += transfers.unsized;
        all += transfers.count + transfers.unsized;
    }
    if (unsized > 0)
        notes.emplace_back(
            SL_TEXT("Core",
                "%1 of the %2 transfers record no size (the trace does not say how many bytes they move): the "
                "cost model cannot time them, so they keep their measured times, and no change of bandwidth, link "
                "or group size moves them, other than to a group of one rank, which moves nothing"),
            std::vector<Message::Arg> { unsized, all });
    const bool acrossHosts = crossing[static_cast<std::size_t>(LinkType::Network)].count > 0;
    if (topology.hostsAssumed() && (acrossHosts || g.ranks().size() > 1))
        notes.emplace_back(SL_TEXT("Core", "the trace names no hosts: %1 ranks per host are assumed (the network pass's ranks_per_host sets them)"),
            std::vector<Message::Arg> { TopologyOptions::kDefaultRanksPerHost });
    if (topology.intraHostAssumed() && crossing[static_cast<std::size_t>(topology.intraHost())].count > 0)
        notes.emplace_back(SL_TEXT("Core", "the trace's devices do not say how the GPUs of a host connect: %1 is assumed (the network pass's intra_host sets it)"),
            std::vector<Message::Arg> { linkTypeName(topology.intraHost()) });
    return notes;
}

// The buckets each measured step gives its gradients, as tensor_fusion's groups ("0-3,4,5-9"); empty
// where a bucket is not a run of tensors in ready order, or carries none of them (the model found no
// gradient of its own in it), which groups cannot say.
std::string measuredGroups(const TensorModel& tensors)
{
    if (tensors.steps().empty())
        return {};
    const TensorModel::Step& step = tensors.steps().front();
    std::vector<std::uint32_t> bucketOf;
    for (const TensorModel::Tensor& t : step.tensors) {
        const std::uint32_t expected = bucketOf.empty() ? 0 : bucketOf.back();
        if (t.bucket != expected && t.bucket != expected + 1)
            return {};
        bucketOf.push_back(t.bucket);
    }
    if (bucketOf.empty() || bucketOf.back() + 1 != step.buckets.size())
        return {};
    return TensorFusionPass::groupsText(bucketOf);
}

// The job rebuilt with its own measured buckets and replayed against its baseline: what re-bucketing
// moves by its model alone (gloo's host-side buckets lose the waits the dependency graph found on
// them). A note where that is 2 % or more; nothing where it is less, or where the measured buckets
// cannot be given as groups. Cancelled when cancel is.
Expected<std::optional<Message>> rebucketDrift(
    const WhatIfJob& start, const ReplayResult& before, const CancellationToken* cancel)
{
    const Expected<TensorModel>& tensors = start.analysisCache->tensors();
    const std::string groups = tensors ? measuredGroups(*tensors) : std::string();
    if (groups.empty())
        return std::optional<Message>();
    const Strategy same { { PassStep { "tensor_fusion", { { "groups", groups } } } } };
    Expected<WhatIfJob> rebuilt = StrategyRunner::apply(same, start, cancel);
    if (!rebuilt)
        return rebuilt.status().code() == ErrorCode::Cancelled ? Expected<std::optional<Message>>(rebuilt.status())
                                                               : std::optional<Message>();
    Expected<Schedule> schedule = Replayer::replay(*rebuilt->graph, rebuilt->options, cancel);
    if (!schedule)
        return schedule.status().code() == ErrorCode::Cancelled ? Expected<std::optional<Message>>(schedule.status())
                                                                : std::optional<Message>();
    constexpr double kNoted = 0.02;
    const double baselineNs = StepTimes::iteration(before.schedule).replayed;
    const double rebuiltNs = StepTimes::iteration(*schedule).replayed;
    if (baselineNs <= 0 || std::abs(rebuiltNs / baselineNs - 1.0) < kNoted)
        return std::optional<Message>();
    char drift[32];
    std::snprintf(drift, sizeof drift, "%+.1f %%", 100.0 * (rebuiltNs / baselineNs - 1.0));
    return std::optional<Message>(Message(SL_TEXT("Core",
                                              "rebuilt with its own measured buckets (%1), the job replays %2 against "
                                              "its baseline (%3 against %4 ms): re-bucketing alone moves it that much, "
                                              "and the figures of this step carry it"),
        { groups.size() > 40 ? groups.substr(0, 37) + "..." : groups, std::string(drift), number(rebuiltNs / 1e6, 3),
            number(baselineNs / 1e6, 3) }));
}

} // namespace

Expected<WhatIfResult> JobSession::whatIf(const WhatIfRequest& request, const CancellationToken* cancel, const WhatIfHooks& hooks) const
{
    Expected<std::vector<BoundStep>> steps = StrategyRunner::bind(request.strategy);
    if (!steps)
        return steps.status();
    BaselineKind kind = request.baseline;
    if (StrategyRunner::needsCostModel(request.strategy))
        kind.communication = CommSource::CostModel;
    Expected<Baseline> base = baseline(kind, cancel);
    if (!base)
        return base.status();
    WhatIfResult result;
    result.baselineOptions = base->options;
    result.profilerOverhead = base->profilerOverhead;
    const WhatIfJob start { base->graph, result.baselineOptions, {}, m_maxWhatIfItems, base->analyses, std::nullopt };
    Expected<WhatIfJob> job = StrategyRunner::apply(*steps, start, cancel);
    if (!job)
        return job.status();
    result.whatIfOptions = job->options;
    result.stepSamplesFactor = job->samplesFactor * job->workersFactor * job->stepRepeats;
    result.samplesFactor = job->samplesFactor;
    result.fractionalSamples = job->fractionalSamples;
    result.warnings = std::move(job->warnings);
    if (!result.profilerOverhead.warning.empty())
        result.warnings.emplace_back(SL_TEXT("Core", "profiler overhead: %1"), std::vector<Message::Arg> { result.profilerOverhead.warning });
    const std::shared_ptr<const BaselineFacts> facts = factsOf(base->replay);
    const auto rebuckets = std::find_if(
        steps->begin(), steps->end(), [](const BoundStep& s) { return s.pass->name() == "tensor_fusion"; });
    if (rebuckets != steps->end()) {
        const std::lock_guard lock(facts->rebucketMutex);
        if (!facts->rebucketKnown) {
            Expected<std::optional<Message>> drift = rebucketDrift(start, *base->replay, cancel);
            if (!drift)
                return drift.status();
            facts->rebucket = std::move(*drift);
            facts->rebucketKnown = true;
        }
        if (facts->rebucket)
            result.warnings.push_back(rebuckets->said(*facts->rebucket));
    }
    const std::shared_ptr<const ReplayResult>& before = base->replay;
    const Expected<TensorModel>& tensors = base->analyses->tensors();
    const MemoryOptions memory = request.memory.value_or(m_memory);
    result.exposedBaseline = facts->exposed;
    if (hooks.planned)
        hooks.planned(job->graph, before);
    const ExecutionGraph& graph = *job->graph;
    // While the what-if's critical path and memory are found: the baseline judged against the budget
    // and what the comparison reads of the what-if's times, each on every core; then the caller's work.
    const auto meanwhile = [&](const Schedule& s) {
        parallelFor(4, [&](std::size_t part) {
            if (part == 0)
                result.baseline = judged(before, memory, m_memory);
            else if (part == 1)
                result.changes = OpChanges::largest(facts->perOp, graph, s, request.listed);
            else if (part == 2)
                result.exposedWhatIf = ExposedCommunication::perIteration(graph, s);
            else if (tensors)
                result.tensorChanges = TensorChanges::largest(*tensors, *before->graph, before->schedule, graph, s, request.listed);
        });
        if (hooks.meanwhile)
            hooks.meanwhile(s);
    };
    Expected<ReplayResult> changed = replay(job->graph, job->options, cancel, memory, meanwhile, Slack::Without);
    if (!changed) {
        if (changed.status().code() == ErrorCode::DependencyCycle)
            return cycleOfSteps(changed.status(), *steps, start, cancel);
        return changed.status();
    }
    result.whatIf = std::make_shared<const ReplayResult>(std::move(*changed));
    // The result checks itself: each side's figures against one another.
    if (facts->untimedForward)
        result.warnings.push_back(*facts->untimedForward);
    for (const Message& w : facts->checks)
        result.warnings.emplace_back(kBaselineCheck, std::vector<Message::Arg> { w });
    for (Message& w : ReplayChecks::of(graph, result.whatIf->schedule, result.whatIf->criticalPath))
        result.warnings.emplace_back(kWhatIfCheck, std::vector<Message::Arg> { std::move(w) });
    if (std::optional<Message> note = hostBoundNote(result.profilerOverhead, before->criticalPath,
            result.whatIf->criticalPath, facts->hostSpread, graph, result.whatIf->schedule))
        result.warnings.emplace_back(SL_TEXT("Core", "profiler overhead: %1"), std::vector<Message::Arg> { std::move(*note) });
    for (Message& w : costModelNotes(graph, result.whatIfOptions))
        result.warnings.emplace_back(SL_TEXT("Core", "cost model: %1"), std::vector<Message::Arg> { std::move(w) });
    return result;
}

Expected<ReplayResult> JobSession::replay(std::shared_ptr<const ExecutionGraph> graph, const ReplayOptions& options,
    const CancellationToken* cancel, const MemoryOptions& memory, const Meanwhile& meanwhile, Slack slack)
{
    CriticalPath path;
    MemoryEstimate peak;
    Expected<Schedule> schedule = Replayer::replay(*graph, options, cancel, [&](const Schedule& s) {
        const auto analyse = [&] {
            path = CriticalPathAnalysis::compute(*graph, s, slack == Slack::With);
            peak = MemoryEstimator::estimate(*graph, s, memory);
        };
        if (!meanwhile) {
            analyse();
            return;
        }
        const std::jthread analyses(analyse); // joined when meanwhile is done
        meanwhile(s);
    });
    if (!schedule)
        return schedule.status();
    ReplayResult result { std::move(graph), std::move(*schedule), std::move(path), std::move(peak) };
    return result;
}

} // namespace sightline
