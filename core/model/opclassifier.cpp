#include "core/model/opclassifier.h"

#include <cctype>

namespace sightline {

namespace {

bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.substr(0, prefix.size()) == prefix;
}

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string lowerAlnum(std::string_view s)
{
    // Lowercase and drop separators so "AllReduce", "all_reduce" and "allreduce" compare equal.
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
    return out;
}

} // namespace

bool OpClassifier::isGpuCategory(std::string_view category)
{
    return category == "kernel" || category == "gpu_memcpy" || category == "gpu_memset"
        || category == "gpu_user_annotation" || category == "Kernel" || category == "Memcpy" || category == "Memset"
        || category == "cuda_sync";
}

bool OpClassifier::isCommKernel(std::string_view name)
{
    return startsWith(name, "ncclKernel_") || startsWith(name, "ncclDevKernel_");
}

std::string OpClassifier::collectiveOfKernel(std::string_view name)
{
    std::string_view rest;
    if (startsWith(name, "ncclKernel_"))
        rest = name.substr(11);
    else if (startsWith(name, "ncclDevKernel_"))
        rest = name.substr(14);
    else
        return {};
    const std::size_t end = rest.find_first_of("_(");
    const std::string_view coll = rest.substr(0, end);
    if (coll == "Generic")
        return {};
    return normalizeCollective(coll);
}

bool OpClassifier::isCommCpuOp(std::string_view category, std::string_view name)
{
    if (category == "python_function" || category == "gpu_user_annotation" || isGpuCategory(category))
        return false;
    return startsWith(name, "nccl:") || startsWith(name, "gloo:") || startsWith(name, "c10d::")
        || name == "record_param_comms";
}

std::string OpClassifier::collectiveOfCpuOp(std::string_view name)
{
    if (startsWith(name, "nccl:") || startsWith(name, "gloo:"))
        return normalizeCollective(name.substr(name.find(':') + 1));
    if (startsWith(name, "c10d::"))
        return normalizeCollective(name.substr(6));
    return {};
}

std::string OpClassifier::normalizeCollective(std::string_view name)
{
    std::string key = lowerAlnum(name);
    // Strip the variants' decorations: _base, _into_tensor, _coalesced, tensor, single.
    for (bool stripped = true; stripped;) {
        stripped = false;
        for (std::string_view suffix : { "coalesced", "base", "intotensor", "tensor", "single" }) {
            if (key.size() > suffix.size() + 3 && endsWith(key, suffix)) {
                key.resize(key.size() - suffix.size());
                stripped = true;
            }
        }
    }
    if (key == "allreduce")
        return "all_reduce";
    if (key == "allgather")
        return "all_gather";
    if (key == "reducescatter")
        return "reduce_scatter";
    if (key == "alltoall" || key == "alltoallv")
        return "all_to_all";
    if (key == "broadcast" || key == "bcast")
        return "broadcast";
    if (key == "reduce")
        return "reduce";
    if (key == "sendrecv")
        return "send_recv";
    if (key == "send")
        return "send";
    if (key == "recv" || key == "recvanysource")
        return "recv";
    if (key == "barrier")
        return "barrier";
    if (key == "gather")
        return "gather";
    if (key == "scatter")
        return "scatter";
    return key;
}

OpKind OpClassifier::commKind(std::string_view collective)
{
    // A parameter-server push is the worker's send to its server, a pull the worker's receive.
    if (collective == "send" || collective == "push")
        return OpKind::Send;
    if (collective == "recv" || collective == "pull")
        return OpKind::Recv;
    return OpKind::Collective;
}

int OpClassifier::dtypeBytes(std::string_view dtype)
{
    std::string key = lowerAlnum(startsWith(dtype, "c10::") ? dtype.substr(5) : dtype);
    if (key == "float" || key == "float32" || key == "int" || key == "int32" || key == "uint32")
        return 4;
    if (key == "double" || key == "float64" || key == "long" || key == "int64" || key == "uint64"
        || key == "complexfloat")
        return 8;
    if (key == "half" || key == "float16" || key == "bfloat16" || key == "short" || key == "int16")
        return 2;
    if (key == "byte" || key == "char" || key == "int8" || key == "uint8" || key == "bool" || key == "float8e4m3fn"
        || key == "float8e5m2" || key == "int8t")
        return 1;
    return 0;
}

bool OpClassifier::isAccumulateGrad(std::string_view name)
{
    return name == "torch::autograd::AccumulateGrad";
}

std::int64_t OpClassifier::profilerStepNumber(std::string_view name)
{
    if (!startsWith(name, "ProfilerStep#") || name.size() == 13)
        return -1;
    std::int64_t n = 0;
    for (char c : name.substr(13)) {
        if (c < '0' || c > '9' || n > (INT64_MAX / 10 - 10))
            return -1;
        n = n * 10 + (c - '0');
    }
    return n;
}

OpKind OpClassifier::classify(std::string_view category, std::string_view name, bool onGpuTrack)
{
    if (category == "kernel" || category == "Kernel") {
        if (isCommKernel(name))
            return commKind(collectiveOfKernel(name));
        return OpKind::ComputeKernel;
    }
    if (category == "gpu_memcpy" || category == "Memcpy")
        return OpKind::Memcpy;
    if (category == "gpu_memset" || category == "Memset")
        return OpKind::Memset;
    if (category == "cuda_sync")
        return OpKind::Sync;
    if (category == "cuda_runtime" || category == "Runtime" || category == "cuda_driver") {
        if (endsWith(name, "Synchronize"))
            return OpKind::Sync;
        return OpKind::Runtime;
    }
    if (category == "gpu_user_annotation" || category == "Trace")
        return OpKind::Annotation;
    if (isCommCpuOp(category, name)) {
        const std::string coll = collectiveOfCpuOp(name);
        return commKind(coll);
    }
    if (startsWith(name, "enumerate(DataLoader)") || category == "dataloader")
        return OpKind::Io;
    if (category == "user_annotation")
        return OpKind::Annotation;
    if (onGpuTrack)
        return isCommKernel(name) ? commKind(collectiveOfKernel(name)) : OpKind::ComputeKernel;
    return OpKind::CpuOp;
}

} // namespace sightline
