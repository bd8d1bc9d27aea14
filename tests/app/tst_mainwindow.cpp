// Drives the main window headless: open a job off the GUI thread, list its ranks, and keep it when a
// later load fails.
#include "apptranslations.h"
#include "exportcontroller.h"
#include "jobanalysis.h"
#include "mainwindow.h"
#include "opactions.h"
#include "scenariocontroller.h"
#include "searchrunner.h"
#include "whatifdisplay.h"
#include "whatifrunner.h"

#include "core/exec/executiongraph.h"
#include "core/graph/dependencygraph.h"
#include "imagesupport.h"
#include "widgets/panels/aggregatemodel.h"
#include "widgets/panels/criticalpathmodel.h"
#include "widgets/panels/gigabytetext.h"
#include "widgets/panels/messagebanner.h"
#include "widgets/panels/opdetailspanel.h"
#include "widgets/panels/opsearchbar.h"
#include "widgets/panels/percenttext.h"
#include "widgets/panels/shortcutsheet.h"
#include "widgets/panels/tracktreemodel.h"
#include "widgets/panels/tracktreepanel.h"
#include "widgets/search/frontierplot.h"
#include "widgets/search/opportunitymodel.h"
#include "widgets/search/optimizepanel.h"
#include "widgets/search/scalingplot.h"
#include "widgets/strategy/comparisonpanel.h"
#include "widgets/strategy/strategymodel.h"
#include "widgets/strategy/strategypanel.h"
#include "widgets/timeline/timelineplottable.h"
#include "widgets/timeline/timelinetheme.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/tracklayout.h"
#include "widgets/timeline/tracktree.h"

#include "core/model/trace.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QProgressDialog>
#include <QRegularExpression>
#include <QScreen>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTranslator>
#include <QUndoStack>
#include <qcustomplot.h>

// Accepts each modal message box the window shows, keeping the text of the last one.
class MessageCatcher {
public:
    MessageCatcher()
    {
        QObject::connect(&m_timer, &QTimer::timeout, [this]() {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                m_shown = box->text();
                box->accept();
            }
        });
        m_timer.start(20);
    }
    const QString& shown() const { return m_shown; }

private:
    QTimer m_timer;
    QString m_shown;
};

// Counts the paints of the window it filters (its update requests, which paint what changed).
class PaintCounter : public QObject {
public:
    int count = 0;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::UpdateRequest)
            ++count;
        return QObject::eventFilter(watched, event);
    }
};

// Writes bytes to a file named name in dir and returns its path (empty when it cannot be written).
static QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes);

