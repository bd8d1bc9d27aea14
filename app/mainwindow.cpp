#include "mainwindow.h"

#include "configexport.h"
#include "exportcontroller.h"
#include "jobanalysis.h"
#include "opactions.h"
#include "recentjobs.h"
#include "scenario.h"
#include "scenariocontroller.h"
#include "searchrunner.h"
#include "traceloadjob.h"
#include "whatifdisplay.h"
#include "whatifrunner.h"
#include "widgets/search/optimizepanel.h"

#include "core/analysis/steptimes.h"
#include "core/base/memorypolicy.h"
#include "core/base/outputfile.h"
#include "core/graph/dependencygraph.h"
#include "core/model/trace.h"
#include "core/session/jobsession.h"
#include "core/strategy/batchsize.h"
#include "core/strategy/frameworkconfig.h"
#include "core/strategy/passes/workercountpass.h"
#include "widgets/panels/aggregatemodel.h"
#include "widgets/panels/coretext.h"
#include "widgets/panels/criticalpathmodel.h"
#include "widgets/panels/durationtext.h"
#include "widgets/panels/elidedlabel.h"
#include "widgets/panels/messagebanner.h"
#include "widgets/panels/opdetailspanel.h"
#include "widgets/panels/opsearchbar.h"
#include "widgets/panels/percenttext.h"
#include "widgets/panels/ranklistmodel.h"
#include "widgets/panels/ranksummarychart.h"
#include "widgets/panels/ranksummarymodel.h"
#include "widgets/panels/shortcutsheet.h"
#include "widgets/panels/statustext.h"
#include "widgets/panels/tracktreepanel.h"
#include "widgets/strategy/comparisonpanel.h"
#include "widgets/strategy/strategymodel.h"
#include "widgets/strategy/strategypanel.h"
#include "widgets/timeline/timeaxisticker.h"
#include "widgets/timeline/timelinelegend.h"
#include "widgets/timeline/timelineplottable.h"
#include "widgets/timeline/timelineview.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QBuffer>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QImageWriter>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QMimeData>
#include <QProgressDialog>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTemporaryFile>
#include <QShortcut>
#include <QSplitter>
#include <QTimer>
#include <QUndoStack>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>
#include <map>

namespace {

// How many steps each rank replayed (the most of any rank): what the critical path spans.
int stepsReplayed(const sightline::Schedule& schedule)
{
    std::map<std::uint32_t, int> perRank;
    int most = 0;
    for (const sightline::ReplayedStep& st : schedule.steps)
        most = std::max(most, ++perRank[st.rank.value()]);
    return most;
}

} // namespace

QDockWidget* MainWindow::createOptimizeDock()
{
    m_optimize = new OptimizePanel(m_strategy, this);
    m_searchRunner = new SearchRunner(this);
    QDockWidget* dock = addDock(tr("Optimize"), QStringLiteral("optimizeDock"), m_optimize, Qt::RightDockWidgetArea);
    const auto budget = [this] {
        return m_strategy->budgetBytes() > 0
            ? std::optional<sightline::MemoryOptions>(sightline::MemoryOptions { m_strategy->budgetBytes() })
            : std::nullopt;
    };
    const auto frontierOptions = [this, budget] {
        sightline::FrontierOptions options;
        options.prefix = searchPrefix(false);
        options.memory = budget();
        options.workers = deviceCountsAround();
        options.globalBatch = m_optimize->frontierGlobalBatch();
        return options;
    };
    connect(m_optimize, &OptimizePanel::optimizeRequested, this,
        [this, budget, frontierOptions](OptimizePanel::Objective objective) {
            if (objective == OptimizePanel::Objective::Devices) {
                m_searchRunner->frontier(frontierOptions());
                return;
            }
            sightline::SearchOptions options;
            options.prefix = searchPrefix(true);
            options.memory = budget();
            m_searchRunner->optimize(options);
        });
    connect(m_optimize, &OptimizePanel::frontierRequested, this,
        [this, frontierOptions] { m_searchRunner->frontier(frontierOptions()); });
    connect(m_optimize, &OptimizePanel::scaleRequested, this, [this](OptimizePanel::ScalingMode mode) {
        std::vector<int> workers { 1, 2, 4, 8, 16, 32, 64 };
        if (m_analysis)
            workers.push_back(sightline::WorkerCountPass::measuredWorkers(m_analysis->session->analyses()));
        std::sort(workers.begin(), workers.end());
        workers.erase(std::unique(workers.begin(), workers.end()), workers.end());
        m_searchRunner->scale(searchPrefix(false),
            mode == OptimizePanel::ScalingMode::Sync ? SearchRunner::Scaling::Sync : SearchRunner::Scaling::AsyncPs,
            workers, m_optimize->scalingGlobalBatch());
    });
    connect(m_optimize, &OptimizePanel::cancelRequested, m_searchRunner, &SearchRunner::cancel);
    connect(m_optimize, &OptimizePanel::strategyChosen, this,
        [this](const sightline::Strategy& strategy, const QString& text) {
            m_strategy->replaceSteps(strategy.steps, text);
            m_strategyDock->raise();
        });
    connect(m_searchRunner, &SearchRunner::runningChanged, m_optimize, &OptimizePanel::setRunning);
    connect(m_searchRunner, &SearchRunner::round, m_optimize, &OptimizePanel::addRound);
    connect(m_searchRunner, &SearchRunner::progressed, m_optimize, &OptimizePanel::setProgress);
    connect(m_searchRunner, &SearchRunner::optimized, m_optimize, &OptimizePanel::setResult);
    connect(m_searchRunner, &SearchRunner::frontierFound, this,
        [this](const sightline::Frontier& f) { m_optimize->setFrontier(f, m_strategy->budgetBytes()); });
    connect(m_searchRunner, &SearchRunner::scaled, m_optimize, &OptimizePanel::setCurve);
    connect(m_searchRunner, &SearchRunner::failed, m_optimize, &OptimizePanel::setFailure);
    return dock;
}

sightline::Strategy MainWindow::searchPrefix(bool withWorkerCount) const
{
    sightline::Strategy prefix;
    for (const sightline::PassStep& step : m_strategy->strategy().steps) {
        if (step.pass == "network" || (withWorkerCount && step.pass == "worker_count") || step.pass == "straggler")
            prefix.steps.push_back(step);
    }
    return prefix;
}

std::vector<int> MainWindow::deviceCountsAround() const
{
    const int own = m_analysis ? sightline::WorkerCountPass::measuredWorkers(m_analysis->session->analyses()) : 1;
    std::vector<int> counts { own };
    for (int n = 1; n <= own * 4; n *= 2) {
        if (n * 4 >= own)
            counts.push_back(n);
    }
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    return counts;
}

