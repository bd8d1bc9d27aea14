#pragma once

#include "core/base/ids.h"

namespace sightline {

class ExecutionGraph;
struct Schedule;

// Communication that no compute hides, per iteration: on each rank, the replayed time when a
// communication item runs on one of its device tracks and no kernel or copy does (the union of its
// communication minus its overlap with the union of its kernels and copies, as the summary panel
// counts it), over all its replayed items, divided by the rank's step count and averaged over the
// ranks that have steps. A rank whose collectives all run on host threads (gloo's, MPI's) has them
// counted there instead, against its kernels and copies (not those that stage a tensor for the
// collective, which are part of it), or on a rank without a device against its CPU ops. Pure;
// O(items), the ranks in parallel.
class ExposedCommunication {
public:
    static TimeNs perIteration(const ExecutionGraph& graph, const Schedule& schedule);
};

} // namespace sightline
