#include "whatifdisplay.h"

#include "opactions.h"

#include "core/analysis/steptimes.h"
#include "core/graph/dependencygraph.h"
#include "core/model/trace.h"
#include "core/session/jobsession.h"
#include "widgets/panels/aggregatemodel.h"
#include "widgets/panels/criticalpathmodel.h"
#include "widgets/panels/durationtext.h"
#include "widgets/panels/gigabytetext.h"
#include "widgets/panels/messagebanner.h"
#include "widgets/panels/opsearchbar.h"
#include "widgets/panels/percenttext.h"
#include "widgets/panels/tracktreepanel.h"
#include "widgets/strategy/comparisonpanel.h"
#include "widgets/strategy/strategypanel.h"
#include "widgets/timeline/timeaxisticker.h"
#include "widgets/timeline/timelineview.h"

#include <QLocale>
#include <QStatusBar>

#include <algorithm>
#include <climits>

namespace {

// Arrows along a critical path, from each of its first count ops to the next (collectives between
// them, which are not drawn, skipped).
std::vector<std::pair<sightline::OpId, sightline::OpId>> arrowsAlong(
    const std::vector<sightline::OpId>& path, std::size_t count)
{
    std::vector<std::pair<sightline::OpId, sightline::OpId>> arrows;
    for (std::size_t i = 1; i < std::min(count, path.size()); ++i)
        arrows.emplace_back(path[i - 1], path[i]);
    return arrows;
}

} // namespace

WhatIfDisplay::IterationChange WhatIfDisplay::iterationChange(const WhatIfOutcome& outcome)
{
    const double before = sightline::StepTimes::iteration(outcome.baseline->schedule).replayed / 1e6;
    const double after = sightline::StepTimes::iteration(outcome.whatIf->schedule).replayed / 1e6;
    return { before, after, before > 0 ? 100.0 * (after - before) / before : 0.0 };
}

WhatIfDisplay::WhatIfDisplay(Views views, WhatIfRunner* runner, std::function<QString()> pendingNote, QObject* parent)
    : QObject(parent)
    , m_views(views)
    , m_runner(runner)
    , m_pendingNote(std::move(pendingNote))
{
}

const std::shared_ptr<const WhatIfView>& WhatIfDisplay::shownWhatIf() const
{
    static const std::shared_ptr<const WhatIfView> none;
    return m_shownOutcome ? m_shownOutcome->view : none;
}

void WhatIfDisplay::setJob(std::shared_ptr<const sightline::Trace> trace, std::shared_ptr<const JobAnalysis> analysis)
{
    m_trace = std::move(trace);
    m_analysis = std::move(analysis);
    forgetWhatIfs();
    m_runner->dispose(std::exchange(m_shownOutcome, nullptr)); // of the job before: no tracks to keep
    showMeasuredJob();
}

void WhatIfDisplay::runStarted(const sightline::Strategy& strategy)
{
    // Until the run ends, the last what-if no longer matches the strategy. The Gantt keeps showing it
    // until the new one is drawn.
    m_outcome.reset();
    m_runStrategy = strategy;
    m_failure.clear();
}

void WhatIfDisplay::onFinished(std::shared_ptr<const WhatIfOutcome> outcome)
{
    // A view made for the outcome already compared: only the Gantt changes.
    const bool compared = m_outcome && outcome->whatIf == m_outcome->whatIf;
    m_outcome = outcome;
    m_lastOutcome = outcome;
    if (!compared) {
        m_hasResult = true;
        m_stale = false;
        m_views.banner->hideMessage();
        m_outcomeStrategy = m_runStrategy;
        m_views.comparison->setResult({ outcome->baseline, outcome->whatIf, outcome->changes, outcome->tensorChanges,
            outcome->exposedBaseline, outcome->exposedWhatIf });
        m_views.strategyPanel->setOutcome(outcomeText(*outcome), false);
        const auto& memory = outcome->whatIf->memory;
        m_views.strategyPanel->setOutOfMemory(memory.outOfMemory,
            memory.highest < 0 ? QString() : tr("peak %1 GB").arg(GigabyteText::of(memory.peakBytes())));
    }
    Q_EMIT shownChanged();
}