QDockWidget* MainWindow::addDock(const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area)
{
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(name); // restoreState() finds docks by name
    // Docks shrink with the window and scroll what no longer fits, so that the window's minimum size is
    // not the sum of its panels' and the window fits a small screen.
    auto* scroll = new QScrollArea(dock);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setWidget(widget);
    dock->setWidget(scroll);
    addDockWidget(area, dock);
    return dock;
}

QTableView* MainWindow::makeTable(QAbstractItemModel* model, const TableSpec& spec, QWidget* parent)
{
    auto* table = new QTableView(parent);
    table->setObjectName(spec.name);
    if (spec.sortRole >= 0) {
        auto* proxy = new QSortFilterProxyModel(table);
        proxy->setSourceModel(model);
        proxy->setSortRole(spec.sortRole);
        table->setModel(proxy);
        table->setSortingEnabled(true);
        table->sortByColumn(spec.sortColumn, spec.order);
    } else {
        table->setModel(model);
    }
    if (spec.selectRows)
        table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    // Laid out as its rows are set, not by the view's delayed layout after its first paint: a table
    // reset at each what-if (the critical path, the aggregates) is then painted once.
    connect(table->model(), &QAbstractItemModel::modelReset, table, &QAbstractItemView::doItemsLayout);
    if (spec.stretchColumn >= 0) {
        // The name column as wide as its names (up to 60 % of the view; the rest elided in the
        // middle, where names differ least), the other columns sized to theirs; refitted at each reset.
        table->setTextElideMode(Qt::ElideMiddle);
        table->horizontalHeader()->setStretchLastSection(true);
        connect(table->model(), &QAbstractItemModel::modelReset, table, [table, column = spec.stretchColumn] {
            table->resizeColumnsToContents();
            const int most = std::max(120, table->viewport()->width() * 3 / 5);
            if (table->columnWidth(column) > most)
                table->setColumnWidth(column, most);
        });
    }
    return table;
}

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_model(new RankListModel(this))
    , m_job(new TraceLoadJob(this))
{
    setAcceptDrops(true);
    // What-if steps on the ops of the Gantt and the panels' rows, added to the strategy as asked.
    m_opActions = new OpActions(
        [this] {
            OpActions::Job job;
            if (m_analysis)
                job.measured = trace();
            job.shown = m_display->shownWhatIf();
            if (const auto& outcome = m_display->outcome(); outcome && outcome->whatIf)
                job.whatIf = outcome->whatIf->graph;
            return job;
        },
        this);
    connect(m_opActions, &OpActions::stepWanted, this, [this](const QString& pass, const std::map<std::string, sightline::ParameterValue>& params) {
        m_strategy->addStep(pass, params);
        m_strategyDock->show();
        m_strategyDock->raise();
    });
    // The Gantt, under a banner that says when the strategy failed.
    auto* centre = new QWidget(this);
    auto* centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->setSpacing(0);
    auto* banner = new MessageBanner(centre);
    m_timeline = new TimelineView(centre);
    m_legend = new TimelineLegend(centre);
    centreLayout->addWidget(banner);
    centreLayout->addWidget(m_timeline, 1);
    centreLayout->addWidget(m_legend);
    setCentralWidget(centre);

    auto* panel = new QWidget(this);
    auto* layout = new QVBoxLayout(panel);
    m_summaryLabel = new QLabel(tr("Open trace files (File ▸ Open, or drop them here) to see the ranks of a job."), panel);
    m_summaryLabel->setWordWrap(true);
    m_summaryLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summaryLabel);
    m_view = makeTable(m_model, { QStringLiteral("rankTable"), RankListModel::SortRole, RankListModel::RankColumn, Qt::AscendingOrder,
                                    RankListModel::FileColumn, true },
        panel);
    layout->addWidget(m_view, 2);
    // What the importers warned about while loading, one line each, under the ranks.
    m_loadWarnings = new QListWidget(panel);
    m_loadWarnings->setObjectName(QStringLiteral("loadWarnings"));
    m_loadWarnings->setWordWrap(true);
    m_loadWarnings->setAlternatingRowColors(true);
    m_loadWarnings->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_loadWarnings->hide();
    layout->addWidget(m_loadWarnings, 1);
    m_ranksDock = addDock(tr("Ranks"), QStringLiteral("ranksDock"), panel, Qt::RightDockWidgetArea);

    m_summary = new RankSummaryModel(this);
    // The table over its chart: the dock is tall and narrow.
    auto* summarySplit = new QSplitter(Qt::Vertical, this);
    summarySplit->addWidget(makeTable(m_summary,
        { QStringLiteral("summaryTable"), RankSummaryModel::SortRole, RankSummaryModel::RankColumn, Qt::AscendingOrder, -1, false },
        summarySplit));
    summarySplit->addWidget(new RankSummaryChart(m_summary, summarySplit));
    QDockWidget* summaryDock = addDock(tr("Summary"), QStringLiteral("summaryDock"), summarySplit, Qt::RightDockWidgetArea);

    m_details = new OpDetailsPanel(this);
    QDockWidget* detailsDock = addDock(tr("Details"), QStringLiteral("detailsDock"), m_details, Qt::RightDockWidgetArea);
    m_pathModel = new CriticalPathModel(this);
    QTableView* pathView
        = makeTable(m_pathModel, { QStringLiteral("criticalPathTable"), -1, 0, Qt::AscendingOrder, CriticalPathModel::NameColumn, true }, this);
    QDockWidget* pathDock = addDock(tr("Critical Path"), QStringLiteral("criticalPathDock"), pathView, Qt::RightDockWidgetArea);
    // A segment of the path as a target, as an op in the Gantt is; rows selected together are chosen
    // ops.
    m_opActions->attach(pathView, CriticalPathModel::OpRole);
    connect(pathView->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this, pathView] {
        std::vector<sightline::OpId> ops;
        for (const QModelIndex& row : pathView->selectionModel()->selectedRows()) {
            if (const sightline::OpId op(row.data(CriticalPathModel::OpRole).toUInt()); op.isValid())
                ops.push_back(op);
        }
        m_opActions->choose(OpActions::From::PathRows, ops);
    });
    // A path of another job or view drops the selection of its rows without saying so.
    connect(m_pathModel, &QAbstractItemModel::modelReset, this, [this] { m_opActions->choose(OpActions::From::PathRows, {}); });
    m_aggregates = new AggregateModel(this);
    // The area chosen last, said over its table: the dock's tab keeps its short title.
    auto* selectionPanel = new QWidget(this);
    auto* selectionLayout = new QVBoxLayout(selectionPanel);
    selectionLayout->setContentsMargins(0, 0, 0, 0);
    auto* selectionLabel = new QLabel(tr("Shift+drag over the Gantt to sum up the ops of an area."), selectionPanel);
    selectionLabel->setObjectName(QStringLiteral("selectionSummary"));
    selectionLabel->setWordWrap(true);
    selectionLayout->addWidget(selectionLabel);
    QTableView* aggregateView = makeTable(m_aggregates,
        { QStringLiteral("aggregateTable"), AggregateModel::SortRole, AggregateModel::TotalColumn, Qt::DescendingOrder, AggregateModel::NameColumn,
            false },
        this);
    selectionLayout->addWidget(aggregateView, 1);
    QDockWidget* aggregateDock = addDock(tr("Selection"), QStringLiteral("selectionDock"), selectionPanel, Qt::RightDockWidgetArea);
    // The selection as a target: the what-if steps on the ops of a row's name.
    m_opActions->attach(aggregateView, AggregateModel::OpRole);
    connect(m_timeline, &TimelineView::areaSelected, this,
        [this, aggregateDock, selectionLabel](const std::vector<sightline::TrackId>& tracks, sightline::TimeNs begin, sightline::TimeNs end) {
            if (!m_analysis)
                return;
            // The times the Gantt draws: the what-if's, the replayed or the measured ones.
            const bool replayed = m_timeline->plottable()->viewMode() == TimelinePlottable::ViewMode::Replayed && m_analysis->replayedLayout;
            const std::shared_ptr<const WhatIfView>& shown = m_display->shownWhatIf();
            const auto layout = shown ? shown->layout()
                : replayed            ? m_analysis->replayedLayout
                                      : m_analysis->measuredLayout;
            m_aggregates->setSelection(m_timeline->trace(), layout, tracks, begin, end);
            m_opActions->choose(OpActions::From::Area, m_aggregates->ops());
            selectionLabel->setText(tr("Selection: %n op(s), %1", nullptr, static_cast<int>(m_aggregates->opCount()))
                                        .arg(TimeAxisTicker::duration(end - begin)));
            aggregateDock->raise();
        });
    m_tracks = new TrackTreePanel(this);
    QDockWidget* tracksDock = addDock(tr("Tracks"), QStringLiteral("tracksDock"), m_tracks, Qt::LeftDockWidgetArea);
    connect(m_tracks, &TrackTreePanel::treeEdited, this, [this] { m_timeline->setTrackTree(m_tracks->tree()); });
    connect(m_timeline, &TimelineView::trackTreeChanged, this, [this] { m_tracks->syncFrom(m_timeline->trackTree()); });
    connect(m_tracks, &TrackTreePanel::nodeActivated, m_timeline, &TimelineView::revealNode);
    // The strategy being edited, its what-if run in the background, and the comparison it makes.
    m_strategy = new StrategyModel(this);
    m_strategyPanel = new StrategyPanel(m_strategy, this);
    QDockWidget* strategyDock = m_strategyDock = addDock(tr("Strategy"), QStringLiteral("strategyDock"), m_strategyPanel, Qt::RightDockWidgetArea);
    m_comparison = new ComparisonPanel(this);
    QDockWidget* comparisonDock = addDock(tr("What-if"), QStringLiteral("comparisonDock"), m_comparison, Qt::RightDockWidgetArea);
    connect(m_comparison, &ComparisonPanel::opActivated, this, &MainWindow::goToMeasuredOp);
    m_timeline->setOpMenu([this](QMenu& menu, sightline::OpId op) { m_opActions->addTo(menu, op); });
    m_whatIf = new WhatIfRunner(this);
    m_search = new OpSearchBar(this);
    m_display = new WhatIfDisplay(
        { m_timeline, m_tracks, m_search, m_details, m_pathModel, m_aggregates, m_opActions, m_comparison,
            m_strategyPanel, banner, statusBar() },
        m_whatIf, [this] { return pendingNote(); }, this);
    connect(m_display, &WhatIfDisplay::shownChanged, this, [this] {
        m_exports->setStrategyRan(m_display->outcome() != nullptr);
        if (m_analysis)
            showJobStatus();
        applyView();
    });
    connect(m_strategy->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_strategy, &StrategyModel::changed, this, &MainWindow::runWhatIf);
    m_strategy->setDefaults([this](const std::string& pass) { return stepDefaults(pass); });
    connect(m_whatIf, &WhatIfRunner::runningChanged, m_strategyPanel, &StrategyPanel::setRunning);
    m_strategyPanel->setSelectionSource([this] { return QString::fromStdString(m_opActions->chosen().text()); });
    connect(m_whatIf, &WhatIfRunner::finished, m_display, &WhatIfDisplay::onFinished);
    connect(m_whatIf, &WhatIfRunner::failed, m_display, &WhatIfDisplay::onFailed);
    connect(m_whatIf, &WhatIfRunner::cleared, this, [this] {
        const QString pending = pendingNote();
        m_strategyPanel->setOutcome(!m_analysis ? QString()
                : pending.isEmpty()                 ? tr("No pass is switched on: the job runs as measured.")
                                                    : tr("No step runs: the job runs as measured.") + u'\n' + pending,
            false);
        m_display->onNone();
    });
    QDockWidget* optimizeDock = createOptimizeDock();
    m_docks = { tracksDock, m_ranksDock, summaryDock, detailsDock, pathDock, aggregateDock, strategyDock,
        comparisonDock, optimizeDock };
    m_searchBar = new QToolBar(tr("Search"), this);
    m_searchBar->setObjectName(QStringLiteral("searchToolBar"));
    m_searchBar->addWidget(m_search);
    auto* slash = new QShortcut(QKeySequence(Qt::Key_Slash), this);
    connect(slash, &QShortcut::activated, m_search, &OpSearchBar::focusField);
    connect(m_search, &OpSearchBar::opFound, this, &MainWindow::goToOp);
    connect(m_search, &OpSearchBar::matchesChanged, m_timeline, &TimelineView::markOps);
    connect(m_timeline, &TimelineView::opSelected, m_details, &OpDetailsPanel::showOp);
    connect(m_timeline, &TimelineView::opSelected, this, &MainWindow::showDependencies);
    connect(m_details, &OpDetailsPanel::opActivated, this, &MainWindow::goToOp);
    connect(pathView, &QTableView::clicked, this,
        [this](const QModelIndex& index) { goToOp(sightline::OpId(index.data(CriticalPathModel::OpRole).toUInt())); });

    m_exports = new ExportController(this, m_timeline,
        { [this] { return m_analysis; }, [this] { return m_display->outcome(); },
            [this] { return m_display->outcomeStrategy(); }, [this] { return m_display->shownOutcome(); } });
    createActions();
    connect(m_job, &TraceLoadJob::loaded, this, &MainWindow::onLoaded);
    connect(m_job, &TraceLoadJob::failed, this, &MainWindow::onFailed);
    connect(m_job, &TraceLoadJob::analysed, this, &MainWindow::onAnalysed);
    m_progressTimer = new QTimer(this);
    m_progressTimer->setInterval(100);
    connect(m_progressTimer, &QTimer::timeout, this, &MainWindow::updateProgress);

    m_jobStatus = new ElidedLabel(this);
    m_jobStatus->setObjectName(QStringLiteral("jobStatus"));
    // A what-if running shows here too, whether or not the strategy dock is in view.
    m_runningStatus = new QLabel(tr("Replaying the what-if…"), this);
    m_runningStatus->setObjectName(QStringLiteral("whatIfRunning"));
    m_runningStatus->setVisible(false);
    statusBar()->addPermanentWidget(m_runningStatus);
    statusBar()->addPermanentWidget(m_jobStatus);
    connect(m_whatIf, &WhatIfRunner::runningChanged, m_runningStatus, &QLabel::setVisible);

    // The layout of the last session, else the first run's: most of the screen, the Gantt first.
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        setGeometry(firstRunGeometry());
    else
        fitToScreen();
    resetLayout();
    m_defaultLayoutPending = !restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    updateTitle();
    statusBar()->showMessage(tr("Ready"));
}

