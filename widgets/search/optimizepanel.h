#pragma once

#include "core/search/frontiertracker.h"
#include "core/search/scalingcurve.h"
#include "core/search/searchresult.h"

#include <QWidget>

class FrontierPlot;
class OpportunityModel;
class QComboBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;
class ScalingPlot;
class StrategyModel;

// The Optimize dock: the strategy search for the job shown. Its objective (the shortest iteration
// within the budget, or the fewest devices that fit), the memory budget (the strategy's, which the
// Strategy dock edits too: one budget for the what-if and the search), Run and Cancel, the search's
// progress (the what-ifs of its current batch replayed); then, on its tabs, the search's trajectory (the iteration
// after each round), the strategy it found with the ranked opportunities and a button that loads the strategy into the
// Strategy dock; the time–memory frontier, whose points load on a click; and the scaling curve. The panel runs nothing
// itself: it asks (the *Requested signals) and shows what it is given.
class OptimizePanel : public QWidget {
    Q_OBJECT
public:
    enum class Objective { Time, Devices };
    enum class ScalingMode { Sync, AsyncPs };

    explicit OptimizePanel(StrategyModel* strategy, QWidget* parent = nullptr);

    // A new job (or none): every figure shown was another job's, and goes.
    void setJobLoaded(bool loaded);
    void setRunning(bool running);
    // The search's tab only, as a search starts.
    void clearSearch();
    void addRound(const sightline::SearchRound& round);
    // done of total what-ifs of the batch under way.
    void setProgress(qint64 done, qint64 total);
    void setResult(const sightline::SearchResult& result);
    void setFrontier(const sightline::Frontier& frontier, std::int64_t budgetBytes);
    void setCurve(const sightline::ScalingCurve& curve);
    void setFailure(const QString& why);

    Objective objective() const;
    // Whether other device counts share the measured global batch (strong scaling) or each device
    // keeps its batch (weak): for the frontier and the fewest devices (strong by default), and for
    // synchronous scaling (weak by default; the parameter server's workers keep their batch).
    bool frontierGlobalBatch() const;
    bool scalingGlobalBatch() const;
    QComboBox* frontierBatchBox() const { return m_frontierBatch; }
    QComboBox* scalingBatchBox() const { return m_scalingBatch; }
    OpportunityModel* opportunities() const { return m_opportunities; }
    FrontierPlot* frontierPlot() const { return m_frontier; }
    ScalingPlot* scalingPlot() const { return m_scaling; }
    QCustomPlot* trajectoryPlot() const { return m_trajectory; }
    QPushButton* loadButton() const { return m_load; }
    QPushButton* runButton() const { return m_run; }
    QProgressBar* progressBar() const { return m_progress; }
    QTabWidget* tabs() const { return m_tabs; }
    QString statusText() const;

Q_SIGNALS:
    void optimizeRequested(Objective objective);
    void frontierRequested();
    void scaleRequested(ScalingMode mode);
    void cancelRequested();
    // A strategy to load into the Strategy dock, with the undo step's name.
    void strategyChosen(const sightline::Strategy& strategy, const QString& text);

private:
    QWidget* searchTab();
    QWidget* frontierTab();
    QWidget* scalingTab();
    // What-if warnings are long: label's tooltip says them in full, and the line returned counts them
    // (empty when there are none).
    static QString warningsLine(const std::vector<sightline::Message>& warnings, QLabel* label);

    QComboBox* m_objective = nullptr;
    QComboBox* m_frontierBatch = nullptr;
    QComboBox* m_scalingBatch = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QTabWidget* m_tabs = nullptr;
    QCustomPlot* m_trajectory = nullptr;
    QLabel* m_result = nullptr;
    QPushButton* m_load = nullptr;
    OpportunityModel* m_opportunities = nullptr;
    QTableView* m_opportunityView = nullptr;
    QPushButton* m_findFrontier = nullptr;
    FrontierPlot* m_frontier = nullptr;
    QLabel* m_frontierNote = nullptr;
    QComboBox* m_scalingMode = nullptr;
    QPushButton* m_scale = nullptr;
    ScalingPlot* m_scaling = nullptr;
    QLabel* m_scalingNote = nullptr;
    sightline::Strategy m_best;
    bool m_loaded = false;
    bool m_running = false;
};
