#pragma once

// Generated backward passes for the search's tests: layers whose kernels make gradients that are each
// all-reduced in a bucket of their own, as measured, so that the search has buckets to decide.

#include "strategyjobs.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sightline::searchjobs {

using strategyjobs::us;

// Whether one of the warnings says text (in English).
inline bool says(const std::vector<Message>& warnings, std::string_view text)
{
    return std::any_of(warnings.begin(), warnings.end(),
        [&](const Message& w) { return w.english().find(text) != std::string::npos; });
}

// One backward layer: a kernel of kernelUs on the compute stream, then, once it is done, an
// AccumulateGrad per gradient (of these bytes, fp32) on the host, each gradient all-reduced alone on the NCCL stream
// once its kernel is done and the all-reduce before it has finished (measured at 20 us + 1 us per 100 KB).
struct Layer {
    TimeNs kernelUs = 0;
    std::vector<std::int64_t> gradientBytes;
};

// groupSize: the all-reduces' group, where it is larger than the ranks the trace holds (0: those ranks),
// and the job's world.
// warmUpAfter: the last rank also runs a 1 us "warm-up" kernel (no gradients) after that layer's.
inline TracePtr backwardJob(
    int ranks, const std::vector<Layer>& layers, int groupSize = 0, std::optional<std::size_t> warmUpAfter = {})
{
    // The times first (the same on every rank), in us: per layer its launch and kernel, per gradient its
    // AccumulateGrad, its all-reduce's launch and the all-reduce.
    struct Gradient {
        TimeNs accumulate, launch, start, end;
        std::int64_t bytes;
    };
    struct Planned {
        TimeNs launch, kernelStart, kernelEnd;
        std::vector<Gradient> gradients;
    };
    std::vector<Planned> planned;
    TimeNs host = 10, device = 12, network = 0;
    for (const Layer& layer : layers) {
        Planned p;
        p.launch = host;
        p.kernelStart = std::max(device, host + 2);
        p.kernelEnd = device = p.kernelStart + layer.kernelUs;
        // The host accumulates the layer's gradients once its kernel is done.
        host = std::max(host + 2, p.kernelEnd);
        for (std::int64_t bytes : layer.gradientBytes) {
            const TimeNs start = std::max({ network, device, host + 3 });
            network = start + 20 + bytes / 100'000;
            p.gradients.push_back({ host, host + 1, start, network, bytes });
            host += 3;
        }
        planned.push_back(std::move(p));
    }
    const TimeNs end = std::max({ network, device, host }) + 30;

    JobBuilder b;
    b.currentStep = 1;
    b.worldSize = groupSize;
    std::vector<OpId> colls;
    for (int r = 0; r < ranks; ++r) {
        const std::uint32_t rank = b.rank(r, "node");
        const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
        const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
        const std::uint32_t nccl = b.track(rank, TrackKind::GpuStream, 20);
        std::vector<OpId> backward;
        const OpId marker = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, (end + 10) * us);
        std::vector<OpId> kernelLaunches, collLaunches;
        for (const Planned& p : planned) {
            kernelLaunches.push_back(
                b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, p.launch * us, (p.launch + 1) * us));
            backward.push_back(kernelLaunches.back());
            for (const Gradient& g : p.gradients) {
                const OpId grad = b.op(
                    cpu, "torch::autograd::AccumulateGrad", OpKind::CpuOp, g.accumulate * us, (g.accumulate + 1) * us);
                b.shapes(grad, "[[" + std::to_string(g.bytes / 4) + "]]", "[\"float\"]");
                collLaunches.push_back(
                    b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, g.launch * us, (g.launch + 1) * us));
                backward.insert(backward.end(), { grad, collLaunches.back() });
            }
        }
        b.op(cpu, "cudaDeviceSynchronize", OpKind::Sync, host * us, (end - 5) * us);
        for (std::size_t l = 0; l < planned.size(); ++l) {
            const OpId kernel = b.op(
                gpu, "gemm backward", OpKind::ComputeKernel, planned[l].kernelStart * us, planned[l].kernelEnd * us);
            b.link(kernelLaunches[l], kernel, LinkKind::Launch);
            backward.push_back(kernel);
            if (warmUpAfter == l && r + 1 == ranks)
                backward.push_back(b.op(
                    gpu, "warm-up", OpKind::ComputeKernel, planned[l].kernelEnd * us, (planned[l].kernelEnd + 1) * us));
        }
        std::size_t k = 0;
        for (const Planned& p : planned) {
            for (const Gradient& g : p.gradients) {
                const OpId coll = b.op(nccl, "ncclDevKernel_AllReduce", OpKind::Collective, g.start * us, g.end * us);
                b.link(collLaunches[k++], coll, LinkKind::Launch);
                backward.push_back(coll);
                colls.push_back(coll);
            }
        }
        for (OpId op : backward)
            b.phase(op, Phase::Backward);
        b.step(rank, 1, marker);
    }
    std::vector<std::int64_t> bytes;
    for (const Layer& layer : layers)
        bytes.insert(bytes.end(), layer.gradientBytes.begin(), layer.gradientBytes.end());
    for (std::size_t i = 0; i < colls.size(); ++i)
        b.comm(colls[i], "all_reduce", "0", bytes[i % bytes.size()], groupSize > 0 ? groupSize : ranks);
    return b.finish();
}