QRect MainWindow::firstRunGeometry() const
{
    const QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen();
    const QRect available = s ? s->availableGeometry() : QRect(0, 0, 1280, 800);
    // 85 % of the screen, whatever its size: the time axis, the status bar and the docks' tabs stay on it.
    const QSize size(available.width() * 85 / 100, available.height() * 85 / 100);
    return QStyle::alignedRect(Qt::LeftToRight, Qt::AlignCenter, size, available);
}

void MainWindow::fitToScreen()
{
    // A layout saved on a larger screen (or before a monitor was unplugged) is brought onto this one.
    const QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen();
    if (!s || isMaximized() || isFullScreen())
        return;
    const QRect available = s->availableGeometry();
    if (available.contains(frameGeometry()))
        return;
    const QSize size(std::min(width(), available.width() * 9 / 10), std::min(height(), available.height() * 9 / 10));
    setGeometry(QStyle::alignedRect(Qt::LeftToRight, Qt::AlignCenter, size, available));
}

void MainWindow::resetLayout()
{
    // Docks at the sides, the Gantt in the middle at full height: on the left the tracks, with the ranks
    // (and the hint to open files) and the strategy search as tabs; on the right the strategy, its what-if comparison
    // and the ranks' summary in one stack of tabs over the details, critical path and selection in another. At most
    // three tabs a stack, so that their titles stay whole.
    for (QDockWidget* dock : m_docks) {
        dock->setFloating(false);
        dock->show();
    }
    QDockWidget* tracks = m_docks[0];
    QDockWidget* ranks = m_docks[1];
    QDockWidget* summary = m_docks[2];
    QDockWidget* details = m_docks[3];
    QDockWidget* path = m_docks[4];
    QDockWidget* selection = m_docks[5];
    QDockWidget* strategy = m_docks[6];
    QDockWidget* comparison = m_docks[7];
    QDockWidget* optimize = m_docks[8];
    addDockWidget(Qt::LeftDockWidgetArea, tracks);
    tabifyDockWidget(tracks, ranks);
    tabifyDockWidget(ranks, optimize);
    addDockWidget(Qt::RightDockWidgetArea, strategy);
    splitDockWidget(strategy, details, Qt::Vertical);
    tabifyDockWidget(strategy, comparison);
    tabifyDockWidget(comparison, summary);
    tabifyDockWidget(details, path);
    tabifyDockWidget(path, selection);
    // Before a job is open, the ranks panel says how to open one.
    (m_analysis ? tracks : ranks)->raise();
    strategy->raise();
    details->raise();
    for (QToolBar* bar : { m_mainBar, m_searchBar }) {
        addToolBar(Qt::TopToolBarArea, bar);
        bar->show();
    }
    // 13 % and 24 % of the width, but wide enough to read their panels on a small screen, as long as
    // the Gantt keeps half of it.
    const int left = std::max(width() * 13 / 100, std::min(200, width() / 6));
    const int right = std::max(width() * 24 / 100, std::min(330, width() / 2 - left));
    resizeDocks({ tracks, strategy }, { left, right }, Qt::Horizontal);
    resizeDocks({ strategy, details }, { height() * 55 / 100, height() * 45 / 100 }, Qt::Vertical);
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    m_jobStatus->setMaximumWidth(width() * 3 / 5);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    // Dock sizes take once the window has its size on screen.
    if (m_defaultLayoutPending) {
        m_defaultLayoutPending = false;
        resetLayout();
    }
}

