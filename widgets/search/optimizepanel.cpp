#include "optimizepanel.h"

#include "frontierplot.h"
#include "opportunitymodel.h"
#include "scalingplot.h"
#include "widgets/panels/coretext.h"
#include "widgets/panels/durationtext.h"
#include "widgets/panels/gigabytetext.h"
#include "widgets/strategy/budgetspinbox.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

using namespace sightline;

namespace {

QString ms(TimeNs ns)
{
    return DurationText::milliseconds(static_cast<double>(ns) / 1e6);
}

// A choice between the measured global batch shared among the device counts, and each device's kept.
QComboBox* batchBox(QWidget* parent, const QString& toolTip)
{
    auto* box = new QComboBox(parent);
    box->addItem(OptimizePanel::tr("Global batch shared"));
    box->addItem(OptimizePanel::tr("Batch per device kept"));
    box->setToolTip(toolTip);
    return box;
}

} // namespace

OptimizePanel::OptimizePanel(StrategyModel* strategy, QWidget* parent)
    : QWidget(parent)
{
    m_objective = new QComboBox(this);
    m_objective->addItem(tr("Shortest iteration within the budget"));
    m_objective->addItem(tr("Fewest devices that fit"));
    m_objective->setToolTip(tr("What the search looks for: the fastest strategy whose peak fits each device's memory "
                               "(the memory budget, which the Strategy dock shares), "
                               "or the fewest devices with a strategy that fits, from the time–memory frontier"));
    m_run = new QPushButton(tr("Optimize"), this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    auto* budget = new BudgetSpinBox(strategy, this);
    budget->setObjectName(QStringLiteral("searchBudget"));
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_progress = new QProgressBar(this);
    m_progress->setFormat(tr("%v of %m what-ifs"));
    m_progress->setVisible(false);
    auto* top = new QHBoxLayout;
    top->addWidget(m_objective, 1);
    top->addWidget(m_run);
    top->addWidget(m_cancel);
    auto* budgetRow = new QHBoxLayout;
    budgetRow->addWidget(new QLabel(tr("Memory budget"), this));
    budgetRow->addWidget(budget, 1);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(searchTab(), tr("Search"));
    m_tabs->addTab(frontierTab(), tr("Frontier"));
    m_tabs->addTab(scalingTab(), tr("Scaling"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(budgetRow);
    layout->addWidget(m_status);
    layout->addWidget(m_progress);
    layout->addWidget(m_tabs, 1);
    connect(m_run, &QPushButton::clicked, this, [this] {
        clearSearch();
        Q_EMIT optimizeRequested(objective());
    });
    connect(m_cancel, &QPushButton::clicked, this, &OptimizePanel::cancelRequested);
    setJobLoaded(false);
}

QWidget* OptimizePanel::searchTab()
{
    auto* tab = new QWidget(this);
    m_trajectory = new QCustomPlot(tab);
    m_trajectory->setMinimumHeight(120);
    m_trajectory->xAxis->setLabel(tr("Round"));
    m_trajectory->yAxis->setLabel(tr("Iteration (ms)"));
    m_trajectory->addGraph();
    m_trajectory->graph(0)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
    m_trajectory->graph(0)->setPen(QPen(QColor(31, 119, 180), 2));
    m_result = new QLabel(tab);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_load = new QPushButton(tr("Load into Strategy Dock"), tab);
    m_load->setToolTip(tr("Replace the Strategy dock's steps with the strategy found (Undo brings them back)"));
    m_opportunities = new OpportunityModel(this);
    m_opportunityView = new QTableView(tab);
    m_opportunityView->setModel(m_opportunities);
    m_opportunityView->verticalHeader()->hide();
    m_opportunityView->horizontalHeader()->setStretchLastSection(true);
    m_opportunityView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_opportunityView->setWordWrap(false);
    m_opportunityView->setToolTip(tr("Changes that shortened the iteration alone, from the strategy the search had "
                                     "then; double-click one to load it"));
    auto* layout = new QVBoxLayout(tab);
    layout->addWidget(m_trajectory, 1);
    layout->addWidget(m_result);
    layout->addWidget(m_load, 0, Qt::AlignLeft);
    layout->addWidget(new QLabel(tr("Opportunities:"), tab));
    layout->addWidget(m_opportunityView, 1);
    connect(m_load, &QPushButton::clicked, this,
        [this] { Q_EMIT strategyChosen(m_best, tr("Load the optimized strategy")); });
    connect(m_opportunityView, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const Opportunity& o = m_opportunities->opportunities()[static_cast<std::size_t>(index.row())];
        QStringList passes;
        for (const PassStep& step : o.steps)
            passes.append(QString::fromStdString(step.pass));
        Q_EMIT strategyChosen(o.strategy, tr("Load %1").arg(passes.join(QStringLiteral(" + "))));
    });
    return tab;
}

QWidget* OptimizePanel::frontierTab()
{
    auto* tab = new QWidget(this);
    m_findFrontier = new QPushButton(tr("Find the Frontier"), tab);
    m_findFrontier->setToolTip(
        tr("The strategies no other beats in both time and memory (recomputed layers, accumulation, mixed precision, "
           "gradient buckets), each replayed alone"));
    m_frontierBatch = batchBox(tab,
        tr("Other device counts share the measured global batch, so fewer devices each take more samples and memory "
           "(strong scaling: the frontier's and the fewest devices' default), or each device keeps its measured batch "
           "(weak scaling)"));
    m_frontier = new FrontierPlot(tab);
    m_frontierNote = new QLabel(tab);
    m_frontierNote->setWordWrap(true);
    auto* layout = new QVBoxLayout(tab);
    auto* row = new QHBoxLayout;
    row->addWidget(m_findFrontier);
    row->addWidget(m_frontierBatch);
    row->addStretch(1);
    layout->addLayout(row);
    layout->addWidget(m_frontier, 1);
    layout->addWidget(m_frontierNote);
    connect(m_findFrontier, &QPushButton::clicked, this, &OptimizePanel::frontierRequested);
    connect(m_frontier, &FrontierPlot::pointChosen, this, [this](const FrontierPoint& p) {
        Q_EMIT strategyChosen(p.strategy,
            tr("Load a frontier point (%1 ms, %2 GB)").arg(ms(p.iterationNs), GigabyteText::of(p.peakBytes)));
    });
    return tab;
}

QWidget* OptimizePanel::scalingTab()
{
    auto* tab = new QWidget(this);
    m_scalingMode = new QComboBox(tab);
    m_scalingMode->addItem(tr("Synchronous all-reduce"));
    m_scalingMode->addItem(tr("Asynchronous parameter server"));
    m_scalingBatch = batchBox(tab,
        tr("The workers share the measured global batch (strong scaling), or each keeps its measured batch "
           "(weak scaling, the usual throughput curve); the parameter server's workers keep theirs"));
    m_scalingBatch->setCurrentIndex(1);
    connect(m_scalingMode, &QComboBox::currentIndexChanged, m_scalingBatch,
        [this](int mode) { m_scalingBatch->setEnabled(mode == 0); });
    m_scale = new QPushButton(tr("Scale"), tab);
    m_scale->setToolTip(tr("Throughput from 1 to 64 workers, from this profile"));
    m_scaling = new ScalingPlot(tab);
    auto* row = new QHBoxLayout;
    row->addWidget(m_scalingMode, 1);
    row->addWidget(m_scalingBatch);
    row->addWidget(m_scale);
    auto* layout = new QVBoxLayout(tab);
    layout->addLayout(row);
    layout->addWidget(m_scaling, 1);
    m_scalingNote = new QLabel(tab);
    m_scalingNote->setWordWrap(true);
    layout->addWidget(m_scalingNote);
    connect(m_scale, &QPushButton::clicked, this, [this] {
        Q_EMIT scaleRequested(m_scalingMode->currentIndex() == 0 ? ScalingMode::Sync : ScalingMode::AsyncPs);
    });
    return tab;
}

OptimizePanel::Objective OptimizePanel::objective() const
{
    return m_objective->currentIndex() == 0 ? Objective::Time : Objective::Devices;
}

bool OptimizePanel::frontierGlobalBatch() const
{
    return m_frontierBatch->currentIndex() == 0;
}

bool OptimizePanel::scalingGlobalBatch() const
{
    return m_scalingMode->currentIndex() == 0 && m_scalingBatch->currentIndex() == 0;
}

QString OptimizePanel::statusText() const
{
    return m_status->text();
}

void OptimizePanel::setJobLoaded(bool loaded)
{
    m_loaded = loaded;
    setRunning(m_running);
    clearSearch();
    m_frontier->setFrontier({}, 0);
    m_frontierNote->setText(tr("Click a point to load its strategy."));
    m_frontierNote->setToolTip({});
    m_scaling->setCurve({});
    m_scalingNote->clear();
    m_scalingNote->setToolTip({});
    m_status->setText(loaded ? QString() : tr("Open a job to search its strategies."));
}

void OptimizePanel::setRunning(bool running)
{
    m_running = running;
    for (QPushButton* b : { m_run, m_findFrontier, m_scale })
        b->setEnabled(m_loaded && !running);
    m_cancel->setEnabled(running);
    m_load->setEnabled(!running && !m_best.steps.empty());
    if (running) {
        m_status->setText(tr("Searching…"));
        m_progress->setRange(0, 0); // busy until the first batch says its size
    }
    m_progress->setVisible(running);
}

void OptimizePanel::setProgress(qint64 done, qint64 total)
{
    if (!m_running)
        return;
    m_progress->setRange(0, static_cast<int>(std::min<qint64>(total, std::numeric_limits<int>::max())));
    m_progress->setValue(static_cast<int>(std::min(done, total)));
}

void OptimizePanel::clearSearch()
{
    m_trajectory->graph(0)->data()->clear();
    m_trajectory->replot();
    m_result->clear();
    m_result->setToolTip({});
    m_best = {};
    m_load->setEnabled(false);
    m_opportunities->setOpportunities({});
}

void OptimizePanel::addRound(const SearchRound& round)
{
    m_trajectory->graph(0)->addData(round.round, static_cast<double>(round.iterationNs) / 1e6);
    m_trajectory->rescaleAxes();
    m_trajectory->yAxis->scaleRange(1.2, m_trajectory->yAxis->range().center());
    m_trajectory->replot();
    m_status->setText(tr("Round %1: %2 ms per iteration").arg(round.round).arg(ms(round.iterationNs)));
}

void OptimizePanel::setResult(const SearchResult& r)
{
    m_trajectory->graph(0)->data()->clear();
    for (const SearchRound& round : r.trajectory)
        addRound(round);
    m_best = r.best;
    const double speedup = r.speedup();
    QString text
        = tr("%1 ms → %2 ms per iteration (%3×), peak %4 → %5 GB; %n round(s), %6 candidates", nullptr, r.rounds)
              .arg(ms(r.baselineNs), ms(r.bestNs), QLocale().toString(speedup, 'f', 3),
                  GigabyteText::of(r.baselinePeakBytes), GigabyteText::of(r.bestPeakBytes))
              .arg(r.candidates);
    if (r.best.steps.empty())
        text += u'\n' + tr("Nothing the search tried beats the job as it is.");
    if (const QString warned = warningsLine(r.warnings, m_result); !warned.isEmpty())
        text += u'\n' + warned;
    m_result->setText(text);
    m_opportunities->setOpportunities(r.opportunities);
    m_opportunityView->resizeColumnsToContents();
    m_status->setText(tr("Search done."));
    m_tabs->setCurrentIndex(0);
    setRunning(false);
}

void OptimizePanel::setFrontier(const Frontier& frontier, std::int64_t budgetBytes)
{
    m_frontier->setFrontier(frontier, budgetBytes);
    QString text = tr("%n point(s), each replayed alone; click one to load its strategy.", nullptr,
        static_cast<int>(m_frontier->points().size()));
    if (frontier.base)
        text += u'\n'
            + tr("The job as it is (the cross): %1 ms and %2 GB on %n device(s).", nullptr, frontier.base->workers)
                  .arg(ms(frontier.base->iterationNs), GigabyteText::of(frontier.base->peakBytes));
    if (frontier.miniTime)
        text += u'\n'
            + tr("Fastest within the budget: %1 ms on %n device(s).", nullptr, frontier.miniTime->workers)
                  .arg(ms(frontier.miniTime->iterationNs));
    if (frontier.miniParallelism)
        text += u'\n'
            + tr("Fewest devices that fit: %1 (%2 ms).")
                  .arg(frontier.miniParallelism->workers)
                  .arg(ms(frontier.miniParallelism->iterationNs));
    if (const QString warned = warningsLine(frontier.warnings, m_frontierNote); !warned.isEmpty())
        text += u'\n' + warned;
    m_frontierNote->setText(text);
    if (objective() == Objective::Devices && frontier.miniParallelism) {
        m_best = frontier.miniParallelism->strategy;
        m_result->setText(
            tr("Fewest devices that fit: %1, at %2 ms per iteration and %3 GB.")
                .arg(frontier.miniParallelism->workers)
                .arg(ms(frontier.miniParallelism->iterationNs), GigabyteText::of(frontier.miniParallelism->peakBytes)));
    }
    m_status->setText(tr("Frontier done."));
    m_tabs->setCurrentIndex(1);
    setRunning(false);
}

QString OptimizePanel::warningsLine(const std::vector<Message>& warnings, QLabel* label)
{
    QStringList lines;
    for (const Message& w : warnings)
        lines.append(QStringLiteral("⚠ ") + CoreText::of(w));
    label->setToolTip(lines.join(u'\n'));
    if (lines.isEmpty())
        return {};
    return tr("⚠ %n warning(s) about these figures (hover to read them)", nullptr, static_cast<int>(lines.size()));
}

void OptimizePanel::setCurve(const ScalingCurve& curve)
{
    m_scaling->setCurve(curve);
    m_scalingNote->setText(warningsLine(curve.warnings, m_scalingNote));
    m_status->setText(tr("Scaling done."));
    m_tabs->setCurrentIndex(2);
    setRunning(false);
}

void OptimizePanel::setFailure(const QString& why)
{
    m_status->setText(tr("The search failed: %1").arg(why));
    setRunning(false);
}
