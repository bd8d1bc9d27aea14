#pragma once

#include "core/base/message.h"
#include "core/strategy/batchsize.h"

#include <optional>
#include <string>
#include <vector>

namespace sightline {

// The micro-batch counts a search tries, each splitting a rank's batch into whole samples where the
// trace shows that batch (BatchSize, times the samples the earlier steps left a rank with, times each
// share of it a device count the search covers gives a rank): a count that splits none of those
// batches becomes the nearest count that splits one (of two as near, the smaller), as DeepSpeed's
// whole train_micro_batch_size_per_gpu and a data loader need. A count stays as given where the batch
// is unknown (the searches say whole samples cannot be told), or where no batch of two samples or more
// (and at most 2^24) is whole (no count splits it: the searches leave micro-batches below a sample out
// as unfed). A count kept for one device count's batch may still split another's unevenly: splitsAt
// tells, per device count, and unevenNote says which the searcher leaves out there. Pure; nearest is
// O(shares × batch).
class WholeMicroBatches {
public:
    WholeMicroBatches() = default;
    // batch: the trace's (BatchSize::of), read once by the caller; shares: a rank's batch at each
    // device count over its batch at the job's own (1 where each device keeps its batch).
    WholeMicroBatches(const std::optional<BatchSize::Found>& batch, double samplesFactor,
        const std::vector<double>& shares = { 1.0 });

    // The count itself where it splits a batch into whole samples or nothing can, else the nearest
    // that does.
    int nearest(int count) const;
    // The counts, each made whole, in their order, each once.
    std::vector<int> of(const std::vector<int>& counts) const;
    // For the searcher's warnings (searcher names it, "the frontier"): which counts it tries instead of
    // which; nothing where every count splits a batch.
    std::optional<Message> note(const std::vector<int>& counts, Message searcher) const;
    // Whether count splits a rank's batch at a device count whose share of it is share into whole
    // samples, or cannot be told not to: the batch unknown, below a sample, or not whole there. A
    // count past the batch splits it unevenly (its micro-batches would hold less than a sample).
    bool splitsAt(int count, double share) const;
    // For the searcher's warnings: at the device count `devices`, whose share of a rank's batch is
    // share, the counts that do not split it (splitsAt) and that searcher holds no point of there.
    Message unevenNote(const std::vector<int>& counts, int devices, double share, Message searcher) const;

private:
    bool splits(long long count) const;

    std::string m_source; // BatchSize::Found::source
    std::optional<double> m_batch; // a rank's batch at the job's own device count, where the trace shows it
    std::vector<double> m_samples; // a rank's batch at each device count, each once
    std::vector<long long> m_batches; // of them, those whole, of two samples or more
};

} // namespace sightline