MainWindow::~MainWindow()
{
    // The undo stack goes with the window's children and says it is clean as it clears: by then the
    // window's own members are gone.
    m_strategy->undoStack()->disconnect(this);
}

const std::shared_ptr<const sightline::Trace>& MainWindow::trace() const
{
    return m_model->trace();
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Files…"), this, &MainWindow::openFilesDialog);
    open->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open &Folder…"), this, &MainWindow::openFolderDialog);
    m_recent = new RecentJobs(file->addMenu(tr("Open &Recent")), this);
    connect(m_recent, &RecentJobs::openRequested, this, &MainWindow::openFiles);
    m_scenarios = new ScenarioController(
        this, m_recent, [this] { return currentScenario(); },
        [this](const QString& message) { return failHeadless(message); });
    connect(m_scenarios, &ScenarioController::loadRequested, this, &MainWindow::loadJob);
    connect(m_scenarios, &ScenarioController::saved, this, [this] {
        m_strategy->undoStack()->setClean();
        updateTitle();
    });
    file->addSeparator();
    QAction* save = file->addAction(tr("&Save Scenario"), this, [this] { m_scenarios->save(false); });
    save->setShortcut(QKeySequence::Save);
    QAction* saveAs = file->addAction(tr("Save Scenario &As…"), this, [this] { m_scenarios->save(true); });
    saveAs->setShortcut(QKeySequence::SaveAs);
    for (QAction* a : { save, saveAs })
        a->setEnabled(false);
    m_scenarioActions = { save, saveAs };
    file->addSeparator();
    m_exports->addActions(file);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_strategy->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_strategy->undoStack()->createRedoAction(this, tr("&Redo"));
    // Both redo keys, once each: QKeySequence::Redo is Ctrl+Shift+Z here, and a key bound twice to one
    // action is ambiguous to Qt, which then runs neither.
    redo->setShortcuts({ QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y) });
    edit->addAction(undo);
    edit->addAction(redo);
    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_criticalAction = view->addAction(tr("&Critical Path"), this, &MainWindow::setCriticalPathShown);
    m_criticalAction->setCheckable(true);
    m_criticalAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    QAction* wholeJob = view->addAction(tr("&Whole Job"), m_timeline, &TimelineView::resetView);
    wholeJob->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    wholeJob->setToolTip(tr("Fit the whole job in the view"));
    view->addSeparator();
    auto* times = new QActionGroup(this);
    // In ViewMode's order: m_viewActions is indexed by it.
    const struct {
        ViewMode mode;
        QString label;
        QString tip;
    } views[] = {
        { ViewMode::Measured, tr("&Measured"), tr("The job as measured") },
        { ViewMode::Replayed, tr("&Replayed"), tr("The job replayed from its measured costs") },
        { ViewMode::WhatIf, tr("&What-if"), tr("The job the strategy makes, replayed; ops made by a pass are hatched") },
        { ViewMode::Both, tr("&Both"),
            tr("With a strategy, each track's what-if rows under its baseline rows; without, the replayed times under the measured ones") },
    };
    for (const auto& v : views) {
        QAction* a = view->addAction(v.label, this, [this, mode = v.mode]() { setViewMode(mode); });
        a->setCheckable(true);
        a->setChecked(v.mode == ViewMode::Measured);
        a->setToolTip(v.tip);
        times->addAction(a);
        m_viewActions.append(a);
    }
    QMenu* colours = view->addMenu(tr("&Colour By"));
    auto* colourGroup = new QActionGroup(this);
    using ColorMode = TimelinePlottable::ColorMode;
    const std::pair<ColorMode, QString> colourModes[]
        = { { ColorMode::Kind, tr("&Kind") }, { ColorMode::Difference, tr("&Change in Duration") }, { ColorMode::Slack, tr("&Slack") } };
    for (const auto& [mode, label] : colourModes) {
        QAction* a = colours->addAction(label, this, [this, mode = mode]() {
            m_timeline->setColorMode(mode);
            m_legend->setColorMode(mode);
        });
        a->setCheckable(true);
        a->setChecked(mode == ColorMode::Kind);
        colourGroup->addAction(a);
    }
    QAction* legend = view->addAction(tr("&Legend"), m_legend, &QWidget::setVisible);
    legend->setObjectName(QStringLiteral("showLegend"));
    legend->setCheckable(true);
    legend->setChecked(true);
    view->addSeparator();
    for (QDockWidget* dock : m_docks)
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    view->addAction(tr("Reset &Layout"), this, &MainWindow::resetLayout);
    // The actions people reach for, in a toolbar.
    m_mainBar = new QToolBar(tr("Main"), this);
    m_mainBar->setObjectName(QStringLiteral("mainToolBar"));
    m_mainBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    open->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    m_mainBar->addAction(open);
    m_mainBar->addSeparator();
    for (QAction* a : m_viewActions)
        m_mainBar->addAction(a);
    m_mainBar->addSeparator();
    m_mainBar->addAction(m_criticalAction);
    m_mainBar->addAction(wholeJob);
    m_mainBar->addSeparator();
    // The toolbar's Strategy brings the panel forward and gives it the keyboard; the View menu toggles it.
    auto* strategyAction = new QAction(m_strategyDock->windowTitle(), this);
    strategyAction->setObjectName(QStringLiteral("showStrategy"));
    strategyAction->setToolTip(tr("Show the strategy panel: switch passes on and watch the job change"));
    connect(strategyAction, &QAction::triggered, this, [this] {
        m_strategyDock->show();
        m_strategyDock->raise();
        m_strategyDock->activateWindow();
        m_strategyPanel->setFocus(Qt::ShortcutFocusReason);
    });
    m_mainBar->addAction(strategyAction);
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* keys = help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts);
    keys->setObjectName(QStringLiteral("showShortcuts"));
    keys->setShortcut(QKeySequence(QStringLiteral("?")));
    help->addSeparator();
    help->addAction(tr("&About Sightline"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::openFilesDialog()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Open Trace Files"), QString(),
        tr("Traces and scenarios (*.json *.json.gz *.json.zst *.sightline);;Scenarios (*.sightline);;All files (*)"));
    if (!files.isEmpty())
        openFiles(files);
}

