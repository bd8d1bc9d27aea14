#pragma once

#include <qcustomplot.h>

#include <optional>

// How the Gantt's time axis moves: the zoom steps of the keys and of the wheel, panning by a share of
// the span, fitting a range or the whole job with a margin, and the narrowest span. Ranges are keys of
// the time axis (ns from the job's origin); the view applies the results to its axis, which the
// counter strip follows, so that one control moves the baseline and what-if rows and the strip
// together. Pure functions.
class ZoomControl {
public:
    static constexpr double kKeyZoomIn = 0.8; // W: the span after, as a share of the span before
    static constexpr double kKeyZoomOut = 1.25; // S
    static constexpr double kWheelZoom = 0.85; // per notch of the wheel, towards the pointer
    static constexpr double kPan = 0.1; // A and D: a share of the span
    static constexpr double kFitMargin = 0.05; // F and showRange: each side, a share of the range
    static constexpr double kWholeJobMargin = 0.01; // 0 and Whole Job
    static constexpr double kMinSpan = 10; // ns across the view at the least

    // The range scaled by factor about center (which stays where it is on screen); none when zooming
    // in would take the span under kMinSpan (zooming out always goes).
    static std::optional<QCPRange> zoomed(const QCPRange& range, double factor, double center);
    // The range moved by fraction of its span (negative: earlier).
    static QCPRange panned(const QCPRange& range, double fraction);
    // [begin, end] with margin of its span (at least 1 ns) on each side.
    static QCPRange fitted(double begin, double end, double margin = kFitMargin);
    // The zoom factor of notches of the wheel (positive: in).
    static double wheelFactor(double notches);
};
