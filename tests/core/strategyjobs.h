#pragma once

// Hand-built jobs with known times for the strategy tests, and helpers to run strategies on them.

#include "core/base/resourcelimits.h"
#include "core/import/traceloader.h"
#include "core/session/jobsession.h"
#include "core/strategy/passparameter.h"

#include "jobbuilder.h"

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace sightline::strategyjobs {


inline constexpr TimeNs us = 1000;

// Where allReduceJob's all-reduces run: collective kernels on the GPU (NCCL's), or a host thread's
// collective (gloo's).
enum class Collectives { OnGpu, OnHost };

// Ranks, each a step on a host thread that launches a kernel and an all-reduce of 1 MB, then waits for
// the device. Rank r's kernel takes kernelUs[r]; its part of the all-reduce starts when the kernel is
// done, and all end 100 us after the slowest kernel. Their streams are on GPU gpuIndex of their host
// (-1: the trace does not say).
inline TracePtr allReduceJob(
    const std::vector<TimeNs>& kernelUs, std::int32_t gpuIndex = -1, Collectives where = Collectives::OnGpu)
{
    JobBuilder b;
    b.currentStep = 1;
    std::vector<OpId> colls;
    const TimeNs slowest = *std::max_element(kernelUs.begin(), kernelUs.end());
    const bool onGpu = where == Collectives::OnGpu;
    for (std::size_t r = 0; r < kernelUs.size(); ++r) {
        const std::uint32_t rank = b.rank(static_cast<int>(r), "node");
        const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
        const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
        const std::uint32_t comm = onGpu ? b.track(rank, TrackKind::GpuStream, 20) : cpu;
        b.d.tracks[gpu].device = gpuIndex;
        if (onGpu)
            b.d.tracks[comm].device = gpuIndex;
        const OpId marker = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, (slowest + 200) * us);
        const OpId launchK = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 1 * us, 2 * us);
        const OpId launchC = onGpu ? b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 3 * us, 4 * us) : OpId();
        b.op(cpu, "cudaDeviceSynchronize", OpKind::Sync, 5 * us, (onGpu ? slowest + 106 : 5 + kernelUs[r]) * us);
        // A track's ops are made one after another: the host's collective before the kernel.
        const OpId onHost = onGpu
            ? OpId()
            : b.op(cpu, "gloo:all_reduce", OpKind::Collective, (6 + kernelUs[r]) * us, (slowest + 105) * us);
        const OpId kernel = b.op(gpu, "gemm", OpKind::ComputeKernel, 5 * us, (5 + kernelUs[r]) * us);
        const OpId coll = onGpu
            ? b.op(comm, "ncclDevKernel_AllReduce", OpKind::Collective, (5 + kernelUs[r]) * us, (slowest + 105) * us)
            : onHost;
        b.link(launchK, kernel, LinkKind::Launch);
        if (onGpu)
            b.link(launchC, coll, LinkKind::Launch);
        colls.push_back(coll);
        b.step(rank, 1, marker);
    }
    for (OpId c : colls)
        b.comm(c, "all_reduce", "0", 1'000'000, static_cast<int>(kernelUs.size()));
    return b.finish();
}