void MainWindow::openFolderDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a Folder of Trace Files"));
    if (!dir.isEmpty())
        openFiles({ dir });
}

void MainWindow::openFiles(const QStringList& files)
{
    if (files.isEmpty())
        return;
    if (files.size() == 1 && files.first().endsWith(QStringLiteral(".sightline"), Qt::CaseInsensitive)) {
        m_scenarios->open(files.first());
        return;
    }
    m_scenarios->forgetOpening();
    loadJob(files, {});
}

void MainWindow::loadJob(const QStringList& files, const sightline::SessionOptions& options)
{
    // A job still loading or being analysed gives way to this one; the job shown stays until the new
    // one is ready.
    m_loadingOptions = options;
    m_job->start(files, options);
    m_clock.start();
    if (!m_progress) {
        m_progress = new QProgressDialog(this);
        m_progress->setWindowTitle(tr("Loading"));
        m_progress->setMinimumDuration(300);
        m_progress->setAutoClose(false);
        m_progress->setAutoReset(false);
        connect(m_progress, &QProgressDialog::canceled, m_job, &TraceLoadJob::cancel);
    }
    m_progress->setLabelText(files.size() == 1 ? tr("Loading %1…").arg(QFileInfo(files.first()).fileName())
                                               : tr("Loading %n files…", nullptr, static_cast<int>(files.size())));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progressTimer->start();
    statusBar()->showMessage(tr("Loading…"));
}

void MainWindow::updateProgress()
{
    const qint64 total = m_job->bytesTotal();
    if (m_progress && total > 0)
        m_progress->setValue(static_cast<int>(1000 * m_job->bytesDone() / total));
}

void MainWindow::closeProgress()
{
    // The dialog does not close itself (it stays up across loading and analysing): once shown, it
    // would stay over the job.
    m_progressTimer->stop();
    if (m_progress) {
        m_progress->reset();
        m_progress->hide();
    }
}

void MainWindow::onLoaded(const QStringList& files)
{
    Q_UNUSED(files);
    m_loadingMs = m_clock.elapsed(); // the job shown keeps its own until this one is
    m_progressTimer->stop();
    // The dialog stays up, with Cancel, while the graph is built and the job replayed.
    if (m_progress) {
        m_progress->setLabelText(tr("Building the dependency graph and replaying…"));
        m_progress->setRange(0, 0);
    }
    statusBar()->showMessage(tr("Loaded; analysing…"));
}

void MainWindow::showJobSummary(const sightline::Trace& trace)
{
    const QLocale locale;
    QString summary = tr("%1 trace, world size %2, %n rank(s) loaded, ", nullptr, static_cast<int>(trace.ranks().size()))
                          .arg(QString::fromStdString(trace.format()))
                          .arg(trace.worldSize())
                      + tr("%1 ops.").arg(locale.toString(static_cast<qlonglong>(trace.opCount())));
    if (!trace.diagnostics().empty())
        summary += u' ' + tr("%n warning(s) while loading, listed below.", nullptr, static_cast<int>(trace.diagnostics().size()));
    m_summaryLabel->setText(summary);
    m_loadWarnings->clear();
    for (const auto& d : trace.diagnostics()) {
        const QString file = QString::fromStdString(d.file);
        const QString detail = CoreText::of(d.detail);
        auto* item = new QListWidgetItem(d.count > 1 ? tr("%1: %2 (%3 times)").arg(QFileInfo(file).fileName(), detail).arg(static_cast<qlonglong>(d.count))
                                                     : tr("%1: %2").arg(QFileInfo(file).fileName(), detail),
            m_loadWarnings);
        item->setToolTip(QDir::toNativeSeparators(file));
    }
    m_loadWarnings->setVisible(m_loadWarnings->count() > 0);
}

