#include "core/search/scalingcurve.h"

namespace sightline {

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
