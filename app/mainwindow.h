#pragma once

#include "scenario.h"
#include "whatifview.h"

#include "widgets/panels/opdetailspanel.h"

#include "widgets/timeline/tracktree.h"

#include "core/base/ids.h"
#include "core/session/jobsession.h"
#include "core/strategy/frameworkconfig.h"
#include "core/strategy/opset.h"
#include "core/strategy/passparameter.h"

#include <QElapsedTimer>
#include <QList>
#include <QMainWindow>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

class QAbstractItemModel;
class QAction;
class QDockWidget;
class QLabel;
class QListWidget;
class QMenu;
class QProgressDialog;
class QTableView;
class QTimer;
class QToolBar;
class AggregateModel;
class CriticalPathModel;
class ExportController;
class OpActions;
class ScenarioController;
class WhatIfDisplay;
class RecentJobs;
class MessageBanner;
class ShortcutSheet;
class TrackTreePanel;
class OpSearchBar;
class RankListModel;
class RankSummaryModel;
class TimelineLegend;
class TimelineView;
class TraceLoadJob;
class ComparisonPanel;
class StrategyModel;
class StrategyPanel;
class OptimizePanel;
class SearchRunner;
class WhatIfRunner;
struct WhatIfOutcome;
struct JobAnalysis;

namespace sightline {
class Status;
class Trace;
struct ReplayResult;
}

// The main window: opens a job (dialog, drag-and-drop, command line, recent files), loads and analyses
// it off the GUI thread behind a cancellable progress dialog, shows it in the Gantt with its critical
// path, and lists its ranks in a dock. A job opened while another loads replaces that one; the job
// shown changes only when the new one is ready, so a failed load shows a dialog and keeps it.
// The first run fills most of the screen with the Gantt in the middle and the docks tabbed at the
// sides (View > Reset Layout restores it); a toolbar holds the common actions and the status bar says
// what is loaded, how long it took and the iteration time. Window state and recent files persist in
// QSettings. For scripts and tests it can save a screenshot
// of the loaded job and quit.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Trace files or folders of one job, or one scenario file (*.sightline).
    void openFiles(const QStringList& files);
    // Opening and saving scenarios, and the scenario of the job shown.
    ScenarioController* scenarios() const { return m_scenarios; }
    // The what-if actions of the Gantt's context menu and the panels' rows, and the ops chosen for
    // them; each adds a strategy step and raises the Strategy dock.
    OpActions* opActions() const { return m_opActions; }
    // Replaces the strategy being edited (--strategy), every step switched on; not an undoable edit.
    void setStrategy(const sightline::Strategy& strategy);
    const std::shared_ptr<const sightline::Trace>& trace() const;
    const std::shared_ptr<const JobAnalysis>& analysis() const { return m_analysis; }
    TimelineView* timeline() const { return m_timeline; }
    TrackTreePanel* tracks() const { return m_tracks; }
    StrategyModel* strategy() const { return m_strategy; }
    ComparisonPanel* comparison() const { return m_comparison; }
    void setCriticalPathShown(bool shown);
    // What the Gantt shows: the measured times, the replayed ones, the what-if of the strategy (drawn as
    // a job of its own), or both: with a strategy switched on, each track's what-if rows under its
    // baseline rows; without, the replayed times as a ghost row under each track's measured rows.
    // The critical path, its panel, the counters, the details and search follow the job shown.
    enum class ViewMode { Measured, Replayed, WhatIf, Both };
    // The modes by the names --view and scenarios use (Scenario::viewNames(), in ViewMode's order).
    static std::optional<ViewMode> viewModeNamed(const QString& name);
    static QString viewModeName(ViewMode mode);
    void setViewMode(ViewMode mode);
    ViewMode viewMode() const { return m_viewMode; }
    // What the Gantt and the panels show of the strategy's what-if, and the outcome they show.
    WhatIfDisplay* display() const { return m_display; }
    OptimizePanel* optimizePanel() const { return m_optimize; }
    SearchRunner* searchRunner() const { return m_searchRunner; }
    // What a screenshot shows: the Gantt alone at 1600×1000 (docks and toolbars hidden), or the whole
    // window as it is laid out on its screen.
    enum class Capture { Gantt, Window };
    // After the next job is analysed (and the strategy's what-if has run): save the capture to path and
    // quit with status 0 (1 when loading, the strategy or saving fails).
    void screenshotWhenReady(const QString& path, Capture capture = Capture::Gantt);
    // File > Export View, Export Replayed Timeline and Export Strategy.
    ExportController* exports() const { return m_exports; }
    // The first run's layout (View > Reset Layout): the docks at the sides, tabbed, the toolbars at
    // the top, and the Gantt in the middle with most of the window.
    void resetLayout();

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    // The status bar's line on the job keeps at most 3/5 of the width: its messages get the rest.
    void resizeEvent(QResizeEvent* event) override;

