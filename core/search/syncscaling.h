#pragma once

#include "core/base/expected.h"
#include "core/search/scalingcurve.h"
#include "core/session/jobsession.h"

#include <cstdint>
#include <vector>

namespace sightline {

class CancellationToken;
class ProgressSink;
class CandidateExchange;

// Shi et al.'s DAG model of synchronous SGD (seed 002, Eqs. 4–6) from one replay of the job: each
// worker's step is its computation and the communication that wait-free backpropagation leaves
// exposed, t(N) = t(N₀) − exposed(N₀) + exposed(N). The gradient buckets go out as measured, one after
// another once their last gradient is ready and the bucket before them has gone (BucketChannel), each
// taking the cost model's time among N workers (a ring all-reduce: 2(N−1) latencies and 2(N−1)/N of
// its bytes over the bottleneck link, within a host on its fabric and across hosts on the network);
// exposed(N) is how long the last bucket ends after the last gradient is ready. Weak scaling: each
// worker keeps its batch. Strong scaling (globalBatch): the N workers share the measured global
// batch, so each computes on N₀/N of its samples: of the step without exposed communication, the work
// on the critical path that follows the samples (SampleScaling: the device work and data loading, or
// the host ops' own time in a job without GPUs), c a step, shrinks as SampleScaling's does and the rest keeps its time,
// t(N) = t(N₀) − exposed(N₀) − (1 − k(N))c + exposed(N) with k(N) = s + (1 − s) N₀/N, unless the busiest
// device stream's work, scaled, takes longer; the gradients' ready times shrink alike. At any count a step takes at
// least its host's own work (the busiest thread's dispatch, launches and framework time, its data loading
// scaled): device work that shrinks leaves a job bound by its host. Where the job stays within its
// limit of items, each count is also replayed whole (worker_count, with its batch shared when strong), to set the model
// beside the replay.
class SyncScaling {
public:
    // progress hears of the replayed counts as they end. Fails when the job has no gradient all-reduce
    // to scale, or when its baseline fails.
    static Expected<ScalingCurve> of(const JobSession& session, const Strategy& prefix, const BaselineKind& baseline,
        const std::vector<int>& workers, bool globalBatch, CandidateExchange& exchange, std::uint64_t memoryLimitBytes,
        const CancellationToken* cancel = nullptr, ProgressSink* progress = nullptr);
};

} // namespace sightline
