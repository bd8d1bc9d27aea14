#pragma once

#include "core/base/ids.h"

#include <array>
#include <cstdint>
#include <string_view>

namespace sightline {

using ItemId = Id<struct ItemTag>;

// What a piece of device memory holds, for the breakdown of a peak (dPRO's memory estimator).
enum class MemoryCategory : std::uint8_t {
    Parameters, // the model's weights
    Gradients, // their gradients
    OptimizerState, // what the optimizer keeps per parameter (Adam: two moments)
    Activations, // forward results kept for the backward pass
    Temporaries, // workspaces and intermediates freed before they could serve a backward pass
    Other, // held memory the model does not explain (inputs, library workspaces, caches)
};
inline constexpr int kMemoryCategoryCount = 6;
using MemoryBreakdown = std::array<std::int64_t, kMemoryCategoryCount>;

// snake_case, as the CLI's JSON spells it.
constexpr std::string_view memoryCategoryName(MemoryCategory c)
{
    constexpr std::array<std::string_view, kMemoryCategoryCount> names { "parameters", "gradients", "optimizer_state",
        "activations", "temporaries", "other" };
    return names[static_cast<std::size_t>(c)];
}

// A device of an execution graph whose memory is estimated, and what the measured job says of it.
// `resident` is memory held through the whole window, by category: allocated before the window
// began and not freed within it, so no block stands for it. Strategy passes may scale it (a pass that
// shards optimizer state divides that category). The measured figures describe the trace over the
// window and stay as measured when a pass rewrites the graph; -1 where the trace does not say.
struct MemoryDevice {
    RankId rank; // of the execution graph
    // The device's number on its rank; kHost for a rank without GPUs, whose memory is the host's.
    static constexpr std::int32_t kHost = -1;
    std::int32_t index = kHost;
    std::int64_t capacityBytes = -1; // the device's memory (deviceProperties totalGlobalMem)
    MemoryBreakdown resident {};
    // Whether the resident total is the allocator's own (Kineto "Total Allocated"), not a model's.
    bool residentMeasured = false;
    // Whether the trace records allocator events for the device in the window; without them only the
    // resident model state is known.
    bool eventsRecorded = false;
    // The model state the recorded shapes give (AccumulateGrad gradients, the optimizer's kind): what
    // the resident breakdown was attributed from. The optimizer is its class name as the trace records
    // it (empty when none; a name of the graph), with the states it keeps per parameter (-1 when not
    // known).
    std::int64_t parameterBytes = 0;
    StringId optimizer { 0 };
    std::int32_t optimizerStates = -1;
    // Measured over the window: the highest allocator total, the highest running sum of allocated
    // minus freed bytes from the window's start (what the events alone show), and the total before
    // the window's first event.
    std::int64_t measuredPeakBytes = -1;
    std::int64_t measuredRiseBytes = -1;
    std::int64_t measuredStartBytes = -1;
};

// A block of device memory with its lifetime over the window (Proteus' tensor lifetimes): allocated
// when its alloc item starts, freed when its release item ends. An invalid alloc means the block was
// held when the window began; an invalid release, that it is still held when the window ends. Blocks
// of the measured job come from the allocator events, one per allocation paired with its free; a
// strategy pass moves, scales, copies or adds them (core/memory/memoryrewrite.h).
struct MemoryBlock {
    std::int64_t bytes = 0;
    ItemId alloc;
    ItemId release;
    std::uint32_t device = 0; // index into ExecutionGraph::memoryDevices()
    MemoryCategory category = MemoryCategory::Temporaries;
};

} // namespace sightline
