#include "widgets/strategy/comparisonpanel.h"

#include "core/analysis/opchanges.h"
#include "core/analysis/steptimes.h"
#include "core/memory/memoryestimator.h"
#include "core/model/trace.h"
#include "core/session/jobsession.h"
#include "widgets/panels/durationtext.h"
#include "widgets/panels/gigabytetext.h"
#include "widgets/panels/kindtext.h"
#include "widgets/panels/percenttext.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollBar>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <map>
#include <utility>

namespace {

QString ms(double ns)
{
    return DurationText::milliseconds(ns / 1e6);
}

QString change(double before, double after)
{
    if (before <= 0)
        return QStringLiteral("–");
    return PercentText::signedChange(100.0 * (after - before) / before);
}

const QColor kBaselineBars(0x9e, 0x9e, 0xa6);
const QColor kWhatIfBars(0x3b, 0x7d, 0xd8);
const QColor kOutOfMemory(0xc6, 0x28, 0x28);

// A device's peak as shown: a lower bound (no allocator events) is marked so.
QString peakText(const sightline::DeviceMemoryEstimate& d)
{
    return d.complete ? GigabyteText::of(d.peakBytes) : QStringLiteral("≥ ") + GigabyteText::of(d.peakBytes);
}

} // namespace

ComparisonPanel::ComparisonPanel(QWidget* parent)
    : QWidget(parent)
    , m_stale(new QLabel(this))
    , m_table(new QTableWidget(RowCount, 3, this))
    , m_devices(new QTableWidget(0, DeviceColumnCount, this))
    , m_chart(new QCustomPlot(this))
    , m_changed(makeChangeTable(QStringLiteral("changedOps"), tr("op (rank)"),
          tr("The measured ops whose time the strategy changed most; click one to show it")))
    , m_tensors(makeChangeTable(QStringLiteral("changedTensors"), tr("gradient tensor"),
          tr("The gradient tensors whose wait from ready to all-reduced the strategy changed most (first rank); click one to show "
             "the all-reduce that carried it")))
{
    m_table->setObjectName(QStringLiteral("comparisonTable"));
    m_columnNames = { tr("baseline"), tr("what-if"), tr("change") };
    m_table->setHorizontalHeaderLabels(m_columnNames);
    m_rowNames = QStringList { tr("iteration (ms)"), tr("exposed communication (ms)"), tr("critical path (ms)") };
    for (int c = 0; c < sightline::kPathCategoryCount; ++c)
        m_rowNames << tr("  %1 (ms)").arg(KindText::pathCategory(static_cast<sightline::PathCategory>(c)));
    m_rowNames << tr("peak memory (GB)") << tr("out of memory");
    m_table->setVerticalHeaderLabels(m_rowNames);
    for (int r = 0; r < m_rowNames.size(); ++r)
        m_table->verticalHeaderItem(r)->setToolTip(m_rowNames[r].trimmed());
    for (int c = 0; c < m_columnNames.size(); ++c)
        m_table->horizontalHeaderItem(c)->setToolTip(m_columnNames[c]);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Figures whole, never elided; the names and titles give way in a narrow dock (fitColumns).
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->installEventFilter(this);
    m_table->setWordWrap(false);
    setRowsShown(m_table, RowCount); // every row readable: the panel scrolls in a small dock instead
    m_devices->setObjectName(QStringLiteral("deviceMemory"));
    m_devices->setHorizontalHeaderLabels({ tr("device"), tr("baseline peak (GB)"), tr("what-if peak (GB)"), tr("budget (GB)"), tr("out of memory") });
    m_devices->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_devices->verticalHeader()->hide();
    // Columns fitted once per what-if (fitted at each cell set, 64 devices took 100 ms).
    m_devices->horizontalHeader()->setSectionResizeMode(DeviceNameColumn, QHeaderView::Stretch);
    m_devices->setToolTip(tr("Each device's peak memory before and after against its budget, the highest what-if peak first"));
    // Three groups of bars stacked, each on its own axis: iteration, highest peak, the path's breakdown.
    m_chart->setObjectName(QStringLiteral("comparisonChart"));
    m_chart->setMinimumHeight(380);
    m_pathRect = m_chart->axisRect();
    // The legend in a row of its own under the bars, across.
    m_chart->legend->setVisible(true);
    m_chart->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_chart->plotLayout()->addElement(1, 0, m_chart->legend);
    m_chart->plotLayout()->insertRow(0);
    m_chart->plotLayout()->insertRow(0);
    m_iterationRect = new QCPAxisRect(m_chart);
    m_memoryRect = new QCPAxisRect(m_chart);
    m_chart->plotLayout()->addElement(0, 0, m_iterationRect);
    m_chart->plotLayout()->addElement(1, 0, m_memoryRect);
    m_chart->plotLayout()->setRowStretchFactors({ 1, 1, 4, 0.001 });
    // The top two name their unit in their one category, so that they take little height.
    m_pathRect->axis(QCPAxis::atBottom)->setLabel(tr("critical path (ms)"));
    // Categories top to bottom, as in the table; the three value axes start at one left edge.
    auto* edges = new QCPMarginGroup(m_chart);
    for (QCPAxisRect* rect : { m_iterationRect, m_memoryRect, m_pathRect }) {
        rect->axis(QCPAxis::atLeft)->setRangeReversed(true);
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, edges);
    }
    // The budget of the device with the highest peak, as a line across its bars.
    m_budgetLine = new QCPItemStraightLine(m_chart);
    m_budgetLine->setClipAxisRect(m_memoryRect);
    for (QCPItemPosition* p : { m_budgetLine->point1, m_budgetLine->point2 })
        p->setAxes(m_memoryRect->axis(QCPAxis::atBottom), m_memoryRect->axis(QCPAxis::atLeft));
    m_budgetLine->setPen(QPen(kOutOfMemory, 1.0, Qt::DashLine));
    m_budgetLine->setVisible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_stale->setObjectName(QStringLiteral("comparisonStale"));
    m_stale->setWordWrap(true);
    m_stale->setStyleSheet(QStringLiteral("background: #fff3cd; color: #5c4400; padding: 4px;"));
    m_stale->hide();
    layout->addWidget(m_stale);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_devices, 1);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_changed, 1);
    layout->addWidget(m_tensors, 1);
    clear();
}