// Two ranks whose clocks are years apart and that no collective ties, into dir: the pipeline's own
// checks say the critical path crosses the gap.
static bool writeRanksApart(const QTemporaryDir& dir)
{
    for (const int r : { 0, 1 }) {
        const qint64 t = r == 0 ? 1000 : 1700000000000000;
        const QByteArray text = QStringLiteral(R"({"distributedInfo": {"rank": %1, "world_size": 2}, "traceEvents": [
            {"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "pid": 1, "tid": 1, "ts": %2, "dur": 100},
            {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": %3, "dur": 80}]})")
                                    .arg(r)
                                    .arg(t)
                                    .arg(t + 10)
                                    .toUtf8();
        if (writeFile(dir, QStringLiteral("rank%1.json").arg(r), text).isEmpty())
            return false;
    }
    return true;
}

static QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return path;
}

// Two replays the same to the bit: every column of the schedule, its steps, the
// critical path and the memory estimate.
static void compareReplays(const sightline::ReplayResult& a, const sightline::ReplayResult& b)
{
    const sightline::Schedule& x = a.schedule;
    const sightline::Schedule& y = b.schedule;
    QCOMPARE(x.start, y.start);
    QCOMPARE(x.end, y.end);
    QCOMPARE(x.startCause, y.startCause);
    QCOMPARE(x.endCause, y.endCause);
    QCOMPARE(x.minDuration, y.minDuration);
    QCOMPARE(x.order, y.order);
    QCOMPARE(x.begin, y.begin);
    QCOMPARE(x.finish, y.finish);
    QCOMPARE(x.peakTransfers, y.peakTransfers);
    QCOMPARE(x.timesOutOfRange, y.timesOutOfRange);
    QCOMPARE(x.steps.size(), y.steps.size());
    for (std::size_t k = 0; k < x.steps.size(); ++k) {
        QCOMPARE(x.steps[k].rank, y.steps[k].rank);
        QCOMPARE(x.steps[k].number, y.steps[k].number);
        QCOMPARE(x.steps[k].measured, y.steps[k].measured);
        QCOMPARE(x.steps[k].replayed, y.steps[k].replayed);
    }
    QCOMPARE(a.criticalPath.length, b.criticalPath.length);
    QCOMPARE(a.criticalPath.items, b.criticalPath.items);
    QCOMPARE(a.criticalPath.slack, b.criticalPath.slack);
    QCOMPARE(a.memory.peakBytes(), b.memory.peakBytes());
    QCOMPARE(a.graph->itemCount(), b.graph->itemCount());
}

class TestMainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("SightlineTests"));
        QApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
        QSettings().clear();
        // English, as the app installs it: plurals read "1 rank", "2 ranks".
        QVERIFY(AppTranslations::install(QLocale(QLocale::English), this));
    }

    void opensJobAndKeepsItOnError()
    {
        MainWindow window;
        window.show();
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
        // The progress dialog, up as it is for a load that takes a while, goes once the job is shown.
        auto* progress = window.findChild<QProgressDialog*>();
        QVERIFY(progress);
        progress->show();
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        QVERIFY(!progress->isVisible());
        const auto loaded = window.trace();
        QCOMPARE(loaded->ranks().size(), std::size_t(2));
        auto* table = window.findChild<QTableView*>(QStringLiteral("rankTable"));
        QVERIFY(table);
        QCOMPARE(table->model()->rowCount(), 2);
        QVERIFY(window.windowTitle().contains(QStringLiteral("ddp-2rank")));

        QTemporaryDir dir;
        const QString bad = writeFile(dir, QStringLiteral("broken.json"), "this is not a trace");
        QVERIFY(!bad.isEmpty());

        MessageCatcher catcher;
        window.openFiles({ bad });
        progress->show();
        QTRY_VERIFY_WITH_TIMEOUT(!catcher.shown().isEmpty(), 60000);
        QVERIFY(catcher.shown().contains(QStringLiteral("broken.json")));
        QVERIFY(!progress->isVisible());
        QCOMPARE(window.trace(), loaded);
        QCOMPARE(table->model()->rowCount(), 2);
        // The analysis: a replay with a critical path, the replayed layout and the counter series
        // (at most every rank busy, and nothing left running at the end).
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        const auto& analysis = *window.analysis();
        QVERIFY(analysis.status.ok());
        QVERIFY(analysis.replay && analysis.replay->criticalPath.length > 0);
        QVERIFY(analysis.replayedLayout && analysis.replayedLayout->opCount() > 0);
        QVERIFY(!analysis.counters.busyRanks.empty() && !analysis.counters.commInFlight.empty());
        for (const auto& [t, v] : analysis.counters.busyRanks.points())
            QVERIFY(v >= 0 && v <= 2);
        QCOMPARE(analysis.counters.busyRanks.points().back().second, 0);
        QCOMPARE(analysis.counters.commInFlight.points().back().second, 0);
        // Selecting an op draws arrows from what it waits for and to what it releases.
        const auto& graph = *analysis.session->graph();
        for (std::uint32_t v = 0; v < loaded->opCount(); ++v) {
            if (graph.inBegin(v + 1) > graph.inBegin(v) && graph.outBegin(v + 1) > graph.outBegin(v)) {
                window.timeline()->selectOp(sightline::OpId(v));
                QVERIFY(window.timeline()->plottable()->selectionArrows().size() >= 2);
                for (const auto& [from, to] : window.timeline()->plottable()->selectionArrows())
                    QVERIFY(from == sightline::OpId(v) || to == sightline::OpId(v));
                break;
            }
        }
        // The view exports as PNG and PDF.
        const QString png = dir.filePath(QStringLiteral("view.png")), pdf = dir.filePath(QStringLiteral("view.pdf"));
        QVERIFY(window.exports()->exportViewTo(png));
        QVERIFY(window.exports()->exportViewTo(pdf));
        QVERIFY(!QImage(png).isNull());
        QFile pdfFile(pdf);
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        QVERIFY(pdfFile.read(5) == "%PDF-");
        QVERIFY(!window.exports()->exportViewTo(dir.filePath(QStringLiteral("missing/dir/view.png"))));
        // The track tree and the Gantt edit one tree: hiding rank 1 in the panel removes its rows;
        // collapsing rank 0 in the Gantt shows in the panel.
        TrackTreePanel* tracks = window.tracks();
        QCOMPARE(tracks->model()->rowCount(), 1); // one host
        const QModelIndex host = tracks->model()->index(0, 0);
        QCOMPARE(tracks->model()->rowCount(host), 2);
        const std::size_t rows = window.timeline()->plottable()->rows().size();
        QVERIFY(tracks->model()->setData(tracks->model()->index(1, 0, host), Qt::Unchecked, Qt::CheckStateRole));
        const auto& after = window.timeline()->plottable()->rows();
        QVERIFY(after.size() < rows);
        QVERIFY(std::none_of(after.begin(), after.end(), [&](const auto& r) { return r.rank == sightline::RankId(1); }));
        const int rank0 = window.timeline()->trackTree().rankNode(sightline::RankId(0));
        window.timeline()->toggleCollapsed(rank0);
        QVERIFY(tracks->tree().isCollapsed(rank0));
        QVERIFY(!tracks->tree().isShown(tracks->tree().rankNode(sightline::RankId(1))));
        QCOMPARE(window.timeline()->plottable()->rows().size(), std::size_t(1));
        // The successful job is remembered for File > Open Recent.
        QVERIFY(QSettings().value(QStringLiteral("recentJobs")).toStringList().first().contains(QStringLiteral("ddp-2rank")));
    }

    // A layout saved on a larger screen is fitted onto this one when restored.
    void restoredLayoutFitsTheScreen()
    {
        QSettings().clear();
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            const QRect screen = window.screen()->availableGeometry();
            window.setGeometry(QRect(screen.topLeft() + QPoint(200, 100), screen.size() * 2));
            window.close();
        }
        MainWindow again;
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        const QRect screen = again.screen()->availableGeometry();
        QVERIFY2(screen.contains(again.frameGeometry()),
            qPrintable(QStringLiteral("%1x%2+%3+%4 on %5x%6").arg(again.frameGeometry().width()).arg(again.frameGeometry().height())
                           .arg(again.frameGeometry().x()).arg(again.frameGeometry().y()).arg(screen.width()).arg(screen.height())));
        QSettings().clear();
    }

    void firstRunLayoutPutsTheGanttFirst()
    {
        // No saved state: the window takes most of the screen, the docks sit at the sides (none under
        // the Gantt), and the Gantt has most of the window: 60 % of its width, 85 % of its height. Reset Layout brings that back
        // after the docks were moved, and the status bar describes the job once it is open.
        QSettings().clear();
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QRect screen = window.screen()->availableGeometry();
        // It fits: at most 90 % of the screen, and it could shrink to 800×600 (the docks scroll).
        QVERIFY2(window.frameGeometry().width() <= screen.width() * 0.9 + 1 && window.frameGeometry().height() <= screen.height() * 0.9 + 1,
            qPrintable(QStringLiteral("%1x%2 on %3x%4").arg(window.width()).arg(window.height()).arg(screen.width()).arg(screen.height())));
        QVERIFY2(window.minimumSizeHint().width() <= 800 && window.minimumSizeHint().height() <= 600,
            qPrintable(QStringLiteral("%1x%2").arg(window.minimumSizeHint().width()).arg(window.minimumSizeHint().height())));
        QVERIFY(window.width() >= screen.width() * 0.8);
        QVERIFY(window.width() >= screen.width() * 0.8 || window.width() >= 1000);
        QVERIFY(window.height() >= screen.height() * 0.8 || window.height() >= 600);
        auto ganttHasMost = [&] {
            const QSize g = window.timeline()->size();
            return g.width() >= 0.6 * window.width() && g.height() >= 0.85 * window.height();
        };
        auto ganttSize = [&] {
            return QStringLiteral("%1x%2 of %3x%4").arg(window.timeline()->width()).arg(window.timeline()->height()).arg(window.width()).arg(window.height());
        };
        auto dockAreas = [&] {
            QSet<int> areas;
            for (QDockWidget* dock : window.findChildren<QDockWidget*>())
                areas.insert(window.dockWidgetArea(dock));
            return areas;
        };
        window.resize(1600, 1000);
        window.resetLayout();
        QApplication::processEvents();
        QVERIFY2(ganttHasMost(), qPrintable(ganttSize()));
        QVERIFY(!dockAreas().contains(Qt::BottomDockWidgetArea));
        const QList<QDockWidget*> docks = window.findChildren<QDockWidget*>();
        for (QDockWidget* dock : docks)
            window.addDockWidget(Qt::BottomDockWidgetArea, dock);
        window.resizeDocks({ docks.first() }, { window.height() / 2 }, Qt::Vertical);
        QApplication::processEvents();
        QVERIFY(!ganttHasMost());
        QAction* reset = nullptr;
        for (QAction* a : window.findChildren<QAction*>()) {
            if (a->text() == QStringLiteral("Reset &Layout"))
                reset = a;
        }
        QVERIFY(reset);
        reset->trigger();
        QApplication::processEvents();
        QVERIFY2(ganttHasMost(), qPrintable(ganttSize()));
        QCOMPARE(dockAreas(), (QSet<int> { Qt::LeftDockWidgetArea, Qt::RightDockWidgetArea }));
        // The toolbar: open, the four views, the critical path, fit and the strategy panel.
        auto* bar = window.findChild<QToolBar*>(QStringLiteral("mainToolBar"));
        QVERIFY(bar && bar->isVisible());
        QStringList labels;
        for (QAction* a : bar->actions()) {
            if (!a->isSeparator())
                labels << a->text();
        }
        QCOMPARE(labels.size(), 8);
        // Its Strategy shows the panel, and a second click keeps it shown (it is not a toggle).
        auto* showStrategy = window.findChild<QAction*>(QStringLiteral("showStrategy"));
        QVERIFY(showStrategy && bar->actions().contains(showStrategy));
        QDockWidget* strategyDock = nullptr;
        for (QDockWidget* dock : docks) {
            if (dock->windowTitle() == showStrategy->text())
                strategyDock = dock;
        }
        QVERIFY(strategyDock);
        strategyDock->hide();
        showStrategy->trigger();
        QVERIFY(strategyDock->isVisible());
        showStrategy->trigger();
        QVERIFY(strategyDock->isVisible());
        // Redo answers to Ctrl+Shift+Z and Ctrl+Y, each bound once (a key bound twice is ambiguous).
        QAction* redo = nullptr;
        for (QAction* a : window.findChildren<QAction*>()) {
            if (a->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Y)))
                redo = a;
        }
        QVERIFY(redo);
        QCOMPARE(redo->shortcuts(), (QList<QKeySequence> { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y) }));
        for (QAction* a : window.findChildren<QAction*>()) {
            if (a != redo) {
                for (const QKeySequence& key : redo->shortcuts())
                    QVERIFY2(!a->shortcuts().contains(key), qPrintable(a->text() + QStringLiteral(" takes ") + key.toString()));
            }
        }
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        auto* status = window.findChild<QLabel*>(QStringLiteral("jobStatus"));
        QVERIFY(status);
        QVERIFY2(status->text().contains(QStringLiteral("2 rank")) && status->text().contains(QStringLiteral("loaded in"))
                && status->text().contains(QStringLiteral("ms per step replayed")) && status->text().contains(QStringLiteral("critical path ")),
            qPrintable(status->text()));
    }

    void docksReadAtFullHd()
    {
        // The first window on a 1920×1080 screen (85 %: 1632×918): every dock's tab title whole, and the
        // tables' name columns as wide as their names.
        QSettings().clear();
        MainWindow window;
        window.resize(1632, 918);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.resetLayout();
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-gpu/bucket1mb.sightline") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        QApplication::processEvents();
        int tabs = 0;
        for (QTabBar* bar : window.findChildren<QTabBar*>()) {
            if (!bar->isVisible())
                continue;
            for (int i = 0; i < bar->count(); ++i, ++tabs) {
                const int needed = bar->fontMetrics().horizontalAdvance(bar->tabText(i));
                QVERIFY2(bar->tabRect(i).width() >= needed + 8,
                    qPrintable(QStringLiteral("\"%1\" in %2 px").arg(bar->tabText(i)).arg(bar->tabRect(i).width())));
            }
        }
        QCOMPARE(tabs, 12); // three stacks of three docks, and the Optimize dock's own three tabs
        QCOMPARE(window.dockWidgetArea(window.findChild<QDockWidget*>(QStringLiteral("tracksDock"))), Qt::LeftDockWidgetArea);
        QVERIFY(!window.findChild<QDockWidget*>(QStringLiteral("tracksDock"))->visibleRegion().isEmpty());
    }

    // The Optimize dock searches the job off the GUI thread: the trajectory fills round by round, the
    // strategy found loads into the Strategy dock as one undo step (which replays it as a what-if), the
    // opportunities are listed with their reasons; a frontier point loads on a click; the scaling curve
    // is drawn; a search is cancelled by a new job.
    void optimizeDockSearchesAndLoads()
    {
        MainWindow window;
        window.show();
        OptimizePanel* panel = window.optimizePanel();
        QVERIFY(panel && !panel->runButton()->isEnabled());
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        QTRY_VERIFY(panel->runButton()->isEnabled());
        QSignalSpy progressed(window.searchRunner(), &SearchRunner::progressed);
        panel->runButton()->click();
        QVERIFY(!panel->progressBar()->isHidden());
        QTRY_VERIFY_WITH_TIMEOUT(panel->loadButton()->isEnabled(), 60000);
        QVERIFY(progressed.count() > 0);
        QVERIFY(panel->progressBar()->isHidden());
        QVERIFY(panel->trajectoryPlot()->graph(0)->dataCount() >= 2);
        QVERIFY(panel->opportunities()->rowCount() > 0);
        QVERIFY(panel->opportunities()
                    ->index(0, OpportunityModel::Reason)
                    .data()
                    .toString()
                    .contains(QStringLiteral("critical path")));
        StrategyModel* model = window.strategy();
        QCOMPARE(model->steps().size(), std::size_t(0));
        panel->loadButton()->click();
        QVERIFY(model->steps().size() >= 1);
        QCOMPARE(model->undoStack()->undoText(), QStringLiteral("Load the optimized strategy"));
        ComparisonPanel* comparison = window.comparison();
        QTRY_VERIFY_WITH_TIMEOUT(comparison->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"), 60000);
        model->undoStack()->undo();
        QCOMPARE(model->steps().size(), std::size_t(0));
        // The frontier, and a point of it loaded by a click on the plot.
        Q_EMIT panel->frontierRequested();
        QTRY_VERIFY_WITH_TIMEOUT(!panel->frontierPlot()->points().empty(), 60000);
        QTRY_VERIFY(panel->runButton()->isEnabled());
        FrontierPlot* plot = panel->frontierPlot();
        const sightline::FrontierPoint& point = plot->points().front();
        const QPointF pixel(plot->xAxis->coordToPixel(static_cast<double>(point.peakBytes) / 1e9),
            plot->yAxis->coordToPixel(static_cast<double>(point.iterationNs) / 1e6));
        QCOMPARE(plot->pointAt(pixel), 0);
        QTest::mouseClick(plot, Qt::LeftButton, {}, pixel.toPoint());
        QCOMPARE(model->steps().size(), point.strategy.steps.size());
        QVERIFY(model->undoStack()->undoText().startsWith(QStringLiteral("Load a frontier point")));
        // The scaling curve, which chooses the worker counts itself: the dock's worker_count stays out.
        model->addStep(QStringLiteral("worker_count"), { { "workers", 4.0 } });
        Q_EMIT panel->scaleRequested(OptimizePanel::ScalingMode::Sync);
        QTRY_VERIFY_WITH_TIMEOUT(
            panel->scalingPlot()->graphCount() > 0 && panel->scalingPlot()->graph(0)->dataCount() > 0, 60000);
        QTRY_VERIFY(panel->runButton()->isEnabled());
        QVERIFY2(!panel->statusText().contains(QStringLiteral("failed")), qPrintable(panel->statusText()));
        // A search under way stops when the job goes.
        panel->runButton()->click();
        QVERIFY(window.searchRunner()->isRunning());
        window.searchRunner()->setJob(nullptr);
        QVERIFY(!window.searchRunner()->isRunning());
        QVERIFY(panel->runButton()->isEnabled());
    }

    void strategyEditsReplayInTheBackground()
    {
        // Switching a pass on replays the what-if off the GUI thread and fills the comparison; each
        // edit is undoable from the Edit menu by name, and undoing every edit clears the comparison.
        MainWindow window;
        window.show();
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        StrategyModel* model = window.strategy();
        ComparisonPanel* comparison = window.comparison();
        QCOMPARE(comparison->text(ComparisonPanel::IterationRow, 1), QStringLiteral("–"));
        model->addStep(QStringLiteral("speedup"));
        model->setParameter(0, QStringLiteral("percent"), 50.0);
        // The status bar says a what-if runs, with no dialog, until it is done.
        auto* running = window.findChild<QLabel*>(QStringLiteral("whatIfRunning"));
        QVERIFY(running && running->isVisible());
        QVERIFY(!QApplication::activeModalWidget());
        QTRY_VERIFY_WITH_TIMEOUT(comparison->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!running->isVisible(), 60000);
        const QLocale locale;
        const double before = locale.toDouble(comparison->text(ComparisonPanel::IterationRow, 0));
        const double after = locale.toDouble(comparison->text(ComparisonPanel::IterationRow, 1));
        QVERIFY2(after < before, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
        QVERIFY(comparison->text(ComparisonPanel::IterationRow, 2).startsWith(QChar(0x2212)));
        // The ops that changed most are listed; clicking one selects it in the Gantt.
        QVERIFY(comparison->changedOpCount() > 0);
        auto* changed = comparison->findChild<QTableWidget*>(QStringLiteral("changedOps"));
        QVERIFY(changed);
        const auto op = sightline::OpId(changed->item(0, 0)->data(Qt::UserRole).toUInt());
        QVERIFY(QMetaObject::invokeMethod(changed, "cellClicked", Q_ARG(int, 0), Q_ARG(int, 0)));
        QCOMPARE(window.timeline()->selectedOp(), op);
        QAction* undo = nullptr;
        for (QAction* a : window.findChildren<QAction*>()) {
            if (a->shortcut() == QKeySequence(QKeySequence::Undo))
                undo = a;
        }
        QVERIFY(undo && undo->isEnabled());
        QCOMPARE(undo->text(), QStringLiteral("&Undo Set percent to 50 %"));
        // A slower job: everything 50 % longer (a negative speed-up).
        model->setParameter(0, QStringLiteral("percent"), -50.0);
        QTRY_VERIFY_WITH_TIMEOUT(locale.toDouble(comparison->text(ComparisonPanel::IterationRow, 1)) > before, 60000);
        while (model->undoStack()->canUndo())
            undo->trigger();
        QVERIFY(model->steps().empty());
        QTRY_COMPARE_WITH_TIMEOUT(comparison->text(ComparisonPanel::IterationRow, 1), QStringLiteral("–"), 60000);
        // File > Export Strategy writes what the frameworks take of the last what-if.
        QVERIFY(!window.exports()->exportStrategyTo(QDir::tempPath()).error.isEmpty()); // none has run
        QString none;
        QVERIFY(window.exports()->exportStrategyPreview(none).isEmpty() && !none.isEmpty());
        model->addStep(QStringLiteral("tensor_fusion"));
        model->setParameter(0, QStringLiteral("bucket_cap_mb"), 50.0);
        QTRY_VERIFY_WITH_TIMEOUT(comparison->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"), 60000);
        // The communication no compute hides, per iteration, before and after.
        QVERIFY(locale.toDouble(comparison->text(ComparisonPanel::ExposedRow, 0)) > 0);
        QVERIFY(comparison->text(ComparisonPanel::ExposedRow, 1) != QStringLiteral("–"));
        // Fused into one bucket, the early gradients wait longer for theirs: the tensor list says which.
        QVERIFY(comparison->changedTensorCount() > 0);
        auto* tensors = comparison->findChild<QTableWidget*>(QStringLiteral("changedTensors"));
        QVERIFY(tensors && !tensors->isHidden());
        QVERIFY(QMetaObject::invokeMethod(tensors, "cellClicked", Q_ARG(int, 0), Q_ARG(int, 0)));
        QCOMPARE(window.timeline()->selectedOp(), sightline::OpId(tensors->item(0, 0)->data(Qt::UserRole).toUInt()));
        // Before anything is written, what each framework gets.
        QString previewError;
        const QString preview = window.exports()->exportStrategyPreview(previewError);
        QVERIFY2(previewError.isEmpty(), qPrintable(previewError));
        QVERIFY2(preview.contains(QStringLiteral("PyTorch: ddp_args.json")), qPrintable(preview));
        QVERIFY(preview.contains(QStringLiteral("BytePS: no file")));
        QVERIFY(preview.contains(QStringLiteral(" becomes DistributedDataParallel's bucket_cap_mb")));
        QTemporaryDir dir;
        const ConfigExport::Written written = window.exports()->exportStrategyTo(dir.filePath(QStringLiteral("configs")));
        QVERIFY2(written.error.isEmpty(), qPrintable(written.error));
        QVERIFY(std::any_of(written.files.begin(), written.files.end(), [](const QString& f) { return f.endsWith(QStringLiteral("ddp_args.json")); }));
        QFile ddp(dir.filePath(QStringLiteral("configs/ddp_args.json")));
        QVERIFY(ddp.open(QIODevice::ReadOnly));
        QVERIFY(ddp.readAll().contains("50"));
        while (model->undoStack()->canUndo())
            undo->trigger();
        // A bad value is refused with the pass and parameter named, and nothing is shown.
        model->addStep(QStringLiteral("worker_count"), { { "workers", 0.0 } });
        auto* outcome = window.findChild<QLabel*>(QStringLiteral("whatIfOutcome"));
        QVERIFY(outcome);
        QTRY_VERIFY_WITH_TIMEOUT(outcome->text().contains(QStringLiteral("workers")), 60000);
        QCOMPARE(comparison->text(ComparisonPanel::IterationRow, 1), QStringLiteral("–"));
        // The Gantt's menu on a host op offers steps aimed at it: faster, fused inside, recomputed.
        model->removeStep(0);
        const auto& t = *window.trace();
        sightline::OpId host;
        for (std::uint32_t v = 0; v < t.opCount() && !host.isValid(); ++v) {
            if (t.kind(sightline::OpId(v)) == sightline::OpKind::CpuOp)
                host = sightline::OpId(v);
        }
        QVERIFY(host.isValid());
        QMenu menu;
        window.opActions()->addTo(menu, host);
        QCOMPARE(menu.actions().size(), 1);
        QMenu* whatIf = menu.actions().first()->menu();
        QVERIFY(whatIf);
        QCOMPARE(whatIf->actions().size(), 3);
        whatIf->actions().first()->trigger();
        QCOMPARE(model->steps().size(), std::size_t(1));
        QCOMPARE(model->steps()[0].step.pass, std::string("speedup"));
        QCOMPARE(std::get<std::string>(model->steps()[0].step.params.at("match")), std::string(t.string(t.name(host))));
        whatIf->actions().last()->trigger();
        QCOMPARE(model->steps().back().step.pass, std::string("recompute"));
        QCOMPARE(model->undoStack()->undoText(), QStringLiteral("Add recompute"));
    }

    void editsReplayOnceAndUndoRestoresTheSchedule()
    {
        // Each edit starts one run; edits made while one runs cancel it, and only the last edit's
        // result is shown; undo and redo bring back the schedules of before, bit for bit.
        MainWindow window;
        window.show();
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        auto* runner = window.findChild<WhatIfRunner*>();
        QVERIFY(runner);
        std::vector<std::shared_ptr<const WhatIfOutcome>> shown;
        connect(runner, &WhatIfRunner::finished, this, [&](std::shared_ptr<const WhatIfOutcome> o) { shown.push_back(std::move(o)); });
        StrategyModel* model = window.strategy();
        model->addStep(QStringLiteral("speedup"), { { "percent", 10.0 } });
        const quint64 before = runner->runsStarted();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), std::size_t(1), 60000);
        const auto tenPercent = shown.back();
        // Five edits in a row, no wait: five runs, one result, the last edit's.
        for (double p : { 20.0, 30.0, 40.0, 45.0, 50.0 })
            model->setParameter(0, QStringLiteral("percent"), p);
        QCOMPARE(runner->runsStarted(), before + 5);
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), std::size_t(2), 60000);
        QTest::qWait(300);
        QCOMPARE(shown.size(), std::size_t(2));
        const auto fifty = shown.back();
        QVERIFY(fifty->whatIf->schedule.end != tenPercent->whatIf->schedule.end);
        // Undo the merged edit: the 10 % schedule again, bit for bit; redo: the 50 % one.
        model->undoStack()->undo();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), std::size_t(3), 60000);
        compareReplays(*shown.back()->whatIf, *tenPercent->whatIf);
        if (QTest::currentTestFailed())
            return;
        model->undoStack()->redo();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), std::size_t(4), 60000);
        compareReplays(*shown.back()->whatIf, *fifty->whatIf);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(runner->runsStarted(), before + 7);
    }

    void whatIfViewsFollowTheStrategy()
    {
        // The what-if and both views draw the strategy's job: added ranks as rows, hatched ops, and the
        // critical path, search, counters, details and export on the job shown; an edit keeps the time
        // in view, and with no pass on the measured job comes back with its tracks as left.
        MainWindow window;
        window.show();
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        const auto measured = window.trace();
        window.setViewMode(MainWindow::ViewMode::WhatIf);
        QCOMPARE(window.timeline()->trace(), measured); // no pass: the what-if is the replay
        QVERIFY(!window.display()->shownWhatIf());
        // Hide a track of the measured job; it stays hidden when the job comes back.
        sightline::TrackTree tree = window.timeline()->trackTree();
        tree.setShown(tree.trackNode(sightline::TrackId(0)), false);
        window.timeline()->setTrackTree(tree);
        // Each delivery, with whether the comparison and the Gantt showed it once the window had it,
        // and how many times the window had painted before it.
        struct Delivered {
            std::shared_ptr<const WhatIfOutcome> outcome;
            bool compared = false;
            bool measuredShown = false;
            bool drawn = false;
            int paints = 0;
        };
        std::vector<Delivered> delivered;
        PaintCounter paints;
        window.installEventFilter(&paints);
        auto* runner = window.findChild<WhatIfRunner*>();
        QVERIFY(runner);
        connect(runner, &WhatIfRunner::finished, this, [&](std::shared_ptr<const WhatIfOutcome> o) {
            const bool compared = window.comparison()->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–");
            delivered.push_back({ o, compared, window.display()->shownWhatIf() == nullptr,
                o->view && window.display()->shownWhatIf() == o->view, paints.count });
        });
        StrategyModel* model = window.strategy();
        model->addStep(QStringLiteral("worker_count"));
        model->setParameter(0, QStringLiteral("workers"), 4.0);
        QTRY_VERIFY_WITH_TIMEOUT(window.display()->shownWhatIf() != nullptr && !runner->isRunning(), 60000);
        // The comparison came first, while the Gantt still showed the measured job; then the view of
        // the same replays, with the same time, and last the same view with its slack.
        QCOMPARE(delivered.size(), std::size_t(3));
        QVERIFY(!delivered[0].outcome->view && delivered[0].compared && delivered[0].measuredShown);
        QVERIFY(delivered[1].outcome->view && delivered[1].drawn && !delivered[1].outcome->viewSlack);
        // The view, ready right after the comparison, was taken only once the comparison was painted.
        QVERIFY(delivered[1].paints > delivered[0].paints);
        QCOMPARE(delivered[1].outcome->whatIf, delivered[0].outcome->whatIf);
        QCOMPARE(delivered[1].outcome->ms, delivered[0].outcome->ms);
        QCOMPARE(delivered[2].outcome->view, delivered[1].outcome->view);
        QVERIFY(delivered[2].drawn && delivered[2].outcome->viewSlack);
        QCOMPARE(delivered[2].outcome->viewSlack->size(), delivered[2].outcome->view->trace()->opCount());
        QCOMPARE(delivered[2].outcome->ms, delivered[0].outcome->ms);
        QObject::disconnect(runner, &WhatIfRunner::finished, this, nullptr);
        // The status bar gives the what-if's iteration beside the job's.
        auto* jobStatus = window.findChild<QLabel*>(QStringLiteral("jobStatus"));
        QVERIFY(jobStatus && jobStatus->text().contains(QStringLiteral("iteration")));
        QVERIFY2(jobStatus->text().contains(QStringLiteral("what-if ")), qPrintable(jobStatus->text()));
        // Four workers where two were measured make twice the samples a step: the outcome says what
        // the throughput does.
        const QString outcomeText = window.findChild<QLabel*>(QStringLiteral("whatIfOutcome"))->text();
        QVERIFY2(outcomeText.contains(QStringLiteral("Throughput +"))
                && outcomeText.contains(QStringLiteral("a step computes on 2 times the measured job's samples")),
            qPrintable(outcomeText));
        auto view = window.display()->shownWhatIf();
        const sightline::Trace& w = *view->trace();
        QCOMPARE(window.timeline()->trace(), view->trace());
        QCOMPARE(w.ranks().size(), std::size_t(4));
        int rankRows = 0;
        for (const TimelinePlottable::Row& r : window.timeline()->plottable()->rows())
            rankRows += r.rank.isValid() && !r.track.isValid();
        QCOMPARE(rankRows, 4);
        // The added ranks' ops are made by the strategy; the measured ranks' are not. The added ranks
        // are drawn like the others, not hatched.
        for (std::uint32_t v = 0; v < w.opCount(); ++v) {
            QCOMPARE(window.timeline()->plottable()->isSynthetic(sightline::OpId(v)), w.rank(sightline::OpId(v)).value() >= 2);
            QVERIFY(!window.timeline()->plottable()->isHatched(sightline::OpId(v)));
        }
        // The critical-path panel leads to ops of the what-if, and selecting one selects it there.
        auto* path = window.findChild<QTableView*>(QStringLiteral("criticalPathTable"));
        QVERIFY(path && path->model()->rowCount() > 0);
        int pathOps = 0;
        for (int row = 0; row < path->model()->rowCount(); ++row) {
            const auto op = sightline::OpId(path->model()->index(row, 0).data(Qt::UserRole + 1).toUInt());
            if (!op.isValid())
                continue;
            QVERIFY(op.value() < w.opCount());
            ++pathOps;
        }
        QVERIFY(pathOps > 0);
        // Search looks in the what-if: an op of an added rank is found.
        auto* search = window.findChild<OpSearchBar*>();
        QVERIFY(search);
        const std::string name(w.string(w.name(sightline::OpId(static_cast<std::uint32_t>(w.opCount() - 1)))));
        QVERIFY(search->search(QStringLiteral("^") + QRegularExpression::escape(QString::fromStdString(name)) + QStringLiteral("$")) > 0);
        QVERIFY(std::any_of(search->matches().begin(), search->matches().end(), [&](sightline::OpId op) { return w.rank(op).value() >= 2; }));
        // The counter strip counts the what-if's ranks: four at once somewhere.
        int busiest = 0;
        for (const auto& [t, n] : view->counters().busyRanks.points())
            busiest = std::max(busiest, n);
        QCOMPARE(busiest, 4);
        // Each measured op leads to the first what-if op standing for it (a changed op clicked in the
        // comparison goes there), as a search of every op finds it.
        std::vector<sightline::OpId> firstStanding(measured->opCount());
        for (std::uint32_t v = 0; v < w.opCount(); ++v) {
            if (!view->isWhatIf(sightline::OpId(v)))
                continue;
            for (sightline::OpId m : view->whatIfGraph().origin(view->itemOf(sightline::OpId(v)))) {
                if (!firstStanding[m.value()].isValid())
                    firstStanding[m.value()] = sightline::OpId(v);
            }
        }
        for (std::uint32_t m = 0; m < measured->opCount(); ++m)
            QCOMPARE(view->opStandingFor(sightline::OpId(m)), firstStanding[m]);
        // A what-if op standing for one measured op has that op's baseline time for the difference
        // colours; the baseline's own ops have none.
        const sightline::ReplayResult& base = *delivered.back().outcome->baseline;
        const std::vector<sightline::ItemId> baseItem = base.graph->itemOfOp();
        int timed = 0;
        for (std::uint32_t v = 0; v < w.opCount(); ++v) {
            const auto origin = view->measuredOps(sightline::OpId(v));
            if (!view->isWhatIf(sightline::OpId(v)) || origin.size() != 1 || !baseItem[origin.front().value()].isValid())
                continue;
            const std::uint32_t b = baseItem[origin.front().value()].value();
            QCOMPARE(view->baselineTime()[v], base.schedule.end[b] - base.schedule.start[b]);
            ++timed;
        }
        QVERIFY(timed > 0);
        QVERIFY(!view->opStandingFor(sightline::OpId(static_cast<std::uint32_t>(measured->opCount()))).isValid());
        // The Gantt's menu on a what-if op aims its steps at the measured op it stands for.
        const sightline::OpId added(static_cast<std::uint32_t>(w.opCount() - 1));
        QMenu menu;
        window.opActions()->addTo(menu, added);
        QVERIFY(!menu.actions().isEmpty());
        // The details of an added rank's op say where it came from.
        window.timeline()->selectOp(added);
        auto* details = window.findChild<OpDetailsPanel*>();
        QVERIFY(details);
        const QString shown = details->toPlainText();
        QVERIFY2(shown.contains(QStringLiteral("Made by")) && shown.contains(QStringLiteral("Stands for"))
                && shown.contains(QStringLiteral("Baseline duration")),
            qPrintable(shown));
        // Export Replayed Timeline writes the what-if: four ranks.
        QTemporaryDir dir;
        QString error;
        QVERIFY2(window.exports()->exportReplayedTo(dir.filePath(QStringLiteral("w.json")), error), qPrintable(error));
        QFile exported(dir.filePath(QStringLiteral("w.json")));
        QVERIFY(exported.open(QIODevice::ReadOnly));
        QVERIFY(exported.readAll().contains("rank 3 (replayed)"));
        // Both: each measured track, then its what-if track (tinted); the added ranks' tracks alone.
        window.setViewMode(MainWindow::ViewMode::Both);
        QTRY_VERIFY_WITH_TIMEOUT(
            window.display()->shownWhatIf() && window.display()->shownWhatIf()->layers() == WhatIfView::Layers::Both,
            60000);
        view = window.display()->shownWhatIf();
        QCOMPARE(view->trace()->tracks().size(), 2 * measured->tracks().size() + 2 * measured->tracks().size() / 2);
        // In both, an op of either replay keeps its dependencies: arrows and the Details lists, each
        // from its own replay's graph.
        for (const bool ofWhatIf : { false, true }) {
            sightline::OpId chosen;
            for (std::uint32_t v = 0; v < view->trace()->opCount() && !chosen.isValid(); ++v) {
                const WhatIfView::Neighbours n = view->neighbours(sightline::OpId(v));
                if (view->isWhatIf(sightline::OpId(v)) == ofWhatIf && !n.waitsFor.empty() && !n.releases.empty())
                    chosen = sightline::OpId(v);
            }
            QVERIFY(chosen.isValid());
            for (const auto& [other, kind] : view->neighbours(chosen).waitsFor)
                QCOMPARE(view->isWhatIf(other), ofWhatIf);
            window.timeline()->selectOp(chosen);
            QVERIFY(!window.timeline()->plottable()->selectionArrows().empty());
            const QString html = window.findChild<OpDetailsPanel*>()->toHtml();
            QVERIFY(html.contains(QStringLiteral("Waits for")) && html.contains(QStringLiteral("Released")));
            QVERIFY(html.contains(QStringLiteral("op:%1").arg(view->neighbours(chosen).waitsFor.front().first.value())));
        }
        // An edit redraws the what-if and keeps the time in view.
        window.timeline()->showRange(view->trace()->beginTime() + 1000, view->trace()->beginTime() + 2'000'000);
        const double lower = window.timeline()->xAxis->range().lower + static_cast<double>(window.timeline()->plottable()->origin());
        model->setParameter(0, QStringLiteral("workers"), 3.0);
        QTRY_VERIFY_WITH_TIMEOUT(window.display()->shownWhatIf() != view, 60000);
        QCOMPARE(window.display()->shownWhatIf()->trace()->ranks().size(), std::size_t(3));
        QCOMPARE(window.timeline()->xAxis->range().lower + static_cast<double>(window.timeline()->plottable()->origin()), lower);
        // A scenario of another job, with no pass, opened while the what-if is shown: the new job.
        QFile other(dir.filePath(QStringLiteral("other.sightline")));
        QVERIFY(other.open(QIODevice::WriteOnly));
        other.write(QStringLiteral(R"({"version": 1, "traces": ["%1"], "strategy": []})")
                        .arg(QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/alexnet-k80/alexnet_k80.csv"))
                        .toUtf8());
        other.close();
        const auto shownBefore = window.trace();
        window.openFiles({ other.fileName() });
        QTRY_VERIFY_WITH_TIMEOUT(window.trace() != shownBefore, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(window.timeline()->trace() == window.trace(), 60000);
        QVERIFY(!window.display()->shownWhatIf());
        QVERIFY(window.strategy()->steps().empty());
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
        QTRY_VERIFY_WITH_TIMEOUT(window.trace() && window.trace()->ranks().size() == 2, 60000);
        const auto measuredAgain = window.trace();
        tree = window.timeline()->trackTree();
        tree.setShown(tree.trackNode(sightline::TrackId(0)), false);
        window.timeline()->setTrackTree(tree);
        model->addStep(QStringLiteral("worker_count"), { { "workers", 3.0 } });
        QTRY_VERIFY_WITH_TIMEOUT(window.display()->shownWhatIf() != nullptr, 60000);
        // No pass on: the measured job again, its hidden track still hidden.
        model->setEnabled(0, false);
        QTRY_COMPARE_WITH_TIMEOUT(window.timeline()->trace(), measuredAgain, 60000);
        QVERIFY(!window.display()->shownWhatIf());
        QVERIFY(!jobStatus->text().contains(QStringLiteral("what-if ")));
        QVERIFY(!window.timeline()->trackTree().isShown(window.timeline()->trackTree().trackNode(sightline::TrackId(0))));
        QVERIFY(window.exports()->exportReplayedTo(dir.filePath(QStringLiteral("m.json")), error));
        window.setViewMode(MainWindow::ViewMode::Measured);
    }

    void selectedOpsAreFused()
    {
        // Shift+drag over the whole job, then "fuse" on a kernel's row of the Selection panel: the
        // what-if fuses exactly the kernels of that name, each fused op standing for those it took.
        MainWindow window;
        window.show();
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        const sightline::Trace& t = *window.trace();
        std::vector<sightline::TrackId> tracks;
        for (std::uint32_t tr = 0; tr < t.tracks().size(); ++tr)
            tracks.push_back(sightline::TrackId(tr));
        Q_EMIT window.timeline()->areaSelected(tracks, t.beginTime(), t.endTime());
        auto* table = window.findChild<QTableView*>(QStringLiteral("aggregateTable"));
        QVERIFY(table && table->model()->rowCount() > 0);
        sightline::OpId kernel;
        for (int row = 0; row < table->model()->rowCount() && !kernel.isValid(); ++row) {
            const auto op = sightline::OpId(table->model()->index(row, 0).data(AggregateModel::OpRole).toUInt());
            if (op.isValid() && t.kind(op) == sightline::OpKind::ComputeKernel)
                kernel = op;
        }
        QVERIFY(kernel.isValid());
        QMenu menu;
        window.opActions()->addTo(menu, kernel);
        QAction* fuse = nullptr;
        for (QAction* a : menu.actions().first()->menu()->actions()) {
            if (a->text().startsWith(QStringLiteral("Fuse Kernels Named")))
                fuse = a;
        }
        QVERIFY(fuse);
        fuse->trigger();
        QCOMPARE(window.strategy()->steps().size(), std::size_t(1));
        QCOMPARE(window.strategy()->steps()[0].step.pass, std::string("op_fusion"));
        window.setViewMode(MainWindow::ViewMode::WhatIf);
        QTRY_VERIFY_WITH_TIMEOUT(window.display()->shownWhatIf() != nullptr, 60000);
        const sightline::ExecutionGraph& g = window.display()->shownWhatIf()->whatIfGraph();
        const std::string_view name = t.string(t.name(kernel));
        int fused = 0;
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            const auto origin = g.origin(sightline::ItemId(i));
            if (!g.hasFlag(sightline::ItemId(i), sightline::ExecutionGraph::Synthetic) || origin.size() < 2)
                continue;
            ++fused;
            for (sightline::OpId op : origin)
                QCOMPARE(t.string(t.name(op)), name);
        }
        QVERIFY(fused > 0);
        window.setViewMode(MainWindow::ViewMode::Measured);
    }

    void colourModesCompareTheWhatIf()
    {
        // Kernels made half as long: in the what-if and both views, "change in duration" paints them
        // in the much-shorter colour against the baseline, the unchanged rest in the neutral one, and
        // "slack" paints the what-if's critical path as without slack.
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        const TimelineTheme& theme = TimelineTheme::standard();
        TimelineView* gantt = window.timeline();
        auto count = [&](QRgb color) { return ImageSupport::countColor(gantt->toPixmap(1200, 700).toImage(), color); };
        std::shared_ptr<const WhatIfOutcome> outcome;
        connect(window.findChild<WhatIfRunner*>(), &WhatIfRunner::finished, this, [&](std::shared_ptr<const WhatIfOutcome> o) { outcome = o; });
        window.strategy()->addStep(QStringLiteral("speedup"), { { "percent", 50.0 }, { "kind", std::string("compute") } });
        // In the measured view nothing shows the what-if's slack: its path comes without it.
        QTRY_VERIFY_WITH_TIMEOUT(outcome != nullptr, 60000);
        QVERIFY(outcome->whatIf->criticalPath.slack.empty() && !outcome->whatIf->criticalPath.items.empty());
        const std::vector<sightline::TimeNs> slack = sightline::CriticalPathAnalysis::slack(*outcome->whatIf->graph, outcome->whatIf->schedule);
        for (MainWindow::ViewMode mode : { MainWindow::ViewMode::WhatIf, MainWindow::ViewMode::Both }) {
            window.setViewMode(mode);
            QTRY_VERIFY_WITH_TIMEOUT(window.display()->shownWhatIf() != nullptr && outcome->viewSlack, 60000);
            // The view made from it, once shown, finds the slack of each what-if op.
            const auto& view = window.display()->shownWhatIf();
            QCOMPARE(outcome->view, view);
            for (std::uint32_t v = 0; v < view->trace()->opCount(); ++v) {
                if (view->isWhatIf(sightline::OpId(v)))
                    QCOMPARE((*outcome->viewSlack)[v], slack[view->itemOf(sightline::OpId(v)).value()]);
            }
            gantt->setColorMode(TimelinePlottable::ColorMode::Difference);
            QVERIFY(count(theme.difference(-4)) > 50);
            QVERIFY(count(theme.difference(0)) > 50);
            QVERIFY(count(theme.difference(-4)) > count(theme.difference(4)));
            gantt->setColorMode(TimelinePlottable::ColorMode::Slack);
            QVERIFY(count(theme.slack(0)) > 0);
            gantt->setColorMode(TimelinePlottable::ColorMode::Kind);
            QCOMPARE(count(theme.difference(-4)), 0);
        }
        window.setViewMode(MainWindow::ViewMode::Measured);
    }

    void comparisonShowsEachDeviceAgainstTheBudget()
    {
        // A budget below every device's peak: each device's row says out of memory, in red, the
        // highest what-if peak first; the chart sets baseline beside what-if for the iteration, the
        // peak (with the budget's line) and the path's breakdown. The H100 DDP pair records its
        // allocator events.
        MainWindow window;
        window.show();
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/fixtures/groundtruth/ddp/bucket25mb") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        StrategyModel* model = window.strategy();
        ComparisonPanel* comparison = window.comparison();
        model->setBudgetBytes(1'000'000); // 1 MB
        model->addStep(QStringLiteral("speedup"), { { "percent", 10.0 } });
        QTRY_VERIFY_WITH_TIMEOUT(comparison->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"), 60000);
        QTableWidget* devices = comparison->deviceTable();
        QVERIFY(!devices->isHidden());
        QVERIFY(devices->rowCount() >= 2);
        const QLocale locale;
        const auto peakOf = [&](int row) {
            QString text = devices->item(row, ComparisonPanel::DeviceWhatIfColumn)->text();
            return locale.toDouble(text.remove(QStringLiteral("≥ ")));
        };
        for (int row = 0; row < devices->rowCount(); ++row) {
            QVERIFY(devices->item(row, ComparisonPanel::DeviceNameColumn)->text().startsWith(QStringLiteral("rank ")));
            QCOMPARE(devices->item(row, ComparisonPanel::DeviceBudgetColumn)->text(), GigabyteText::of(1'000'000));
            QCOMPARE(devices->item(row, ComparisonPanel::DeviceOomColumn)->text(), QStringLiteral("yes"));
            QCOMPARE(devices->item(row, ComparisonPanel::DeviceOomColumn)->foreground().color(), QColor(0xc6, 0x28, 0x28));
            QVERIFY(devices->item(row, ComparisonPanel::DeviceBaselineColumn)->text() != QStringLiteral("–"));
            if (row > 0)
                QVERIFY(peakOf(row) <= peakOf(row - 1));
        }
        QCustomPlot* chart = comparison->chart();
        QCOMPARE(chart->plottableCount(), 6); // two bars each for the iteration, the peak and the breakdown
        QCOMPARE(chart->itemCount(), 1);
        QVERIFY(chart->item(0)->visible()); // the budget
        QCOMPARE(chart->legend->itemCount(), 2);
        const double iterationAfter = static_cast<QCPBars*>(chart->plottable(1))->data()->at(0)->value;
        QVERIFY(std::abs(iterationAfter - locale.toDouble(comparison->text(ComparisonPanel::IterationRow, 1))) < 1e-3);
        // The device's own memory again: no budget line where the trace gives none.
        model->setBudgetBytes(0);
        QTRY_VERIFY_WITH_TIMEOUT(devices->item(0, ComparisonPanel::DeviceOomColumn)->text() == QStringLiteral("no"), 60000);
    }

    void comparisonNamesTheHostOfAJobWithoutGpus()
    {
        // A job that trains on its host: each rank's device row is its host's memory, estimated from
        // the host's allocator events (no tooltip of a model-state-only estimate), and four
        // micro-batches raise its peak (a gradient made again in each later micro-batch).
        MainWindow window;
        window.show();
        window.openFiles(
            { QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/fixtures/groundtruth-cpu/accumulation/accum1") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        StrategyModel* model = window.strategy();
        ComparisonPanel* comparison = window.comparison();
        model->addStep(QStringLiteral("grad_accumulation"), { { "micro_batches", 4.0 } });
        QTRY_VERIFY_WITH_TIMEOUT(comparison->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"), 60000);
        QTableWidget* devices = comparison->deviceTable();
        QCOMPARE(devices->rowCount(), 1);
        QCOMPARE(devices->item(0, ComparisonPanel::DeviceNameColumn)->text(), QStringLiteral("rank 0, host"));
        QVERIFY(devices->item(0, ComparisonPanel::DeviceNameColumn)->toolTip().isEmpty());
        // 13.09 MB to 13.71 MB: +4.7 %, in gigabytes of three significant digits.
        QCOMPARE(devices->item(0, ComparisonPanel::DeviceBaselineColumn)->text(), GigabyteText::of(13094016));
        QCOMPARE(devices->item(0, ComparisonPanel::DeviceWhatIfColumn)->text(), GigabyteText::of(13713658));
        QVERIFY(GigabyteText::of(13094016) != GigabyteText::of(13713658));
        QCOMPARE(comparison->text(ComparisonPanel::PeakMemoryRow, 2),
            PercentText::signedChange(100.0 * (13713658.0 - 13094016.0) / 13094016.0));
    }

    void selectedAreaIsFused()
    {
        // Shift+drag over the middle of one GPU stream: the chosen ops are the ops there, "Fuse These
        // Ops" fuses only neighbours among them, and every fused op stands for chosen ops alone.
        MainWindow window;
        window.show();
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        const sightline::Trace& t = *window.trace();
        // The stream with the most kernels.
        sightline::TrackId stream;
        for (std::uint32_t tr = 0; tr < t.tracks().size(); ++tr) {
            const sightline::TrackInfo& info = t.trackInfo(sightline::TrackId(tr));
            if (sightline::isGpuTrack(info.kind) && (!stream.isValid() || info.opCount > t.trackInfo(stream).opCount))
                stream = sightline::TrackId(tr);
        }
        QVERIFY(stream.isValid());
        const sightline::TrackInfo& info = t.trackInfo(stream);
        const sightline::TimeNs begin = t.start(sightline::OpId(info.firstOp + info.opCount / 3));
        const sightline::TimeNs end = t.start(sightline::OpId(info.firstOp + 2 * info.opCount / 3));
        Q_EMIT window.timeline()->areaSelected({ stream }, begin, end);
        std::vector<sightline::OpId> inArea;
        for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v) {
            if (t.start(sightline::OpId(v)) < end && t.end(sightline::OpId(v)) > begin)
                inArea.push_back(sightline::OpId(v));
        }
        QCOMPARE(window.opActions()->chosen(), sightline::OpSet::of(inArea));
        QVERIFY(window.opActions()->chosen().size() > 10);

        // Rows of the critical path's panel chosen together replace the area; cleared, they leave
        // nothing chosen; the area chosen again is back.
        auto* path = window.findChild<QTableView*>(QStringLiteral("criticalPathTable"));
        QVERIFY(path && path->model()->rowCount() >= 2);
        path->selectionModel()->select(QItemSelection(path->model()->index(0, 0), path->model()->index(1, 0)),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        std::vector<sightline::OpId> rows;
        for (int row = 0; row < 2; ++row)
            rows.push_back(sightline::OpId(path->model()->index(row, 0).data(CriticalPathModel::OpRole).toUInt()));
        QCOMPARE(window.opActions()->chosen(), sightline::OpSet::of(rows));
        QVERIFY(window.opActions()->chosen() != sightline::OpSet::of(inArea));
        path->clearSelection();
        QVERIFY(window.opActions()->chosen().empty());
        Q_EMIT window.timeline()->areaSelected({ stream }, begin, end);
        QCOMPARE(window.opActions()->chosen(), sightline::OpSet::of(inArea));

        QMenu menu;
        window.opActions()->addTo(menu, sightline::OpId()); // over no op: the chosen ops' actions only
        QAction* fuse = nullptr;
        for (QAction* a : menu.actions().first()->menu()->actions()) {
            if (a->text().startsWith(QStringLiteral("Fuse These")))
                fuse = a;
            QVERIFY(!a->text().contains(QStringLiteral("Named")));
        }
        QVERIFY(fuse);
        fuse->trigger();
        QCOMPARE(window.strategy()->steps().size(), std::size_t(1));
        QCOMPARE(std::get<std::string>(window.strategy()->steps()[0].step.params.at("ops")), window.opActions()->chosen().text());
        window.setViewMode(MainWindow::ViewMode::WhatIf);
        QTRY_VERIFY_WITH_TIMEOUT(window.display()->shownWhatIf() != nullptr, 60000);
        const sightline::ExecutionGraph& g = window.display()->shownWhatIf()->whatIfGraph();
        int fused = 0;
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            if (!g.hasFlag(sightline::ItemId(i), sightline::ExecutionGraph::Synthetic))
                continue;
            ++fused;
            for (sightline::OpId op : g.origin(sightline::ItemId(i)))
                QVERIFY(std::find(inArea.begin(), inArea.end(), op) != inArea.end());
        }
        QVERIFY(fused > 0);
        // Kernels outside the area stay as they were.
        std::size_t kernelsLeft = 0;
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            const auto origin = g.origin(sightline::ItemId(i));
            if (!g.hasFlag(sightline::ItemId(i), sightline::ExecutionGraph::Synthetic) && origin.size() == 1
                && t.track(origin.front()) == stream && !window.opActions()->chosen().contains(origin.front()))
                ++kernelsLeft;
        }
        QCOMPARE(kernelsLeft, static_cast<std::size_t>(info.opCount) - inArea.size());

        // In the what-if view, a path row stands for all the measured ops of its item (the first row
        // that is drawn: a wait from the window's start spans the ranks and has no bar).
        int row = 0;
        while (row < path->model()->rowCount() && !sightline::OpId(path->model()->index(row, 0).data(CriticalPathModel::OpRole).toUInt()).isValid())
            ++row;
        QVERIFY(row < path->model()->rowCount());
        path->selectionModel()->select(path->model()->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        const auto shown = sightline::OpId(path->model()->index(row, 0).data(CriticalPathModel::OpRole).toUInt());
        const auto origin = window.display()->shownWhatIf()->measuredOps(shown);
        QCOMPARE(window.opActions()->chosen(), sightline::OpSet::of(std::vector<sightline::OpId>(origin.begin(), origin.end())));
        window.setViewMode(MainWindow::ViewMode::Measured);
        // Another job: nothing of the one before stays chosen.
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/alexnet-k80/alexnet_k80.csv") });
        QTRY_VERIFY_WITH_TIMEOUT(window.windowTitle().contains(QStringLiteral("alexnet")), 60000);
        QVERIFY(window.opActions()->chosen().empty());
    }

    void scenariosSaveAndReopen()
    {
        // A scenario holds the job's files (relative to it), offsets, steps, strategy and budget; it
        // reopens as it was saved, with no unsaved mark. A moved trace file is located or the scenario
        // is not opened; a file from a newer version is refused with a reason.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("work/job.sightline"));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("work"))));
        QString iteration; // the what-if's, as saved
        {
            MainWindow window;
            window.show();
            window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
            QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
            QVERIFY(!window.isWindowModified());
            window.strategy()->addStep(QStringLiteral("speedup"));
            window.strategy()->setParameter(0, QStringLiteral("percent"), 30.0);
            window.strategy()->addStep(QStringLiteral("tensor_fusion"));
            window.strategy()->setEnabled(1, false);
            window.strategy()->setBudgetBytes(8'000'000'000);
            window.setViewMode(MainWindow::ViewMode::Both);
            QVERIFY(window.isWindowModified());
            QTRY_VERIFY_WITH_TIMEOUT(window.comparison()->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"), 60000);
            iteration = window.comparison()->text(ComparisonPanel::IterationRow, 1);
            QString error;
            QVERIFY2(window.scenarios()->saveTo(path, error), qPrintable(error));
            QVERIFY(!window.isWindowModified());
            QVERIFY(window.windowTitle().contains(QStringLiteral("job.sightline")));
        }
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const QByteArray text = saved.readAll();
        QVERIFY(text.contains("\"version\": 1"));
        QVERIFY(text.contains("../")); // the traces by relative path
        QVERIFY(text.contains("\"enabled\": false"));
        QVERIFY(text.contains("offsets_ns"));
        QVERIFY(text.contains("\"view\": \"both\""));
        {
            MainWindow window;
            window.show();
            window.openFiles({ path });
            QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
            QCOMPARE(window.scenarios()->path(), QFileInfo(path).absoluteFilePath());
            QCOMPARE(window.viewMode(), MainWindow::ViewMode::Both);
            const auto& steps = window.strategy()->steps();
            QCOMPARE(steps.size(), std::size_t(2));
            QCOMPARE(steps[0].step.pass, std::string("speedup"));
            QCOMPARE(std::get<double>(steps[0].step.params.at("percent")), 30.0);
            QVERIFY(!steps[1].enabled);
            QCOMPARE(window.strategy()->budgetBytes(), std::int64_t(8'000'000'000));
            QVERIFY(!window.isWindowModified());
            QVERIFY(!window.strategy()->undoStack()->canUndo());
            QTRY_VERIFY_WITH_TIMEOUT(window.comparison()->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"), 60000);
            // The same strategy on the same job with the same offsets: the same iteration time.
            QCOMPARE(window.comparison()->text(ComparisonPanel::IterationRow, 1), iteration);
            QVERIFY(QSettings().value(QStringLiteral("recentJobs")).toStringList().first().endsWith(QStringLiteral("job.sightline")));
        }
        // The job's folder moved away: the window asks where it is.
        QString moved = QString::fromUtf8(text);
        moved.replace(QStringLiteral("ddp-2rank"), QStringLiteral("ddp-2rank-gone"));
        const QString movedPath = writeFile(dir, QStringLiteral("moved.sightline"), moved.toUtf8());
        QVERIFY(!movedPath.isEmpty());
        {
            MainWindow window;
            QStringList asked;
            window.scenarios()->setLocateFile([&](const QString& missing, const QString&) {
                asked << missing;
                return QString();
            });
            window.openFiles({ movedPath });
            QTest::qWait(200);
            QCOMPARE(asked.size(), 1);
            QVERIFY(asked.first().endsWith(QStringLiteral("ddp-2rank-gone")));
            QVERIFY(window.analysis() == nullptr);
            window.scenarios()->setLocateFile([](const QString&, const QString&) {
                return QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank");
            });
            window.openFiles({ movedPath });
            QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
            QCOMPARE(window.strategy()->steps().size(), std::size_t(2));
        }
        // A newer format is refused, naming the file.
        const QString newer = writeFile(dir, QStringLiteral("newer.sightline"), R"({"version": 99, "traces": ["x.json"]})");
        MainWindow window;
        MessageCatcher catcher;
        window.openFiles({ newer });
        QTRY_VERIFY_WITH_TIMEOUT(!catcher.shown().isEmpty(), 10000);
        QVERIFY(catcher.shown().contains(QStringLiteral("newer.sightline")) && catcher.shown().contains(QStringLiteral("newer Sightline")));
        // So is a view the window does not have.
        const QString sideways = writeFile(dir, QStringLiteral("sideways.sightline"), R"({"version": 1, "traces": ["x.json"], "view": "sideways"})");
        window.openFiles({ sideways });
        QTRY_VERIFY_WITH_TIMEOUT(catcher.shown().contains(QStringLiteral("sideways.sightline")), 10000);
        QVERIFY2(catcher.shown().contains(QStringLiteral("\"view\" wants one of measured, replayed, whatif, both")), qPrintable(catcher.shown()));
    }

    void firstExampleShowsAWhatIf()
    {
        // The example the newcomer's command opens: the project's GPU DDP pair with 1 MB buckets, in
        // the Both view, compared in the What-if dock.
        MainWindow window;
        window.show();
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-gpu/bucket1mb.sightline") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        QCOMPARE(window.viewMode(), MainWindow::ViewMode::Both);
        QCOMPARE(window.trace()->ranks().size(), std::size_t(2));
        // Its load warnings are listed in the Ranks dock, one row each, the file in the row's tooltip.
        auto* warnings = window.findChild<QListWidget*>(QStringLiteral("loadWarnings"));
        QVERIFY(warnings && !warnings->isHidden());
        QCOMPARE(static_cast<std::size_t>(warnings->count()), window.trace()->diagnostics().size());
        QVERIFY(warnings->count() > 0);
        QVERIFY(warnings->item(0)->text().startsWith(QStringLiteral("rank")));
        QVERIFY(warnings->item(0)->toolTip().endsWith(QStringLiteral(".json.gz")));
        QCOMPARE(window.strategy()->steps().size(), std::size_t(1));
        QCOMPARE(window.strategy()->steps()[0].step.pass, std::string("tensor_fusion"));
        QTRY_VERIFY_WITH_TIMEOUT(window.display()->shownWhatIf() != nullptr, 60000);
        QVERIFY(window.comparison()->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"));
        QVERIFY(!window.comparison()->visibleRegion().isEmpty()); // its tab in front
        QVERIFY(!window.isWindowModified());
    }

    void failedStrategyKeepsTheLastWhatIfStale()
    {
        // A step that cannot run shows a banner over the Gantt with the step's own reason (not "does not
        // fit this trace"); the last what-if stays drawn and compared, marked stale, and cannot be
        // exported; a run that succeeds again takes the banner and the mark away.
        MainWindow window;
        window.show();
        window.setViewMode(MainWindow::ViewMode::WhatIf);
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        StrategyModel* model = window.strategy();
        ComparisonPanel* comparison = window.comparison();
        auto* banner = window.findChild<MessageBanner*>(QStringLiteral("messageBanner"));
        QVERIFY(banner && banner->isHidden());
        model->addStep(QStringLiteral("speedup"), { { "percent", 10.0 } });
        QTRY_VERIFY_WITH_TIMEOUT(window.display()->shownWhatIf() != nullptr, 60000);
        const auto drawn = window.display()->shownWhatIf();
        const QString iteration = comparison->text(ComparisonPanel::IterationRow, 1);
        QVERIFY(iteration != QStringLiteral("–"));
        model->addStep(QStringLiteral("recompute"), { { "layers", std::string("no_such_layer") } });
        QTRY_VERIFY_WITH_TIMEOUT(!banner->isHidden(), 60000);
        QVERIFY2(banner->text().contains(QStringLiteral("The strategy cannot run. step 2 (recompute): no layer")), qPrintable(banner->text()));
        QVERIFY(!banner->text().contains(QStringLiteral("does not fit")));
        QVERIFY(banner->text().contains(QStringLiteral("stale")));
        QVERIFY(banner->text().contains(QStringLiteral("the Gantt and the What-if dock show")));
        // The banner speaks of the view shown: the Measured view draws no what-if, stale or not.
        window.setViewMode(MainWindow::ViewMode::Measured);
        QVERIFY2(banner->text().contains(QStringLiteral("the What-if dock shows the last what-if that ran, now stale")), qPrintable(banner->text()));
        QVERIFY(!banner->text().contains(QStringLiteral("Gantt")));
        window.setViewMode(MainWindow::ViewMode::WhatIf);
        QVERIFY(banner->text().contains(QStringLiteral("the Gantt and the What-if dock show")));
        QVERIFY(comparison->isStale());
        QCOMPARE(comparison->text(ComparisonPanel::IterationRow, 1), iteration);
        QTRY_COMPARE_WITH_TIMEOUT(window.display()->shownWhatIf(), drawn, 60000);
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("jobStatus"))->text().contains(QStringLiteral("what-if failed")));
        QString error;
        QVERIFY(window.exports()->exportStrategyPreview(error).isEmpty() && !error.isEmpty());
        // The banner's close button hides it; the dock stays marked.
        banner->findChild<QToolButton*>()->click();
        QVERIFY(banner->isHidden());
        QVERIFY(comparison->isStale());
        // Dismissed, it stays so when the view changes.
        window.setViewMode(MainWindow::ViewMode::Both);
        QVERIFY(banner->isHidden());
        window.setViewMode(MainWindow::ViewMode::WhatIf);
        model->undoStack()->undo();
        QTRY_VERIFY_WITH_TIMEOUT(!comparison->isStale(), 60000);
        QVERIFY(banner->isHidden());
        QCOMPARE(comparison->text(ComparisonPanel::IterationRow, 1), iteration);
        // A failure with nothing run before says the Gantt shows the job without the strategy.
        model->undoStack()->undo();
        QTRY_VERIFY_WITH_TIMEOUT(window.display()->shownWhatIf() == nullptr, 60000);
        model->addStep(QStringLiteral("recompute"), { { "layers", std::string("no_such_layer") } });
        QTRY_VERIFY_WITH_TIMEOUT(!banner->isHidden(), 60000);
        QVERIFY(banner->text().contains(QStringLiteral("without it")));
        QVERIFY(!comparison->isStale());
        QCOMPARE(comparison->text(ComparisonPanel::IterationRow, 1), QStringLiteral("–"));
    }

    void pendingStepsWaitWithoutWipingTheOthers()
    {
        // A step added in the window gets what the job suggests for its required parameters; one
        // without them (from a scenario) is pending: listed, not run, while the others' what-if stands.
        MainWindow window;
        window.show();
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        StrategyModel* model = window.strategy();
        ComparisonPanel* comparison = window.comparison();
        model->addStep(QStringLiteral("worker_count"));
        QCOMPARE(std::get<double>(model->steps()[0].step.params.at("workers")), 2.0); // the job's ranks
        model->addStep(QStringLiteral("speedup"));
        QCOMPARE(std::get<double>(model->steps()[1].step.params.at("percent")), 20.0);
        model->addStep(QStringLiteral("straggler"));
        QVERIFY(model->steps()[2].step.params.contains("rank"));
        model->addStep(QStringLiteral("batch_size"));
        QCOMPARE(std::get<double>(model->steps()[3].step.params.at("samples")), 64.0); // the conv2d's input shape
        QVERIFY(model->pendingSteps().empty());
        QTRY_VERIFY_WITH_TIMEOUT(comparison->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"), 60000);
        // As a scenario may bring it: a faster job, then a worker count with no count.
        StrategyModel::State state;
        state.steps = { { { "speedup", { { "percent", 30.0 } } }, true }, { { "worker_count", {} }, true } };
        model->reset(state);
        QCOMPARE(model->pendingSteps(), std::vector<int> { 1 });
        QCOMPARE(model->strategy().steps.size(), std::size_t(1));
        QVERIFY(model->index(1).data().toString().contains(QStringLiteral("pending: give workers")));
        auto* outcome = window.findChild<QLabel*>(QStringLiteral("whatIfOutcome"));
        QTRY_VERIFY_WITH_TIMEOUT(outcome->text().contains(QStringLiteral("Step 2 (worker_count) is pending, not run: give workers.")), 60000);
        QVERIFY(outcome->text().startsWith(QStringLiteral("Iteration "))); // the speed-up's what-if stands
        QVERIFY(comparison->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"));
        QVERIFY(window.findChild<MessageBanner*>()->isHidden());
        // Its editor is open; a value given runs it.
        auto* panel = window.findChild<StrategyPanel*>();
        panel->setCurrentStep(1);
        auto* workers = panel->findChild<QSpinBox*>(QStringLiteral("param_workers"));
        QVERIFY(workers && workers->isEnabled());
        workers->setValue(4);
        QVERIFY(model->pendingSteps().empty());
        QTRY_VERIFY_WITH_TIMEOUT(!outcome->text().contains(QStringLiteral("pending")) && outcome->text().startsWith(QStringLiteral("Iteration ")), 60000);
    }

    void stepsOnReplacedOpsAreNotOffered()
    {
        // Once every kernel is fused, a step aimed at a kernel's name would find nothing: the menu
        // still lists it, disabled, and says what replaced the kernel. Before the fusion it is offered.
        MainWindow window;
        window.show();
        window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        const sightline::Trace& t = *window.trace();
        sightline::OpId kernel;
        for (std::uint32_t v = 0; v < t.opCount() && !kernel.isValid(); ++v) {
            if (t.kind(sightline::OpId(v)) == sightline::OpKind::ComputeKernel)
                kernel = sightline::OpId(v);
        }
        QVERIFY(kernel.isValid());
        auto faster = [&] {
            QMenu menu;
            window.opActions()->addTo(menu, kernel);
            QMenu* whatIf = menu.actions().first()->menu();
            return std::make_pair(whatIf->actions().first()->isEnabled(), whatIf->actions().first()->text());
        };
        QVERIFY(faster().first);
        window.strategy()->addStep(QStringLiteral("op_fusion"), { { "match", std::string("*") }, { "kernels", std::string("all") } });
        QTRY_VERIFY_WITH_TIMEOUT(window.comparison()->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"), 60000);
        const auto [enabled, text] = faster();
        QVERIFY(!enabled);
        QVERIFY2(text.contains(QStringLiteral("replaced by")), qPrintable(text));
    }

    void selfChecksStandBesideTheHeadline()
    {
        // Two ranks whose clocks are years apart and that no collective ties: the pipeline's own checks
        // say the critical path crosses the gap. The warning stands right under the outcome's headline
        // and beside the what-if in the status bar, not among the notes after it.
        QTemporaryDir dir;
        QVERIFY(writeRanksApart(dir));
        MainWindow window;
        window.show();
        window.openFiles({ dir.path() });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        auto* status = window.findChild<QLabel*>(QStringLiteral("jobStatus"));
        QVERIFY2(status->text().contains(QStringLiteral("per step replayed")) && status->text().endsWith(QStringLiteral("over 1 step")),
            qPrintable(status->text()));
        window.strategy()->addStep(QStringLiteral("speedup"), { { "percent", 10.0 } });
        QTRY_VERIFY_WITH_TIMEOUT(window.comparison()->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"), 60000);
        QVERIFY2(status->text().contains(QStringLiteral("⚠ 2 self-check warnings")), qPrintable(status->text()));
        QVERIFY(status->toolTip().contains(QStringLiteral("what-if: rank 1's steps begin")));
        const QStringList lines = window.findChild<QLabel*>(QStringLiteral("whatIfOutcome"))->text().split(u'\n');
        QVERIFY(lines.size() >= 3);
        QVERIFY2(lines[0].startsWith(QStringLiteral("Iteration ")), qPrintable(lines[0]));
        QVERIFY2(lines[1].startsWith(QStringLiteral("⚠ Self-check: baseline: rank 1's steps begin")), qPrintable(lines[1]));
        QVERIFY(lines[2].startsWith(QStringLiteral("⚠ Self-check: what-if: ")));
    }

    // A trace that marks no steps replays as its window: the status bar, the message that the replay is
    // done and the what-if's outcome say so, and none of them speaks of a step.
    void steplessTraceSpeaksOfItsWindow()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("window.json"), QByteArrayLiteral(R"({"traceEvents": [
            {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 1000, "dur": 80},
            {"ph": "X", "cat": "cpu_op", "name": "aten::add", "pid": 1, "tid": 1, "ts": 1100, "dur": 40}]})"));
        QVERIFY(!path.isEmpty());
        MainWindow window;
        window.show();
        window.openFiles({ path });
        QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
        auto* status = window.findChild<QLabel*>(QStringLiteral("jobStatus"));
        QVERIFY2(status->text().contains(QStringLiteral("the trace marks no steps: its window replays in "))
                && status->text().endsWith(QStringLiteral("over the window"))
                && !status->text().contains(QStringLiteral("step replayed")),
            qPrintable(status->text()));
        QVERIFY2(
            window.statusBar()->currentMessage().contains(QStringLiteral("over the window (the trace marks no steps)")),
            qPrintable(window.statusBar()->currentMessage()));
        window.strategy()->addStep(QStringLiteral("speedup"), { { "percent", 50.0 } });
        QTRY_VERIFY_WITH_TIMEOUT(
            window.comparison()->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(QStringLiteral("what-if window ")), 60000);
        QVERIFY2(!status->text().contains(QStringLiteral("per step")), qPrintable(status->text()));
        const QString outcome = window.findChild<QLabel*>(QStringLiteral("whatIfOutcome"))->text();
        QVERIFY2(outcome.startsWith(QStringLiteral("The window replays in "))
                && outcome.contains(QStringLiteral("the trace marks no steps")),
            qPrintable(outcome));
    }

    void selfChecksAreFoundInEveryLanguage()
    {
        // Core says which warnings are its self-checks, not their English words: in German they stand
        // beside the headline too, translated.
        QTemporaryDir dir;
        QVERIFY(writeRanksApart(dir));
        QTranslator german;
        QVERIFY(german.load(QLocale(QLocale::German), QStringLiteral("sightline"), QStringLiteral("_"), QStringLiteral(":/i18n")));
        QApplication::installTranslator(&german);
        {
            MainWindow window;
            window.show();
            window.openFiles({ dir.path() });
            QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
            window.strategy()->addStep(QStringLiteral("speedup"), { { "percent", 10.0 } });
            QTRY_VERIFY_WITH_TIMEOUT(window.comparison()->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"), 60000);
            auto* status = window.findChild<QLabel*>(QStringLiteral("jobStatus"));
            QVERIFY2(status->text().contains(QStringLiteral("⚠ 2 Warnungen der Selbstprüfung")), qPrintable(status->text()));
            const QStringList lines = window.findChild<QLabel*>(QStringLiteral("whatIfOutcome"))->text().split(u'\n');
            QVERIFY(lines.size() >= 3);
            QVERIFY2(lines[1].startsWith(QStringLiteral("⚠ Selbstprüfung: Ausgangslage: Die Schritte von Rank 1 beginnen")), qPrintable(lines[1]));
            QVERIFY2(lines[2].startsWith(QStringLiteral("⚠ Selbstprüfung: Was-wäre-wenn: ")), qPrintable(lines[2]));
        }
        QApplication::removeTranslator(&german);
    }

    void shortcutSheetListsTheKeys()
    {
        // ? and Help > Keyboard Shortcuts open a sheet made from the menus' actions and the Gantt's keys.
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QAction* keys = window.findChild<QAction*>(QStringLiteral("showShortcuts"));
        QVERIFY(keys);
        QCOMPARE(keys->shortcut(), QKeySequence(QStringLiteral("?")));
        QVERIFY(!window.findChild<ShortcutSheet*>());
        QTest::keySequence(&window, QKeySequence(QStringLiteral("?")));
        auto* sheet = window.findChild<ShortcutSheet*>(QStringLiteral("shortcutSheet"));
        QVERIFY(sheet);
        QTRY_VERIFY(sheet->isVisible());
        const QString text = sheet->text();
        for (const QString& line : { QStringLiteral("Ctrl+O\tOpen Files"), QStringLiteral("Ctrl+Shift+Z\tRedo"), QStringLiteral("Ctrl+Y\tRedo"),
                 QStringLiteral("Ctrl+K\tCritical Path"), QStringLiteral("?\tKeyboard Shortcuts"), QStringLiteral("W / S, wheel\t"),
                 QStringLiteral("Ctrl+wheel\t"), QStringLiteral("/\tFind an op by name") })
            QVERIFY2(text.contains(line), qPrintable(line + QStringLiteral(" in\n") + text));
        QVERIFY(text.startsWith(QStringLiteral("File\n")));
        QVERIFY(text.contains(QStringLiteral("\nGantt\n")));
        // The menu's action shows the same sheet again.
        sheet->close();
        keys->trigger();
        QVERIFY(sheet->isVisible());
        QCOMPARE(sheet->text(), text);
    }

    void laterRequestWins();
    void badFileDuringLoadKeepsOpenJob();
    void badScenarioKeepsOpenJob();
};

void TestMainWindow::laterRequestWins()
{
    // Two jobs opened one right after the other: the first is still loading when the second comes, so
    // it gives way, and the second is the one shown; nothing is dropped and no error appears.
    MainWindow window;
    window.show();
    const QString first = QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank");
    const QString second = QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/alexnet-k80/alexnet_k80.csv");
    window.openFiles({ first });
    window.openFiles({ second });
    QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
    QVERIFY(window.trace());
    QCOMPARE(window.trace()->format(), std::string("layerwise"));
    QVERIFY(window.analysis()->status.ok());
    QVERIFY(window.windowTitle().contains(QStringLiteral("alexnet_k80")));
    // The superseded job never reaches the window, even later.
    QTest::qWait(200);
    QCOMPARE(window.trace()->format(), std::string("layerwise"));
}

void TestMainWindow::badFileDuringLoadKeepsOpenJob()
{
    // A job is open; another is requested and, while it loads, a broken file: the broken file's error
    // is shown, the job in between never appears, and the job that was open stays, whole.
    MainWindow window;
    window.show();
    window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/alexnet-k80/alexnet_k80.csv") });
    QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
    const auto open = window.trace();
    const auto openAnalysis = window.analysis();

    QTemporaryDir dir;
    const QString bad = writeFile(dir, QStringLiteral("truncated.json"),
        "{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2},");
    QVERIFY(!bad.isEmpty());
    MessageCatcher catcher;
    window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
    window.openFiles({ bad });
    QTRY_VERIFY_WITH_TIMEOUT(!catcher.shown().isEmpty(), 60000);
    QVERIFY(catcher.shown().contains(QStringLiteral("truncated.json")));
    QTest::qWait(200);
    QCOMPARE(window.trace(), open);
    QCOMPARE(window.analysis(), openAnalysis);
    QCOMPARE(window.timeline()->trace(), open);
    QVERIFY(window.windowTitle().contains(QStringLiteral("alexnet_k80")));
}

void TestMainWindow::badScenarioKeepsOpenJob()
{
    // A job with a strategy is open; a scenario whose trace is missing (and not located), then one whose
    // trace is corrupt: each fails, the second with its file named, and the open job, its strategy and
    // what-if stay as they were.
    MainWindow window;
    window.show();
    window.openFiles({ QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") });
    QTRY_VERIFY_WITH_TIMEOUT(window.analysis() != nullptr, 60000);
    window.strategy()->addStep(QStringLiteral("speedup"), { { "percent", 25.0 } });
    QTRY_VERIFY_WITH_TIMEOUT(window.comparison()->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–"), 60000);
    const auto open = window.trace();
    const auto openAnalysis = window.analysis();
    const QString iteration = window.comparison()->text(ComparisonPanel::IterationRow, 1);
    const QString title = window.windowTitle();

    QTemporaryDir dir;
    const QString missing = writeFile(dir, QStringLiteral("missing.sightline"),
        R"({"version": 1, "traces": ["nowhere/rank0.json"], "strategy": [{"pass": "recompute"}]})");
    QStringList asked;
    window.scenarios()->setLocateFile([&](const QString& file, const QString&) {
        asked << file;
        return QString();
    });
    window.openFiles({ missing });
    QTRY_COMPARE_WITH_TIMEOUT(asked.size(), 1, 10000);
    QTest::qWait(200);
    QCOMPARE(window.trace(), open);

    const QString corrupt = writeFile(dir, QStringLiteral("rank0.json"), "{\"traceEvents\": [{\"ph\": \"X\", \"name\": ");
    QVERIFY(!corrupt.isEmpty());
    const QString scenario = writeFile(dir, QStringLiteral("corrupt.sightline"),
        R"({"version": 1, "traces": ["rank0.json"], "strategy": [{"pass": "recompute"}]})");
    MessageCatcher catcher;
    window.openFiles({ scenario });
    QTRY_VERIFY_WITH_TIMEOUT(!catcher.shown().isEmpty(), 60000);
    QVERIFY2(catcher.shown().contains(QStringLiteral("rank0.json")), qPrintable(catcher.shown()));
    QTest::qWait(200);
    QCOMPARE(window.trace(), open);
    QCOMPARE(window.analysis(), openAnalysis);
    QCOMPARE(window.strategy()->steps().size(), std::size_t(1));
    QCOMPARE(window.strategy()->steps()[0].step.pass, std::string("speedup"));
    QCOMPARE(window.comparison()->text(ComparisonPanel::IterationRow, 1), iteration);
    QCOMPARE(window.windowTitle(), title);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