QString WhatIfDisplay::outcomeText(const WhatIfOutcome& outcome) const
{
    const QLocale locale;
    const IterationChange change = iterationChange(outcome);
    // A trace without steps iterates once over its window: no step to speak of.
    const bool stepless = outcome.baseline->schedule.steps.empty();
    QString text
        = (stepless ? tr("The window replays in %1 ms against %2 ms (%3): the trace marks no steps. Replayed in %4 ms.")
                    : tr("Iteration %1 ms against %2 ms per step (%3), replayed in %4 ms."))
              .arg(DurationText::milliseconds(change.after), DurationText::milliseconds(change.before),
                  PercentText::signedChange(change.percent))
              .arg(outcome.ms);
    // A step of other samples does other work: what compares is the samples per second.
    if (outcome.stepSamplesFactor != 1.0)
        text += u'\n'
            + tr("Throughput %1: a step computes on %2 times the measured job's samples.")
                  .arg(PercentText::signedChange(100.0 * outcome.throughputChange),
                      locale.toString(outcome.stepSamplesFactor, 'g', 4));
    for (const QString& w : outcome.selfChecks)
        text += u'\n' + tr("⚠ Self-check: %1").arg(w);
    if (const QString pending = m_pendingNote(); !pending.isEmpty())
        text += u'\n' + pending;
    const sightline::ProfilerOverhead::Estimate& overhead = outcome.profilerOverhead;
    if (overhead.perEventNs > 0 && overhead.hostEvents > 0) {
        // A trace that marks no steps replays its window as its one iteration.
        const QString perIteration = overhead.steps > 0
            ? tr("Both without the profiler's own cost: %1 µs per host event, %2 events per step (up to %3 ms per "
                 "step).")
            : tr("Both without the profiler's own cost: %1 µs per host event, %2 events in the window (up to %3 "
                 "ms).");
        text += u'\n'
            + perIteration.arg(locale.toString(overhead.perEventNs / 1000.0, 'g', 3),
                locale.toString(overhead.eventsPerIteration(), 'f', 0),
                DurationText::milliseconds(overhead.perIterationNs() / 1e6));
    }
    for (const QString& w : outcome.warnings)
        text += u'\n' + w;
    return text;
}

void WhatIfDisplay::onFailed(const QString& message)
{
    m_failure = message;
    m_views.strategyPanel->setOutcome(message, true);
    m_outcome.reset();
    // The last what-if that ran stays in view, marked stale: an edit that fails loses nothing shown.
    m_stale = m_hasResult;
    if (m_stale)
        m_views.comparison->setStale(tr("The strategy as edited cannot run (see the Strategy dock)."));
    m_views.strategyPanel->setOutOfMemory(false, {});
    Q_EMIT shownChanged();
    showFailureBanner();
}

void WhatIfDisplay::showFailureBanner()
{
    // Worded for what the window shows: the Gantt draws the stale what-if only in a view it was drawn
    // for, and the Measured and Replayed views draw none.
    QString headline;
    if (!m_stale)
        headline = m_whatIfMode ? tr("The strategy failed; the Gantt shows the job without it.")
                                : tr("The strategy failed.");
    else if (m_whatIfMode && shownWhatIf())
        headline = tr("The strategy failed; the Gantt and the What-if dock show the last what-if that ran, now stale.");
    else
        headline = tr("The strategy failed; the What-if dock shows the last what-if that ran, now stale.");
    m_views.banner->showMessage(headline, m_failure);
}

void WhatIfDisplay::forgetWhatIfs()
{
    m_outcome.reset();
    m_lastOutcome.reset();
    m_hasResult = false;
    m_stale = false;
    m_views.banner->hideMessage();
    m_views.comparison->clear();
}

void WhatIfDisplay::onNone()
{
    forgetWhatIfs();
    m_views.strategyPanel->setOutOfMemory(false, {});
    Q_EMIT shownChanged();
}

