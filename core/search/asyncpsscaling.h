#pragma once

#include "core/base/expected.h"
#include "core/search/candidateexchange.h"
#include "core/search/scalingcurve.h"
#include "core/session/jobsession.h"

#include <cstdint>
#include <vector>

namespace sightline {

class CancellationToken;
class ProgressSink;

// What one worker of an asynchronous parameter-server job does per step, and what it shares.
struct AsyncPsParameters {
    TimeNs computeNs = 0; // its step without transfers (the processing time T_P)
    std::int64_t bytes = 0; // pulled, and pushed, per step: the model's parameters and gradients
    double bytesPerNs = 1; // each direction of the server's link (1 byte/ns = 1 GB/s)
    double workerBytesPerNs
        = 0; // the most one worker's transfer moves (its GPU's PCIe link and its interface); 0: no bound
    TimeNs latencyNs = 0; // before each transfer
    TimeNs updateNs = 0; // the server's update per push
    std::int64_t windowBytes = 0; // HTTP/2-style flow control: a stream's first turn sends at most this; 0: off
    int steps = 1000; // steps of all workers simulated after the warm-up
    // Each step's computation is computeNs times a factor drawn uniformly from [1 − jitter, 1 + jitter]
    // (a fixed seed): identical workers would otherwise stay in lock-step forever, all pulling and then
    // all pushing, where real steps vary and drift apart (Li et al. sample measured steps for this).
    double jitter = 0.05;
};

// Li et al.'s model of asynchronous SGD throughput (seed 004, Alg. 3.1): W workers, each step pulling
// the parameters, computing and pushing its gradients, and a server that applies each push in turn;
// no worker waits for another; steps vary a little (jitter) so that workers drift out of lock-step. The server's
// downlink and uplink are shared: without flow control every active transfer gets an equal share (1/n) up to what its
// worker's own link carries, with it each link serves its streams in turns, a stream's first turn at most windowBytes
// and its next the rest whole (gRPC over HTTP/2), as many turns at once as fill the link where one worker's link is
// slower than the server's, each at most its worker's link. A discrete-event simulation, deterministic; the first tenth
// of the steps (the workers still in lock-step) is left out, and the throughput is the steps of all workers per second
// over the rest.
class AsyncPsScaling {
public:
    // The time per step of each worker (W / throughput) and the throughput, at one worker count.
    static ScalingPoint simulate(const AsyncPsParameters& parameters, int workers);
    // The parameters from one replay of the job (its step without exposed communication, its gradient
    // bytes, the network's bandwidth and latency of the cost model), and the curve over the counts.
    // Where the job stays within its limit of items, each count is also replayed whole (worker_count
    // in mode async_ps: its workers in lock-step, with no flow control) to set the model beside it.
    // progress hears of the replayed counts as they end. Fails when the job has no gradients to push,
    // or when its baseline fails.
    static Expected<ScalingCurve> of(const JobSession& session, const Strategy& prefix, const BaselineKind& baseline,
        const std::vector<int>& workers, std::int64_t windowBytes, CandidateExchange& exchange,
        std::uint64_t memoryLimitBytes, const CancellationToken* cancel = nullptr, ProgressSink* progress = nullptr);
};

} // namespace sightline
