#pragma once

#include "core/search/scalingcurve.h"

#include <qcustomplot.h>

// A scaling curve: throughput (steps of all workers per second) against the number of workers on a
// logarithmic axis, the model's line, the replayed points where a replay was run, the trace's own
// count marked, perfect scaling from one worker dashed for reference, and the counts whose share of
// the batch holds no whole samples circled.
class ScalingPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit ScalingPlot(QWidget* parent = nullptr);

    void setCurve(const sightline::ScalingCurve& curve);
};
