#pragma once

#include <cstdint>
#include <string_view>

namespace sightline {

// What an op is. Communication kinds carry bytes and a process group; Runtime covers launches and
// other driver calls; Sync covers host waits on the device.
enum class OpKind : std::uint8_t {
    ComputeKernel,
    CpuOp,
    Collective,
    Send,
    Recv,
    Memcpy,
    Memset,
    Runtime,
    Sync,
    Annotation,
    Io,
};
inline constexpr int kOpKindCount = 11;

// Training phase of an op, when the trace lets us know it.
enum class Phase : std::uint8_t { Unknown, Forward, Backward, Optimizer, Other };

enum class TrackKind : std::uint8_t { CpuThread, GpuStream, CommChannel, Other };

enum class LinkKind : std::uint8_t {
    Launch, // CPU runtime call -> GPU kernel, memcpy or memset (correlation id)
    Flow, // generic flow event pair
    ForwardBackward, // forward op -> backward op (fwdbwd flows)
    Dependency, // an explicit dependency an importer knows from the format (layer-wise DAGs)
    StreamWait, // last op recorded on a stream before cudaEventRecord -> the wait for that event
    Encloses, // a span on a track of its own -> an op of another track that it covers (BytePS's totals)
};

// How a rank's iterations were found.
enum class StepMethod : std::uint8_t { None, ProfilerStepMarkers, RepeatingStructure, TensorPeriodicity, WholeRun, DeclaredSteps };

// Stable snake_case identifiers, used by the CLI's JSON and by golden dumps.
std::string_view opKindName(OpKind kind);
std::string_view phaseName(Phase phase);
std::string_view trackKindName(TrackKind kind);
std::string_view linkKindName(LinkKind kind);
std::string_view stepMethodName(StepMethod method);

inline bool isCommunication(OpKind kind)
{
    return kind == OpKind::Collective || kind == OpKind::Send || kind == OpKind::Recv;
}

// Device work that hides communication running beside it: kernels and copies (not annotations or
// synchronisation, which occupy a stream without using it).
inline bool hidesCommunication(OpKind kind)
{
    return kind == OpKind::ComputeKernel || kind == OpKind::Memcpy || kind == OpKind::Memset;
}

// GPU streams and communication channels: the device side of a rank.
inline bool isGpuTrack(TrackKind kind)
{
    return kind == TrackKind::GpuStream || kind == TrackKind::CommChannel;
}

} // namespace sightline
