#pragma once

#include "core/base/expected.h"
#include "core/base/ids.h"
#include "core/exec/memorytypes.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace sightline {

class CancellationToken;
class ExecutionGraph;
class Trace;
struct Schedule;

// Replays turned back into a job (DESIGN "What-ifs are jobs"): a Trace whose ops are the replayed
// items of one or more execution graphs of one measured job, at their replayed times, so that the
// Gantt, search, the details and the critical path show a what-if as they show a measured job.
// Each layer is one replay (the baseline, the what-if). A track of a layer stands for a measured track
// (its own, or for a track of an added rank, the track its items were copied from); tracks are ordered
// by global rank, then by the measured track they stand for, then by layer, so that with two layers
// each track's what-if track sits right after its baseline track, and added ranks become ranks of
// their own. An op keeps its item's name, kind, phase, step number and bytes, and the arguments of the
// measured op when it stands for exactly one. Items spanning ranks (logical collectives) and items no
// replay reached are left out. Pure; O(items log items), parallel over tracks.
class ScheduleTrace {
public:
    // What the ops drawing a graph's items take from the graph and the measured trace alone (category,
    // phase, step, bytes, arguments) per item, and the items on each track: prepared while the graph
    // is replayed, or kept for a replay drawn again. Immutable.
    class Prepared;
    // oneThread: on the calling thread only, for a caller that runs it beside other work.
    static std::shared_ptr<const Prepared> prepare(const ExecutionGraph& graph, bool oneThread = false);

    struct Layer {
        const ExecutionGraph* graph = nullptr;
        const Schedule* schedule = nullptr;
        std::string trackSuffix; // appended to the names of the layer's tracks ("" for none)
        std::shared_ptr<const Prepared> prepared {}; // of graph; build() prepares a layer that comes without
    };

    struct Result {
        std::shared_ptr<const Trace> trace;
        std::vector<std::uint8_t> trackLayer; // per track of the trace: its layer
        std::vector<std::uint8_t> addedRank; // per rank of the trace: 1 for a rank a pass added
        // Per op: made by a pass (a synthetic item: fused, a bucket, a chunk, a copy, or on an added rank).
        std::vector<std::uint8_t> synthetic;
        std::vector<ItemId> itemOf; // per op: the item it draws, in its layer's graph
        std::vector<std::vector<OpId>> opOfItem; // per layer, per item: the op drawing it, or invalid

        std::uint32_t layerOf(OpId op) const;
    };

    // Fails with InvalidArgument when the layers are not replays of one measured job (or a layer's
    // preparation is of another graph), with the trace model's error when a replayed time is out of
    // range, and with Cancelled.
    static Expected<Result> build(std::span<const Layer> layers, const CancellationToken* cancel = nullptr);
};

} // namespace sightline
