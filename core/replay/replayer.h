#pragma once

#include "core/base/expected.h"
#include "core/replay/costmodel.h"
#include "core/replay/linktopology.h"
#include "core/replay/schedule.h"

#include <memory>
#include <utility>
#include <vector>

namespace sightline {

class CancellationToken;
class DependencyGraph;
class Trace;
struct ResourceLimits;

// Where the duration of each op comes from.
enum class DurationSource : std::uint8_t {
    Measured, // every op its own measured duration
    OneStep, // every op the duration and gap of its counterpart in durationStep
    StepMean, // every op the mean duration of its counterparts over the replayed steps, its own gap
};

// Where the transfer time of each logical collective comes from.
enum class CommSource : std::uint8_t {
    Measured, // the measured pure transfer time (last arrival to first participant done)
    CostModel, // the α–β cost model, with transfers in flight sharing their links' bandwidth
};

struct ReplayOptions {
    // Per rank (indexed by RankId), subtracted from the rank's measured times: clock alignment.
    std::vector<TimeNs> rankOffsets;
    // ProfilerStep numbers to replay, inclusive; -1 for the steps every rank has.
    std::int64_t firstStep = -1;
    std::int64_t lastStep = -1;
    // What-if durations: (op, duration) pairs that replace the measured duration of those ops.
    std::vector<std::pair<OpId, TimeNs>> durations;

    DurationSource durationSource = DurationSource::Measured;
    std::int64_t durationStep = -1; // for DurationSource::OneStep

    CommSource communication = CommSource::Measured;
    CostModel costModel; // for CommSource::CostModel
    TopologyOptions topology;

    // γ: compute kernels run this much slower (0.1 = 10 %) while communication runs on the same rank.
    // Measured durations already hold the slowdown of the overlap they had, so each kernel is scaled
    // by (1 + γ·replayed overlap) / (1 + γ·measured overlap), overlap being the fraction of the kernel
    // covered by communication. 0 turns it off.
    double overlapSlowdown = 0;
};

// The embedded replayer (dPRO §4.3): replays the dependency graph over the selected steps. Every op
// keeps its measured duration and the measured gap before it (launch overhead, host time between
// ops), measured from the instants it depends on; what changes is when those instants happen. A
// collective starts when its last participant arrives and runs for its pure transfer time (the
// earliest end minus the last arrival); host synchronisation ends when the awaited GPU op does;
// an enclosing CPU op ends after its last nested op. Instants are resolved in dependency order, so
// the result is deterministic and independent of thread count. Every in-scope instant resolves: the
// graph has no cycle (DependencyGraph::build refuses one). Replayed times beyond ±2^62 ns (an edited or
// malformed job's) saturate instead of overflowing and are flagged in Schedule::timesOutOfRange.
//
// With the cost model, each logical collective is a transfer over the links of a LinkTopology: it
// starts after its α latency and shares bandwidth with the transfers in flight (FlowNetwork); the
// simulation then advances in time order through transfer starts and completions, and resolves the
// instants that depend on them as they complete. Durations can come from each op's own measurement,
// from one chosen step, or from the mean over the replayed steps; counterparts across steps are the
// ops with the same name at the same position among their namesakes on the same track in the step.
// Communication and host waits keep their own times there: other ranks and devices set them.
// Pure; safe to run concurrently on one graph.
class Replayer {
public:
    static Expected<Schedule> replay(const DependencyGraph& graph, const ReplayOptions& options = {},
        const CancellationToken* cancel = nullptr);

    // The ProfilerStep numbers every rank with steps has, in order.
    static std::vector<std::int64_t> commonSteps(const DependencyGraph& graph);

    // The measured transfers of the graph's logical collectives, as cost-model samples over the
    // topology of options (clock offsets applied).
    static std::vector<CostModel::Sample> transferSamples(const DependencyGraph& graph, const ReplayOptions& options);
    // Whether building the dependency graph of trace and replaying it fits limits.maxMemoryBytes, with
    // the trace itself; else TooLarge naming the job's first file and the limit. Checked before the
    // graph is built, so that a job too large for the machine is refused rather than killed.
    static Status checkMemory(const Trace& trace, const ResourceLimits& limits);

    // Fits options.costModel to the graph's own collectives.
    static std::array<LinkFit, kLinkTypeCount> fitCostModel(const DependencyGraph& graph, ReplayOptions& options);
};

} // namespace sightline
