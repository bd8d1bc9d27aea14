#pragma once

#include "core/exec/memorytypes.h"
#include "core/strategy/pass.h"

#include <functional>

namespace sightline {

// worker_count's asynchronous mode (Li et al., seed 004): the data-parallel collectives of a job
// become each worker's own push of its gradients to a parameter server and pull of the parameters
// back, and the workers stop waiting for one another. The servers run on hosts of their own and take
// the buckets of a step in turn (bucket k to server k mod servers). A push leaves its worker's host
// and enters the server's, a pull goes the other way, and the transfers through one interface share
// it equally: the 1/n of Li et al. What waited for a collective on a rank waits for that rank's pull;
// what the collective waited for, its push. The servers' update is taken to cost nothing, and the
// workers start as measured, in lock-step, where real ones drift apart: warnings say both. The job is
// then asynchronous (ExecutionGraph::asynchronous), its iteration the workers' mean step.
class AsyncParameterServer {
public:
    // Whether an item of the job's graph is a data-parallel collective.
    using IsData = std::function<bool(ItemId)>;
    // Fails when the job has no data-parallel collective to serve.
    static Status apply(WhatIfJob& job, int servers, const IsData& isData);
};

} // namespace sightline