void WhatIfDisplay::show(std::optional<WhatIfView::Layers> layers, TimelinePlottable::ViewMode jobMode, bool whatIfMode)
{
    const bool modeChanged = whatIfMode != m_whatIfMode;
    m_whatIfMode = whatIfMode;
    m_runner->setViewLayers(layers, tr(" (what-if)"));
    QStatusBar* status = m_views.statusBar;
    const bool drawn = layers && m_outcome && m_outcome->view && m_outcome->view->layers() == *layers;
    if (drawn) {
        if (shownWhatIf() != m_outcome->view)
            showWhatIfView(m_outcome);
        else if (m_shownOutcome->viewSlack != m_outcome->viewSlack)
            showFoundSlack();
    } else if (layers && m_runner->isRunning()) {
        // Being drawn: the Gantt keeps what it shows until then.
        status->showMessage(tr("Drawing the what-if…"));
    } else if (layers && m_stale && m_lastOutcome && m_lastOutcome->view && m_lastOutcome->view->layers() == *layers) {
        // The strategy failed: the last what-if drawn stays, under the banner that says it is stale.
        if (shownWhatIf() != m_lastOutcome->view)
            showWhatIfView(m_lastOutcome);
    } else {
        if (shownWhatIf())
            showMeasuredJob();
        if (status->currentMessage() == tr("Drawing the what-if…"))
            status->clearMessage(); // none is coming
        if (layers && m_outcome && !m_outcome->viewError.isEmpty())
            status->showMessage(tr("The what-if cannot be drawn: %1").arg(m_outcome->viewError));
        if (m_views.timeline->plottable()->viewMode() != jobMode)
            m_views.timeline->setViewMode(jobMode);
    }
    // A banner the user has not closed follows the view it speaks of.
    if (modeChanged && !m_failure.isEmpty() && !m_views.banner->isHidden())
        showFailureBanner();
}

void WhatIfDisplay::showMeasuredJob()
{
    // The measured job as loaded, with the tracks as the user left them.
    TimelineView* timeline = m_views.timeline;
    std::shared_ptr<const WhatIfOutcome> old = std::move(m_shownOutcome);
    timeline->setJob(m_trace, m_analysis->measuredLayout);
    if (old)
        timeline->setTrackTree(m_measuredTree);
    timeline->setReplayed(m_analysis->replayedLayout);
    timeline->setCounters(std::shared_ptr<const sightline::ActivityCounters>(m_analysis, &m_analysis->counters));
    m_views.tracks->setJob(m_trace, timeline->trackTree());
    // Per-op replayed durations and slack for the colour modes.
    const std::shared_ptr<const sightline::ReplayResult>& replay = m_analysis->replay;
    timeline->plottable()->setColorData(
        { {}, m_analysis->replayedDuration, m_analysis->slack, replay ? replay->criticalPath.length : 0, m_analysis });
    m_views.search->setTrace(m_trace);
    const std::vector<sightline::OpId>& critical = m_analysis->criticalOps;
    timeline->setCriticalPath(critical);
    timeline->plottable()->setPathArrows(arrowsAlong(critical, critical.size()));
    std::shared_ptr<const sightline::CriticalPath> path;
    OpDetailsPanel::Replayed replayed;
    if (replay) {
        path = std::shared_ptr<const sightline::CriticalPath>(replay, &replay->criticalPath);
        replayed = { m_analysis->replayedDuration, m_analysis->slack, m_analysis };
    }
    m_views.details->setJob(m_trace, dependencyFinder(), std::move(replayed));
    m_views.pathModel->setPath(replay ? replay->graph : nullptr, path);
    m_views.aggregates->clear();
    m_views.opActions->choose(OpActions::From::Area, {});
    m_runner->dispose(std::move(old)); // the panels let go of it above
}

void WhatIfDisplay::showWhatIfView(const std::shared_ptr<const WhatIfOutcome>& outcome)
{
    TimelineView* timeline = m_views.timeline;
    const std::shared_ptr<const WhatIfView>& view = outcome->view;
    std::shared_ptr<const WhatIfOutcome> old = std::exchange(m_shownOutcome, outcome);
    // The what-if as a job: the next what-if of one kind keeps the time and rows in view.
    const bool again = old && old->view->layers() == view->layers();
    if (!old)
        m_measuredTree = timeline->trackTree();
    timeline->setJob(view->trace(), view->layout(), again);
    const bool both = view->layers() == WhatIfView::Layers::Both;
    timeline->plottable()->setWhatIfMarks(
        { view->synthetic(), view->addedRanks(),
            both ? std::span<const std::uint8_t>(view->whatIfTracks()) : std::span<const std::uint8_t>() },
        view);
    timeline->setCounters(std::shared_ptr<const sightline::ActivityCounters>(view, &view->counters()));
    m_views.tracks->setJob(view->trace(), timeline->trackTree());
    m_views.search->setTrace(view->trace());
    // The what-if's path, then in both the baseline's, drawn paler with a dashed edge; arrows along
    // the what-if's.
    const std::vector<sightline::OpId>& critical = view->criticalOps();
    timeline->setCriticalPath(critical, view->whatIfPathOps());
    timeline->plottable()->setPathArrows(arrowsAlong(critical, view->whatIfPathOps()));
    const std::shared_ptr<const sightline::ReplayResult>& whatIf = outcome->whatIf;
    m_views.details->setJob(view->trace(), dependencyFinder());
    showWhatIfSlack(outcome);
    m_views.pathModel->setPath(
        whatIf->graph, std::shared_ptr<const sightline::CriticalPath>(whatIf, &whatIf->criticalPath), view->opOfItem());
    m_views.aggregates->clear();
    m_views.opActions->choose(OpActions::From::Area, {});
    timeline->queueFrame(); // one frame for all of the above
    m_runner->dispose(std::move(old)); // the panels let go of it above
    m_views.statusBar->showMessage(tr("Showing the what-if: %n op(s), of which %1 made by the strategy", nullptr,
                                       static_cast<int>(view->trace()->opCount()))
                                       .arg(QLocale().toString(static_cast<qlonglong>(view->syntheticCount()))),
        5000);
}

