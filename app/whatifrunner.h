#pragma once

#include "core/analysis/opchanges.h"
#include "core/analysis/tensorchanges.h"
#include "core/exec/profileroverhead.h"
#include "core/memory/memoryestimator.h"
#include "core/strategy/passparameter.h"
#include "whatifview.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <QTimer>

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

struct RunResult;

namespace sightline {
class CancellationToken;
class JobSession;
struct ReplayResult;
}

// A what-if as the window shows it: the baseline and the what-if, the ops that changed most, the
// profiler's cost taken out of both, the passes' warnings, how long the run took from the edit to the comparison, and the what-if drawn as a
// job when the Gantt shows it (else null; viewError says why when it could not be made).
struct WhatIfOutcome {
    std::shared_ptr<const sightline::ReplayResult> baseline;
    std::shared_ptr<const sightline::ReplayResult> whatIf;
    std::vector<sightline::OpChange> changes;
    std::vector<sightline::TensorChange> tensorChanges; // empty when the job has no gradient all-reduce
    sightline::TimeNs exposedBaseline = 0; // communication no compute hides, per iteration
    sightline::TimeNs exposedWhatIf = 0;
    sightline::ProfilerOverhead::Estimate profilerOverhead;
    double stepSamplesFactor = 1.0; // WhatIfResult's: the samples a step computes on over the measured job's
    double throughputChange = 0; // WhatIfResult::throughputChange
    QStringList selfChecks; // the result's checks of its own figures (WhatIfResult::isSelfCheck), translated
    QStringList warnings; // the passes' and the models' notes, translated
    qint64 ms = 0;
    std::optional<WhatIfView::Layers> viewLayers; // the view asked for
    std::shared_ptr<const WhatIfView> view;
    QString viewError;
    // Per op of the view, its slack (WhatIfView::slack): found once the view is delivered, null until then.
    std::shared_ptr<const std::vector<sightline::TimeNs>> viewSlack;
};

// Runs the window's what-ifs off the GUI thread: threads, cancellation and delivery around the
// session's one pipeline (JobSession::whatIf), which finds the what-if, its baseline and their
// comparison. run() cancels the run still going and starts one for the new strategy: the latest edit
// always wins and a stale result is never delivered. While the Gantt shows the
// what-if, each run also draws it as a job (WhatIfView): the run then delivers three times, the
// outcome without its view as soon as the comparison is ready (the run still going), then with the
// view, then with the view's slack. Asking for a view the last outcome lacks makes it from that
// outcome, as a run of its own (see setViewLayers), delivered without and then with its slack.
// The GUI thread takes one delivery per pass of its event loop: one that comes while another is being
// shown waits until the window has painted, so that their work never adds up to one stall.
// Old outcomes are freed on the pool's threads. The destructor cancels and waits for the runs.
class WhatIfRunner : public QObject {
    Q_OBJECT
public:
    explicit WhatIfRunner(QObject* parent = nullptr);
    ~WhatIfRunner() override;

    // The job the what-ifs change. Cancels any run.
    void setJob(std::shared_ptr<const sightline::JobSession> session);
    // An empty strategy runs nothing: cleared() follows.
    void run(const sightline::Strategy& strategy, const sightline::MemoryOptions& memory);
    bool isRunning() const { return m_running; }
    // How many runs have started, each edit's and each view's: for tests and diagnostics.
    quint64 runsStarted() const { return m_runsStarted; }
    // Which view of the what-if the runs make (none: the Gantt shows the measured job); suffix names
    // the what-if's tracks beside the baseline's. With makeMissing, a last outcome without that view
    // gets it made from it (not while a run goes on: that run makes it), delivered through finished()
    // as an outcome of its own with the same replays and time.
    void setViewLayers(std::optional<WhatIfView::Layers> layers, const QString& suffix, bool makeMissing = true);
    // Lets go of an object off the GUI thread: a what-if of millions of items takes tens of
    // milliseconds to free. The caller hands over what may be its last reference.
    void dispose(std::shared_ptr<const void> object);

Q_SIGNALS:
    void runningChanged(bool running);
    // The baseline and the what-if, and how long the run took from the edit to the comparison; then,
    // when a view was asked for, the same outcome with its view, and then with the view's slack.
    void finished(std::shared_ptr<const WhatIfOutcome> outcome);
    // Why the strategy did not run (StatusText::strategyMessage).
    void failed(const QString& message);
    void cleared();

public:
    // The job's baselines as the both view draws them, prepared once (whatifrunner.cpp).
    class BaselineDrawings;

private:
    void cancelRun();
    void setRunning(bool running);
    // Makes the view of the last outcome, delivered as an outcome of its own.
    void makeView();
    // What a run does into its result; it calls handOver() (from any thread) to deliver a copy of the
    // result so far while it goes on: the comparison before the view, the view before its slack.
    using Work = std::function<void(RunResult&, const sightline::CancellationToken*, const std::function<void()>& handOver)>;
    // Runs work on the pool for a new generation and delivers what it made into result. viewOnly: a
    // view made for the last outcome, which keeps its time.
    void start(std::shared_ptr<RunResult> result, bool viewOnly, Work work);
    // Partial: the outcome so far, the run going on; Last: what the run ends with.
    enum class Delivery { Partial, Last };
    // Hands an outcome to the GUI thread unless a later run started (called from a run's thread).
    void deliver(std::shared_ptr<RunResult> result, quint64 generation, Delivery delivery);
    // GUI thread: takes the first delivery waiting, unless one was taken in this pass of the event loop.
    void takeNext();
    void take(std::shared_ptr<RunResult> result, Delivery delivery);

    QThreadPool m_pool;
    std::shared_ptr<const sightline::JobSession> m_session;
    std::shared_ptr<BaselineDrawings> m_drawings;
    std::shared_ptr<sightline::CancellationToken> m_cancel;
    quint64 m_generation = 0;
    // Deliveries of the current generation not yet taken, in order.
    std::deque<std::pair<std::shared_ptr<RunResult>, Delivery>> m_waiting;
    // Started as a delivery is taken; while it is active, deliveries wait. It fires after the paint the
    // delivery asked for, and takes the next one.
    QTimer m_nextPass;
    quint64 m_runsStarted = 0;
    bool m_running = false;
    sightline::Strategy m_strategy; // of the last run started
    sightline::MemoryOptions m_memory;
    std::shared_ptr<const WhatIfOutcome> m_last; // the last outcome delivered
    std::optional<WhatIfView::Layers> m_layers;
    std::string m_suffix;
};
