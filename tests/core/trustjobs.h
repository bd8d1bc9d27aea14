#pragma once

// Hand-built jobs shaped like the real traces on which what-ifs were once wrong without a word: device
// work that outlasts its host step, a window that begins with work queued before it, ranks that begin
// at different times, an enclosing op whose nested work runs past the window.

#include "strategyjobs.h"

namespace sightline::trustjobs {

using strategyjobs::us;

// Ranks that each run steps of a host thread which launches a 25 us kernel and a gradient all-reduce of
// 100 MB and returns after 20 us, without waiting for the device (ranks on one host, or on none named;
// their GPUs named device, or not): the kernel runs [5, 30] us into each
// step and the all-reduce [30, 60], so each step's work ends 40 us after its marker. Steps follow one
// another every 60 us (the host waits for the device at the next step's start, as the caching
// allocator would make it). With stepsBefore, the job holds that many steps before the first one
// replayed (numbered from 1).
inline TracePtr deviceTailJob(int ranks, int steps, const std::string& host = "node", const std::string& device = {})
{
    JobBuilder b;
    std::vector<std::vector<OpId>> colls(static_cast<std::size_t>(steps));
    std::vector<std::uint32_t> cpu, gpu, nccl;
    for (int r = 0; r < ranks; ++r) {
        const std::uint32_t rank = b.rank(r, host);
        if (!device.empty())
            b.d.devices.push_back(DeviceInfo { RankId(rank), 0, -1, b.d.strings.intern(device) });
        cpu.push_back(b.track(rank, TrackKind::CpuThread, 1));
        gpu.push_back(b.track(rank, TrackKind::GpuStream, 7));
        nccl.push_back(b.track(rank, TrackKind::GpuStream, 20));
    }
    // Ops are added track by track, rank by rank.
    for (int r = 0; r < ranks; ++r) {
        std::vector<std::pair<OpId, OpId>> launches;
        std::vector<OpId> markers;
        for (int k = 0; k < steps; ++k) {
            const TimeNs at = 60 * us * k;
            b.currentStep = k + 1;
            markers.push_back(b.op(cpu[r], "ProfilerStep#" + std::to_string(k + 1), OpKind::Annotation, at, at + 20 * us));
            const OpId lk = b.op(cpu[r], "cudaLaunchKernel", OpKind::Runtime, at + 2 * us, at + 4 * us);
            const OpId lc = b.op(cpu[r], "cudaLaunchKernel", OpKind::Runtime, at + 6 * us, at + 8 * us);
            launches.emplace_back(lk, lc);
        }
        for (int k = 0; k < steps; ++k) {
            const TimeNs at = 60 * us * k;
            b.currentStep = k + 1;
            const OpId kernel = b.op(gpu[r], "gemm", OpKind::ComputeKernel, at + 5 * us, at + 30 * us);
            b.link(launches[k].first, kernel, LinkKind::Launch);
            b.d.phase[kernel.value()] = Phase::Backward;
        }
        for (int k = 0; k < steps; ++k) {
            const TimeNs at = 60 * us * k;
            b.currentStep = k + 1;
            const OpId coll = b.op(nccl[r], "ncclDevKernel_AllReduce", OpKind::Collective, at + 30 * us, at + 60 * us);
            b.link(launches[k].second, coll, LinkKind::Launch);
            b.d.phase[coll.value()] = Phase::Backward;
            colls[k].push_back(coll);
        }
        for (int k = 0; k < steps; ++k)
            b.step(static_cast<std::uint32_t>(r), k + 1, markers[k]);
    }
    std::vector<OpId> all;
    for (const auto& step : colls)
        all.insert(all.end(), step.begin(), step.end());
    std::sort(all.begin(), all.end());
    for (OpId c : all)
        b.comm(c, "all_reduce", "0", 100'000'000, ranks);
    return b.finish();
}

// One rank's steps that load their batch on the host: "enumerate(DataLoader)#..." [2, 62] us encloses the
// loader's work (aten::stack [5, 30], aten::copy_ [35, 58], the host time between them), then the step
// launches a 25 us kernel [64, 66] -> [70, 95] and waits for it [66, 96]; the step's marker ends at 100.
inline TracePtr dataLoaderJob(int steps)
{
    JobBuilder b;
    const std::uint32_t rank = b.rank(0, "node");
    const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
    const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
    std::vector<OpId> markers, launches;
    for (int k = 0; k < steps; ++k) {
        const TimeNs at = 100 * us * k;
        b.currentStep = k + 1;
        markers.push_back(b.op(cpu, "ProfilerStep#" + std::to_string(k + 1), OpKind::Annotation, at, at + 100 * us));
        b.op(cpu, "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", OpKind::CpuOp, at + 2 * us, at + 62 * us);
        b.op(cpu, "aten::stack", OpKind::CpuOp, at + 5 * us, at + 30 * us);
        b.op(cpu, "aten::copy_", OpKind::CpuOp, at + 35 * us, at + 58 * us);
        launches.push_back(b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, at + 64 * us, at + 66 * us));
        b.op(cpu, "cudaStreamSynchronize", OpKind::Sync, at + 66 * us, at + 96 * us);
    }
    for (int k = 0; k < steps; ++k) {
        const TimeNs at = 100 * us * k;
        b.currentStep = k + 1;
        const OpId kernel = b.op(gpu, "gemm", OpKind::ComputeKernel, at + 70 * us, at + 95 * us);
        b.link(launches[k], kernel, LinkKind::Launch);
    }
    for (int k = 0; k < steps; ++k)
        b.step(rank, k + 1, markers[k]);
    return b.finish();
}

