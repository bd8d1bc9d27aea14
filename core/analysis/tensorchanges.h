#pragma once

#include "core/base/ids.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sightline {

class ExecutionGraph;
class TensorModel;
struct Schedule;

// How long one gradient tensor waited from ready to all-reduced, in the baseline and in a what-if.
struct TensorChange {
    std::int64_t step = -1; // ProfilerStep number
    std::uint32_t index = 0; // the tensor's place in its step, in the order tensors became ready
    std::int64_t bytes = 0;
    // The op after which it is ready on the first rank: its AccumulateGrad, or for a tensor that is a
    // bucket of its own, the op that launches the bucket (invalid when none does).
    OpId producer;
    OpId bucket; // the first rank's part of the measured all-reduce that carried it
    TimeNs baseline = 0;
    TimeNs whatIf = 0;
    TimeNs delta() const { return whatIf - baseline; }
};

// The gradient tensors whose synchronisation a strategy changed most, for the comparison panel, on the
// first rank of the tensor model (TensorModel of the measured graph). A tensor's time runs from the
// replayed end of its producer (without one, the start of its bucket) to the end of what all-reduces
// it: in the baseline its measured bucket; in the what-if the communication items its producer
// releases (the buckets fusion or partition made), else the item standing for its measured bucket. Ranked by |what-if − baseline|, ties by step and index. Pure; O(items + tensors).
class TensorChanges {
public:
    static std::vector<TensorChange> largest(const TensorModel& model, const ExecutionGraph& baseline, const Schedule& baselineSchedule,
        const ExecutionGraph& whatIf, const Schedule& whatIfSchedule, std::size_t count);
};

} // namespace sightline
