#pragma once

#include "core/base/ids.h"

#include <qcustomplot.h>

// Ticks of a time axis whose coordinates are nanoseconds from the job's start: steps of 1, 2 or 5
// times a power of ten nanoseconds, labelled in the unit that suits the step (ns, µs, ms, s).
class TimeAxisTicker : public QCPAxisTicker {
public:
    TimeAxisTicker() = default;

    // "850 ns", "12.5 µs", "3.25 ms", "1.5 s": three significant digits at most.
    static QString duration(sightline::TimeNs ns);

protected:
    double getTickStep(const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    double m_step = 1;
};
