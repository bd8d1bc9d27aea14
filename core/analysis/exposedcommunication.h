#pragma once

#include "core/base/ids.h"

namespace sightline {

class ExecutionGraph;
struct Schedule;

// Communication that no compute hides, per iteration: on each rank, the replayed time when a
// communication item runs on one of its device tracks and no other device work does (the union of its
// communication minus the union of its compute and copies), over the replayed steps, divided by the
// rank's step count and averaged over the ranks that have steps. Pure; O(items), the ranks in parallel.
class ExposedCommunication {
public:
    static TimeNs perIteration(const ExecutionGraph& graph, const Schedule& schedule);
};

} // namespace sightline
