#pragma once

#include "core/base/expected.h"
#include "core/search/candidate.h"
#include "core/search/outcome.h"
#include "core/session/jobsession.h"

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace sightline {

class CancellationToken;
class CandidateExchange;
class ProgressSink;

// Runs the search's candidates through the one what-if pipeline (JobSession::whatIf, with its
// self-checks), each compared with the same baseline and judged against the same device budget. The
// candidates of a batch are split between processes by index (index modulo the process count is the
// process that runs it); a process runs its own several at a time, as many as its threads and its
// memory allow, and the processes then exchange the outcomes. The outcomes do not depend on the split:
// each what-if is deterministic and independent of the others.
class Evaluator {
public:
    // request: the baseline kind and the budget every candidate is run with (its strategy is ignored);
    // memoryLimitBytes: what the what-ifs running at once may take together; progress: told of each
    // batch as its what-ifs end, in candidates (this process's share of the batch).
    Evaluator(const JobSession& session, WhatIfRequest request, CandidateExchange& exchange,
        std::uint64_t memoryLimitBytes, const CancellationToken* cancel = nullptr, ProgressSink* progress = nullptr);

    // Each candidate's outcome, in the candidates' order. A candidate whose what-if fails has status
    // Failed (failures() counts them and keeps the first error); one whose job holds less than a sample
    // per batch or micro-batch, Unfed (unfed() counts them). Fails with Cancelled, or with the
    // exchange's error.
    Expected<std::vector<Outcome>> evaluate(std::span<const Candidate> candidates);
    // One strategy's whole what-if, run here.
    Expected<WhatIfResult> run(const Strategy& strategy) const;
    // A strategy's what-if run here again: its outcome, and what it warns of beyond shared
    // (warningsBeyond), which outcomes do not carry. Where that what-if fails but for cancelling, an
    // outcome that failed and no warnings (the candidates' failure warning says why); fails with Cancelled.
    struct Rerun {
        Outcome outcome;
        std::vector<Message> warnings;
        double stepSamplesFactor = 1.0; // WhatIfResult's
    };
    Expected<Rerun> rerun(const Strategy& strategy, const std::vector<Message>& shared) const;

    // Candidates evaluated so far, by all processes.
    std::size_t evaluated() const { return m_evaluated; }
    // Candidates whose what-if failed so far, and the first one's error (the first in the order of
    // the batches and their candidates, the same in every process; run again to say it).
    std::size_t failures() const { return m_failures; }
    Status firstFailure() const;
    // The strategy of that first failure; unset when none failed.
    const std::optional<Strategy>& firstFailed() const { return m_firstFailed; }
    // The warning that says how many failed and why the first did; nothing when none did.
    std::optional<Message> failureWarning() const;
    // What-ifs this process runs at once.
    std::size_t concurrency() const { return m_concurrency; }
    CandidateExchange& exchange() const { return m_exchange; }
    const JobSession& session() const { return m_session; }
    // The request every candidate is run with (its strategy empty), the memory its what-ifs may take
    // together, and the cancellation they heed: for a search it starts on the same terms (a frontier).
    const WhatIfRequest& request() const { return m_request; }
    std::uint64_t memoryLimitBytes() const { return m_memoryLimitBytes; }
    const CancellationToken* cancellation() const { return m_cancel; }
    ProgressSink* progress() const { return m_progress; }
    // Candidates left out so far, by all processes, as Unfed: their what-ifs ran, but a rank's batch or
    // micro-batch held less than one sample. The warning that says how many; nothing when none was.
    std::size_t unfed() const { return m_unfed; }
    std::optional<Message> unfedWarning() const;
    // What a search that splits the batch (micro-batches, devices sharing the global batch) says where
    // the trace does not show it: candidates with less than a sample cannot be told, so none is Unfed.
    static Message unknownBatchWarning();
    // Counts candidates another search evaluated on this one's behalf, in every process alike, those
    // of them that failed (their first, firstFailed, is this one's where it has none yet) and those
    // left out as Unfed.
    void count(
        std::size_t candidates, std::size_t failures, const std::optional<Strategy>& firstFailed, std::size_t unfed);

    static Outcome outcomeOf(const WhatIfResult& result);
    // The warnings that are not among shared (those of a what-if every candidate shares), in their
    // order, but for the what-if's checks of its own figures (Outcome::selfChecked flags those): what a
    // candidate's own strategy adds.
    static std::vector<Message> warningsBeyond(
        const std::vector<Message>& warnings, const std::vector<Message>& shared);
    // Ok where the base strategy of a search over device counts (a frontier, a scaling curve) leaves
    // the count to it; InvalidArgument naming its worker_count step, which would be counted twice.
    static Status leavesDeviceCount(const Strategy& base);
    // A search's baseline (its base strategy's what-if, of which warnings are the warnings) as its
    // answer's warnings: the checks of its own figures that warned, each said to be the baseline's. The
    // answer's own what-if (said) carries only its own, and the measured job's: a check it already gives
    // as the measured job's (a base of no steps replays that job) is not said again.
    static std::vector<Message> baselineChecks(const std::vector<Message>& warnings, const std::vector<Message>& said);

private:
    const JobSession& m_session;
    WhatIfRequest m_request;
    CandidateExchange& m_exchange;
    const CancellationToken* m_cancel;
    ProgressSink* m_progress;
    std::uint64_t m_memoryLimitBytes = 0;
    std::size_t m_concurrency = 1;
    std::size_t m_evaluated = 0;
    std::size_t m_failures = 0;
    std::size_t m_unfed = 0;
    std::optional<Strategy> m_firstFailed;
};

} // namespace sightline
