#include "widgets/strategy/comparisonpanel.h"

#include "core/analysis/opchanges.h"
#include "core/analysis/steptimes.h"
#include "core/model/trace.h"
#include "core/session/jobsession.h"

#include <QHeaderView>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace {

QString ms(double ns)
{
    return QLocale().toString(ns / 1e6, 'f', 3);
}

QString change(double before, double after)
{
    if (before <= 0)
        return QStringLiteral("–");
    const double pct = 100.0 * (after - before) / before;
    return (pct > 0 ? QStringLiteral("+") : QString()) + QLocale().toString(pct, 'f', 1) + QStringLiteral(" %");
}

QString gb(std::int64_t bytes)
{
    return QLocale().toString(static_cast<double>(bytes) / 1e9, 'f', 2);
}

} // namespace

ComparisonPanel::ComparisonPanel(QWidget* parent)
    : QWidget(parent)
    , m_table(new QTableWidget(RowCount, 3, this))
    , m_chart(new QCustomPlot(this))
    , m_changed(makeChangeTable(QStringLiteral("changedOps"), tr("op (rank)"),
          tr("The measured ops whose time the strategy changed most; click one to show it")))
    , m_tensors(makeChangeTable(QStringLiteral("changedTensors"), tr("gradient tensor"),
          tr("The gradient tensors whose wait from ready to all-reduced the strategy changed most (first rank); click one to show "
             "the all-reduce that carried it")))
{
    m_table->setObjectName(QStringLiteral("comparisonTable"));
    m_table->setHorizontalHeaderLabels({ tr("baseline"), tr("what-if"), tr("change") });
    QStringList rows { tr("iteration (ms)"), tr("exposed communication (ms)"), tr("critical path (ms)") };
    for (int c = 0; c < sightline::kPathCategoryCount; ++c)
        rows << tr("  %1 (ms)").arg(QString::fromLatin1(sightline::pathCategoryName(static_cast<sightline::PathCategory>(c))));
    rows << tr("peak memory (GB)") << tr("out of memory");
    m_table->setVerticalHeaderLabels(rows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_chart->setObjectName(QStringLiteral("comparisonChart"));
    m_chart->setMinimumHeight(160);
    m_chart->xAxis->setLabel(tr("critical path (ms)"));
    m_chart->yAxis->setRangeReversed(true); // categories top to bottom, as in the table
    // The legend in a row of its own under the bars, across.
    m_chart->legend->setVisible(true);
    m_chart->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_chart->plotLayout()->addElement(1, 0, m_chart->legend);
    m_chart->plotLayout()->setRowStretchFactor(1, 0.001);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_changed, 1);
    layout->addWidget(m_tensors, 1);
    clear();
}

QTableWidget* ComparisonPanel::makeChangeTable(const QString& name, const QString& what, const QString& tip)
{
    auto* table = new QTableWidget(0, 4, this);
    table->setObjectName(name);
    table->setHorizontalHeaderLabels({ what, tr("baseline (ms)"), tr("what-if (ms)"), tr("change (ms)") });
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table->setToolTip(tip);
    connect(table, &QTableWidget::cellClicked, this, [this, table](int row, int) {
        if (const QTableWidgetItem* item = table->item(row, 0))
            Q_EMIT opActivated(sightline::OpId(item->data(Qt::UserRole).toUInt()));
    });
    return table;
}

void ComparisonPanel::setChangeRow(QTableWidget* table, int row, const QString& what, sightline::OpId op, sightline::TimeNs before,
    sightline::TimeNs after)
{
    auto* first = new QTableWidgetItem(what);
    first->setData(Qt::UserRole, op.value());
    table->setItem(row, 0, first);
    table->setItem(row, 1, new QTableWidgetItem(ms(static_cast<double>(before))));
    table->setItem(row, 2, new QTableWidgetItem(ms(static_cast<double>(after))));
    table->setItem(row, 3, new QTableWidgetItem((after > before ? QStringLiteral("+") : QString()) + ms(static_cast<double>(after - before))));
}

QString ComparisonPanel::text(int row, int column) const
{
    const QTableWidgetItem* item = m_table->item(row, column);
    return item ? item->text() : QString();
}

void ComparisonPanel::clear()
{
    for (int r = 0; r < RowCount; ++r) {
        for (int c = 0; c < 3; ++c)
            m_table->setItem(r, c, new QTableWidgetItem(QStringLiteral("–")));
    }
    m_chart->clearPlottables();
    m_chart->replot();
    m_changed->setRowCount(0);
    m_tensors->setRowCount(0);
    m_tensors->hide();
}

int ComparisonPanel::changedOpCount() const
{
    return m_changed->rowCount();
}

int ComparisonPanel::changedTensorCount() const
{
    return m_tensors->rowCount();
}

