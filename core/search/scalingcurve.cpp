#include "core/search/scalingcurve.h"

#include "core/analysis/steptimes.h"

#include <cmath>

namespace sightline {

void ScalingCurve::markMeasured(const Schedule& schedule)
{
    const double measured = StepTimes::iteration(schedule).measured;
    for (ScalingPoint& p : points) {
        if (p.workers == measuredWorkers && measured > 0)
            p.measuredNs = std::llround(measured);
    }
}

void ScalingCurve::relate()
{
    if (points.empty())
        return;
    const ScalingPoint& first = points.front();
    const double perWorker = first.stepsPerSecond / static_cast<double>(std::max(1, first.workers));
    for (ScalingPoint& p : points) {
        p.speedup = perWorker > 0 ? p.stepsPerSecond / perWorker : 0;
        p.efficiency = p.workers > 0 ? p.speedup / p.workers : 0;
    }
}

} // namespace sightline
