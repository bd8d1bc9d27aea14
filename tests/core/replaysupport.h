#pragma once

// The measured job replayed as measured, for tests that check an importer's model replays to its
// measurement.

#include "core/analysis/steptimes.h"
#include "core/base/resourcelimits.h"
#include "core/model/trace.h"
#include "core/session/jobsession.h"

#include <cmath>
#include <memory>

// The job's iteration, measured and replayed (zeros when it cannot be opened or replayed).
inline sightline::RankStepTime replayedIteration(const std::shared_ptr<const sightline::Trace>& trace)
{
    sightline::Expected<std::shared_ptr<const sightline::JobSession>> session = sightline::JobSession::open(trace, {}, sightline::ResourceLimits {});
    if (!session)
        return {};
    sightline::Expected<sightline::ReplayResult> replay = (*session)->replay({});
    return replay ? sightline::StepTimes::iteration(replay->schedule) : sightline::RankStepTime {};
}

// Whether the replayed iteration is within 1 % of the measured one (and there is one).
inline bool replaysAsMeasured(const sightline::RankStepTime& iteration)
{
    return iteration.measured > 0 && std::abs(iteration.replayed - iteration.measured) <= 0.01 * iteration.measured;
}
