#include "widgets/timeline/timeaxisticker.h"

#include <cmath>

namespace {

struct Unit {
    double scale;
    const char16_t* suffix;
};

Unit unitFor(double ns)
{
    const double a = std::abs(ns);
    if (a < 1e3)
        return { 1, u" ns" };
    if (a < 1e6)
        return { 1e3, u" µs" };
    if (a < 1e9)
        return { 1e6, u" ms" };
    return { 1e9, u" s" };
}

} // namespace

QString TimeAxisTicker::duration(sightline::TimeNs ns)
{
    const Unit u = unitFor(static_cast<double>(ns));
    const double v = static_cast<double>(ns) / u.scale;
    const int decimals = u.scale == 1 ? 0 : (std::abs(v) < 10 ? 2 : (std::abs(v) < 100 ? 1 : 0));
    return QString::number(v, 'f', decimals) + QString::fromUtf16(u.suffix);
}

double TimeAxisTicker::getTickStep(const QCPRange& range)
{
    const double raw = range.size() / std::max(1, tickCount());
    const double magnitude = std::pow(10.0, std::floor(std::log10(std::max(raw, 1.0))));
    double step = magnitude;
    for (double m : { 1.0, 2.0, 5.0, 10.0 }) {
        step = m * magnitude;
        if (step >= raw)
            break;
    }
    m_step = std::max(1.0, step);
    return m_step;
}

QString TimeAxisTicker::getTickLabel(double tick, const QLocale& locale, QChar, int)
{
    // The unit of the step, with as many decimals as the step needs in that unit.
    const Unit u = unitFor(m_step);
    const double stepInUnit = m_step / u.scale;
    const int decimals = stepInUnit >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(stepInUnit) - 1e-9));
    return locale.toString(tick / u.scale, 'f', decimals) + QString::fromUtf16(u.suffix);
}
