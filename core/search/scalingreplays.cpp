#include "core/search/scalingreplays.h"

#include "core/base/message.h"
#include "core/exec/executiongraph.h"
#include "core/search/candidate.h"
#include "core/search/evaluator.h"
#include "core/session/jobsession.h"

#include <algorithm>

namespace sightline {

Status ScalingReplays::fill(const JobSession& session, const Strategy& prefix, const WhatIfResult& base,
    Evaluator& evaluator, const StepFor& stepFor, ScalingCurve& curve)
{
    const double itemsPerWorker
        = static_cast<double>(base.whatIf->graph->itemCount()) / std::max(1, curve.measuredWorkers);
    std::vector<Candidate> candidates;
    std::vector<std::size_t> replayedAt;
    for (std::size_t i = 0; i < curve.points.size(); ++i) {
        if (itemsPerWorker * curve.points[i].workers > static_cast<double>(session.maxWhatIfItems()))
            continue;
        Strategy s = prefix;
        if (std::optional<PassStep> step = stepFor(curve.points[i].workers))
            s.steps.push_back(std::move(*step));
        candidates.push_back(Candidate::of(std::move(s)));
        replayedAt.push_back(i);
    }
    Expected<std::vector<Outcome>> replayed = evaluator.evaluate(candidates);
    if (!replayed)
        return replayed.status();
    if (replayedAt.size() < curve.points.size())
        curve.warnings.emplace_back(SL_TEXT("Core",
                                        "%1 of the device counts are beyond what the job may grow to within its memory "
                                        "limit: the model alone gives them"),
            std::vector<Message::Arg> { curve.points.size() - replayedAt.size() });
    for (std::size_t k = 0; k < replayedAt.size(); ++k) {
        if ((*replayed)[k].ok())
            curve.points[replayedAt[k]].replayedNs = (*replayed)[k].iterationNs;
    }
    if (std::optional<Message> failed = evaluator.failureWarning())
        curve.warnings.push_back(std::move(*failed));
    return {};
}

} // namespace sightline