std::map<std::string, sightline::ParameterValue> MainWindow::stepDefaults(const std::string& pass) const
{
    // A step added in the window starts from what the job suggests, never from nothing.
    if (pass == "speedup")
        return { { "percent", 20.0 } };
    if (pass == "grad_accumulation")
        return { { "micro_batches", 2.0 } };
    if (!m_analysis)
        return {};
    const sightline::Trace& t = *trace();
    if (pass == "worker_count")
        return { { "workers",
            static_cast<double>(sightline::WorkerCountPass::measuredWorkers(m_analysis->session->analyses())) } };
    if (pass == "batch_size") {
        // The measured batch where the trace's shapes show it, for the user to change; else the samples as they are.
        if (const std::optional<sightline::BatchSize::Found> batch = sightline::BatchSize::of(t))
            return { { "samples", static_cast<double>(batch->size) } };
        return { { "factor", 1.0 } };
    }
    if (pass == "straggler" && m_analysis->replay) {
        // The rank whose replayed steps are slowest: the one a straggler fix would help.
        const std::vector<sightline::RankStepTime> ranks = sightline::StepTimes::perRank(m_analysis->replay->schedule);
        const auto slowest = std::max_element(ranks.begin(), ranks.end(), [](const auto& a, const auto& b) { return a.replayed < b.replayed; });
        if (slowest != ranks.end() && slowest->rank.value() < t.ranks().size())
            return { { "rank", static_cast<double>(t.rankInfo(slowest->rank).rank) } };
    }
    return {};
}

QString MainWindow::pendingNote() const
{
    QStringList lines;
    for (const int k : m_strategy->pendingSteps()) {
        const StrategyModel::Step& step = m_strategy->steps()[static_cast<std::size_t>(k)];
        lines << tr("Step %1 (%2) is pending, not run: give %3.")
                     .arg(k + 1)
                     .arg(QString::fromStdString(step.step.pass), StrategyModel::missingParameters(step).join(QStringLiteral(", ")));
    }
    return lines.join(u'\n');
}

void MainWindow::runWhatIf()
{
    sightline::MemoryOptions memory;
    memory.budgetBytes = m_strategy->budgetBytes();
    // Until the run ends, the last what-if no longer matches the strategy: nothing to export. The Gantt
    // keeps showing it until the new one is drawn.
    const sightline::Strategy strategy = m_strategy->strategy();
    m_display->runStarted(strategy);
    m_exports->setStrategyRan(false);
    if (m_analysis)
        showJobStatus();
    m_whatIf->setViewLayers(wantedLayers(), tr(" (what-if)"), false);
    m_whatIf->run(strategy, memory);
}

std::optional<WhatIfView::Layers> MainWindow::wantedLayers() const
{
    if ((m_viewMode != ViewMode::WhatIf && m_viewMode != ViewMode::Both) || !m_analysis || !m_analysis->replay
        || m_strategy->strategy().steps.empty())
        return std::nullopt;
    return m_viewMode == ViewMode::WhatIf ? WhatIfView::Layers::WhatIf : WhatIfView::Layers::Both;
}

void MainWindow::applyView()
{
    // Measured, replayed, or both as a ghost row; a what-if of no pass is the replay.
    const auto jobMode = m_viewMode == ViewMode::Measured ? TimelinePlottable::ViewMode::Measured
        : m_viewMode == ViewMode::Both                    ? TimelinePlottable::ViewMode::Both
                                                          : TimelinePlottable::ViewMode::Replayed;
    m_display->show(wantedLayers(), jobMode, m_viewMode == ViewMode::WhatIf || m_viewMode == ViewMode::Both);
    screenshotIfReady();
}

void MainWindow::showJobStatus()
{
    const QLocale locale;
    const sightline::Trace& t = *trace();
    QStringList parts;
    parts << tr("%n rank(s), %1 ops", nullptr, static_cast<int>(t.ranks().size())).arg(locale.toString(static_cast<qlonglong>(t.opCount())));
    parts << tr("loaded in %1 s, graph and replay in %2 s")
                 .arg(locale.toString(static_cast<double>(m_loadMs) / 1e3, 'f', 2), locale.toString(static_cast<double>(m_analysedMs) / 1e3, 'f', 2));
    // Per step, as the iteration is; the critical path spans every step replayed. A trace that marks
    // no steps iterates once over its window, which no measured step matches.
    const bool stepless = m_analysis->replay && m_analysis->replay->schedule.steps.empty();
    if (const auto& replay = m_analysis->replay) {
        const sightline::RankStepTime it = sightline::StepTimes::iteration(replay->schedule);
        QString iteration = stepless
            ? tr("the trace marks no steps: its window replays in %1 ms")
                  .arg(DurationText::milliseconds(it.replayed / 1e6))
            : tr("iteration %1 ms per step replayed").arg(DurationText::milliseconds(it.replayed / 1e6));
        if (it.measured > 0)
            iteration += tr(", %1 ms measured").arg(DurationText::milliseconds(it.measured / 1e6));
        parts << iteration;
    }
    // The strategy's what-if, while one matches the strategy as it stands, with its self-checks.
    const std::shared_ptr<const WhatIfOutcome>& outcome = m_display->outcome();
    const QStringList checks = outcome ? outcome->selfChecks : QStringList();
    if (outcome) {
        const WhatIfDisplay::IterationChange change = WhatIfDisplay::iterationChange(*outcome);
        parts << (stepless ? tr("what-if window %1 ms (%2)") : tr("what-if %1 ms per step (%2)"))
                     .arg(DurationText::milliseconds(change.after), PercentText::signedChange(change.percent));
        if (!checks.isEmpty())
            parts << tr("⚠ %n self-check warning(s)", nullptr, static_cast<int>(checks.size()));
    } else if (!m_display->failure().isEmpty()) {
        parts << tr("what-if failed");
    }
    if (const auto& replay = m_analysis->replay)
        parts << criticalPathText(*replay, false);
    m_jobStatus->setText(parts.join(QStringLiteral(" · ")));
    // Cut short when the status bar is narrow: the whole line, and the self-checks, in the tooltip.
    m_jobStatus->setToolTip(QStringList(parts + checks).join(u'\n'));
}

