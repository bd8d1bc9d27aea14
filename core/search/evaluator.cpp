#include "core/search/evaluator.h"

#include "core/analysis/steptimes.h"
#include "core/base/parallel.h"
#include "core/base/progress.h"
#include "core/exec/executiongraph.h"
#include "core/search/candidateexchange.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <iterator>
#include <mutex>

namespace sightline {

namespace {

// What one what-if of the job takes at most, per item of the measured job: its graph, schedule,
// critical path, memory and comparison (about 900 bytes per op for a whole 5 M-op what-if, with the
// trace: docs/performance.md), with room for the passes that grow the job.
constexpr std::uint64_t kBytesPerItem = 2048;

// FNV-1a over the keys of a batch, for the processes to agree on.
std::uint64_t digestOf(std::span<const Candidate> candidates)
{
    std::uint64_t h = 1469598103934665603ull;
    for (const Candidate& c : candidates) {
        for (unsigned char ch : c.key)
            h = (h ^ ch) * 1099511628211ull;
        h = (h ^ 0xffu) * 1099511628211ull;
    }
    return h;
}

} // namespace

Evaluator::Evaluator(const JobSession& session, WhatIfRequest request, CandidateExchange& exchange,
    std::uint64_t memoryLimitBytes, const CancellationToken* cancel, ProgressSink* progress)
    : m_session(session)
    , m_request(std::move(request))
    , m_exchange(exchange)
    , m_cancel(cancel)
    , m_progress(progress)
    , m_memoryLimitBytes(memoryLimitBytes)
{
    m_request.strategy = {};
    m_request.listed = 0;
    const std::uint64_t perWhatIf = std::max<std::uint64_t>(1, session.measured()->itemCount()) * kBytesPerItem;
    m_concurrency = std::clamp<std::size_t>(static_cast<std::size_t>(memoryLimitBytes / perWhatIf), 1, parallelism());
}

Outcome Evaluator::outcomeOf(const WhatIfResult& r)
{
    Outcome o;
    o.status = Outcome::Ok;
    o.iterationNs = std::llround(StepTimes::iteration(r.whatIf->schedule).replayed);
    o.peakBytes = r.whatIf->memory.peakBytes();
    o.outOfMemory = r.whatIf->memory.outOfMemory ? 1 : 0;
    o.selfChecked = std::any_of(r.warnings.begin(), r.warnings.end(), WhatIfResult::isWhatIfCheck) ? 1 : 0;
    o.fractionalSamples = r.fractionalSamples ? 1 : 0;
    for (int c = 0; c < kPathCategoryCount; ++c)
        o.pathNs[static_cast<std::size_t>(c)] = r.whatIf->criticalPath.total[static_cast<std::size_t>(c)];
    return o;
}

Status Evaluator::firstFailure() const
{
    if (!m_firstFailed)
        return {};
    Expected<WhatIfResult> r = run(*m_firstFailed);
    return r ? Status() : r.status();
}

void Evaluator::count(
    std::size_t candidates, std::size_t failures, const std::optional<Strategy>& firstFailed, std::size_t unfed)
{
    m_evaluated += candidates;
    m_unfed += unfed;
    if (failures == 0)
        return;
    if (!m_firstFailed)
        m_firstFailed = firstFailed;
    m_failures += failures;
}

std::optional<Message> Evaluator::failureWarning() const
{
    if (m_failures == 0)
        return std::nullopt;
    const Status why = firstFailure();
    return Message(SL_TEXT("Core", "%1 of the %2 candidates failed; the first: %3"),
        { m_failures, m_evaluated, why.detailMessage() });
}

std::optional<Message> Evaluator::unfedWarning() const
{
    if (m_unfed == 0)
        return std::nullopt;
    return Message(SL_TEXT("Core",
                       "left out %1 of the %2 candidates: a rank's batch or micro-batch would hold less than "
                       "one sample of the batch the trace shows, which no data loader gives"),
        { m_unfed, m_evaluated });
}

Message Evaluator::unknownBatchWarning()
{
    return Message(SL_TEXT("Core",
        "the trace does not show the batch (its input shapes are not recorded): whether the micro-batches and the "
        "devices' shares of the global batch hold whole samples, or any, cannot be told, and nothing is left out "
        "for it"));
}

std::vector<Message> Evaluator::warningsBeyond(const std::vector<Message>& warnings, const std::vector<Message>& shared)
{
    std::vector<Message> own;
    std::copy_if(warnings.begin(), warnings.end(), std::back_inserter(own), [&](const Message& w) {
        return !WhatIfResult::isWhatIfCheck(w) && std::find(shared.begin(), shared.end(), w) == shared.end();
    });
    return own;
}

Status Evaluator::leavesDeviceCount(const Strategy& base)
{
    for (std::size_t k = 0; k < base.steps.size(); ++k) {
        if (base.steps[k].pass == "worker_count")
            return Status::error(ErrorCode::InvalidArgument, {}, -1,
                Message(SL_TEXT("Core",
                            "the base strategy's step %1 (worker_count) sets the device count, which the search "
                            "chooses itself: leave it out of the base and give the device counts to try"),
                    { k + 1 }));
    }
    return {};
}

std::vector<Message> Evaluator::baselineChecks(const std::vector<Message>& warnings, const std::vector<Message>& said)
{
    std::vector<Message> checks;
    for (const Message& w : warnings) {
        if (WhatIfResult::isWhatIfCheck(w)
            && std::find(said.begin(), said.end(), WhatIfResult::asBaselineCheck(w)) == said.end())
            checks.emplace_back(
                SL_TEXT("Core", "the baseline the search compares with: %1"), std::vector<Message::Arg> { w });
    }
    return checks;
}

Expected<Evaluator::Rerun> Evaluator::rerun(const Strategy& strategy, const std::vector<Message>& shared) const
{
    Expected<WhatIfResult> result = run(strategy);
    if (!result) {
        if (result.status().code() == ErrorCode::Cancelled)
            return result.status();
        return Rerun {};
    }
    return Rerun { outcomeOf(*result), warningsBeyond(result->warnings, shared), result->stepSamplesFactor };
}

Expected<WhatIfResult> Evaluator::run(const Strategy& strategy) const
{
    WhatIfRequest request = m_request;
    request.strategy = strategy;
    return m_session.whatIf(request, m_cancel);
}

Expected<std::vector<Outcome>> Evaluator::evaluate(std::span<const Candidate> candidates)
{
    if (Status agreed = m_exchange.agree(digestOf(candidates)); !agreed.ok())
        return agreed;
    const auto rank = static_cast<std::size_t>(m_exchange.rank());
    const auto size = static_cast<std::size_t>(std::max(1, m_exchange.size()));
    std::vector<std::size_t> mine;
    for (std::size_t i = rank; i < candidates.size(); i += size)
        mine.push_back(i);
    std::vector<Outcome> outcomes(mine.size());
    const auto progress = [&](std::size_t done) {
        if (m_progress)
            m_progress->setProgress(static_cast<std::int64_t>(done), static_cast<std::int64_t>(mine.size()));
    };
    progress(0);
    // As many what-ifs at once as may run, each runner taking the next candidate as soon as it ends
    // one: a long what-if (one of many devices) holds no other runner back.
    std::atomic<std::size_t> next { 0 };
    std::mutex reporting; // progress rises in order
    std::size_t done = 0;
    parallelFor(std::min(m_concurrency, mine.size()), [&](std::size_t) {
        for (;;) {
            if (m_cancel && m_cancel->isCancelled())
                return;
            const std::size_t slot = next.fetch_add(1, std::memory_order_relaxed);
            if (slot >= mine.size())
                return;
            Expected<WhatIfResult> r = run(candidates[mine[slot]].strategy);
            if (r)
                outcomes[slot] = outcomeOf(*r);
            outcomes[slot].index = static_cast<std::uint32_t>(mine[slot]);
            const std::lock_guard lock(reporting);
            progress(++done);
        }
    });
    if (m_cancel && m_cancel->isCancelled())
        return Status::cancelled();
    Expected<std::vector<Outcome>> all = m_exchange.allGather(outcomes);
    if (!all)
        return all.status();
    std::vector<Outcome> ordered(candidates.size());
    std::vector<std::uint8_t> seen(candidates.size(), 0);
    for (const Outcome& o : *all) {
        if (o.index >= candidates.size() || seen[o.index])
            return Status::error(ErrorCode::InvalidArgument, {}, -1,
                Message(SL_TEXT("Core", "the search's processes returned outcomes of other candidates")));
        seen[o.index] = 1;
        ordered[o.index] = o;
    }
    if (std::find(seen.begin(), seen.end(), 0) != seen.end())
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core", "the search's processes left candidates without an outcome")));
    m_evaluated += candidates.size();
    for (Outcome& o : ordered) {
        if (o.ok() && o.fractionalSamples) {
            o.status = Outcome::Unfed;
            ++m_unfed;
        }
        if (o.status != Outcome::Failed)
            continue;
        if (m_failures++ == 0)
            m_firstFailed = candidates[o.index].strategy;
    }
    return ordered;
}

} // namespace sightline
