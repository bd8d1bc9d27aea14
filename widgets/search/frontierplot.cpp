#include "frontierplot.h"

#include <QMouseEvent>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace sightline;

FrontierPlot::FrontierPlot(QWidget* parent)
    : QCustomPlot(parent)
{
    xAxis->setLabel(tr("Peak memory per device (GB)"));
    yAxis->setLabel(tr("Iteration (ms)"));
    legend->setVisible(true);
    setMinimumHeight(180);
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
        const int i = pointAt(event->position());
        if (i >= 0)
            Q_EMIT pointChosen(m_points[static_cast<std::size_t>(i)]);
    });
}

void FrontierPlot::setFrontier(const Frontier& frontier, std::int64_t budgetBytes)
{
    clearGraphs();
    clearItems();
    m_points.clear();
    m_graphOf.clear();
    static const QColor colours[] { QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44),
        QColor(214, 39, 40), QColor(148, 103, 189), QColor(140, 86, 75), QColor(227, 119, 194), QColor(127, 127, 127) };
    std::size_t colour = 0;
    for (const auto& [workers, points] : frontier.byWorkers) {
        QCPGraph* g = addGraph();
        g->setName(tr("%n device(s)", nullptr, workers));
        const QColor c = colours[colour++ % std::size(colours)];
        g->setPen(QPen(c, 1.5));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, c, 7));
        for (const FrontierPoint& p : points) {
            g->addData(static_cast<double>(p.peakBytes) / 1e9, static_cast<double>(p.iterationNs) / 1e6);
            m_points.push_back(p);
            m_graphOf.push_back(g);
        }
        // Points out of memory drawn hollow, over the line.
        QCPGraph* hollow = addGraph();
        hollow->removeFromLegend();
        hollow->setLineStyle(QCPGraph::lsNone);
        hollow->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, Qt::white, 7));
        for (const FrontierPoint& p : points) {
            if (p.outOfMemory)
                hollow->addData(static_cast<double>(p.peakBytes) / 1e9, static_cast<double>(p.iterationNs) / 1e6);
        }
    }
    // The job as it is, for the frontier to be read against: a cross of its own, not a point to load.
    if (const std::optional<FrontierPoint>& base = frontier.base) {
        QCPGraph* g = addGraph();
        g->setName(tr("The job as it is"));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QPen(Qt::black, 2), Qt::NoBrush, 11));
        g->addData(static_cast<double>(base->peakBytes) / 1e9, static_cast<double>(base->iterationNs) / 1e6);
    }
    if (budgetBytes > 0) {
        auto* line = new QCPItemStraightLine(this);
        line->point1->setCoords(static_cast<double>(budgetBytes) / 1e9, 0);
        line->point2->setCoords(static_cast<double>(budgetBytes) / 1e9, 1);
        line->setPen(QPen(Qt::darkGray, 1, Qt::DashLine));
    }
    rescaleAxes();
    xAxis->scaleRange(1.15, xAxis->range().center());
    yAxis->scaleRange(1.15, yAxis->range().center());
    // Memory is never negative; a job without a memory estimate has every point at 0.
    xAxis->setRange(std::max(0.0, xAxis->range().lower), std::max(xAxis->range().upper, 1.0));
    legend->setVisible(!frontier.byWorkers.empty()); // no frontier (no job): no key to one
    replot();
}

int FrontierPlot::pointAt(const QPointF& pixel) const
{
    int best = -1;
    double nearest = std::numeric_limits<double>::max();
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        const double x = xAxis->coordToPixel(static_cast<double>(m_points[i].peakBytes) / 1e9);
        const double y = yAxis->coordToPixel(static_cast<double>(m_points[i].iterationNs) / 1e6);
        const double d = std::hypot(x - pixel.x(), y - pixel.y());
        if (d < nearest && d <= 8) {
            nearest = d;
            best = static_cast<int>(i);
        }
    }
    return best;
}
