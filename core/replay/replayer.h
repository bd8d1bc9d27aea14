#pragma once

#include "core/base/expected.h"
#include "core/replay/schedule.h"

#include <memory>
#include <utility>
#include <vector>

namespace sightline {

class CancellationToken;
class DependencyGraph;

struct ReplayOptions {
    // Per rank (indexed by RankId), subtracted from the rank's measured times: clock alignment.
    std::vector<TimeNs> rankOffsets;
    // ProfilerStep numbers to replay, inclusive; -1 for the steps every rank has.
    std::int64_t firstStep = -1;
    std::int64_t lastStep = -1;
    // What-if durations: (op, duration) pairs that replace the measured duration of those ops.
    std::vector<std::pair<OpId, TimeNs>> durations;
};

// The embedded replayer (dPRO §4.3): replays the dependency graph over the selected steps. Every op
// keeps its measured duration and the measured gap before it (launch overhead, host time between
// ops), measured from the instants it depends on; what changes is when those instants happen. A
// collective starts when its last participant arrives and runs for its pure transfer time (the
// earliest end minus the last arrival); host synchronisation ends when the awaited GPU op does;
// an enclosing CPU op ends after its last nested op. Instants are resolved in dependency order, so
// the result is deterministic and independent of thread count. A cycle of dependencies fails with
// the op it stalls on. Pure; safe to run concurrently on one graph.
class Replayer {
public:
    static Expected<Schedule> replay(const DependencyGraph& graph, const ReplayOptions& options = {},
        const CancellationToken* cancel = nullptr);

    // The ProfilerStep numbers every rank with steps has, in order.
    static std::vector<std::int64_t> commonSteps(const DependencyGraph& graph);
};

} // namespace sightline