// allReduceJob's ranks, each a step that copies its batch on the host (copyUs[r]), launches a kernel
// (kernelUs[r]) and an all-reduce and waits, where the ranks in withThread also run a thread of their own
// before the main one (a pin-memory thread, whose copies take 45 us), so that their tracks do not line up
// by position with the others'.
inline TracePtr extraThreadJob(const std::vector<TimeNs>& copyUs, const std::vector<TimeNs>& kernelUs, const std::vector<int>& withThread)
{
    JobBuilder b;
    b.currentStep = 1;
    std::vector<OpId> colls;
    TimeNs slowest = 0;
    for (std::size_t r = 0; r < kernelUs.size(); ++r)
        slowest = std::max(slowest, copyUs[r] + kernelUs[r]);
    for (std::size_t r = 0; r < kernelUs.size(); ++r) {
        const std::uint32_t rank = b.rank(static_cast<int>(r), "node");
        const bool extra = std::find(withThread.begin(), withThread.end(), static_cast<int>(r)) != withThread.end();
        if (extra) {
            const std::uint32_t pin = b.track(rank, TrackKind::CpuThread, 5);
            b.op(pin, "aten::copy_", OpKind::CpuOp, 1 * us, 46 * us);
            b.op(pin, "aten::copy_", OpKind::CpuOp, 50 * us, 95 * us);
        }
        const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
        const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
        const std::uint32_t nccl = b.track(rank, TrackKind::GpuStream, 20);
        const TimeNs c = 1 + copyUs[r];
        const OpId marker = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, (slowest + 200) * us);
        b.op(cpu, "aten::copy_", OpKind::CpuOp, 1 * us, c * us);
        const OpId launchK = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, (c + 1) * us, (c + 2) * us);
        const OpId launchC = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, (c + 3) * us, (c + 4) * us);
        b.op(cpu, "cudaDeviceSynchronize", OpKind::Sync, (c + 5) * us, (slowest + 109) * us);
        const OpId kernel = b.op(gpu, "gemm", OpKind::ComputeKernel, (c + 5) * us, (c + 5 + kernelUs[r]) * us);
        const OpId coll = b.op(nccl, "ncclDevKernel_AllReduce", OpKind::Collective, (c + 5 + kernelUs[r]) * us, (slowest + 108) * us);
        b.link(launchK, kernel, LinkKind::Launch);
        b.link(launchC, coll, LinkKind::Launch);
        b.step(rank, 1, marker);
        colls.push_back(coll);
    }
    for (OpId c : colls)
        b.comm(c, "all_reduce", "0", 1'000'000, static_cast<int>(kernelUs.size()));
    return b.finish();
}

