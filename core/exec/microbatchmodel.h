#pragma once

#include "core/exec/executiongraph.h"

#include <cstdint>
#include <vector>

namespace sightline {

// The work a micro-batch repeats, per rank and step, for the passes that split a step's batch
// (gradient accumulation): the items of the forward and backward phases that start in the step (not
// the step's marker), in item order, and among them those that take no part in gradient
// synchronisation (communication, and the host calls that launch it). Built in O(items + edges);
// immutable.
class MicroBatchModel {
public:
    struct MicroBatch {
        RankId rank;
        std::int32_t step = -1; // the index into the graph's steps
        std::vector<ItemId> repeated; // without synchronisation: what each micro-batch runs again
        std::vector<ItemId> all; // with it: the measured micro-batch
    };

    static MicroBatchModel of(const ExecutionGraph& graph);

    // By rank, then step.
    const std::vector<MicroBatch>& batches() const { return m_batches; }

private:
    std::vector<MicroBatch> m_batches;
};

} // namespace sightline
