#pragma once

#include "core/base/expected.h"
#include "core/cost/costmodel.h"

#include <cstdint>

namespace sightline {

class AnalysisCache;
struct ReplayOptions;

// dPRO's q(s): the time a gradient bucket of s bytes takes to sync alone on its links, the way a
// replay of that one bucket times it (its collective's algorithm among the step's ranks, over the
// route's bottleneck link type, with the replay's cost model: fitted to the job or given). What it
// leaves out is contention with other transfers, which the search's full what-ifs then replay.
class SyncCost {
public:
    // For the gradient buckets of the graph's first step. Fails with the tensor model's error.
    static Expected<SyncCost> of(const AnalysisCache& analyses, const ReplayOptions& options);

    TimeNs time(std::int64_t bytes) const;
    // The same bucket among another number of workers, placed as the job's ranks are (as worker_count
    // adds them, or grows the group of a transfer with peers outside the trace): within one host on its
    // fabric, across hosts on the network (a route through the hosts keeps its link type).
    SyncCost among(int workers) const;
    int participants() const { return m_participants; }

private:
    CostModel m_model;
    CommAlgorithm m_algorithm = CommAlgorithm::RingAllReduce;
    int m_participants = 1;
    LinkType m_link = LinkType::NvLink;
    LinkType m_intraHost = LinkType::NvLink;
    int m_ranksPerHost = 1;
    bool m_placed = true; // routed among the ranks, or partly outside the trace; not through the hosts
};

} // namespace sightline
