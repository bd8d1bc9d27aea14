#pragma once

#include "core/search/frontiertracker.h"

#include <qcustomplot.h>

#include <vector>

// A time–memory frontier as a scatter: iteration time against peak memory per device, a colour and a
// line per device count (each count's own frontier), the device budget as a dashed line, points out of
// memory hollow, the job as it is a black cross. A click on a frontier point emits its strategy.
class FrontierPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit FrontierPlot(QWidget* parent = nullptr);

    void setFrontier(const sightline::Frontier& frontier, std::int64_t budgetBytes);
    const std::vector<sightline::FrontierPoint>& points() const { return m_points; }
    // The point nearest a pixel within a few pixels, or -1.
    int pointAt(const QPointF& pixel) const;

Q_SIGNALS:
    void pointChosen(const sightline::FrontierPoint& point);

private:
    std::vector<sightline::FrontierPoint> m_points;
    std::vector<QCPGraph*> m_graphOf; // per point
};
