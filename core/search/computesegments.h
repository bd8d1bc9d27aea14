#pragma once

#include "core/exec/executiongraph.h"
#include "core/strategy/opset.h"

#include <vector>

namespace sightline {

struct CriticalPath;
struct Schedule;

// The critical path's computation-bound stretches (dPRO §5.2): kernels that hold the path one after
// another, themselves or through their launches, on one device stream in one step and phase, each next
// in its stream's order to the one before. Fusing such a run into one kernel as long as its kernels
// together saves what the launches of all but the first hold the path and the device's idle time
// between the kernels (Theorem 1: the fused kernel is shorter than the pair with what comes between
// them); what the fusion costs, gradients of the run's first kernels ready only at its end, is left
// to the replay.
// Identical workers and steps get one decision: a segment names its kernels' measured ops and those of
// their counterparts on every rank and in every step (a track of the same role, the same name, the same
// place among the step's namesakes on the track), as a compiler fuses the kernels of every step alike.
// Identical blocks may too: the segment also names the ops of every run of the same kernels on its
// stream in its step, and their counterparts. Pure.
class ComputeSegments {
public:
    struct Segment {
        std::vector<ItemId> kernels; // on the path, in path order
        TimeNs savedNs = 0; // the launches and idle time between them on the path, in the replay
        OpSet ops; // the measured ops of the kernels and of their counterparts on every rank and step
        // Identical blocks: the runs of kernels of the same names in the same order, one after the other
        // on the segment's stream in its step (the segment's own among them), and their ops on every rank
        // and step.
        std::size_t blocks = 0;
        OpSet blockOps;
    };

    // The segments of at least two kernels with time to save, the most first (ties by their first
    // kernel), at most `most` of them.
    static std::vector<Segment> of(
        const ExecutionGraph& graph, const Schedule& schedule, const CriticalPath& path, std::size_t most);
};

} // namespace sightline
