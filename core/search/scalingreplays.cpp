#include "core/search/scalingreplays.h"

#include "core/base/message.h"
#include "core/base/millisecondtext.h"
#include "core/exec/executiongraph.h"
#include "core/search/candidate.h"
#include "core/search/evaluator.h"
#include "core/search/searchbase.h"
#include "core/session/jobsession.h"
#include "core/strategy/batchsize.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

namespace sightline {

namespace {

// How far the model's step may part from a replay's before the curve says so.
constexpr double kModelTolerance = 0.2;

// A warning where the model and the replays part by more than kModelTolerance at some count.
std::optional<Message> disagreement(const ScalingCurve& curve)
{
    double worst = 0;
    const ScalingPoint* at = nullptr;
    for (const ScalingPoint& p : curve.points) {
        if (!p.replayedNs || *p.replayedNs <= 0 || p.iterationNs <= 0)
            continue;
        const double off = std::abs(static_cast<double>(p.iterationNs) / static_cast<double>(*p.replayedNs) - 1.0);
        if (off > worst) {
            worst = off;
            at = &p;
        }
    }
    if (!at || worst <= kModelTolerance)
        return std::nullopt;
    char percent[32];
    std::snprintf(percent, sizeof percent, "%.0f", worst * 100);
    const std::string model = MillisecondText::number(at->iterationNs);
    const std::string replayed = MillisecondText::number(*at->replayedNs);
    return Message(SL_TEXT("Core",
                       "the model and the replays part by up to %1 % (at %2 workers: %3 ms by the model, %4 ms "
                       "replayed): the replays run the whole job (its host work, every collective, the order of its "
                       "work), the model only what its parameters name"),
        { percent, at->workers, model, replayed });
}

// A warning's sentence with its numbers left out: what two counts' replays say alike (the same link
// or step, other counts of transfers or milliseconds).
std::string shapeOf(const Message& m)
{
    std::string shape = m.text();
    for (const Message::Arg& a : m.args()) {
        shape += '\x1f';
        if (a.message())
            shape += shapeOf(*a.message());
        else if (a.text().find_first_not_of("0123456789.,-+e ") == std::string::npos)
            shape += '#';
        else
            shape += a.text();
    }
    return shape;
}

// The replays' own warnings, which the evaluator's records do not carry: each count replayed with a
// step of its own runs once more, self-checks aside (counted by fill). A count that fails but for
// cancelling says nothing here. Counts warn of different things (a few workers cross only links within
// a host, many cross the network too), so every count's are kept: a warning that several counts give
// alike (the same sentence but for its numbers) is said once, as the largest of them says it, naming
// every count that gave it.
Status replayWarnings(const Evaluator& evaluator, const Strategy& prefix, const WhatIfResult& base,
    const std::vector<Candidate>& candidates, const std::vector<Outcome>& replayed,
    const std::vector<std::size_t>& replayedAt, ScalingCurve& curve)
{
    struct Said {
        std::string shape;
        Message words; // the largest count's
        std::vector<int> counts; // descending
    };
    std::vector<Said> said;
    for (std::size_t k = replayedAt.size(); k-- > 0;) {
        if (!replayed[k].ok() || candidates[k].strategy.steps.size() == prefix.steps.size())
            continue;
        Expected<Evaluator::Rerun> own = evaluator.rerun(candidates[k].strategy, base.warnings);
        if (!own)
            return own.status();
        const int workers = curve.points[replayedAt[k]].workers;
        for (Message& w : own->warnings) {
            const std::string shape = shapeOf(w);
            auto alike = std::find_if(said.begin(), said.end(),
                [&](const Said& s) { return s.shape == shape && s.counts.back() != workers; });
            if (alike == said.end())
                said.push_back({ shape, std::move(w), { workers } });
            else
                alike->counts.push_back(workers);
        }
    }
    for (Said& s : said) {
        if (s.counts.size() == 1) {
            curve.warnings.emplace_back(SL_TEXT("Core", "the replay at worker count %1: %2"),
                std::vector<Message::Arg> { s.counts.front(), std::move(s.words) });
            continue;
        }
        std::string counts;
        for (auto c = s.counts.rbegin(); c != s.counts.rend(); ++c)
            counts += (counts.empty() ? "" : ", ") + std::to_string(*c);
        curve.warnings.emplace_back(SL_TEXT("Core", "the replays at worker counts %1 (as the one at %2 says it): %3"),
            std::vector<Message::Arg> { std::move(counts), s.counts.front(), std::move(s.words) });
    }
    return {};
}

} // namespace

Status ScalingReplays::fill(const JobSession& session, const Strategy& prefix, const WhatIfResult& base,
    Evaluator& evaluator, const StepFor& stepFor, ScalingCurve& curve)
{
    const SearchBase where(prefix); // the count's step goes among the prefix's as it places it
    const double itemsPerWorker
        = static_cast<double>(base.whatIf->graph->itemCount()) / std::max(1, curve.measuredWorkers);
    // Strong scaling past the global batch a step computes on gives each worker less than a sample: no
    // data loader feeds that, so such a count is not replayed (its what-if would be left out as Unfed).
    // The batch is the trace's as the prefix left it (ScalingCurve::batch). None (0) where the workers
    // do not share the batch or the trace does not show it.
    const double globalBatch
        = curve.globalBatch && curve.batch ? *curve.batch * std::max(1, curve.measuredWorkers) : 0.0;
    std::vector<Candidate> candidates;
    std::vector<std::size_t> replayedAt;
    std::size_t pastBatch = 0, pastLimit = 0;
    for (std::size_t i = 0; i < curve.points.size(); ++i) {
        if (globalBatch > 0 && static_cast<double>(curve.points[i].workers) > globalBatch) {
            ++pastBatch;
            continue;
        }
        if (itemsPerWorker * curve.points[i].workers > static_cast<double>(session.maxWhatIfItems())) {
            ++pastLimit;
            continue;
        }
        std::vector<PassStep> own;
        if (std::optional<PassStep> step = stepFor(curve.points[i].workers))
            own.push_back(std::move(*step));
        candidates.push_back(Candidate::of(where.with(own)));
        replayedAt.push_back(i);
    }
    Expected<std::vector<Outcome>> replayed = evaluator.evaluate(candidates);
    if (!replayed)
        return replayed.status();
    const bool shares = std::any_of(curve.points.begin(), curve.points.end(),
        [&](const ScalingPoint& p) { return p.workers > curve.measuredWorkers; });
    if (curve.globalBatch && !curve.batch && shares)
        curve.warnings.push_back(Evaluator::unknownBatchWarning());
    if (pastBatch > 0)
        curve.warnings.emplace_back(SL_TEXT("Core",
                                        "%1 of the device counts give each worker less than one sample of the global "
                                        "batch of %2 a step computes on, which no data loader gives: they are not "
                                        "replayed, and the model's figures there are of fractions of a sample"),
            std::vector<Message::Arg> { pastBatch, BatchSize::text(globalBatch) });
    if (pastLimit > 0)
        curve.warnings.emplace_back(SL_TEXT("Core",
                                        "%1 of the device counts are beyond what the job may grow to within its memory "
                                        "limit: the model alone gives them"),
            std::vector<Message::Arg> { pastLimit });
    std::size_t ran = 0, checked = 0;
    for (std::size_t k = 0; k < replayedAt.size(); ++k) {
        if (!(*replayed)[k].ok())
            continue;
        curve.points[replayedAt[k]].replayedNs = (*replayed)[k].iterationNs;
        ++ran;
        checked += (*replayed)[k].selfChecked;
    }
    if (checked > 0)
        curve.warnings.emplace_back(SL_TEXT("Core",
                                        "the checks of their own figures warned on %1 of the %2 worker counts "
                                        "replayed: those replays may be wrong (each, replayed alone, says why)"),
            std::vector<Message::Arg> { checked, ran });
    Status said = replayWarnings(evaluator, prefix, base, candidates, *replayed, replayedAt, curve);
    if (!said.ok())
        return said;
    if (std::optional<Message> parted = disagreement(curve))
        curve.warnings.push_back(std::move(*parted));
    if (std::optional<Message> unfed = evaluator.unfedWarning())
        curve.warnings.push_back(std::move(*unfed));
    if (std::optional<Message> failed = evaluator.failureWarning())
        curve.warnings.push_back(std::move(*failed));
    return {};
}

} // namespace sightline
