#pragma once

#include "core/base/ids.h"
#include "core/base/status.h"
#include "core/model/opkind.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sightline {

// Plain records of the trace model. They are stored in the Trace's tables and refer to each other by id.
// A string a trace does not give is the empty string (id 0), never an invalid id.

struct RankInfo {
    std::int32_t rank = -1; // global rank in the job
    StringId host { 0 }; // host name when the trace names it, else empty
    StringId sourceFile { 0 };
    StringId processName { 0 };
    std::int64_t pid = -1;
    std::uint32_t firstTrack = 0;
    std::uint32_t trackCount = 0;
    std::uint32_t firstStep = 0;
    std::uint32_t stepCount = 0;
    StepMethod stepMethod = StepMethod::None;
    // Where the rank number came from: "distributed_info", "file_name" or "file_order".
    StringId rankSource { 0 };
    // The model state the importer knows (a layer-wise profile's gradient bytes and optimizer): the
    // bytes of the rank's parameters and the optimizer's states per parameter (Adam 2, SGD with
    // momentum 1); -1 where the format does not say and the memory model infers them from the ops.
    std::int64_t parameterBytes = -1;
    std::int32_t optimizerStates = -1;
};

struct TrackInfo {
    RankId rank;
    TrackKind kind = TrackKind::Other;
    StringId name { 0 }; // thread or stream name as the trace gives it, else a generated one
    std::int64_t pid = -1; // numeric pid/tid when the trace has them, else -1
    std::int64_t tid = -1;
    std::int32_t device = -1; // GPU index for GPU tracks
    std::int32_t sortIndex = 0;
    std::uint32_t firstOp = 0; // ops of a track are contiguous and sorted by start
    std::uint32_t opCount = 0;
    std::int32_t indexLevel = -1; // top level of the track's IntervalIndex
};

struct StepSpan {
    RankId rank;
    std::int64_t number = -1; // N of ProfilerStep#N, or the detected iteration's ordinal
    TimeNs start = 0;
    TimeNs end = 0;
    OpId marker; // the ProfilerStep op; invalid for detected iterations
};

struct ProcessGroup {
    StringId name { 0 };
    StringId description { 0 };
    StringId backend { 0 };
    std::vector<std::int32_t> ranks;
};

// Arguments of a communication op. Sizes are -1 when the trace does not say.
struct CommArgs {
    StringId collective { 0 }; // normalised: all_reduce, all_gather, reduce_scatter, all_to_all, broadcast, ...
    StringId processGroup { 0 };
    StringId groupRanks { 0 }; // as the trace writes it, e.g. "[0, 1]"
    StringId dtype { 0 };
    std::int64_t inNelems = -1;
    std::int64_t outNelems = -1;
    std::int32_t groupSize = -1;
};

// Recorded input shapes and types of an op, as compact JSON text ("[[2,3],[]]", "[\"float\"]").
struct ShapeArgs {
    StringId dims { 0 };
    StringId types { 0 };
};

// What a device allocator recorded at one instant (Kineto's "[memory]" events of profile_memory=True):
// an allocation (bytes > 0) or a free (bytes < 0) and, where the trace says, the allocator's totals
// after it and the block's address. Kept for the op the event became, in Trace::memoryEvents().
struct MemoryArgs {
    static constexpr std::int64_t kLimit = std::int64_t(1) << 50; // |bytes| and totals stay below (1 PiB)
    static constexpr std::uint8_t kCpuDeviceType = 0;
    static constexpr std::uint8_t kUnknownDeviceType = 0xFF;
    std::int64_t bytes = 0;
    std::int64_t totalAllocated = -1; // -1 when the trace does not say
    std::int64_t totalReserved = -1;
    std::uint64_t address = 0; // 0 when the trace does not say
    std::int16_t device = -1; // device index; -1 for the host or when unknown
    std::uint8_t deviceType = kUnknownDeviceType; // c10::DeviceType: 0 CPU, 1 CUDA (and HIP builds), ...
    bool onDevice() const { return deviceType != kCpuDeviceType && deviceType != kUnknownDeviceType && device >= 0; }
};

// A device of a rank as the trace describes it (Kineto's deviceProperties).
struct DeviceInfo {
    RankId rank;
    std::int32_t index = -1;
    std::int64_t memoryBytes = -1; // totalGlobalMem; -1 when not given
    StringId name { 0 };
};

struct Link {
    OpId from;
    OpId to;
    LinkKind kind = LinkKind::Flow;
};

struct CounterSample {
    RankId rank;
    StringId name { 0 };
    TimeNs time = 0;
    double value = 0;
};

// A problem met while loading that did not stop the load: what, where first, and how many times.
struct Diagnostic {
    ErrorCode code = ErrorCode::Ok;
    std::string file;
    std::int64_t firstByteOffset = -1;
    std::int64_t count = 0;
    Message detail;
};

} // namespace sightline