// Four ranks of a tensor- and data-parallel job: tensor-parallel groups {0, 1} and {2, 3} (process
// groups "tp0", "tp1") all-reduce activations in the forward and the backward (Megatron's row- and
// column-parallel layers), and data-parallel groups {0, 2} and {1, 3} ("dp0", "dp1") all-reduce the
// gradients (four of 16 MiB) after the backward's AccumulateGrad ops. Times in us: host: step [0, 300],
// launches [1, 2] forward kernel, [3, 4] its all-reduce, [5, 6] backward kernel, [7, 8] its all-reduce,
// AccumulateGrad [9, 9.1] to [9.6, 9.7], [11, 12] the gradients' all-reduce, synchronize [13, 290]; device: kernels
// [10, 40] and [70, 100], tensor-parallel all-reduces [40, 70] and [100, 130] of 8 MB, the gradients'
// [130, 200] of 64 MB.
inline TracePtr tensorParallelJob()
{
    JobBuilder b;
    b.currentStep = 1;
    std::vector<std::pair<OpId, std::pair<std::string, std::int64_t>>> comms;
    for (int r = 0; r < 4; ++r) {
        const std::uint32_t rank = b.rank(r, "node");
        const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
        const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
        const std::uint32_t tpStream = b.track(rank, TrackKind::GpuStream, 20);
        const std::uint32_t dpStream = b.track(rank, TrackKind::GpuStream, 21);
        const OpId marker = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, 300 * us);
        const OpId lf = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 1 * us, 2 * us);
        const OpId ltf = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 3 * us, 4 * us);
        const OpId lb = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 5 * us, 6 * us);
        const OpId ltb = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 7 * us, 8 * us);
        std::vector<OpId> grads;
        for (int k = 0; k < 4; ++k)
            grads.push_back(b.op(cpu, "torch::autograd::AccumulateGrad", OpKind::CpuOp, 9 * us + 200 * k, 9 * us + 200 * k + 100));
        const OpId ld = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 11 * us, 12 * us);
        b.op(cpu, "cudaDeviceSynchronize", OpKind::Sync, 13 * us, 290 * us);
        const OpId kf = b.op(gpu, "gemm forward", OpKind::ComputeKernel, 10 * us, 40 * us);
        const OpId kb = b.op(gpu, "gemm backward", OpKind::ComputeKernel, 70 * us, 100 * us);
        const OpId tf = b.op(tpStream, "ncclDevKernel_AllReduce", OpKind::Collective, 40 * us, 70 * us);
        const OpId tb = b.op(tpStream, "ncclDevKernel_AllReduce", OpKind::Collective, 100 * us, 130 * us);
        const OpId dp = b.op(dpStream, "ncclDevKernel_AllReduce", OpKind::Collective, 130 * us, 200 * us);
        for (const auto& [launch, kernel] : { std::pair(lf, kf), std::pair(ltf, tf), std::pair(lb, kb), std::pair(ltb, tb), std::pair(ld, dp) })
            b.link(launch, kernel, LinkKind::Launch);
        for (OpId op : { lf, ltf, kf, tf })
            b.phase(op, Phase::Forward);
        for (OpId op : { lb, ltb, ld, kb, tb, dp })
            b.phase(op, Phase::Backward);
        for (OpId grad : grads) {
            b.phase(grad, Phase::Backward);
            b.shapes(grad, "[[4194304]]", "[\"float\"]");
        }
        const std::string tp = "tp" + std::to_string(r / 2), dpGroup = "dp" + std::to_string(r % 2);
        comms.push_back({ tf, { tp, 8'000'000 } });
        comms.push_back({ tb, { tp, 8'000'000 } });
        comms.push_back({ dp, { dpGroup, 64'000'000 } });
        b.step(rank, 1, marker);
    }
    std::sort(comms.begin(), comms.end(), [](const auto& a, const auto& c) { return a.first < c.first; });
    for (const auto& [op, group] : comms)
        b.comm(op, "all_reduce", group.first, group.second, 2);
    return b.finish();
}

// One rank whose device runs behind its host: each of four 40 us steps launches an 80 us kernel, so the
// kernel of step k runs in step k + 1's time, and the stream queues. The host also runs a
// "profiler.step" span at the end of each step whose nested work (the next step's first op) begins in
// the next step. Times in us: step k's marker [40k, 40k + 40], its launch [40k + 1, 40k + 2], its span
// [40k + 38, 40k + 45] around "aten::empty" [40k + 43, 40k + 44]; the kernel of step k runs
// [80k + 5, 80k + 85] (each waits for the one before).
inline TracePtr queuedDeviceJob()
{
    JobBuilder b;
    const std::uint32_t rank = b.rank(0, "node");
    const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
    const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
    struct HostOp {
        TimeNs start, end;
        std::string name;
        OpKind kind;
        int step;
    };
    std::vector<HostOp> host;
    for (int k = 0; k < 4; ++k) {
        const TimeNs at = 40 * us * k;
        host.push_back({ at, at + 40 * us, "ProfilerStep#" + std::to_string(k + 1), OpKind::Annotation, k + 1 });
        host.push_back({ at + 1 * us, at + 2 * us, "cudaLaunchKernel", OpKind::Runtime, k + 1 });
        host.push_back({ at + 38 * us, at + 45 * us, "profiler.step", OpKind::CpuOp, k + 1 });
        host.push_back({ at + 43 * us, at + 44 * us, "aten::empty", OpKind::CpuOp, k + 2 });
    }
    std::stable_sort(host.begin(), host.end(), [](const HostOp& x, const HostOp& y) { return x.start < y.start; });
    std::vector<OpId> markers, launches;
    for (const HostOp& h : host) {
        b.currentStep = h.step;
        const OpId op = b.op(cpu, h.name, h.kind, h.start, h.end);
        if (h.kind == OpKind::Annotation)
            markers.push_back(op);
        else if (h.kind == OpKind::Runtime)
            launches.push_back(op);
    }
    for (int k = 0; k < 4; ++k) {
        b.currentStep = k + 1;
        const OpId kernel = b.op(gpu, "gemm", OpKind::ComputeKernel, (80 * k + 5) * us, (80 * k + 85) * us);
        b.link(launches[static_cast<std::size_t>(k)], kernel, LinkKind::Launch);
    }
    for (int k = 0; k < 4; ++k)
        b.step(rank, k + 1, markers[static_cast<std::size_t>(k)]);
    return b.finish();
}

} // namespace sightline::trustjobs
