#pragma once

#include "core/align/clockalignment.h"
#include "core/analysis/criticalpath.h"
#include "core/analysis/opchanges.h"
#include "core/analysis/tensorchanges.h"
#include "core/base/expected.h"
#include "core/exec/costextractor.h"
#include "core/exec/profileroverhead.h"
#include "core/memory/memoryestimator.h"
#include "core/replay/replayer.h"
#include "core/strategy/passparameter.h"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace sightline {

class AnalysisCache;
class CancellationToken;
class DependencyGraph;
class Trace;
struct ResourceLimits;

struct SessionOptions {
    // Align the ranks' clocks (else every offset is zero, or the override given).
    bool align = true;
    AlignmentOptions alignment;
    // The steps to replay and where durations come from; its rankOffsets are the session's alignment.
    ExtractOptions extract;
    // The device budget that out-of-memory is judged against.
    MemoryOptions memory;
};

// One replay: the execution graph it ran, its schedule, its critical path and its peak memory.
struct ReplayResult {
    std::shared_ptr<const ExecutionGraph> graph;
    Schedule schedule;
    CriticalPath criticalPath;
    MemoryEstimate memory;
};

// How the measured job is replayed to be compared with: transfers as measured, or timed by the cost
// model (fitted to the job's own transfers, or with its default parameters); and the profiler's own
// cost per recorded host event taken out of it first (ProfilerOverhead): the calibrated estimate for
// the trace when unset, none at 0, or the cost given.
struct BaselineKind {
    CommSource communication = CommSource::Measured;
    bool fit = true; // with the cost model only
    std::optional<double> profilerOverheadNs {};
    bool operator==(const BaselineKind& o) const
    {
        return communication == o.communication && (communication == CommSource::Measured || fit == o.fit)
            && profilerOverheadNs == o.profilerOverheadNs;
    }
};

// A what-if to run: the strategy, the device budget both sides are judged against, and how the job's
// transfers are timed (a pass that needs the cost model uses it whatever this says, and so does the
// baseline it is compared with).
struct WhatIfRequest {
    Strategy strategy;
    std::optional<MemoryOptions> memory {}; // unset: the session's
    BaselineKind baseline {};
    std::size_t listed = 20; // how many changed ops and tensors the comparison lists
};

// A strategy's what-if beside the measured job, both replayed the same way and both without the
// profiler's own cost (the estimate taken out of the job before any pass), and what the two differ
// in: the iteration (from the replays), the exposed communication, the measured ops and the gradient
// tensors whose time changed most, and every warning the user must see with the figures (the passes'
// and the result's own checks').
struct WhatIfResult {
    std::shared_ptr<const ReplayResult> baseline; // judged against the request's budget
    std::shared_ptr<const ReplayResult> whatIf;
    ReplayOptions baselineOptions; // as replayed, the fitted cost model included
    ReplayOptions whatIfOptions;
    ProfilerOverhead::Estimate profilerOverhead; // taken out of both
    std::vector<OpChange> changes;
    std::vector<TensorChange> tensorChanges; // empty when the job has no gradient all-reduce
    TimeNs exposedBaseline = 0; // communication no compute hides, per iteration
    TimeNs exposedWhatIf = 0;
    // The samples a step of the whole what-if computes on over the measured job's (batch_size,
    // worker_count, grad_accumulation's repeated batches): where it is not 1, throughput, not the
    // iteration, compares the two.
    double stepSamplesFactor = 1.0;
    // WhatIfJob's samplesFactor: the samples a rank's batch (or micro-batch) computes on over the
    // measured, which a later scaling of its samples starts from (SampleScaling's prior).
    double samplesFactor = 1.0;
    // WhatIfJob's: the least samples a step left a rank's batch or micro-batch with, where below one.
    std::optional<double> fractionalSamples;
    std::vector<Message> warnings;

    // The what-if's samples per second over the baseline's, less one: its throughput's change.
    double throughputChange() const;

    // Whether a warning is one of the result's checks of its own figures (ReplayChecks on the baseline
    // or the what-if), which say a figure may be wrong, rather than a note of a pass or a model.
    static bool isSelfCheck(const Message& warning);
    // Whether it is one of the what-if's checks (not the baseline's, which every what-if shares).
    static bool isWhatIfCheck(const Message& warning);
    // A what-if's check (isWhatIfCheck) as the baseline's check of the same finding: what a what-if
    // of no steps, which replays the measured job, says twice.
    static Message asBaselineCheck(const Message& whatIfCheck);
    // A what-if's warnings as its answer says them: those of a what-if of no steps, which replays the
    // measured job, less its checks that repeat the baseline's (asBaselineCheck), so that each finding
    // is said once; a what-if of steps keeps them all.
    static std::vector<Message> saidOf(const std::vector<PassStep>& steps, std::vector<Message> warnings);
};

