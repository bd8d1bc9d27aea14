#pragma once

#include "core/base/expected.h"
#include "core/exec/executiongraph.h"
#include "core/cost/costmodel.h"

#include <array>
#include <memory>
#include <vector>

namespace sightline {

class CancellationToken;

// Where the duration of each item comes from.
enum class DurationSource : std::uint8_t {
    Measured, // every op its own measured duration
    OneStep, // every op the duration (or tail) and gap of its counterpart in durationStep
    StepMean, // every op the mean duration (or tail) of its counterparts over the replayed steps, its own gap
};

struct ExtractOptions {
    // Per rank (indexed by RankId), subtracted from the rank's measured times: clock alignment.
    std::vector<TimeNs> rankOffsets;
    // ProfilerStep numbers to replay, inclusive; -1 for the steps every rank has.
    std::int64_t firstStep = -1;
    std::int64_t lastStep = -1;
    DurationSource durationSource = DurationSource::Measured;
    std::int64_t durationStep = -1; // for DurationSource::OneStep
};

// Builds the execution graph of a measured job (dPRO §4.3's replayer model): one item per op and per
// logical collective in scope, with the DependencyGraph's edges among them. Scope: host ops that start
// in the selected steps of their rank; device ops launched from them (or starting in them when nothing
// launched them); collectives whose participants are all in. Each item keeps its measured duration and
// the measured gap before it (launch overhead, host time between ops), measured from the instants it
// depends on; a logical collective lasts its pure transfer time (the earliest end minus the last
// arrival), host synchronisation ends when the awaited device op does, and an enclosing op ends its
// tail after its last nested op. Durations (an enclosing op's tail with them) can come from each op's
// own measurement, from one chosen step, or from the mean over the selected steps; counterparts across
// steps are the ops with the same name at the same position among their namesakes on the same track in
// the step. Communication and host waits keep their own times there: other ranks and devices set them.
// Replaying the graph unchanged gives the measured job's replay. Pure.
class CostExtractor {
public:
    // Fails with InvalidArgument (a rank without a step in the range, a duration step that no op has)
    // or Cancelled.
    static Expected<std::shared_ptr<const ExecutionGraph>> extract(const DependencyGraph& graph,
        const ExtractOptions& options = {}, const CancellationToken* cancel = nullptr);

    // The ProfilerStep numbers every rank with steps has, in order.
    static std::vector<std::int64_t> commonSteps(const Trace& trace);
    // The ranks of a trace as an execution graph has them.
    static std::vector<ExecRank> ranksOf(const Trace& trace);

    // The measured transfers of the job's logical collectives and of its communication kernels whose
    // peers are not in the trace, as cost-model samples over the topology (clock offsets applied).
    static std::vector<CostModel::Sample> transferSamples(
        const DependencyGraph& graph, std::span<const TimeNs> rankOffsets, const TopologyOptions& topology, const CostModel& model);
    // Fits model to the job's own transfers.
    static std::array<LinkFit, kLinkTypeCount> fitCostModel(
        const DependencyGraph& graph, std::span<const TimeNs> rankOffsets, const TopologyOptions& topology, CostModel& model);
};

} // namespace sightline