void WhatIfDisplay::showFoundSlack()
{
    // The view shown, now with its slack: the slack colours need a frame, and the details pane its row.
    std::shared_ptr<const WhatIfOutcome> old = std::exchange(m_shownOutcome, m_outcome);
    showWhatIfSlack(m_outcome);
    m_runner->dispose(std::move(old)); // the panels let go of it above
    if (m_views.timeline->plottable()->colorMode() == TimelinePlottable::ColorMode::Slack)
        m_views.timeline->queueFrame();
    if (m_views.details->op().isValid())
        m_views.details->showOp(m_views.details->op());
}

void WhatIfDisplay::showWhatIfSlack(const std::shared_ptr<const WhatIfOutcome>& outcome)
{
    const std::shared_ptr<const WhatIfView>& view = outcome->view;
    const std::span<const sightline::TimeNs> slackColumn = outcome->viewSlack
        ? std::span<const sightline::TimeNs>(*outcome->viewSlack)
        : std::span<const sightline::TimeNs>();
    m_views.timeline->plottable()->setColorData({ view->baselineTime(), {}, slackColumn, view->pathLength(), outcome });
    // What the what-if knows of an op beyond its times: where it came from, the baseline's time of
    // what it stands for, its slack once found.
    m_views.details->setExtraRows([view, measuredJob = m_trace, slack = outcome->viewSlack](sightline::OpId op) {
        QList<QPair<QString, QString>> rows;
        const bool ofWhatIf = view->isWhatIf(op);
        if (view->layers() == WhatIfView::Layers::Both)
            rows.append({ tr("Replay"), ofWhatIf ? tr("what-if") : tr("baseline") });
        if (view->synthetic()[op.value()])
            rows.append({ tr("Made by"), tr("the strategy (a fused op, bucket, chunk, copy or added rank's op)") });
        if (const sightline::OpId measured = view->measuredOp(op); measured.isValid()) {
            const sightline::Trace& t = *measuredJob;
            rows.append({ tr("Stands for"),
                tr("%1 on rank %2, measured %3")
                    .arg(QString::fromUtf8(t.string(t.name(measured))),
                        QString::number(t.rankInfo(t.rank(measured)).rank),
                        TimeAxisTicker::duration(t.duration(measured))) });
        }
        if (const sightline::TimeNs before = view->baselineTime()[op.value()]; before != INT64_MIN)
            rows.append({ tr("Baseline duration"), TimeAxisTicker::duration(before) });
        if (const sightline::TimeNs s
            = slack && op.value() < slack->size() ? (*slack)[op.value()] : sightline::Schedule::kNotReplayed;
            s != sightline::Schedule::kNotReplayed)
            rows.append({ tr("Slack"), s == 0 ? tr("none: on the critical path") : TimeAxisTicker::duration(s) });
        return rows;
    });
}

OpDetailsPanel::DependencyFinder WhatIfDisplay::dependencyFinder() const
{
    // Of the job shown: a what-if's from its view (both of its replays in both), else the measured
    // job's dependency graph.
    if (const std::shared_ptr<const WhatIfView>& view = shownWhatIf()) {
        return [view](sightline::OpId op) {
            const WhatIfView::Neighbours n = view->neighbours(op);
            OpDetailsPanel::Dependencies out;
            for (const auto& [other, kind] : n.waitsFor)
                out.waitsFor.push_back({ other, kind, {}, {} });
            for (const auto& [other, kind] : n.releases)
                out.releases.push_back({ other, kind, {}, {} });
            return out;
        };
    }
    if (!m_analysis || !m_analysis->session)
        return nullptr;
    return OpDetailsPanel::of(m_trace, m_analysis->session->graph());
}