// Many tiny gradients: count layers of a 2 us kernel with one gradient of bytes each.
inline TracePtr tinyGradientsJob(int count, std::int64_t bytes)
{
    return backwardJob(2, std::vector<Layer>(static_cast<std::size_t>(count), Layer { 2, { bytes } }));
}

// NVLink at 100 GB/s and a latency per algorithm step: what every candidate of a test is timed by.
inline Strategy nvlink(double latencyUs)
{
    return Strategy { { PassStep { "network", { { "nvlink_gbps", 100.0 }, { "nvlink_latency_us", latencyUs } } } } };
}

// Ranks that launch short kernels, one launch after another, each kernel 5 us long and starting 1 us
// after its launch ends, so that the launches hold the path. kernels: per rank, per step, the kernels'
// names; launchUs: per rank, how long each of its launches takes. Each rank on a GPU of its own; no
// communication.
inline TracePtr launchBoundJob(
    const std::vector<std::vector<std::vector<std::string>>>& kernels, const std::vector<TimeNs>& launchUs)
{
    JobBuilder b;
    for (std::size_t r = 0; r < kernels.size(); ++r) {
        const std::uint32_t rank = b.rank(static_cast<int>(r), "node");
        const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
        const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
        b.d.tracks[gpu].device = static_cast<std::int32_t>(r);
        const TimeNs every = launchUs[r] + 5; // a launch and the gap to the next
        std::vector<OpId> launches;
        std::vector<TimeNs> ready;
        TimeNs at = 0;
        for (std::size_t s = 0; s < kernels[r].size(); ++s) { // a track's ops one after another: the host's first
            b.currentStep = static_cast<std::int32_t>(s + 1);
            const std::vector<std::string>& names = kernels[r][s];
            const TimeNs length = (every * static_cast<TimeNs>(names.size()) + 10) * us;
            b.step(rank, static_cast<std::int64_t>(s + 1),
                b.op(cpu, "ProfilerStep#" + std::to_string(s + 1), OpKind::Annotation, at, at + length));
            for (std::size_t k = 0; k < names.size(); ++k) {
                const TimeNs start = at + (1 + every * static_cast<TimeNs>(k)) * us;
                launches.push_back(b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, start, start + launchUs[r] * us));
                ready.push_back(start + (launchUs[r] + 1) * us);
            }
            at += length;
        }
        std::size_t l = 0;
        for (std::size_t s = 0; s < kernels[r].size(); ++s) {
            b.currentStep = static_cast<std::int32_t>(s + 1);
            for (const std::string& name : kernels[r][s]) {
                b.link(
                    launches[l], b.op(gpu, name, OpKind::ComputeKernel, ready[l], ready[l] + 5 * us), LinkKind::Launch);
                ++l;
            }
        }
    }
    return b.finish();
}

// Two ranks whose steps differ: rank 0's first starts with a warm-up kernel (B A B C, then A B C), rank
// 1's are both A B C; each launch 20 us.
inline TracePtr unevenStepsJob()
{
    return launchBoundJob(
        { { { "B", "A", "B", "C" }, { "A", "B", "C" } }, { { "A", "B", "C" }, { "A", "B", "C" } } }, { 20, 20 });
}

} // namespace sightline::searchjobs
