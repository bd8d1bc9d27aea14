#pragma once

#include "core/exec/memorytypes.h"

#include <span>

namespace sightline {

class ExecutionGraphBuilder;
class Trace;

// The device memory of a measured job over the replayed window, as its execution graph carries it
// (dPRO's memory estimator, Proteus' tensor lifetimes). Each allocator event ("[memory]") of a device
// is an item of the graph; an allocation and its free (paired by the block's address, or else by
// size, the latest open allocation first) make a MemoryBlock from the one item to the other. A rank
// without GPUs (no GPU track, no device's events) has the host's memory as its one device
// (MemoryDevice::kHost), from the host's events; host memory beside GPUs (pinned buffers) is no
// device's. A block is attributed from where it was allocated and freed: in an AccumulateGrad or
// freed by zero_grad, a gradient; allocated in the optimizer's step and kept, optimizer state;
// allocated before a backward pass of its step and alive when it starts, an activation; else a
// temporary. Backward work is what the trace marks so and everything on the threads that run
// AccumulateGrad (the autograd engine's). Memory held through the whole window is resident: the
// allocator's total before the window's first event where the trace records it ("Total Allocated";
// not the host's, which counts only what was allocated since the profiler started), else the model
// state alone. It is split into parameters (the AccumulateGrad gradients' recorded shapes, once per
// parameter when accumulation runs several backward passes a step), the optimizer's state (by its
// class: Adam-like 2 per parameter, SGD 1 with momentum), gradients when no block holds them (zeroed
// in place between steps), and the rest.
// Where the importer states a rank's model state (RankInfo::parameterBytes, a layer-wise job's), that
// is used instead; a job without host work finds its backward work from the device ops' phase.
// Pure; O(events log events + ops of the tracks with events).
class MemoryExtractor {
public:
    // Adds the devices and blocks of trace's job to builder, whose items stand for its ops as
    // itemOfOp says (per trace op; invalid for ops outside the window). The builder's ranks are the
    // trace's, in order.
    static void extract(const Trace& trace, std::span<const ItemId> itemOfOp, ExecutionGraphBuilder& builder);
};

} // namespace sightline
