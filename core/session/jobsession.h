#pragma once

#include "core/align/clockalignment.h"
#include "core/analysis/criticalpath.h"
#include "core/base/expected.h"
#include "core/exec/costextractor.h"
#include "core/memory/memoryestimator.h"
#include "core/replay/replayer.h"
#include "core/strategy/passparameter.h"

#include <functional>
#include <memory>

namespace sightline {

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

// A strategy's what-if beside the measured job, both replayed the same way.
struct WhatIfResult {
    ReplayResult baseline;
    ReplayResult whatIf;
    ReplayOptions baselineOptions; // as replayed, the fitted cost model included
    ReplayOptions whatIfOptions;
    std::vector<std::string> warnings; // from the passes
};

// A measured job, ready to replay: the trace, its dependency graph, the clock alignment, and the
// execution graph the cost extractor made of the selected steps. The one pipeline behind the window
// and sightline-cli (graph → align → extract → replay → critical path). Immutable once opened; replays
// may run concurrently.
class JobSession {
public:
    // Checks the memory the job needs against limits first. Fails with the graph build's error (a
    // dependency cycle), the extractor's (steps not in the job), TooLarge or Cancelled.
    static Expected<std::shared_ptr<const JobSession>> open(std::shared_ptr<const Trace> trace,
        const SessionOptions& options, const ResourceLimits& limits, const CancellationToken* cancel = nullptr);

    const Trace& trace() const;
    const std::shared_ptr<const DependencyGraph>& graph() const { return m_graph; }
    const ClockAlignment& alignment() const { return m_alignment; }
    const std::shared_ptr<const ExecutionGraph>& measured() const { return m_measured; }
    // The most items a strategy may grow the job to, within the memory limit it was opened with
    // (WhatIfJob::maxItems).
    std::uint64_t maxWhatIfItems() const { return m_maxWhatIfItems; }

    // Fits model to the job's own transfers over the topology.
    std::array<LinkFit, kLinkTypeCount> fitCostModel(const TopologyOptions& topology, CostModel& model) const;
    // Replays the measured execution graph.
    Expected<ReplayResult> replay(const ReplayOptions& options, const CancellationToken* cancel = nullptr) const;
    // Replays the measured job and the job the strategy makes of it. Both use the cost model when
    // options ask for it or a pass needs it, fitted to the job's own transfers when fit is true.
    // Fails with InvalidArgument naming the step of a bad strategy, or the replay's error.
    Expected<WhatIfResult> whatIf(const Strategy& strategy, ReplayOptions options, bool fit,
        const CancellationToken* cancel = nullptr) const;
    // Work a caller does with a replay's times while its critical path, memory and summaries are found
    // (Replayer::Alongside): it may read the schedule's times, causes, order and window.
    using Meanwhile = std::function<void(const Schedule&)>;
    // Replays another execution graph of this job (a rewritten one). With meanwhile, calls it on this
    // thread once the schedule is simulated, while threads of their own find the critical path, the
    // memory and the summaries; it may run parallel loops on every core. Without slack, the critical
    // path comes without each item's slack (CriticalPathAnalysis::compute's withSlack).
    static Expected<ReplayResult> replay(std::shared_ptr<const ExecutionGraph> graph, const ReplayOptions& options,
        const CancellationToken* cancel = nullptr, const MemoryOptions& memory = {}, const Meanwhile& meanwhile = {},
        bool slack = true);

private:
    JobSession() = default;

    MemoryOptions m_memory;
    std::uint64_t m_maxWhatIfItems = 0;

    std::shared_ptr<const DependencyGraph> m_graph;
    ClockAlignment m_alignment;
    std::shared_ptr<const ExecutionGraph> m_measured;
};

} // namespace sightline