QString MainWindow::criticalPathText(const sightline::ReplayResult& replay, bool justReplayed) const
{
    const QString length = DurationText::milliseconds(static_cast<double>(replay.criticalPath.length) / 1e6);
    if (replay.schedule.steps.empty())
        return (justReplayed
                ? tr("Replayed; the critical path is %1 ms long over the window (the trace marks no steps)")
                : tr("critical path %1 ms over the window"))
            .arg(length);
    const int steps = stepsReplayed(replay.schedule);
    return (justReplayed ? tr("Replayed; the critical path is %1 ms long over %n step(s)", nullptr, steps)
                         : tr("critical path %1 ms over %n step(s)", nullptr, steps))
        .arg(length);
}

void MainWindow::goToMeasuredOp(sightline::OpId op)
{
    const std::shared_ptr<const WhatIfView>& shown = m_display->shownWhatIf();
    goToOp(shown && op.isValid() ? shown->opStandingFor(op) : op);
}

void MainWindow::goToOp(sightline::OpId op)
{
    // The op comes from a panel that shows the Gantt's job.
    const auto& shown = m_timeline->trace();
    if (!shown || !op.isValid() || op.value() >= shown->opCount())
        return;
    m_timeline->selectOp(op);
    m_timeline->showRange(shown->start(op), shown->end(op));
}

void MainWindow::showDependencies(sightline::OpId op)
{
    // Arrows from the ops the selected one waits for, and to the ops it releases (ops only; a
    // collective stands for its participants on the other ranks): the Details panel's lists, drawn.
    std::vector<std::pair<sightline::OpId, sightline::OpId>> arrows;
    if (const OpDetailsPanel::DependencyFinder find = m_display->dependencyFinder(); find && op.isValid()) {
        const OpDetailsPanel::Dependencies found = find(op);
        auto each = [](const OpDetailsPanel::Dependency& d, auto&& add) {
            if (d.op.isValid())
                add(d.op);
            for (const sightline::OpId p : d.participants)
                add(p);
        };
        for (const OpDetailsPanel::Dependency& d : found.waitsFor)
            each(d, [&](sightline::OpId from) { arrows.emplace_back(from, op); });
        for (const OpDetailsPanel::Dependency& d : found.releases)
            each(d, [&](sightline::OpId to) { arrows.emplace_back(op, to); });
    }
    m_timeline->plottable()->setSelectionArrows(std::move(arrows));
    m_timeline->replot();
}

std::optional<MainWindow::ViewMode> MainWindow::viewModeNamed(const QString& name)
{
    const qsizetype k = Scenario::viewNames().indexOf(name);
    if (k < 0)
        return std::nullopt;
    return static_cast<ViewMode>(k);
}

QString MainWindow::viewModeName(ViewMode mode)
{
    return Scenario::viewNames().at(static_cast<qsizetype>(mode));
}

void MainWindow::setViewMode(ViewMode mode)
{
    m_viewMode = mode;
    m_viewActions[static_cast<int>(mode)]->setChecked(true);
    if (m_analysis)
        applyView();
}

void MainWindow::setCriticalPathShown(bool shown)
{
    if (m_criticalAction->isChecked() != shown)
        m_criticalAction->setChecked(shown);
    m_timeline->setCriticalPathShown(shown);
}

void MainWindow::onAnalysed(std::shared_ptr<const sightline::Trace> trace, std::shared_ptr<const JobAnalysis> analysis, const QStringList& files)
{
    closeProgress();
    // The new job replaces the one shown, all views at once.
    const bool hadJob = m_analysis != nullptr;
    m_model->setTrace(trace);
    m_files = files;
    m_sessionOptions = m_loadingOptions;
    // The strategy being edited applies to the new job: a scenario's replaces it (and its change runs
    // it), else it runs as it is, once the views show the job.
    m_whatIf->setJob(analysis->session);
    m_searchRunner->setJob(analysis->session);
    m_optimize->setJobLoaded(true);
    // The views show the new job before anything (a scenario's strategy below) can run a what-if on it.
    m_analysis = std::move(analysis);
    m_opActions->clear(); // ops of the job before, from whichever selection
    // The job's layers, offered for a pass's layers and for the spans kernels are launched within.
    QStringList layers;
    for (const std::string& name : m_analysis->layerNames)
        layers << QString::fromStdString(name);
    QStringList layersOrAuto = layers;
    if (!layers.isEmpty())
        layersOrAuto.prepend(QStringLiteral("auto"));
    m_strategyPanel->setSuggestions(
        { { QStringLiteral("within"), layers }, { QStringLiteral("layers"), layersOrAuto } });
    // The first job: its tracks come forward over the hint to open one.
    if (!hadJob)
        m_docks[0]->raise();
    m_display->setJob(trace, m_analysis);
    applyView();
    // A scenario's job brings its strategy, budget and view.
    const std::optional<Scenario> scenario = m_scenarios->takeOpened(files);
    const bool fromScenario = scenario.has_value();
    if (scenario) {
        StrategyModel::State state;
        for (const Scenario::Step& s : scenario->strategy)
            state.steps.push_back({ s.step, s.enabled });
        state.budgetBytes = scenario->budgetBytes;
        if (const auto mode = viewModeNamed(scenario->view))
            setViewMode(*mode);
        m_strategy->reset(state);
        // A scenario with a strategy is opened for its what-if: the comparison comes forward.
        if (!state.steps.empty())
            m_docks[7]->raise();
    }
    showJobSummary(*trace);
    updateTitle();

    for (QAction* a : m_scenarioActions)
        a->setEnabled(true);
    const std::shared_ptr<const sightline::ReplayResult>& replay = m_analysis->replay;
    m_exports->setJob(true, replay != nullptr);
    std::shared_ptr<const sightline::Schedule> schedule;
    if (replay)
        schedule = std::shared_ptr<const sightline::Schedule>(replay, &replay->schedule);
    m_summary->setJob(m_model->trace(), schedule, m_analysis->activity);
    if (m_analysis->status.code() == sightline::ErrorCode::Cancelled)
        statusBar()->showMessage(tr("Replay cancelled: the timeline shows the measured trace only"));
    else if (!m_analysis->status.ok() && failHeadless(tr("The job could not be replayed: %1").arg(StatusText::message(m_analysis->status))))
        return;
    else if (!m_analysis->status.ok())
        statusBar()->showMessage(tr("The job could not be replayed: %1").arg(StatusText::message(m_analysis->status)));
    else if (replay->schedule.timesOutOfRange)
        statusBar()->showMessage(tr("Replayed, but its times lie beyond ±146 years: the trace's durations are past any real job"));
    else
        statusBar()->showMessage(criticalPathText(*replay, true), 5000);
    m_loadMs = m_loadingMs;
    m_analysedMs = m_clock.elapsed() - m_loadMs;
    showJobStatus();
    if (!fromScenario)
        runWhatIf();
    // The job shown before has let go of its memory; what its replays kept for reuse goes back.
    if (hadJob)
        sightline::MemoryPolicy::releaseFreedMemory();
    screenshotIfReady();
}