// One rank's forward step: aten::linear (weight 1024 x 512 fp32) launches a 100 us GEMM, aten::add a
// 50 us elementwise kernel after it, and the host waits for the device. Times in us:
// host: step [0, 200], linear [10, 40] (its launch [20, 25]), add [45, 60] (launch [50, 55]),
// synchronize [65, 190]; device: GEMM [30, 130], elementwise [130, 180].
inline TracePtr forwardJob()
{
    JobBuilder b;
    b.currentStep = 1;
    const std::uint32_t rank = b.rank(0, "node");
    const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
    const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
    const OpId marker = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, 200 * us);
    const OpId linear = b.op(cpu, "aten::linear", OpKind::CpuOp, 10 * us, 40 * us);
    const OpId launchGemm = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 20 * us, 25 * us);
    const OpId add = b.op(cpu, "aten::add", OpKind::CpuOp, 45 * us, 60 * us);
    const OpId launchAdd = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 50 * us, 55 * us);
    b.op(cpu, "cudaDeviceSynchronize", OpKind::Sync, 65 * us, 190 * us);
    const OpId gemm = b.op(gpu, "ampere_sgemm_128x64_nn", OpKind::ComputeKernel, 30 * us, 130 * us);
    const OpId elementwise = b.op(gpu, "void at::native::vectorized_elementwise_kernel<4>", OpKind::ComputeKernel, 130 * us, 180 * us);
    b.link(launchGemm, gemm, LinkKind::Launch);
    b.link(launchAdd, elementwise, LinkKind::Launch);
    for (OpId op : { linear, launchGemm, add, launchAdd, gemm, elementwise })
        b.d.phase[op.value()] = Phase::Forward;
    b.d.shapes.emplace_back(linear,
        ShapeArgs { b.d.strings.intern("[[64,512],[1024,512],[1024]]"), b.d.strings.intern("[\"float\",\"float\",\"float\"]") });
    b.step(rank, 1, marker);
    return b.finish();
}

// One rank's step on a device with allocator events: aten::linear with a 1024 x 512 weight, then an
// aten::mm of two activations, each launching a GEMM; in the backward, AccumulateGrad, then the
// linear's AddmmBackward0 (linked to it by a fwdbwd flow when linked), which frees the linear's 1 MiB
// output; then the host waits. Times in us: host: step [0, 500], linear [10, 40] (its output
// allocated at 12, launch [20, 25]), mm [45, 60] (launch [50, 55]), AccumulateGrad [70, 80],
// AddmmBackward0 [90, 100] (the free at 95), synchronize [110, 490]; device: [30, 130], [130, 180].
inline TracePtr weightCopyJob(bool linked)
{
    JobBuilder b;
    b.currentStep = 1;
    const std::uint32_t rank = b.rank(0, "node");
    const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
    const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
    const OpId marker = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, 500 * us);
    b.device(rank, 0, std::int64_t(80) << 30);
    const OpId linear = b.op(cpu, "aten::linear", OpKind::CpuOp, 10 * us, 40 * us);
    const OpId output = b.op(cpu, "[memory]", OpKind::CpuOp, 12 * us, 12 * us);
    const OpId launchGemm = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 20 * us, 25 * us);
    const OpId mm = b.op(cpu, "aten::mm", OpKind::CpuOp, 45 * us, 60 * us);
    const OpId launchMm = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 50 * us, 55 * us);
    const OpId grad = b.op(cpu, "torch::autograd::AccumulateGrad", OpKind::CpuOp, 70 * us, 80 * us);
    const OpId backward = b.op(cpu, "AddmmBackward0", OpKind::CpuOp, 90 * us, 100 * us);
    const OpId freed = b.op(cpu, "[memory]", OpKind::CpuOp, 95 * us, 95 * us);
    b.op(cpu, "cudaDeviceSynchronize", OpKind::Sync, 110 * us, 490 * us);
    const OpId gemm = b.op(gpu, "ampere_sgemm_128x64_nn", OpKind::ComputeKernel, 30 * us, 130 * us);
    const OpId mmKernel = b.op(gpu, "ampere_sgemm_64x64_nn", OpKind::ComputeKernel, 130 * us, 180 * us);
    b.link(launchGemm, gemm, LinkKind::Launch);
    b.link(launchMm, mmKernel, LinkKind::Launch);
    if (linked)
        b.link(linear, backward, LinkKind::ForwardBackward);
    for (OpId op : { linear, output, launchGemm, mm, launchMm, gemm, mmKernel })
        b.phase(op, Phase::Forward);
    for (OpId op : { grad, backward, freed })
        b.phase(op, Phase::Backward);
    b.shapes(linear, "[[64,512],[1024,512],[1024]]", "[\"float\",\"float\",\"float\"]");
    b.shapes(mm, "[[64,512],[512,64]]", "[\"float\",\"float\"]");
    b.memory(output, 1 << 20);
    b.memory(freed, -(1 << 20));
    b.step(rank, 1, marker);
    return b.finish();
}

