#include "core/search/memoryfirst.h"

#include "core/base/resourcelimits.h"
#include "core/exec/analysiscache.h"
#include "core/search/evaluator.h"
#include "core/search/frontiertracker.h"
#include "core/search/ranking.h"
#include "core/search/searchbase.h"

#include <algorithm>

namespace sightline {

namespace {

// The micro-batch counts the fixed choices (MemoryFirst::choices) hold, fewest first, before
// WholeMicroBatches makes them whole.
const std::vector<int> kMicroBatches { 2, 4, 8 };

} // namespace

std::vector<std::vector<PassStep>> MemoryFirst::choices(const WholeMicroBatches& whole)
{
    const auto recompute = [](double every) {
        return PassStep { "recompute", { { "layers", std::string("auto") }, { "every", every } } };
    };
    const auto accumulate = [&](int k) {
        return PassStep { "grad_accumulation", { { "micro_batches", static_cast<double>(whole.nearest(k)) } } };
    };
    const PassStep bf16 { "mixed_precision", { { "precision", std::string("bf16") } } };
    const int fewest = kMicroBatches.front();
    const int most = kMicroBatches.back();
    std::vector<std::vector<PassStep>> all { { recompute(1) }, { recompute(2) }, { recompute(4) } };
    for (int k : kMicroBatches)
        all.push_back({ accumulate(k) });
    all.insert(all.end(),
        {
            { bf16 },
            { bf16, recompute(4) },
            { bf16, accumulate(fewest) },
            // The most of each: the lowest peaks the fixed choices reach, with and without bf16 (which a
            // job without shapes refuses).
            { recompute(1), accumulate(most) },
            { bf16, accumulate(most) },
            { bf16, recompute(1), accumulate(most) },
        });
    // Counts made whole may meet: each choice once.
    std::vector<std::vector<PassStep>> distinct;
    for (std::vector<PassStep>& steps : all) {
        if (std::find(distinct.begin(), distinct.end(), steps) == distinct.end())
            distinct.push_back(std::move(steps));
    }
    return distinct;
}

namespace {

// What the frontier adds to memory first's choices: steps, or a warning that says why none, or both
// where some of its what-ifs failed.
struct FrontierChoice {
    std::optional<std::vector<PassStep>> steps;
    std::optional<Message> warning;
};

// Which layers to recompute, with which accumulation and precision: the steps of the fastest point
// within the budget of the frontier at the job's own device count (FT-LDP over the layers), or of its
// point of least memory where none is within it, its what-ifs counted among the evaluator's. Left out,
// with a warning, where the base sets the device count, where it may take more what-ifs than room (at
// most a base per accumulation and precision, one per kind of layer under each, and the points it
// verifies) or where it fails but for cancelling. Where some of its what-ifs failed, a warning says so.
Expected<FrontierChoice> frontierChoice(Evaluator& evaluator, const Strategy& prefix, std::size_t room)
{
    FrontierOptions options;
    options.prefix = prefix;
    options.baseline = evaluator.request().baseline;
    options.memory = evaluator.request().memory;
    options.communication = false; // the rounds choose the buckets
    if (!Evaluator::leavesDeviceCount(prefix).ok())
        return FrontierChoice { std::nullopt,
            Message(SL_TEXT("Core",
                "memory first left out the frontier's choice of layers to recompute, which it makes at the job's "
                "measured device count, not at the base's worker_count")) };
    const std::size_t configs = options.accumulation.size() * (options.mixedPrecision ? 2 : 1);
    const std::size_t most = configs * (1 + FrontierTracker::layerKinds(evaluator.session())) + options.pointsPerCount;
    if (most > room)
        return FrontierChoice { std::nullopt,
            Message(SL_TEXT("Core",
                        "memory first left out the frontier's choice of layers to recompute: it may take %1 what-ifs, "
                        "more than the %2 the limit of candidates leaves"),
                { most, room }) };
    Expected<Frontier> frontier = FrontierTracker::track(evaluator.session(), options, evaluator.exchange(),
        evaluator.memoryLimitBytes(), evaluator.cancellation(), evaluator.progress());
    if (!frontier) {
        if (frontier.status().code() == ErrorCode::Cancelled)
            return frontier.status();
        return FrontierChoice { std::nullopt,
            Message(SL_TEXT("Core", "memory first left out the frontier's choice of layers to recompute: %1"),
                { frontier.status().detailMessage() }) };
    }
    FrontierChoice choice;
    const std::optional<Frontier::Failures>& failed = frontier->failures;
    evaluator.count(
        frontier->candidates, failed ? failed->count : 0, failed ? failed->first : std::nullopt, frontier->unfed);
    if (failed)
        choice.warning
            = Message(SL_TEXT("Core", "memory first's frontier of layers to recompute may have missed its choice: %1"),
                { failed->warning });
    // The points are by memory ascending: the first holds the least.
    const std::optional<FrontierPoint> chosen = frontier->miniTime
        ? frontier->miniTime
        : (frontier->points.empty() ? std::nullopt : std::optional<FrontierPoint>(frontier->points.front()));
    if (chosen && chosen->strategy.steps.size() > prefix.steps.size())
        choice.steps = SearchBase(prefix).ownOf(chosen->strategy);
    return choice;
}

} // namespace

Expected<MemoryFirst::Choice> MemoryFirst::choose(Evaluator& evaluator, const Strategy& prefix, const Outcome& baseline,
    const WholeMicroBatches& whole, std::size_t room)
{
    const SearchBase base(prefix);
    std::vector<std::vector<PassStep>> all = choices(whole);
    std::vector<Message> held;
    for (const char* pass : { "grad_accumulation", "mixed_precision" }) {
        std::optional<Message> note
            = base.leftOut(pass, Message(SL_TEXT("Core", "memory first's choices that hold one")));
        if (!note)
            continue;
        held.push_back(std::move(*note));
        std::erase_if(all, [&](const std::vector<PassStep>& steps) {
            return std::any_of(steps.begin(), steps.end(), [&](const PassStep& s) { return s.pass == pass; });
        });
    }
    const bool accumulates = std::any_of(all.begin(), all.end(), [](const std::vector<PassStep>& steps) {
        return std::any_of(steps.begin(), steps.end(), [](const PassStep& s) { return s.pass == "grad_accumulation"; });
    });
    if (std::optional<Message> note
        = accumulates ? whole.note(kMicroBatches, Message(SL_TEXT("Core", "memory first"))) : std::nullopt)
        held.push_back(std::move(*note));
    all.resize(std::min(all.size(), room));
    if (all.empty())
        return Choice { {}, {}, std::move(held) };
    std::optional<Message> left;
    if (all.size() < room) {
        // Room for the fixed choices and the frontier's own beside the frontier's what-ifs.
        Expected<FrontierChoice> layered = frontierChoice(evaluator, prefix, room - all.size() - 1);
        if (!layered)
            return layered.status();
        if (layered->steps)
            all.push_back(std::move(*layered->steps));
        left = std::move(layered->warning);
    }
    std::vector<Candidate> candidates;
    for (const std::vector<PassStep>& steps : all)
        candidates.push_back(Candidate::of(base.with(steps)));
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
    if (left)
        choice.warnings.push_back(std::move(*left));
    choice.warnings.insert(choice.warnings.end(), held.begin(), held.end());
    return choice;
}

} // namespace sightline
