#pragma once

#include "core/base/ids.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace sightline {

class ExecutionGraph;
struct Schedule;

// How much replayed time one measured op has in the baseline and in a what-if.
struct OpChange {
    OpId op;
    TimeNs baseline = 0; // its item's replayed duration
    TimeNs whatIf = 0; // its share of the replayed durations of the what-if items that stand for it
    // How many replayed what-if items stand for it: more than one where a pass copied it (each
    // micro-batch, a recomputation), whose times whatIf adds up.
    std::uint32_t runs = 0;
    TimeNs delta() const { return whatIf - baseline; }
};

// The measured ops whose time a strategy changed most, for the comparison panel. A what-if item
// stands for the ops of its origin map and gives each an equal share of its replayed duration: a
// fused kernel's time is split among the kernels it fused, each micro-batch's or recomputed copy adds
// its time to the op it copies. Ops are ranked by |what-if − baseline|, ties by op id. Pure;
// O(items + ops). A baseline's times per op can be kept (perOp) and compared with many what-ifs.
class OpChanges {
public:
    // Each measured op's replayed time in one replay; kNone where no replayed item stands for it.
    static constexpr TimeNs kNone = INT64_MIN;
    static std::vector<TimeNs> perOp(const ExecutionGraph& graph, const Schedule& schedule);
    static std::vector<OpChange> largest(std::span<const TimeNs> baseline, const ExecutionGraph& whatIf, const Schedule& whatIfSchedule,
        std::size_t count);
    static std::vector<OpChange> largest(const ExecutionGraph& baseline, const Schedule& baselineSchedule, const ExecutionGraph& whatIf,
        const Schedule& whatIfSchedule, std::size_t count);
};

} // namespace sightline