// Two ranks of a backward pass that accumulates two 1 MiB gradients, the second secondUs after the
// first, and all-reduces each in a bucket of its own as soon as it is ready; then the host waits.
inline TracePtr twoGradientJob(TimeNs secondUs)
{
    JobBuilder b;
    b.currentStep = 1;
    std::vector<OpId> colls;
    const TimeNs end = secondUs + 400;
    for (int r = 0; r < 2; ++r) {
        const std::uint32_t rank = b.rank(r, "node");
        const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
        const std::uint32_t nccl = b.track(rank, TrackKind::GpuStream, 20);
        const OpId marker = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, end * us);
        std::vector<OpId> launches, grads;
        for (TimeNs at : { TimeNs(10), 10 + secondUs }) {
            grads.push_back(b.op(cpu, "torch::autograd::AccumulateGrad", OpKind::CpuOp, at * us, (at + 1) * us));
            launches.push_back(b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, (at + 2) * us, (at + 3) * us));
        }
        b.op(cpu, "cudaDeviceSynchronize", OpKind::Sync, (secondUs + 20) * us, (end - 10) * us);
        const OpId k1 = b.op(nccl, "ncclDevKernel_AllReduce", OpKind::Collective, 14 * us, 100 * us);
        const OpId k2 = b.op(nccl, "ncclDevKernel_AllReduce", OpKind::Collective, std::max<TimeNs>(100, 14 + secondUs) * us, (end - 20) * us);
        b.link(launches[0], k1, LinkKind::Launch);
        b.link(launches[1], k2, LinkKind::Launch);
        for (OpId op : { grads[0], grads[1], launches[0], launches[1], k1, k2 })
            b.d.phase[op.value()] = Phase::Backward;
        for (OpId g : grads)
            b.d.shapes.emplace_back(g, ShapeArgs { b.d.strings.intern("[[262144]]"), b.d.strings.intern("[\"float\"]") });
        b.step(rank, 1, marker);
        colls.push_back(k1);
        colls.push_back(k2);
    }
    std::sort(colls.begin(), colls.end());
    for (OpId c : colls)
        b.comm(c, "all_reduce", "0", 1 << 20, 2);
    return b.finish();
}