QCPBars* ComparisonPanel::plotBars(QCPAxisRect* rect, const QVector<QString>& labels, const QVector<double>& before, const QVector<double>& after)
{
    QVector<double> ticks;
    for (int k = 0; k < labels.size(); ++k)
        ticks << k;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->addTicks(ticks, labels);
    QCPAxis* keys = rect->axis(QCPAxis::atLeft);
    QCPAxis* values = rect->axis(QCPAxis::atBottom);
    keys->setTicker(ticker);
    const struct {
        const QVector<double>* values;
        QString name;
        QColor color;
        double offset; // beside the category's tick
    } series[] = { { &before, tr("baseline"), kBaselineBars, -0.18 }, { &after, tr("what-if"), kWhatIfBars, 0.18 } };
    double top = 0;
    QCPBars* bars = nullptr;
    for (const auto& s : series) {
        bars = new QCPBars(keys, values); // horizontal: the labels have room
        bars->setName(s.name);
        bars->setBrush(s.color);
        bars->setPen(Qt::NoPen);
        bars->setWidth(0.35);
        QVector<double> at;
        for (double t : ticks)
            at << t + s.offset;
        bars->setData(at, *s.values, true);
        for (double v : *s.values)
            top = std::max(top, v);
        // One legend entry per series, from the breakdown's bars.
        if (rect != m_pathRect)
            bars->removeFromLegend();
    }
    keys->setRange(-0.6, static_cast<double>(labels.size()) - 0.4);
    values->setRange(0, std::max(1e-3, top * 1.1));
    return bars; // the what-if's, made last
}

