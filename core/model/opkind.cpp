#include "core/model/opkind.h"

namespace sightline {

std::string_view opKindName(OpKind kind)
{
    switch (kind) {
    case OpKind::ComputeKernel: return "kernel";
    case OpKind::CpuOp: return "cpu_op";
    case OpKind::Collective: return "collective";
    case OpKind::Send: return "send";
    case OpKind::Recv: return "recv";
    case OpKind::Memcpy: return "memcpy";
    case OpKind::Memset: return "memset";
    case OpKind::Runtime: return "runtime";
    case OpKind::Sync: return "sync";
    case OpKind::Annotation: return "annotation";
    case OpKind::Io: return "io";
    }
    return "unknown";
}

std::string_view phaseName(Phase phase)
{
    switch (phase) {
    case Phase::Unknown: return "unknown";
    case Phase::Forward: return "forward";
    case Phase::Backward: return "backward";
    case Phase::Optimizer: return "optimizer";
    case Phase::Other: return "other";
    }
    return "unknown";
}

std::string_view trackKindName(TrackKind kind)
{
    switch (kind) {
    case TrackKind::CpuThread: return "cpu_thread";
    case TrackKind::GpuStream: return "gpu_stream";
    case TrackKind::CommChannel: return "comm_channel";
    case TrackKind::Other: return "other";
    }
    return "other";
}

std::string_view linkKindName(LinkKind kind)
{
    switch (kind) {
    case LinkKind::Launch: return "launch";
    case LinkKind::Flow: return "flow";
    case LinkKind::ForwardBackward: return "fwdbwd";
    case LinkKind::Dependency: return "dependency";
    case LinkKind::StreamWait: return "stream_wait";
    case LinkKind::Encloses:
        return "encloses";
    }
    return "flow";
}

std::string_view stepMethodName(StepMethod method)
{
    switch (method) {
    case StepMethod::None: return "none";
    case StepMethod::ProfilerStepMarkers: return "profiler_step_markers";
    case StepMethod::RepeatingStructure: return "repeating_structure";
    case StepMethod::TensorPeriodicity: return "tensor_periodicity";
    case StepMethod::WholeRun: return "whole_run";
    case StepMethod::DeclaredSteps: return "declared_steps";
    }
    return "none";
}

} // namespace sightline
