#pragma once

#include "core/base/ids.h"
#include "core/exec/memorytypes.h"

#include <string>
#include <vector>

namespace sightline {

class ExecutionGraph;
struct Schedule;

struct MemoryOptions {
    // The memory each device may use, in bytes; 0 or less for each device's own (deviceProperties),
    // and no budget where the trace does not give it.
    std::int64_t budgetBytes = 0;
};

// One device's estimate over a replay.
struct DeviceMemoryEstimate {
    RankId rank; // of the execution graph
    std::int32_t device = -1; // its number on the rank (MemoryDevice::index; kHost for the host's)
    std::int64_t peakBytes = 0;
    TimeNs peakTime = 0; // the replayed instant the peak is first reached
    MemoryBreakdown atPeak {}; // what the peak holds, by category
    std::int64_t startBytes = 0; // held when the window begins
    std::int64_t budgetBytes = -1; // -1 when none is known
    bool outOfMemory = false;
    // False when the trace records no allocator events for the device: the estimate is the resident
    // model state alone (parameters, gradients, optimizer state), a lower bound.
    bool complete = true;
};

struct MemoryEstimate {
    std::vector<DeviceMemoryEstimate> devices;
    // The device with the highest peak, or -1 when there is no device.
    std::int32_t highest = -1;
    bool outOfMemory = false; // on some device
    // What the estimate could not know, for the user (one line each).
    std::vector<std::string> notes;

    std::int64_t peakBytes() const { return highest < 0 ? 0 : devices[static_cast<std::size_t>(highest)].peakBytes; }
};

// Peak device memory over a replay (dPRO's memory estimator; Proteus' OOM prediction from tensor
// lifetimes). Each device starts the window holding its resident memory and the blocks allocated
// before it; every block is then allocated at its alloc item's replayed start and freed at its release
// item's replayed end, in time order (ties: the order the replay resolved the instants in, which puts
// an item's end before a start it releases; a release never before its block's allocation). The
// peak is the highest sum, with its breakdown by category and its instant; a device is out of memory
// when its peak passes its budget. A block whose alloc item the replay did not reach is never
// allocated; one whose release item it did not reach is held to the end. Sums saturate. Works the same
// on the measured graph (whose replay reproduces the measured allocator sequence) and on one a strategy
// rewrote. Pure; O(blocks log blocks).
class MemoryEstimator {
public:
    static MemoryEstimate estimate(
        const ExecutionGraph& graph, const Schedule& schedule, const MemoryOptions& options = {});
};

} // namespace sightline
