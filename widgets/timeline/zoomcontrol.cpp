#include "widgets/timeline/zoomcontrol.h"

#include <algorithm>
#include <cmath>

std::optional<QCPRange> ZoomControl::zoomed(const QCPRange& range, double factor, double center)
{
    const double lower = center - (center - range.lower) * factor;
    const double upper = center + (range.upper - center) * factor;
    if (factor < 1 && upper - lower < kMinSpan)
        return std::nullopt;
    return QCPRange(lower, upper);
}

QCPRange ZoomControl::panned(const QCPRange& range, double fraction)
{
    const double by = range.size() * fraction;
    return QCPRange(range.lower + by, range.upper + by);
}

QCPRange ZoomControl::fitted(double begin, double end, double margin)
{
    const double span = std::max(1.0, end - begin);
    return QCPRange(begin - span * margin, end + span * margin);
}

double ZoomControl::wheelFactor(double notches)
{
    return std::pow(kWheelZoom, notches);
}
