#include "scalingplot.h"

#include "core/strategy/batchsize.h"

using namespace sightline;

ScalingPlot::ScalingPlot(QWidget* parent)
    : QCustomPlot(parent)
{
    xAxis->setLabel(tr("Workers"));
    yAxis->setLabel(tr("Steps per second, all workers"));
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    legend->setVisible(true);
    setMinimumHeight(180);
}

void ScalingPlot::setCurve(const ScalingCurve& curve)
{
    clearGraphs();
    QCPGraph* model = addGraph();
    model->setName(curve.mode == ScalingCurve::Mode::Sync ? tr("Model (synchronous all-reduce)")
                                                          : tr("Model (asynchronous parameter server)"));
    model->setPen(QPen(QColor(31, 119, 180), 2));
    model->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
    QCPGraph* replayed = addGraph();
    replayed->setName(tr("Replayed (worker_count)"));
    replayed->setLineStyle(QCPGraph::lsNone);
    replayed->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QColor(255, 127, 14), 9));
    QCPGraph* measured = addGraph();
    measured->setName(tr("Measured (the trace)"));
    measured->setLineStyle(QCPGraph::lsNone);
    measured->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDiamond, QColor(214, 39, 40), QColor(214, 39, 40), 10));
    QCPGraph* ideal = addGraph();
    ideal->setName(tr("Perfect scaling"));
    ideal->setPen(QPen(Qt::gray, 1, Qt::DashLine));
    // Counts whose share of the batch no data loader gives (a fraction of a sample, or less than one).
    QCPGraph* uneven = addGraph();
    uneven->setName(tr("No whole samples per worker"));
    uneven->setLineStyle(QCPGraph::lsNone);
    uneven->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(214, 39, 40), 1.5), Qt::NoBrush, 11));
    // One worker's steps per second, as the speed-ups were taken against.
    double perWorker = 0;
    for (const ScalingPoint& p : curve.points) {
        if (perWorker == 0 && p.speedup > 0)
            perWorker = p.stepsPerSecond / p.speedup;
    }
    for (const ScalingPoint& p : curve.points) {
        model->addData(p.workers, p.stepsPerSecond);
        ideal->addData(p.workers, perWorker * p.workers);
        if (p.replayedNs && *p.replayedNs > 0)
            replayed->addData(p.workers, curve.stepsPerSecondAt(p.workers, *p.replayedNs));
        if (p.measuredNs && *p.measuredNs > 0)
            measured->addData(p.workers, curve.stepsPerSecondAt(p.workers, *p.measuredNs));
        if (const std::optional<double> samples = curve.samplesPerWorker(p.workers);
            samples && !BatchSize::whole(*samples))
            uneven->addData(p.workers, p.stepsPerSecond);
    }
    if (replayed->dataCount() == 0)
        replayed->removeFromLegend();
    if (measured->dataCount() == 0)
        measured->removeFromLegend();
    if (uneven->dataCount() == 0)
        uneven->removeFromLegend();
    legend->setVisible(!curve.points.empty()); // no curve (no job): no key to one
    rescaleAxes();
    xAxis->scaleRange(1.2, xAxis->range().center());
    yAxis->setRangeLower(0);
    yAxis->setRangeUpper(yAxis->range().upper * 1.1);
    replot();
}