// One rank's step, bound by the device: the forward op launches a 200 us GEMM, the backward op another,
// and the host waits. Times in us: host: step [0, 500], aten::mm [10, 14] (launch [11, 13]),
// MmBackward0 [20, 24] (launch [21, 23]), synchronize [30, 420]; device: [12, 212], [212, 412].
// As a layer: aten::mm inside a "block_0" annotation [5, 16], linked to its backward op by a
// forward->backward flow, and the step ending at 600 us. With a loader: every op 1000 us later, the
// step [0, 1500] fetching its batch first, a DataLoader's next [10, 1010] in the forward, with the
// dataset's work, an aten::stack [300, 700], nested in it.
inline TracePtr trainingJob(bool asLayer = false, bool withLoader = false)
{
    JobBuilder b;
    b.currentStep = 1;
    const std::uint32_t rank = b.rank(0, "node");
    const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
    const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
    const TimeNs later = withLoader ? 1000 : 0;
    const auto at = [&](TimeNs t) { return (later + t) * us; };
    const OpId marker = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, at(asLayer ? 600 : 500));
    std::vector<OpId> forward;
    if (withLoader) {
        forward.push_back(
            b.op(cpu, "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", OpKind::Io, 10 * us, 1010 * us));
        forward.push_back(b.op(cpu, "aten::stack", OpKind::CpuOp, 300 * us, 700 * us));
    }
    if (asLayer)
        b.op(cpu, "block_0", OpKind::Annotation, at(5), at(16));
    const OpId mm = b.op(cpu, "aten::mm", OpKind::CpuOp, at(10), at(14));
    const OpId launchF = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, at(11), at(13));
    const OpId backward = b.op(cpu, "MmBackward0", OpKind::CpuOp, at(20), at(24));
    const OpId launchB = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, at(21), at(23));
    const OpId sync = b.op(cpu, "cudaDeviceSynchronize", OpKind::Sync, at(30), at(420));
    const OpId forwardKernel = b.op(gpu, "gemm forward", OpKind::ComputeKernel, at(12), at(212));
    const OpId backwardKernel = b.op(gpu, "gemm backward", OpKind::ComputeKernel, at(212), at(412));
    b.link(launchF, forwardKernel, LinkKind::Launch);
    b.link(launchB, backwardKernel, LinkKind::Launch);
    if (asLayer)
        b.link(mm, backward, LinkKind::ForwardBackward);
    forward.insert(forward.end(), { mm, launchF, forwardKernel });
    for (OpId op : forward)
        b.d.phase[op.value()] = Phase::Forward;
    for (OpId op : { backward, launchB, backwardKernel })
        b.d.phase[op.value()] = Phase::Backward;
    b.d.phase[sync.value()] = Phase::Other;
    b.step(rank, 1, marker);
    return b.finish();
}

// trainingJob's step fetching its batch first (above).
inline TracePtr loaderJob()
{
    return trainingJob(false, true);
}

inline TracePtr layerJob()
{
    return trainingJob(true);
}

// One rank: the host launches two elementwise kernels and a GEMM, then waits. Times in us: host: step
// [0, 170], launches [1, 3], [5, 7], [8, 9], synchronize [10, 165]; device: [10, 30], [40, 60], [60, 160].
inline TracePtr kernelChainJob()
{
    JobBuilder b;
    b.currentStep = 1;
    const std::uint32_t rank = b.rank(0, "node");
    const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
    const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
    const OpId marker = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, 170 * us);
    const OpId l1 = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 1 * us, 3 * us);
    const OpId l2 = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 5 * us, 7 * us);
    const OpId l3 = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 8 * us, 9 * us);
    b.op(cpu, "cudaDeviceSynchronize", OpKind::Sync, 10 * us, 165 * us);
    const OpId a = b.op(gpu, "vectorized_elementwise_kernel", OpKind::ComputeKernel, 10 * us, 30 * us);
    const OpId c = b.op(gpu, "layer_norm_kernel", OpKind::ComputeKernel, 40 * us, 60 * us);
    const OpId gemm = b.op(gpu, "ampere_sgemm_128x64_nn", OpKind::ComputeKernel, 60 * us, 160 * us);
    b.link(l1, a, LinkKind::Launch);
    b.link(l2, c, LinkKind::Launch);
    b.link(l3, gemm, LinkKind::Launch);
    b.step(rank, 1, marker);
    return b.finish();
}

inline std::shared_ptr<const JobSession> sessionOf(const TracePtr& trace)
{
    SessionOptions o;
    o.align = false;
    auto s = JobSession::open(trace, o, {});
    return s ? *s : nullptr;
}

// The session of a job on disk (a folder or file of the trace corpus), or null when it does not load.
inline std::shared_ptr<const JobSession> sessionOfFiles(const std::string& path)
{
    auto trace = TraceLoader::load({ path });
    return trace ? sessionOf(*trace) : nullptr;
}

inline Strategy oneStep(const std::string& pass, std::map<std::string, ParameterValue> params)
{
    return Strategy { { PassStep { pass, std::move(params) } } };
}

inline TimeNs stepTime(const ReplayResult& r)
{
    return r.schedule.steps.empty() ? -1 : r.schedule.steps.front().replayed;
}


} // namespace sightline::strategyjobs