void ComparisonPanel::setResult(const Result& result)
{
    const auto& baseline = result.baseline;
    const auto& whatIf = result.whatIf;
    const auto& changes = result.changes;
    const auto& tensors = result.tensors;
    if (!baseline || !whatIf) {
        clear();
        return;
    }
    auto set = [this](int row, const QString& before, const QString& after, const QString& delta) {
        m_table->setItem(row, 0, new QTableWidgetItem(before));
        m_table->setItem(row, 1, new QTableWidgetItem(after));
        m_table->setItem(row, 2, new QTableWidgetItem(delta));
    };
    auto numbers = [&](int row, double before, double after) { set(row, ms(before), ms(after), change(before, after)); };
    numbers(IterationRow, sightline::StepTimes::iteration(baseline->schedule).replayed, sightline::StepTimes::iteration(whatIf->schedule).replayed);
    numbers(ExposedRow, static_cast<double>(result.exposedBaseline), static_cast<double>(result.exposedWhatIf));
    const sightline::CriticalPath& a = baseline->criticalPath;
    const sightline::CriticalPath& b = whatIf->criticalPath;
    numbers(PathRow, static_cast<double>(a.length), static_cast<double>(b.length));
    for (int c = 0; c < sightline::kPathCategoryCount; ++c)
        numbers(FirstCategoryRow + c, static_cast<double>(a.total[static_cast<std::size_t>(c)]), static_cast<double>(b.total[static_cast<std::size_t>(c)]));
    const std::int64_t peakA = baseline->memory.peakBytes(), peakB = whatIf->memory.peakBytes();
    set(PeakMemoryRow, gb(peakA), gb(peakB), change(static_cast<double>(peakA), static_cast<double>(peakB)));
    set(OutOfMemoryRow, baseline->memory.outOfMemory ? tr("yes") : tr("no"), whatIf->memory.outOfMemory ? tr("yes") : tr("no"), QString());
    if (whatIf->memory.outOfMemory)
        m_table->item(OutOfMemoryRow, 1)->setForeground(QColor(0xc6, 0x28, 0x28));

    // The breakdowns side by side, one pair of bars per category, across.
    m_chart->clearPlottables();
    QVector<double> ticks, before, after;
    QVector<QString> labels;
    for (int c = 0; c < sightline::kPathCategoryCount; ++c) {
        ticks << c;
        labels << QString::fromLatin1(sightline::pathCategoryName(static_cast<sightline::PathCategory>(c)));
        before << static_cast<double>(a.total[static_cast<std::size_t>(c)]) / 1e6;
        after << static_cast<double>(b.total[static_cast<std::size_t>(c)]) / 1e6;
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->addTicks(ticks, labels);
    m_chart->yAxis->setTicker(ticker);
    const struct {
        QVector<double>* values;
        QString name;
        QColor color;
        double offset; // beside the category's tick
    } series[] = { { &before, tr("baseline"), QColor(0x9e, 0x9e, 0xa6), -0.18 }, { &after, tr("what-if"), QColor(0x3b, 0x7d, 0xd8), 0.18 } };
    double top = 0;
    for (const auto& s : series) {
        auto* bars = new QCPBars(m_chart->yAxis, m_chart->xAxis); // horizontal: the labels have room
        bars->setName(s.name);
        bars->setBrush(s.color);
        bars->setPen(Qt::NoPen);
        bars->setWidth(0.35);
        QVector<double> keys;
        for (double t : ticks)
            keys << t + s.offset;
        bars->setData(keys, *s.values, true);
        for (double v : *s.values)
            top = std::max(top, v);
    }
    m_chart->yAxis->setRange(-0.6, sightline::kPathCategoryCount - 0.4);
    m_chart->xAxis->setRange(0, std::max(1e-3, top * 1.1));
    m_chart->replot();

    const sightline::Trace& trace = baseline->graph->trace();
    m_changed->setRowCount(static_cast<int>(std::min<std::size_t>(changes.size(), kChangedOps)));
    for (int r = 0; r < m_changed->rowCount(); ++r) {
        const sightline::OpChange& c = changes[static_cast<std::size_t>(r)];
        const std::string_view name = trace.string(trace.name(c.op));
        const int rank = trace.rankInfo(trace.rank(c.op)).rank;
        setChangeRow(m_changed, r, QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())) + QStringLiteral(" (%1)").arg(rank), c.op,
            c.baseline, c.whatIf);
    }
    // Tensors: a job without gradient all-reduces has none, and the table stays hidden.
    m_tensors->setRowCount(static_cast<int>(std::min<std::size_t>(tensors.size(), kChangedOps)));
    m_tensors->setVisible(!tensors.empty());
    for (int r = 0; r < m_tensors->rowCount(); ++r) {
        const sightline::TensorChange& c = tensors[static_cast<std::size_t>(r)];
        const QString what = tr("step %1, #%2, %3 MB")
                                 .arg(c.step)
                                 .arg(c.index + 1)
                                 .arg(QLocale().toString(static_cast<double>(c.bytes) / 1e6, 'f', 2));
        setChangeRow(m_tensors, r, what, c.bucket, c.baseline, c.whatIf);
    }
}