private:
    // The critical path's length and what it spans (the steps replayed, or the window of a trace
    // without steps): for the status bar's line, or the message that the replay is done.
    QString criticalPathText(const sightline::ReplayResult& replay, bool justReplayed) const;
    // A table of a model: sorted through a proxy by sortRole when that is >= 0.
    struct TableSpec {
        QString name;
        int sortRole = -1;
        int sortColumn = 0;
        Qt::SortOrder order = Qt::AscendingOrder;
        int stretchColumn = -1;
        bool selectRows = false;
    };
    QTableView* makeTable(QAbstractItemModel* model, const TableSpec& spec, QWidget* parent);
    QDockWidget* addDock(const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area);
    // The Optimize dock: the search, the frontier and the scaling curve of the job shown.
    QDockWidget* createOptimizeDock();
    // The Strategy dock's steps that set the scenario a search keeps (network, straggler, and the worker
    // count where the search does not choose the device count itself).
    sightline::Strategy searchPrefix(bool withWorkerCount) const;
    // Device counts around the job's own (powers of two from a quarter of it to four times, and its own).
    std::vector<int> deviceCountsAround() const;
    void createActions();
    void loadJob(const QStringList& files, const sightline::SessionOptions& options);
    // What saving a scenario writes: the job shown, its alignment and steps, the strategy and the view.
    std::optional<Scenario> currentScenario() const;
    QRect firstRunGeometry() const;
    // Resizes and moves a restored window that no longer fits its screen onto it.
    void fitToScreen();
    void openFilesDialog();
    void openFolderDialog();
    void showAbout();
    // The keyboard and mouse sheet (? and Help > Keyboard Shortcuts), made from the menus as they are.
    void showShortcuts();
    void onLoaded(const QStringList& files);
    void onFailed(const sightline::Status& status, const QStringList& files);
    void onAnalysed(std::shared_ptr<const sightline::Trace> trace, std::shared_ptr<const JobAnalysis> analysis, const QStringList& files);
    void showJobSummary(const sightline::Trace& trace);
    // The status bar's line on the job shown: its size, how long its load and analysis took, and its
    // iteration time.
    void showJobStatus();
    // Runs the strategy as edited on the job shown, in the background; pending steps are left out.
    void runWhatIf();
    // Values for a pass's required parameters when a step is added (StrategyModel::setDefaults): 20 %
    // faster, 2 micro-batches, the job's rank count for workers, its slowest rank as the straggler.
    std::map<std::string, sightline::ParameterValue> stepDefaults(const std::string& pass) const;
    // The outcome's line on the pending steps: which, and what each waits for; empty for none.
    QString pendingNote() const;
    // Shows the view mode asked for: the measured job, or the what-if once the runner has drawn it.
    void applyView();
    std::optional<WhatIfView::Layers> wantedLayers() const;
    // Takes the screenshot asked for once the view it wants is on screen.
    void screenshotIfReady();
    void takeScreenshot();
    // In a headless run (--screenshot): prints message on stderr, ends the run with status 1 and returns
    // true; no dialog ever waits for a click there. Otherwise false, and the caller asks or warns.
    bool failHeadless(const QString& message);
    void showDependencies(sightline::OpId op);
    // Selects an op of the job shown and zooms the Gantt to it (search, details links, the
    // critical-path panel).
    void goToOp(sightline::OpId op);
    // The same for an op of the measured job (the comparison panel): in a what-if, the op standing for it.
    void goToMeasuredOp(sightline::OpId op);
    void updateProgress();
    void closeProgress();
    void updateTitle();

    RankListModel* m_model = nullptr;
    TimelineView* m_timeline = nullptr;
    QDockWidget* m_ranksDock = nullptr;
    // Tracks, ranks, summary, details, critical path, selection.
    QList<QDockWidget*> m_docks;
    QDockWidget* m_strategyDock = nullptr;
    QToolBar* m_mainBar = nullptr;
    QToolBar* m_searchBar = nullptr;
    StrategyModel* m_strategy = nullptr;
    StrategyPanel* m_strategyPanel = nullptr;
    ComparisonPanel* m_comparison = nullptr;
    WhatIfRunner* m_whatIf = nullptr;
    // The strategy search of the Optimize dock, run off the GUI thread.
    OptimizePanel* m_optimize = nullptr;
    SearchRunner* m_searchRunner = nullptr;
    QLabel* m_jobStatus = nullptr; // what is loaded, how long it took, the iteration
    QLabel* m_runningStatus = nullptr; // shown while a what-if runs
    bool m_defaultLayoutPending = false;
    QElapsedTimer m_clock; // since the job shown or loading was opened
    qint64 m_loadMs = 0; // its load, in ms
    qint64 m_loadingMs = 0; // the load of the job being analysed, in ms
    qint64 m_analysedMs = 0; // its graph and replay after the load, in ms
    OpDetailsPanel* m_details = nullptr;
    TrackTreePanel* m_tracks = nullptr;
    OpSearchBar* m_search = nullptr;
    AggregateModel* m_aggregates = nullptr;
    RankSummaryModel* m_summary = nullptr;
    CriticalPathModel* m_pathModel = nullptr;
    QAction* m_criticalAction = nullptr;
    QList<QAction*> m_scenarioActions; // save, save as
    ScenarioController* m_scenarios = nullptr;
    sightline::SessionOptions m_loadingOptions; // of the job loading
    sightline::SessionOptions m_sessionOptions; // of the job shown
    OpActions* m_opActions = nullptr;
    WhatIfDisplay* m_display = nullptr;
    QList<QAction*> m_viewActions;
    ViewMode m_viewMode = ViewMode::Measured;
    bool m_screenshotPending = false;
    std::shared_ptr<const JobAnalysis> m_analysis;
    QString m_screenshotPath;
    Capture m_screenshotCapture = Capture::Gantt;
    ExportController* m_exports = nullptr;
    TimelineLegend* m_legend = nullptr; // under the Gantt: what its colours and marks mean
    ShortcutSheet* m_shortcutSheet = nullptr; // made when first shown
    QTableView* m_view = nullptr;
    QLabel* m_summaryLabel = nullptr;
    QListWidget* m_loadWarnings = nullptr; // the importers' warnings on the job shown
    TraceLoadJob* m_job = nullptr;
    QProgressDialog* m_progress = nullptr;
    QTimer* m_progressTimer = nullptr;
    RecentJobs* m_recent = nullptr;
    QStringList m_files;
};
