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

void ScalingCurve::relate(double oneWorkerStepsPerSecond)
{
    for (ScalingPoint& p : points) {
        p.speedup = oneWorkerStepsPerSecond > 0 ? p.stepsPerSecond / oneWorkerStepsPerSecond : 0;
        p.efficiency = p.workers > 0 ? p.speedup / p.workers : 0;
    }
}

double ScalingCurve::stepsPerSecondAt(int workers, TimeNs iterationNs) const
{
    if (iterationNs <= 0)
        return 0;
    const int batches = globalBatch ? measuredWorkers : workers; // per-worker batches a step makes
    return batches * 1e9 / static_cast<double>(iterationNs);
}

std::optional<double> ScalingCurve::samplesPerWorker(int workers) const
{
    if (!batch || workers <= 0)
        return std::nullopt;
    return globalBatch ? *batch * measuredWorkers / workers : *batch;
}

} // namespace sightline
