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
// their counterparts on every rank and in every step, as a compiler fuses the kernels of every step
// alike. A place (a stream of the segment's track role in one step) holds a counterpart where it repeats
// the segment (the same names in the same order, each next to the one before) as many times as the
// segment's own place does: the repeat at the segment's ordinal. A place that repeats it another number
// of times (a warm-up kernel, a step cut short, a rank's data-dependent kernels) is not alike and gives
// none, so that no kernels that are not counterparts are fused; placesAlike says how many were.
// Identical blocks may be fused too: the segment also names every repeat in every place. Pure.
class ComputeSegments {
public:
    struct Segment {
        std::vector<ItemId> kernels; // on the path, in path order
        TimeNs savedNs = 0; // the launches and idle time between them on the path, in the replay
        OpSet ops; // the measured ops of the kernels and of their counterparts on every rank and step
        // Identical blocks: the repeats of the segment in its own place (its own among them), and the
        // ops of every repeat in every place.
        std::size_t blocks = 0;
        OpSet blockOps;
        // The places of its track role, and those alike that gave a counterpart (its own among them),
        // and the ops of the repeats of it in the places not alike, which no counterpart names.
        std::size_t places = 0;
        std::size_t placesAlike = 0;
        OpSet unlike;
    };

    // The segments of at least two kernels with time to save, the most first (ties by their first
    // kernel), at most `most` of them.
    static std::vector<Segment> of(
        const ExecutionGraph& graph, const Schedule& schedule, const CriticalPath& path, std::size_t most);
};

} // namespace sightline
