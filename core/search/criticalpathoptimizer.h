#pragma once

#include "core/base/expected.h"
#include "core/search/searchresult.h"

#include <cstdint>

namespace sightline {

class CancellationToken;
class ProgressSink;
class CandidateExchange;
class JobSession;

// dPRO's optimizer (§5): finds the strategy with the shortest replayed iteration by going round the
// critical path of the strategy it has so far.
// - Memory first: a job that does not fit its devices gets the fastest recomputation, accumulation or
//   mixed precision that makes it fit (MemoryFirst), kept from then on.
// - A round: where communication holds the critical path, tensor-fusion moves on the coarsened view
//   (CoarsenedView): the grouping Theorem 2 gives (BucketChannel), the channel's fastest and, ranked by it,
//   the best merges and splits of neighbouring buckets, one decision for the mirrored boundaries of
//   identical blocks (Symmetry); in the first round also DDP's bucket caps of 1 to 100 MiB and one bucket;
//   and tensor partition sizes. Where computation holds it, op fusion (elementwise kernels, or all).
//   Every move is a whole candidate strategy replayed through the pipeline (Evaluator), and the best
//   that shortens the iteration is kept (Ranking).
// - It stops when no move shortens the iteration, when stableRounds rounds together shortened it by
//   less than stableFraction, or at a limit of rounds or candidates (with a warning).
// - Then the best is made as simple as it can be: a step (tensor fusion, partition, op fusion) whose
//   removal lengthens the iteration by less than stepFraction of the best's, without passing the budget
//   or the baseline, is removed, a round of its own and a warning each (memory first's steps stay).
// The winner is replayed alone: its figures are the pipeline's and its warnings all of that what-if's.
// Deterministic: the same result for any thread count and any number of processes (CandidateExchange).
class CriticalPathOptimizer {
public:
    // memoryLimitBytes: what the what-ifs one process runs at once may take together; progress hears of
    // each batch of candidates as its what-ifs end (Evaluator). Fails when the baseline (the prefix
    // alone) fails, with Cancelled, or with the exchange's error.
    static Expected<SearchResult> run(const JobSession& session, const SearchOptions& options,
        CandidateExchange& exchange, std::uint64_t memoryLimitBytes, const CancellationToken* cancel = nullptr,
        ProgressSink* progress = nullptr);
};

} // namespace sightline