void MainWindow::screenshotIfReady()
{
    // A strategy's what-if is waited for, drawn or failed (a failure shows the measured job and makes
    // the exit status say so). Checked again once the events queued now have run: the job's first
    // what-if starts after it is shown.
    auto ready = [this] { return m_screenshotPending && m_analysis && !m_whatIf->isRunning(); };
    if (!ready())
        return;
    QTimer::singleShot(0, this, [this, ready] {
        if (!ready())
            return;
        m_screenshotPending = false;
        takeScreenshot();
    });
}

void MainWindow::screenshotWhenReady(const QString& path, Capture capture)
{
    m_screenshotPath = path;
    m_screenshotCapture = capture;
    m_screenshotPending = true;
}

void MainWindow::takeScreenshot()
{
    if (m_screenshotCapture == Capture::Gantt) {
        // The Gantt gets the room: the ranks are in it.
        for (QDockWidget* dock : m_docks)
            dock->hide();
        for (QToolBar* bar : findChildren<QToolBar*>())
            bar->hide();
        resize(1600, 1000);
    }
    m_timeline->resetView();
    QApplication::processEvents();
    m_timeline->replot();
    const bool saved = ExportController::writeImage(grab().toImage(), m_screenshotPath);
    if (!saved)
        qWarning("sightline: cannot write the screenshot to %s", qPrintable(m_screenshotPath));
    // A strategy that could not run on the job fails the run, as sightline-cli whatif does.
    const QString& failure = m_display->failure();
    if (!failure.isEmpty())
        qWarning("sightline: the strategy's what-if failed: %s", qPrintable(failure));
    QApplication::exit(saved && failure.isEmpty() ? 0 : 1);
}

bool MainWindow::failHeadless(const QString& message)
{
    if (m_screenshotPath.isEmpty())
        return false;
    qWarning("sightline: %s", qPrintable(message));
    m_screenshotPending = false;
    // Queued: the failure may come before the event loop runs, when an exit would be lost.
    QMetaObject::invokeMethod(qApp, [] { QApplication::exit(1); }, Qt::QueuedConnection);
    return true;
}

void MainWindow::onFailed(const sightline::Status& status, const QStringList& files)
{
    if (failHeadless(StatusText::message(status)))
        return;
    closeProgress();
    if (status.code() == sightline::ErrorCode::Cancelled) {
        statusBar()->showMessage(tr("Loading cancelled"), 5000);
        return;
    }
    statusBar()->showMessage(tr("Loading failed"), 5000);
    // The job already open stays as it was.
    QMessageBox::warning(this, tr("Cannot Open Trace"), StatusText::message(status));
}

void MainWindow::updateTitle()
{
    // [*] shows the unsaved-changes mark while the strategy has edits not saved in a scenario.
    if (!m_scenarios->path().isEmpty())
        setWindowTitle(tr("%1[*] — Sightline").arg(QFileInfo(m_scenarios->path()).fileName()));
    else if (m_files.isEmpty())
        setWindowTitle(tr("Sightline[*]"));
    else if (m_files.size() == 1)
        setWindowTitle(tr("%1[*] — Sightline").arg(QFileInfo(m_files.first()).fileName()));
    else
        setWindowTitle(tr("%1 and %n more[*] — Sightline", nullptr, static_cast<int>(m_files.size() - 1)).arg(QFileInfo(m_files.first()).fileName()));
    setWindowModified(!m_strategy->undoStack()->isClean());
}

void MainWindow::setStrategy(const sightline::Strategy& strategy)
{
    StrategyModel::State state;
    for (const sightline::PassStep& step : strategy.steps)
        state.steps.push_back({ step, true });
    state.budgetBytes = m_strategy->budgetBytes();
    m_strategy->reset(state);
}

std::optional<Scenario> MainWindow::currentScenario() const
{
    if (!m_analysis)
        return std::nullopt;
    Scenario s;
    for (const QString& f : m_files)
        s.traceFiles << QFileInfo(f).absoluteFilePath();
    if (m_analysis->session)
        s.offsets = m_analysis->session->alignment().offsets;
    s.firstStep = m_sessionOptions.extract.firstStep;
    s.lastStep = m_sessionOptions.extract.lastStep;
    for (const StrategyModel::Step& step : m_strategy->steps())
        s.strategy.push_back({ step.step, step.enabled });
    s.budgetBytes = m_strategy->budgetBytes();
    s.view = viewModeName(m_viewMode);
    return s;
}

void MainWindow::showShortcuts()
{
    if (!m_shortcutSheet)
        m_shortcutSheet = new ShortcutSheet(this);
    // From the menus as they are now, each menu a section, then the Gantt's keys and the search's.
    QList<ShortcutSheet::Section> sections;
    std::function<void(QMenu*, QList<QAction*>&)> collect = [&](QMenu* menu, QList<QAction*>& into) {
        for (QAction* a : menu->actions()) {
            if (a->menu())
                collect(a->menu(), into);
            else
                into.append(a);
        }
    };
    for (QAction* top : menuBar()->actions()) {
        if (!top->menu())
            continue;
        QList<QAction*> actions;
        collect(top->menu(), actions);
        sections.append(ShortcutSheet::fromActions(top->text().remove(u'&'), actions));
    }
    ShortcutSheet::Section gantt { tr("Gantt"), {} };
    for (const auto& [keys, what] : TimelineView::keyHelp())
        gantt.entries.append({ keys, what });
    sections.append(gantt);
    sections.append({ tr("Search"), { { QStringLiteral("/"), tr("Find an op by name") }, { tr("Enter"), tr("Go to the next match") }, { tr("Shift+Enter"), tr("Go to the previous match") } } });
    m_shortcutSheet->setSections(sections);
    m_shortcutSheet->show();
    m_shortcutSheet->raise();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Sightline"),
        tr("<h3>Sightline %1</h3><p>A timeline and what-if explorer for distributed deep-learning training.</p>"
           "<p>Loads PyTorch profiler (Kineto) and Chrome traces from every rank of a job.</p>")
            .arg(QApplication::applicationVersion()));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList files;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            files << url.toLocalFile();
    }
    if (!files.isEmpty()) {
        event->acceptProposedAction();
        openFiles(files);
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_screenshotPath.isEmpty() && m_analysis && !m_strategy->undoStack()->isClean()) {
        const auto answer = QMessageBox::question(this, tr("Unsaved Strategy"),
            tr("The strategy has changes that are not saved in a scenario. Save them?"),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer == QMessageBox::Cancel || (answer == QMessageBox::Save && !m_scenarios->save(false))) {
            event->ignore();
            return;
        }
    }
    m_job->cancel();
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    QMainWindow::closeEvent(event);
}
