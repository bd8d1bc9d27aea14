#include "core/search/memoryfirst.h"

#include "core/base/resourcelimits.h"
#include "core/search/evaluator.h"
#include "core/search/frontiertracker.h"
#include "core/search/ranking.h"

#include <algorithm>

namespace sightline {

std::vector<std::vector<PassStep>> MemoryFirst::choices()
{
    const auto recompute = [](double every) {
        return PassStep { "recompute", { { "layers", std::string("auto") }, { "every", every } } };
    };
    const auto accumulate = [](double k) { return PassStep { "grad_accumulation", { { "micro_batches", k } } }; };
    const PassStep bf16 { "mixed_precision", { { "precision", std::string("bf16") } } };
    return {
        { recompute(1) },
        { recompute(2) },
        { recompute(4) },
        { accumulate(2) },
        { accumulate(4) },
        { accumulate(8) },
        { bf16 },
        { bf16, recompute(4) },
        { bf16, accumulate(2) },
    };
}

namespace {

// Which layers to recompute, with which accumulation and precision: the steps of the fastest point
// within the budget of the frontier at the job's own device count (FT-LDP over the layers), its
// what-ifs counted among the evaluator's. Nothing where the frontier has no such point or fails but
// for cancelling.
Expected<std::optional<std::vector<PassStep>>> frontierChoice(Evaluator& evaluator, const Strategy& prefix)
{
    FrontierOptions options;
    options.prefix = prefix;
    options.baseline = evaluator.request().baseline;
    options.memory = evaluator.request().memory;
    options.communication = false; // the rounds choose the buckets
    Expected<Frontier> frontier = FrontierTracker::track(
        evaluator.session(), options, evaluator.exchange(), evaluator.memoryLimitBytes(), evaluator.cancellation());
    if (!frontier) {
        if (frontier.status().code() == ErrorCode::Cancelled)
            return frontier.status();
        return std::optional<std::vector<PassStep>>();
    }
    evaluator.count(frontier->candidates);
    if (!frontier->miniTime || frontier->miniTime->strategy.steps.size() <= prefix.steps.size())
        return std::optional<std::vector<PassStep>>();
    const std::vector<PassStep>& steps = frontier->miniTime->strategy.steps;
    return std::optional(
        std::vector<PassStep>(steps.begin() + static_cast<std::ptrdiff_t>(prefix.steps.size()), steps.end()));
}

} // namespace

Expected<MemoryFirst::Choice> MemoryFirst::choose(
    Evaluator& evaluator, const Strategy& prefix, const Outcome& baseline, std::size_t room)
{
    std::vector<std::vector<PassStep>> all = choices();
    all.resize(std::min(all.size(), room));
    if (all.empty())
        return Choice {};
    if (all.size() < room) {
        Expected<std::optional<std::vector<PassStep>>> layered = frontierChoice(evaluator, prefix);
        if (!layered)
            return layered.status();
        if (*layered)
            all.push_back(std::move(**layered));
    }
    std::vector<Candidate> candidates;
    for (const std::vector<PassStep>& steps : all) {
        Strategy s = prefix;
        s.steps.insert(s.steps.end(), steps.begin(), steps.end());
        candidates.push_back(Candidate::of(std::move(s)));
    }
    Expected<std::vector<Outcome>> outcomes = evaluator.evaluate(candidates);
    if (!outcomes)
        return outcomes.status();
    const std::size_t best = Ranking::best(*outcomes, candidates);
    Choice choice { all[best], (*outcomes)[best], {} };
    if (!choice.outcome.ok()) {
        choice.steps.clear();
        choice.warnings.emplace_back(SL_TEXT("Core",
            "the job does not fit its devices, and neither recomputation, gradient accumulation nor mixed precision "
            "applies to it"));
    } else if (choice.outcome.outOfMemory && !Ranking::improves(choice.outcome, baseline)) {
        choice.steps.clear();
        choice.warnings.emplace_back(
            SL_TEXT("Core",
                "the job does not fit its devices, and no recomputation, gradient accumulation or mixed precision the "
                "search tried lowers its peak of %1: the job is searched as it is"),
            std::vector<Message::Arg> {
                ResourceLimits::gigabytes(static_cast<std::uint64_t>(std::max<std::int64_t>(0, baseline.peakBytes))) });
    } else if (choice.outcome.outOfMemory) {
        choice.warnings.emplace_back(
            SL_TEXT("Core",
                "the job does not fit its devices, and no recomputation, gradient accumulation or mixed precision the "
                "search tried makes it fit: the lowest peak, %1, is kept"),
            std::vector<Message::Arg> { ResourceLimits::gigabytes(
                static_cast<std::uint64_t>(std::max<std::int64_t>(0, choice.outcome.peakBytes))) });
    }
    return choice;
}

} // namespace sightline
