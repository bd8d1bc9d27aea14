#include "widgets/panels/ranksummarychart.h"

#include "widgets/panels/ranksummarymodel.h"

RankSummaryChart::RankSummaryChart(RankSummaryModel* model, QWidget* parent)
    : QCustomPlot(parent)
    , m_model(model)
{
    setObjectName(QStringLiteral("rankSummaryChart"));
    setMinimumHeight(380);
    // The legend in a row of its own under the charts, never over their bars.
    axisRect()->insetLayout()->take(legend);
    plotLayout()->addElement(1, 0, legend);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(2);
    legend->setBorderPen(Qt::NoPen);
    connect(model, &QAbstractItemModel::modelReset, this, &RankSummaryChart::rebuild);
    rebuild();
}

void RankSummaryChart::rebuild()
{
    clearPlottables();
    if (m_stepRect) {
        plotLayout()->remove(m_stepRect);
        m_stepRect = nullptr;
        plotLayout()->simplify();
    }
    const int n = m_model->rowCount();
    QVector<double> ticks;
    QVector<QString> labels;
    QVector<double> computeOnly, overlapped, exposed, idle, measured, replayed;
    double top = 0, stepTop = 0;
    for (int r = 0; r < n; ++r) {
        auto value = [&](int column) { return m_model->index(r, column).data(RankSummaryModel::SortRole).toDouble() / 1e6; };
        ticks << r;
        labels << QString::number(m_model->index(r, RankSummaryModel::RankColumn).data().toInt());
        const double comm = value(RankSummaryModel::CommunicationColumn), exp = value(RankSummaryModel::ExposedColumn);
        const double overlap = comm - exp;
        computeOnly << value(RankSummaryModel::ComputeColumn) - overlap;
        overlapped << overlap;
        exposed << exp;
        idle << value(RankSummaryModel::IdleColumn);
        top = std::max(top, computeOnly.back() + overlap + exp + idle.back());
        measured << std::max(0.0, value(RankSummaryModel::MeasuredColumn));
        replayed << std::max(0.0, value(RankSummaryModel::ReplayedColumn));
        stepTop = std::max({ stepTop, measured.back(), replayed.back() });
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->addTicks(ticks, labels);

    // GPU time per rank, stacked.
    xAxis->setTicker(ticker);
    xAxis->setLabel(tr("rank"));
    yAxis->setLabel(tr("GPU time (ms)"));
    const struct {
        QVector<double>* values;
        QString name;
        QColor color;
    } stack[] = { { &computeOnly, tr("compute"), QColor(0x3b, 0x7d, 0xd8) }, { &overlapped, tr("compute overlapping communication"), QColor(0x6d, 0x9e, 0x6a) },
        { &exposed, tr("exposed communication"), QColor(0xe8, 0xa3, 0x3d) }, { &idle, tr("idle"), QColor(0xcc, 0xcc, 0xd0) } };
    // One series of bars on a pair of axes.
    auto addBars = [](QCPAxis* x, QCPAxis* y, const QString& name, const QColor& color, double width, const QVector<double>& keys,
                       const QVector<double>& values) {
        auto* bars = new QCPBars(x, y);
        bars->setName(name);
        bars->setBrush(color);
        bars->setPen(Qt::NoPen);
        bars->setWidth(width);
        bars->setData(keys, values, true);
        return bars;
    };
    QCPBars* below = nullptr;
    for (const auto& layer : stack) {
        QCPBars* bars = addBars(xAxis, yAxis, layer.name, layer.color, 0.7, ticks, *layer.values);
        if (below)
            bars->moveAbove(below);
        below = bars;
    }
    xAxis->setRange(-0.6, std::max(0, n - 1) + 0.6);
    yAxis->setRange(0, std::max(1e-3, top * 1.05));
    legend->setVisible(n > 0);
    legend->setFont(QFont(font().family(), std::max(6, font().pointSize() - 1)));

    // Mean step time, measured and replayed, per rank: under the GPU time, over the legend.
    m_stepRect = new QCPAxisRect(this);
    plotLayout()->insertRow(1);
    plotLayout()->addElement(1, 0, m_stepRect);
    plotLayout()->setRowStretchFactors({ 1, 1, 0.001 });
    QCPAxis* x = m_stepRect->axis(QCPAxis::atBottom);
    QCPAxis* y = m_stepRect->axis(QCPAxis::atLeft);
    x->setTicker(ticker);
    x->setLabel(tr("rank"));
    y->setLabel(tr("mean step (ms)"));
    const double width = 0.35;
    QVector<double> left, right;
    for (double t : ticks) {
        left << t - width / 2;
        right << t + width / 2;
    }
    addBars(x, y, tr("measured step"), QColor(0x55, 0x5a, 0x66), width, left, measured);
    addBars(x, y, tr("replayed step"), QColor(0xa9, 0xb4, 0xc6), width, right, replayed);
    x->setRange(-0.6, std::max(0, n - 1) + 0.6);
    y->setRange(0, std::max(1e-3, stepTop * 1.1));
    replot();
}
