#pragma once

#include "core/base/expected.h"
#include "core/base/ids.h"
#include "core/base/resourcelimits.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace sightline {

class Trace;
struct LayerProfile;
struct LayerwiseProfile;

// How a layer-wise profile is replayed as a synchronous-SGD job.
struct LayerwiseJobOptions {
    std::int32_t workers = 0; // 0: the profile's measured worker count, else kDefaultWorkers
    std::int32_t iterations = 3;
    // Wait-free backpropagation: layer l's aggregation starts once l's backward is done on every
    // worker and the previous aggregation has finished. Off: aggregations start after the whole backward.
    bool wfbp = true;
    // alpha-beta communication model: an aggregation of b bytes lasts latencyNs + b / bandwidthGBps ns.
    // bandwidthGBps is the effective bandwidth of the whole all-reduce (bytes of gradient per second, as
    // nccl-tests' algbw), not the link speed, so the worker count does not enter the formula. Used for
    // every layer with gradients when the profile has no communication time at all, or always when
    // preferBandwidthModel is set; ignored while bandwidthGBps is 0.
    double bandwidthGBps = 0;
    TimeNs latencyNs = 0;
    bool preferBandwidthModel = false;
    // Job-level times per iteration; when unset, the profile's, else 0.
    std::optional<TimeNs> ioNs;
    std::optional<TimeNs> h2dNs;
    std::optional<TimeNs> updateNs;
    // Memory the job's trace, dependency graph and replay may take; build() refuses a larger job
    // (TooLarge, naming the profile's file and the limit) before allocating it.
    ResourceLimits limits;
};

// Turns a layer-wise profile into the Trace of a synchronous-SGD job on N identical workers, by
// evaluating the DAG of Shi et al. (seed 002, Fig. 1, Section IV): every task starts at the latest end
// of its predecessors (there is no other resource contention), the first one at 0 ns. Per iteration i
// and worker w, with layers 1..L in forward order:
//   I/O(i)            <- I/O(i-1)                       (the reader thread prefetches: I/O overlaps compute)
//   H2D(i)            <- I/O(i), update(i-1)            (on the compute stream, so after the last update)
//   l forward(i)      <- (l-1) forward, or H2D(i) and update(i-1) for l = 1
//   l backward(i)     <- (l+1) backward, or L forward for l = L
//   l allreduce(i)    <- l backward on every worker, the previous aggregation of iteration i;
//                        without WFBP also layer 1's backward (the end of backward) on every worker
//   update(i)         <- layer 1 backward, every allreduce of iteration i
// Aggregations exist for layers with gradient bytes or communication time, and only with 2+ workers.
// Every edge above within one worker is a LinkKind::Dependency link. The edges from other workers
// are not links: each worker's all-reduce of a layer links to its own backward only, and the workers'
// all-reduces of one layer are joined across ranks by the dependency graph (same process group "0",
// matched in order), whose collective starts when the last participant arrives, so a replay waits
// for every worker as the DAG does. The job thus has O(N L) links, not O(N^2 L). Each worker is a rank
// with tracks "I/O thread" (CpuThread: Io ops), "GPU stream" (GpuStream: H2D Memcpy, forward/backward
// ComputeKernels, the Optimizer-phase update) and, when it has aggregations, "all-reduce channel"
// (CommChannel: Collective all_reduce ops with bytes and CommArgs, fp32). Ops are named
// "<layer> forward", "<layer> backward", "<layer> allreduce", "I/O", "H2D", "update". Device memory:
// a layer's forward op carries an allocator event (device 0) of what the layer keeps for its backward
// (LayerProfile::activationBytes), which the layer's backward op frees; each rank's parameter bytes
// (the gradient bytes, fp32) and the optimizer's states per parameter are its RankInfo model state.
// A rank's step i
// runs from the end of update(i-1) (0 for the first) to the end of update(i), so in the steady state a
// step lasts one iteration time. Format "layerwise". The job's length must stay below 2^62 ns, its
// estimated memory (about 250 bytes per op) within options.limits, and its ops below 2^28; else it is
// refused before anything large is allocated. O(N (2L + L') iterations) time and memory, L' = layers
// with gradients. Pure and thread-safe.
class LayerwiseJob {
public:
    static constexpr std::int32_t kDefaultWorkers = 4; // as in the paper's Fig. 1 and its 4-GPU nodes
    // A bound on a mistyped worker count ("# workers: 99999999"), far above real data-parallel jobs;
    // not on the job's size, which the memory estimate bounds.
    static constexpr std::int32_t kMaxWorkers = 65536;
    static constexpr std::int32_t kMaxIterations = 1000;

    static Expected<std::shared_ptr<const Trace>> build(
        const LayerwiseProfile& profile, const LayerwiseJobOptions& options = {});
    // LayerwiseProfile::load, then build.
    static Expected<std::shared_ptr<const Trace>> load(
        const std::string& path, const LayerwiseJobOptions& options = {});

    // The aggregation time the job gives a layer of the profile (measured or from the alpha-beta model,
    // saturating at the int64 limits). O(L): it looks whether the profile has any communication time.
    static TimeNs communicationNs(
        const LayerwiseProfile& profile, const LayerProfile& layer, const LayerwiseJobOptions& options);
};

} // namespace sightline
