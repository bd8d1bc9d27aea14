#pragma once

#include "core/model/opkind.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace sightline {

// Decides what an op is from its category and name, by exact prefixes and token structure, never by a
// bare substring (Python stack frames can contain "nccl"). Pure functions, thread-safe.
class OpClassifier {
public:
    // Kind of an event of the Chrome/Kineto family. onGpuTrack is known from the pid/tid layout.
    static OpKind classify(std::string_view category, std::string_view name, bool onGpuTrack);

    // True for categories that Kineto puts on GPU tracks.
    static bool isGpuCategory(std::string_view category);

    // NCCL/RCCL kernel: ncclKernel_<Coll>_..., ncclDevKernel_<Coll>_..., ncclDevKernel_Generic.
    static bool isCommKernel(std::string_view name);
    // Normalised collective of an NCCL kernel name ("all_reduce"); empty for ncclDevKernel_Generic.
    static std::string collectiveOfKernel(std::string_view name);
    // CPU-side communication ops: nccl:*, gloo:*, c10d::*, record_param_comms.
    static bool isCommCpuOp(std::string_view category, std::string_view name);
    // Normalised collective of a CPU-side op name ("c10d::allreduce_" -> "all_reduce"); empty if none.
    static std::string collectiveOfCpuOp(std::string_view name);
    // Normalises the spellings found in traces and args ("allreduce", "_allgather_base", "AllReduce").
    static std::string normalizeCollective(std::string_view name);
    // Communication kind for a normalised collective name.
    static OpKind commKind(std::string_view collective);
    // Bytes per element of a dtype as traces spell it ("Float", "c10::Half", "int64"); 0 if unknown.
    static int dtypeBytes(std::string_view dtype);
    // The autograd node that adds a parameter's gradient into the one it holds, or makes it the one
    // held (torch::autograd::AccumulateGrad).
    static bool isAccumulateGrad(std::string_view name);
    // "ProfilerStep#12" -> 12; -1 if name is not a step marker.
    static std::int64_t profilerStepNumber(std::string_view name);
};

} // namespace sightline
