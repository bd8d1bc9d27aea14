#pragma once

#include "core/exec/executiongraph.h"

#include <cstdint>
#include <vector>

namespace sightline {

class InstantOrder;

// The work a micro-batch repeats, per rank and step, for the passes that split a step's batch
// (gradient accumulation): the items of the forward and backward phases that start in the step (with
// work a pass added before an op of those phases, such as mixed precision's weight casts), and the
// spans of no phase that enclose such work alone (record_function's block_N); not the step's marker,
// nor its prologue (forward work on a thread before optimizer work that precedes the backward, such as
// a synchronisation before zero_grad, where most of the forward follows it); in item order, and among
// them those that take no part in gradient synchronisation (communication, and the host calls that
// launch it). With each micro-batch, what a pass chaining copies of it reads at every edit: where it
// starts and ends on each track, the host work it ends with, and the waits it starts with. Built in
// O(items + edges), in parallel over micro-batches; immutable.
class MicroBatchModel {
public:
    // Per track a set of items runs on, by track: the position in the set of the item that starts
    // first (by anchor; the first such) and of the one that ends last (by measured end; the last such).
    struct TrackEnds {
        std::vector<std::pair<std::uint32_t, std::size_t>> first, last; // (track, position)
    };
    // An in-edge into a repeated item (at position in repeated) from an item outside them, on an
    // instant that cannot depend on the micro-batch: it comes before the micro-batch's first start in
    // the graph's instant order (an enclosing op's end depends on the micro-batch, and so may work a
    // pass placed inside it).
    struct Wait {
        ItemId source;
        std::uint32_t position = 0;
        EdgeKind kind = EdgeKind::Program;
        EdgeRef ref = EdgeRef::EndToStart;
    };
    struct MicroBatch {
        RankId rank;
        std::int32_t step = -1; // the index into the graph's steps
        std::vector<ItemId> repeated; // without synchronisation: what each micro-batch runs again
        std::vector<ItemId> all; // with it: the measured micro-batch
        TrackEnds repeatedEnds; // positions in repeated
        TrackEnds allEnds; // positions in all
        // The position in repeated of the host work it ends with: the latest measured end off the
        // device (the last such; 0 when all of it is on the device).
        std::size_t lastHost = 0;
        std::vector<Wait> waits; // by position, then in-edge order
    };

    // order: the graph's instant order.
    static MicroBatchModel of(const ExecutionGraph& graph, const InstantOrder& order);

    // By rank, then step.
    const std::vector<MicroBatch>& batches() const { return m_batches; }

private:
    std::vector<MicroBatch> m_batches;
};

} // namespace sightline