void ComparisonPanel::fillDevices(const sightline::ReplayResult& baseline, const sightline::ReplayResult& whatIf)
{
    const std::vector<sightline::DeviceMemoryEstimate>& devices = whatIf.memory.devices;
    std::vector<std::size_t> order(devices.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return devices[a].peakBytes > devices[b].peakBytes; });
    // A device of the baseline by global rank and number (an added rank has none).
    const auto globalRank = [](const sightline::ReplayResult& r, sightline::RankId rank) {
        return rank.value() < r.graph->ranks().size() ? r.graph->ranks()[rank.value()].rank : -1;
    };
    std::map<std::pair<std::int32_t, std::int32_t>, const sightline::DeviceMemoryEstimate*> baselineDevices;
    for (const sightline::DeviceMemoryEstimate& b : baseline.memory.devices)
        baselineDevices.emplace(std::pair(globalRank(baseline, b.rank), b.device), &b);
    const auto before = [&](const sightline::DeviceMemoryEstimate& d) -> const sightline::DeviceMemoryEstimate* {
        const auto it = baselineDevices.find(std::pair(globalRank(whatIf, d.rank), d.device));
        return it == baselineDevices.end() ? nullptr : it->second;
    };
    m_devices->setUpdatesEnabled(false);
    m_devices->setRowCount(static_cast<int>(devices.size()));
    m_devices->setVisible(!devices.empty());
    for (int row = 0; row < m_devices->rowCount(); ++row) {
        const sightline::DeviceMemoryEstimate& d = devices[order[static_cast<std::size_t>(row)]];
        const sightline::DeviceMemoryEstimate* b = before(d);
        const std::int32_t rank = globalRank(whatIf, d.rank);
        auto* name = new QTableWidgetItem(d.device == sightline::MemoryDevice::kHost
                ? tr("rank %1, host").arg(rank)
                : tr("rank %1, GPU %2").arg(rank).arg(d.device));
        if (!d.complete)
            name->setToolTip(tr("No allocator events: the estimate holds the model state alone, a lower bound"));
        m_devices->setItem(row, DeviceNameColumn, name);
        m_devices->setItem(row, DeviceBaselineColumn, new QTableWidgetItem(b ? peakText(*b) : QStringLiteral("–")));
        m_devices->setItem(row, DeviceWhatIfColumn, new QTableWidgetItem(peakText(d)));
        m_devices->setItem(row, DeviceBudgetColumn,
            new QTableWidgetItem(d.budgetBytes < 0 ? QStringLiteral("–") : GigabyteText::of(d.budgetBytes)));
        auto* oom = new QTableWidgetItem(d.outOfMemory ? tr("yes") : tr("no"));
        if (d.outOfMemory) {
            oom->setForeground(kOutOfMemory);
            m_devices->item(row, DeviceWhatIfColumn)->setForeground(kOutOfMemory);
        }
        m_devices->setItem(row, DeviceOomColumn, oom);
    }
    for (int column = DeviceBaselineColumn; column < DeviceColumnCount; ++column)
        m_devices->resizeColumnToContents(column);
    m_devices->setUpdatesEnabled(true);
    // As tall as its rows (and a scroll bar across, for a narrow dock), up to six of them: a job of two
    // devices leaves the room to the chart.
    constexpr int kRowsShown = 6;
    const int rows = std::min(m_devices->rowCount(), kRowsShown);
    m_devices->setMaximumHeight(m_devices->horizontalHeader()->sizeHint().height() + rows * m_devices->verticalHeader()->defaultSectionSize()
        + 2 * m_devices->frameWidth() + m_devices->horizontalScrollBar()->sizeHint().height());
}

void ComparisonPanel::setRowsShown(QTableWidget* table, int rows)
{
    // The header, the rows and the frame, and room for a horizontal scroll bar.
    const int height = table->horizontalHeader()->sizeHint().height() + rows * table->verticalHeader()->defaultSectionSize()
        + 2 * table->frameWidth() + table->horizontalScrollBar()->sizeHint().height();
    table->setMinimumHeight(height);
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
    table->setTextElideMode(Qt::ElideMiddle);
    setRowsShown(table, kRowsShown);
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

bool ComparisonPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_table && event->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

void ComparisonPanel::fitColumns()
{
    QHeaderView* columns = m_table->horizontalHeader();
    QHeaderView* names = m_table->verticalHeader();
    // The header's margins and a pixel for the text's fractional width.
    const int pad = 2 * style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, names) + 9;
    int available = m_table->contentsRect().width();
    if (m_table->verticalScrollBar()->isVisible())
        available -= m_table->verticalScrollBar()->width();
    // Each column as wide as its figures (and a few letters of its title), or as its title where
    // there is room for it.
    std::array<int, 3> figures {};
    std::array<int, 3> titled {};
    for (int c = 0; c < 3; ++c) {
        figures[static_cast<std::size_t>(c)] = columns->fontMetrics().horizontalAdvance(QStringLiteral("MMM")) + pad;
        for (int r = 0; r < m_table->rowCount(); ++r)
            figures[static_cast<std::size_t>(c)] = std::max(figures[static_cast<std::size_t>(c)],
                m_table->sizeHintForIndex(m_table->model()->index(r, c)).width() + (m_table->showGrid() ? 1 : 0));
        titled[static_cast<std::size_t>(c)]
            = std::max(figures[static_cast<std::size_t>(c)], columns->fontMetrics().horizontalAdvance(m_columnNames[c]) + pad);
    }
    int wholeNames = 0;
    for (const QString& name : m_rowNames)
        wholeNames = std::max(wholeNames, names->fontMetrics().horizontalAdvance(name) + pad);
    const int fewest = std::min(wholeNames, names->fontMetrics().horizontalAdvance(QStringLiteral("MMMMMM")) + pad);
    const auto sum = [](const std::array<int, 3>& w) { return w[0] + w[1] + w[2]; };
    const std::array<int, 3>& widths = available - sum(titled) >= fewest ? titled : figures;
    const int namesWidth = std::clamp(available - sum(widths), fewest, wholeNames);
    for (int c = 0; c < 3; ++c) {
        const int w = widths[static_cast<std::size_t>(c)];
        columns->resizeSection(c, w);
        m_table->horizontalHeaderItem(c)->setText(columns->fontMetrics().elidedText(m_columnNames[c], Qt::ElideRight, w - pad + 1));
    }
    for (int r = 0; r < m_rowNames.size(); ++r)
        m_table->verticalHeaderItem(r)->setText(names->fontMetrics().elidedText(m_rowNames[r], Qt::ElideRight, namesWidth - pad + 1));
}

