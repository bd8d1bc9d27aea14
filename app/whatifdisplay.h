#pragma once

#include "jobanalysis.h"
#include "whatifrunner.h"
#include "whatifview.h"

#include "core/strategy/passparameter.h"
#include "widgets/panels/opdetailspanel.h"
#include "widgets/timeline/timelineplottable.h"
#include "widgets/timeline/tracktree.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class AggregateModel;
class ComparisonPanel;
class CriticalPathModel;
class MessageBanner;
class OpActions;
class OpSearchBar;
class QStatusBar;
class StrategyPanel;
class TimelineView;
class TrackTreePanel;

// What the window shows of the strategy's what-if: the measured job or a what-if drawn as a job in the
// Gantt and the panels that follow it (tracks, search, details, critical path, selection), the
// comparison in the What-if dock, the outcome and memory lines of the Strategy dock, and the banner
// over the Gantt when the strategy fails. It keeps the what-if of the strategy as it stands, the last
// one that ran (shown stale after a failure, in the views it was drawn for) and the one drawn, and
// lets go of replaced ones off the GUI thread (WhatIfRunner::dispose). It says when what it shows
// changed (shownChanged) so that the window redraws its status line and view. GUI thread only.
class WhatIfDisplay : public QObject {
    Q_OBJECT
public:
    // The widgets it fills; the window owns them.
    struct Views {
        TimelineView* timeline = nullptr;
        TrackTreePanel* tracks = nullptr;
        OpSearchBar* search = nullptr;
        OpDetailsPanel* details = nullptr;
        CriticalPathModel* pathModel = nullptr;
        AggregateModel* aggregates = nullptr;
        OpActions* opActions = nullptr;
        ComparisonPanel* comparison = nullptr;
        StrategyPanel* strategyPanel = nullptr;
        MessageBanner* banner = nullptr;
        QStatusBar* statusBar = nullptr;
    };
    // A what-if's replayed iteration against its baseline's, in ms, and the change in percent.
    struct IterationChange {
        double before = 0;
        double after = 0;
        double percent = 0;
    };
    static IterationChange iterationChange(const WhatIfOutcome& outcome);

    // pendingNote: the outcome's line on steps not run (empty for none).
    WhatIfDisplay(Views views, WhatIfRunner* runner, std::function<QString()> pendingNote, QObject* parent = nullptr);

    // A new job, shown measured; the what-ifs of the job before are dropped.
    void setJob(std::shared_ptr<const sightline::Trace> trace, std::shared_ptr<const JobAnalysis> analysis);
    // Shows what the view asks for: with layers, the what-if drawn with them once the runner has drawn
    // it (or, after a failure, the last one drawn so); else the job in jobMode. whatIfMode: the window's
    // view is a what-if one (the banner's wording follows it).
    void show(std::optional<WhatIfView::Layers> layers, TimelinePlottable::ViewMode jobMode, bool whatIfMode);

    // A run of strategy starts: the what-if shown no longer matches the strategy (outcome() is null),
    // though the Gantt keeps it until the run's is drawn. Not said by shownChanged: the window knows.
    void runStarted(const sightline::Strategy& strategy);
    void onFinished(std::shared_ptr<const WhatIfOutcome> outcome);
    // The run failed: the banner says why; the last what-if that ran stays, marked stale.
    void onFailed(const QString& message);
    // The run ended without a what-if (no step runs): the Gantt goes back to the job.
    void onNone();

    // The what-if of the strategy as it stands, once run; null while running, failed or none.
    const std::shared_ptr<const WhatIfOutcome>& outcome() const { return m_outcome; }
    // The strategy outcome() ran.
    const sightline::Strategy& outcomeStrategy() const { return m_outcomeStrategy; }
    // The outcome whose view the Gantt shows; null while it shows the job.
    const std::shared_ptr<const WhatIfOutcome>& shownOutcome() const { return m_shownOutcome; }
    // The what-if drawn in the Gantt, or null.
    const std::shared_ptr<const WhatIfView>& shownWhatIf() const;
    // Why the last run failed; empty when it did not.
    const QString& failure() const { return m_failure; }
    // Who finds an op's dependencies in the job shown (the measured graph, or the what-if view's
    // replays); null when the job was not replayed.
    OpDetailsPanel::DependencyFinder dependencyFinder() const;

Q_SIGNALS:
    // The outcome, the failure or the job shown changed: the window's status line and view follow.
    void shownChanged();

private:
    QString outcomeText(const WhatIfOutcome& outcome) const;
    // No what-if ran yet: the outcomes go, and the banner and the What-if dock are cleared.
    void forgetWhatIfs();
    void showFailureBanner();
    void showMeasuredJob();
    // Shows an outcome's view; the one shown before is let go of off the GUI thread.
    void showWhatIfView(const std::shared_ptr<const WhatIfOutcome>& outcome);
    // The colours and details rows that read the shown view's slack (none until it is found).
    void showWhatIfSlack(const std::shared_ptr<const WhatIfOutcome>& outcome);
    // The outcome whose view is shown, delivered again with the view's slack.
    void showFoundSlack();

    Views m_views;
    WhatIfRunner* m_runner;
    std::function<QString()> m_pendingNote;
    std::shared_ptr<const sightline::Trace> m_trace; // the measured job
    std::shared_ptr<const JobAnalysis> m_analysis;
    sightline::Strategy m_runStrategy; // the strategy of the what-if running or last run
    sightline::Strategy m_outcomeStrategy;
    std::shared_ptr<const WhatIfOutcome> m_outcome;
    std::shared_ptr<const WhatIfOutcome> m_shownOutcome;
    // The last what-if that ran: while a failed strategy leaves it stale, the Gantt draws it in the
    // what-if views it was drawn for.
    std::shared_ptr<const WhatIfOutcome> m_lastOutcome;
    sightline::TrackTree m_measuredTree; // the measured job's tracks as the user left them
    QString m_failure;
    bool m_hasResult = false; // the What-if dock shows a what-if of this job
    bool m_stale = false; // ... of a strategy before the one that failed since
    bool m_whatIfMode = false;
};
