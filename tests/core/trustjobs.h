#pragma once

// Hand-built jobs shaped like the real traces on which what-ifs were once wrong without a word: device
// work that outlasts its host step, a window that begins with work queued before it, ranks that begin
// at different times, an enclosing op whose nested work runs past the window.

#include "strategyjobs.h"

namespace sightline::trustjobs {

using strategyjobs::us;

// Ranks that each run steps of a host thread which launches a 25 us kernel and a gradient all-reduce of
// 100 MB and returns after 20 us, without waiting for the device: the kernel runs [5, 30] us into each
// step and the all-reduce [30, 60], so each step's work ends 40 us after its marker. Steps follow one
// another every 60 us (the host waits for the device at the next step's start, as the caching
// allocator would make it). With stepsBefore, the job holds that many steps before the first one
// replayed (numbered from 1).
inline TracePtr deviceTailJob(int ranks, int steps)
{
    JobBuilder b;
    std::vector<std::vector<OpId>> colls(static_cast<std::size_t>(steps));
    std::vector<std::uint32_t> cpu, gpu, nccl;
    for (int r = 0; r < ranks; ++r) {
        const std::uint32_t rank = b.rank(r, "node");
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

} // namespace sightline::trustjobs