int ComparisonPanel::rowNamesWidth() const
{
    return m_table->verticalHeader()->width();
}

QString ComparisonPanel::text(int row, int column) const
{
    const QTableWidgetItem* item = m_table->item(row, column);
    return item ? item->text() : QString();
}

void ComparisonPanel::setStale(const QString& why)
{
    m_stale->setText(why.isEmpty() ? QString() : tr("Stale: these figures are of the last strategy that ran. %1").arg(why));
    m_stale->setVisible(!why.isEmpty());
}

bool ComparisonPanel::isStale() const
{
    return !m_stale->isHidden();
}

void ComparisonPanel::clear()
{
    setStale({});
    for (int r = 0; r < RowCount; ++r) {
        for (int c = 0; c < 3; ++c)
            m_table->setItem(r, c, new QTableWidgetItem(QStringLiteral("–")));
    }
    m_devices->setRowCount(0);
    m_devices->hide();
    m_chart->clearPlottables();
    m_budgetLine->setVisible(false);
    m_chart->replot();
    m_changed->setRowCount(0);
    m_tensors->setRowCount(0);
    m_tensors->hide();
    fitColumns();
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
    setStale({});
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
    set(PeakMemoryRow, GigabyteText::of(peakA), GigabyteText::of(peakB),
        change(static_cast<double>(peakA), static_cast<double>(peakB)));
    set(OutOfMemoryRow, baseline->memory.outOfMemory ? tr("yes") : tr("no"), whatIf->memory.outOfMemory ? tr("yes") : tr("no"), QString());
    if (whatIf->memory.outOfMemory)
        m_table->item(OutOfMemoryRow, 1)->setForeground(kOutOfMemory);
    fitColumns();
    fillDevices(*baseline, *whatIf);

    // Baseline beside what-if: the iteration, the highest peak, each category of the path.
    m_chart->clearPlottables();
    const double iterationBefore = static_cast<double>(sightline::StepTimes::iteration(baseline->schedule).replayed) / 1e6;
    const double iterationAfter = static_cast<double>(sightline::StepTimes::iteration(whatIf->schedule).replayed) / 1e6;
    plotBars(m_iterationRect, { tr("iteration (ms)") }, { iterationBefore }, { iterationAfter });
    QCPBars* peakAfter = plotBars(m_memoryRect, { tr("highest peak (GB)") }, { static_cast<double>(peakA) / 1e9 }, { static_cast<double>(peakB) / 1e9 });
    const sightline::MemoryEstimate& memory = whatIf->memory;
    const std::int64_t budget = memory.highest < 0 ? -1 : memory.devices[static_cast<std::size_t>(memory.highest)].budgetBytes;
    m_budgetLine->setVisible(budget > 0);
    if (budget > 0) {
        m_budgetLine->point1->setCoords(static_cast<double>(budget) / 1e9, 0);
        m_budgetLine->point2->setCoords(static_cast<double>(budget) / 1e9, 1);
        QCPAxis* gbAxis = m_memoryRect->axis(QCPAxis::atBottom);
        gbAxis->setRangeUpper(std::max(gbAxis->range().upper, static_cast<double>(budget) / 1e9 * 1.1));
    }
    if (memory.outOfMemory)
        peakAfter->setBrush(kOutOfMemory); // the what-if's bar in the colour of out of memory
    QVector<QString> labels;
    QVector<double> before, after;
    for (int c = 0; c < sightline::kPathCategoryCount; ++c) {
        labels << KindText::pathCategory(static_cast<sightline::PathCategory>(c));
        before << static_cast<double>(a.total[static_cast<std::size_t>(c)]) / 1e6;
        after << static_cast<double>(b.total[static_cast<std::size_t>(c)]) / 1e6;
    }
    plotBars(m_pathRect, labels, before, after);
    m_chart->replot();

    const sightline::Trace& trace = baseline->graph->trace();
    m_changed->setRowCount(static_cast<int>(std::min<std::size_t>(changes.size(), kChangedOps)));
    for (int r = 0; r < m_changed->rowCount(); ++r) {
        const sightline::OpChange& c = changes[static_cast<std::size_t>(r)];
        const std::string_view name = trace.string(trace.name(c.op));
        const int rank = trace.rankInfo(trace.rank(c.op)).rank;
        // An op a pass copied (each micro-batch, a recomputation) adds up its runs: the row says how many.
        const QString runs = c.runs > 1 ? QStringLiteral(" ×%1").arg(c.runs) : QString();
        setChangeRow(m_changed, r,
            QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())) + QStringLiteral(" (%1)").arg(rank)
                + runs,
            c.op, c.baseline, c.whatIf);
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