// What a caller does beside a what-if's pipeline (the window drawing the what-if as it is found).
struct WhatIfHooks {
    // With the what-if's graph and the baseline it is compared with, before the graph is replayed, on
    // the pipeline's thread: work the caller starts on threads of its own beside the replay.
    std::function<void(const std::shared_ptr<const ExecutionGraph>& graph, const std::shared_ptr<const ReplayResult>& baseline)> planned;
    // With the what-if's schedule once it is simulated, on the pipeline's thread, after the comparison's
    // figures were found and while threads of their own find the critical path and the memory. It may
    // run parallel loops on every core.
    std::function<void(const Schedule& schedule)> meanwhile;
};

// A measured job, ready to replay and to change: the trace, its dependency graph, the clock alignment,
// the execution graph the cost extractor made of the selected steps with its analyses, and the one
// pipeline every what-if runs through, for the window, the CLI and the optimizer alike (graph → align →
// extract → strategy → replay → critical path → memory → comparison → checks). The baselines what-ifs
// are compared with and what the comparison reads of them are found once and kept. Immutable once
// opened but for those caches; what-ifs may run concurrently.
class JobSession {
public:
    // Checks the memory the job needs against limits first. Fails with the graph build's error (a
    // dependency cycle), the extractor's (steps not in the job), TooLarge or Cancelled.
    static Expected<std::shared_ptr<const JobSession>> open(std::shared_ptr<const Trace> trace,
        const SessionOptions& options, const ResourceLimits& limits, const CancellationToken* cancel = nullptr);
    ~JobSession();

    const Trace& trace() const;
    const std::shared_ptr<const DependencyGraph>& graph() const { return m_graph; }
    const ClockAlignment& alignment() const { return m_alignment; }
    const std::shared_ptr<const ExecutionGraph>& measured() const { return m_measured; }
    // The analyses of the measured graph, shared by every what-if of the job.
    const AnalysisCache& analyses() const { return *m_analyses; }
    // The most items a strategy may grow the job to, within the memory limit it was opened with
    // (WhatIfJob::maxItems).
    std::uint64_t maxWhatIfItems() const { return m_maxWhatIfItems; }

    // Fits model to the job's own transfers over the topology.
    std::array<LinkFit, kLinkTypeCount> fitCostModel(const TopologyOptions& topology, CostModel& model) const;
    // The measured job without the profiler's cost the kind takes out (its graph, with its analyses),
    // replayed one way (BaselineKind), with its memory judged against the session's budget, and the
    // options it was replayed with (the cost model fitted where the kind asks).
    struct Baseline {
        ProfilerOverhead::Estimate profilerOverhead;
        std::shared_ptr<const ExecutionGraph> graph;
        std::shared_ptr<AnalysisCache> analyses;
        ReplayOptions options;
        std::shared_ptr<const ReplayResult> replay;
    };
    // Made by the first caller and kept. Fails with the replay's error or Cancelled (then the next
    // caller tries again).
    Expected<Baseline> baseline(const BaselineKind& kind, const CancellationToken* cancel = nullptr) const;
    // Replays the measured execution graph with options of the caller's own.
    Expected<ReplayResult> replay(const ReplayOptions& options, const CancellationToken* cancel = nullptr) const;

    // Runs a what-if through the pipeline. Fails with InvalidArgument naming the step of a bad strategy
    // (before anything runs), a step's error prefixed with the step, TooLarge, the replay's error
    // (a cycle the strategy made names the strategy's steps), or Cancelled.
    Expected<WhatIfResult> whatIf(const WhatIfRequest& request, const CancellationToken* cancel = nullptr, const WhatIfHooks& hooks = {}) const;

    // Work a caller does with a replay's times while its critical path, memory and summaries are found
    // (Replayer::Alongside): it may read the schedule's times, causes, order and window.
    using Meanwhile = std::function<void(const Schedule&)>;
    // Whether the critical path comes with each item's slack (CriticalPathAnalysis::compute's withSlack).
    enum class Slack : bool { Without, With };
    // Replays another execution graph of this job (a rewritten one). With meanwhile, calls it on this
    // thread once the schedule is simulated, while threads of their own find the critical path, the
    // memory and the summaries; it may run parallel loops on every core.
    static Expected<ReplayResult> replay(std::shared_ptr<const ExecutionGraph> graph, const ReplayOptions& options,
        const CancellationToken* cancel = nullptr, const MemoryOptions& memory = {}, const Meanwhile& meanwhile = {},
        Slack slack = Slack::With);

private:
    JobSession() = default;
    // What every what-if compared with one baseline reads of it, found once per baseline.
    struct BaselineFacts;
    std::shared_ptr<const BaselineFacts> factsOf(const std::shared_ptr<const ReplayResult>& baseline) const;

    MemoryOptions m_memory;
    std::uint64_t m_maxWhatIfItems = 0;

    std::shared_ptr<const DependencyGraph> m_graph;
    ClockAlignment m_alignment;
    std::shared_ptr<const ExecutionGraph> m_measured;
    std::shared_ptr<AnalysisCache> m_analyses;

    mutable std::mutex m_baselineMutex; // held while a baseline is made: callers of one kind wait for it
    mutable std::vector<std::pair<BaselineKind, Baseline>> m_baselines;
    mutable std::mutex m_factsMutex;
    mutable std::vector<std::pair<std::shared_ptr<const ReplayResult>, std::shared_ptr<const BaselineFacts>>> m_facts;
};

} // namespace sightline
