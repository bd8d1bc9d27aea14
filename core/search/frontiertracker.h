#pragma once

#include "core/base/expected.h"
#include "core/base/message.h"
#include "core/memory/memoryestimator.h"
#include "core/search/searchresult.h"
#include "core/session/jobsession.h"
#include "core/strategy/passparameter.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace sightline {

class CancellationToken;
class ProgressSink;
class CandidateExchange;

// What a frontier covers: the steps every point keeps, how transfers are timed, the budget, and the
// global choices beside the layers' recomputation.
struct FrontierOptions {
    Strategy prefix; // kept in every point (a scenario, the optimizer's fusion); SearchBase places the rest
    BaselineKind baseline { CommSource::CostModel, true, std::nullopt };
    std::optional<MemoryOptions> memory; // unset: the session's
    std::vector<int> workers; // device counts (data-parallel ranks); empty: the job's own
    // Strong scaling: the measured global batch is shared among the devices (worker_count's batch
    // global), as TensorOpt's questions take it; false: each device keeps its batch (weak scaling).
    bool globalBatch = true;
    std::vector<int> accumulation { 1, 2, 4, 8 }; // micro-batches per step
    bool mixedPrecision = true; // also bf16
    // Also the gradients' buckets, where the base sets neither tensor_fusion nor tensor_partition:
    // DDP-style caps of 5 and 100 MiB beside the job's own buckets for an all-reduce job, partition
    // sizes of 1 and 16 MiB beside the recorded one for a parameter-server job.
    bool communication = true;
    std::size_t pointsPerCount = 16; // the most points verified per device count
};

// One strategy of a frontier, replayed alone.
struct FrontierPoint {
    TimeNs iterationNs = 0;
    std::int64_t peakBytes = 0;
    bool outOfMemory = false;
    int workers = 0;
    Strategy strategy;
    bool selfChecked = false; // a check of its what-if's own figures warned: its time or peak may be wrong
};

// A time–memory frontier and what the three questions of TensorOpt ask of it.
struct Frontier {
    int measuredWorkers = 0;
    std::size_t layers = 0; // of the chain
    std::size_t candidates = 0; // considered: replayed, or left out as Unfed without a what-if
    std::size_t unreplayed = 0; // of them, left out before their what-if (a batch known to be too small)
    // The gradients' buckets tried beside the job's own: tensor_fusion's caps or tensor_partition's
    // sizes; none where the base decides them. A cap that groups every step's tensors as the job's own
    // buckets or a smaller cap do is left out: it would replay those buckets again under another name.
    std::vector<PassStep> bucketChoices;
    // Those of them that failed: how many, the first (in the evaluator's order), and the warning that
    // says so and why the first failed (Evaluator::failureWarning, also among warnings); unset when
    // none did.
    struct Failures {
        std::size_t count = 0;
        std::optional<Strategy> first;
        Message warning;
    };
    std::optional<Failures> failures;
    // Those left out as Unfed (Evaluator::unfed): a rank's batch or micro-batch below one sample. The
    // warning that says so is among warnings.
    std::size_t unfed = 0;
    // Each device count's frontier, and the frontier over all of them, by memory ascending.
    std::vector<std::pair<int, std::vector<FrontierPoint>>> byWorkers;
    std::vector<FrontierPoint> points;
    // Mini-time: the fastest point within the budget. Mini-parallelism: the fewest devices with a
    // point within the budget, and its fastest. Profiling: each device count's fastest within it.
    std::optional<FrontierPoint> miniTime;
    std::optional<FrontierPoint> miniParallelism;
    std::vector<std::pair<int, std::optional<FrontierPoint>>> profiling;
    // The job as it is: the base strategy alone on the measured devices, replayed as the points are
    // (unset where its what-if failed). Where the frontier stands against it. Its what-if's
    // stepSamplesFactor beside it.
    std::optional<FrontierPoint> base;
    double baseSamplesFactor = 1.0;
    // The base's what-if's warnings, then what the mini-time point's what-if adds to them ("the fastest
    // point within the budget: …"), self-checks aside (each point has its flag); then, from ownWarnings
    // on, the frontier's own.
    std::vector<Message> warnings;
    std::size_t ownWarnings = 0;
};

// TensorOpt's FT-LDP (seed 003, Alg. 3) over Sightline's strategies: the chain is the job's layers in
// forward order (LayerModel "auto"), each kept or recomputed; outside the chain, every global choice
// (gradient accumulation, mixed precision, the gradients' buckets, device count) is a frontier of its
// own, and their union is reduced. A layer's cost under a choice is its recomputation's replayed
// change of time and peak (measured once per kind of layer: layers of the same forward work and time
// share it; with the job's own buckets, as the buckets change the time of communication, not of a
// layer's recomputation), taken as additive along the chain as TensorOpt does. Additivity is only approximate for a
// peak and an overlapped replay, so every point of the estimated frontier (at most pointsPerCount per device count,
// spread evenly along it) is replayed alone, its replayed figures replace the estimate, and the frontier is reduced
// again: each point reported reproduces on its own, and the frontier is monotone, though a point the estimate missed
// may be missing. Device counts share the measured global batch (strong scaling), so fewer devices each take more
// samples and more memory; scaled weakly instead, the memory per device does not depend on the count (a warning says
// so). Candidates go through the Evaluator, split between processes like the optimizer's, and progress hears of each
// batch as its what-ifs end.
class FrontierTracker {
public:
    static Expected<Frontier> track(const JobSession& session, const FrontierOptions& options,
        CandidateExchange& exchange, std::uint64_t memoryLimitBytes, const CancellationToken* cancel = nullptr,
        ProgressSink* progress = nullptr);
    // The kinds of layer of the job's chain: a frontier replays each kind's recomputation once per
    // global choice with the job's own buckets.
    static std::size_t layerKinds(const JobSession& session);
    // TensorOpt's mini-parallelism as a search's answer: the frontier's fewest devices that fit, its
    // fastest strategy there replayed alone beside the baseline (the frontier's base), with that what-if's
    // warnings and the frontier's. When no point fits, the baseline, with the frontier's warning.
    static Expected<SearchResult> fewestDevices(const JobSession& session, const FrontierOptions& options,
        CandidateExchange& exchange, std::uint64_t memoryLimitBytes, const CancellationToken* cancel = nullptr,
        ProgressSink* progress = nullptr);
};

} // namespace sightline
