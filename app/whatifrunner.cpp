#include "whatifrunner.h"

#include "core/base/parallel.h"
#include "core/base/progress.h"
#include "core/replay/scheduletrace.h"
#include "core/session/jobsession.h"
#include "core/strategy/strategyrunner.h"
#include "widgets/panels/coretext.h"
#include "widgets/panels/statustext.h"

#include <QElapsedTimer>
#include <QMetaObject>

#include <mutex>
#include <thread>

using namespace sightline;

// The baselines as the both view draws them (ScheduleTrace::prepare), prepared by the first run that
// shows one and kept for the job's later runs. Safe from the runs' threads.
class WhatIfRunner::BaselineDrawings {
public:
    std::shared_ptr<const ScheduleTrace::Prepared> of(const std::shared_ptr<const ReplayResult>& baseline)
    {
        std::shared_ptr<Entry> entry;
        {
            const std::lock_guard lock(m_mutex);
            for (const auto& [of, kept] : m_entries) {
                if (of == baseline)
                    entry = kept;
            }
            if (!entry)
                entry = m_entries.emplace_back(baseline, std::make_shared<Entry>()).second;
        }
        std::call_once(entry->once, [&] { entry->prepared = ScheduleTrace::prepare(*baseline->graph, true); });
        return entry->prepared;
    }

private:
    struct Entry {
        std::once_flag once;
        std::shared_ptr<const ScheduleTrace::Prepared> prepared;
    };
    std::mutex m_mutex;
    std::vector<std::pair<std::shared_ptr<const ReplayResult>, std::shared_ptr<Entry>>> m_entries;
};

// What a run hands back to the GUI thread.
struct RunResult {
    WhatIfOutcome shown;
    Status status;
};

namespace {

// The what-if drawn as a job, or why it could not be (a replayed time past the trace model's range),
// or Cancelled.
struct MadeView {
    std::shared_ptr<const WhatIfView> view;
    QString error;
    Status status;
};

// A view that could not be made: Cancelled, or the reason the window shows.
MadeView failedView(const Status& status)
{
    MadeView made;
    if (status.code() == ErrorCode::Cancelled)
        made.status = status;
    else
        made.error = StatusText::message(status);
    return made;
}

MadeView makeView(const WhatIfOutcome& outcome, WhatIfView::Layers layers, const std::string& suffix, const CancellationToken* cancel)
{
    Expected<std::shared_ptr<const WhatIfView>> view = WhatIfView::build(*outcome.baseline, *outcome.whatIf, layers, suffix, cancel);
    if (!view)
        return failedView(view.status());
    MadeView made;
    made.view = std::move(*view);
    return made;
}

// Takes the view made into the outcome and, once it is handed over, finds the view's slack.
void takeView(RunResult& out, MadeView made, const CancellationToken* cancel, const std::function<void()>& handOver)
{
    out.shown.view = std::move(made.view);
    out.shown.viewError = std::move(made.error);
    if (!made.status.ok())
        out.status = made.status;
    if (!out.shown.view)
        return;
    handOver();
    if (cancel && cancel->isCancelled()) {
        out.status = Status::cancelled();
        return;
    }
    out.shown.viewSlack = std::make_shared<const std::vector<TimeNs>>(out.shown.view->slack(*out.shown.baseline, *out.shown.whatIf));
}

// What a view of the what-if asks for, for a run to make it too.
struct ViewRequest {
    std::optional<WhatIfView::Layers> layers;
    std::string suffix;
};

void runWhatIf(RunResult& out, const JobSession& session, WhatIfRunner::BaselineDrawings& drawings, const Strategy& strategy,
    const MemoryOptions& memory, const ViewRequest& view, const CancellationToken* cancel, const std::function<void()>& handOver)
{
    out.shown.viewLayers = view.layers;
    // When the Gantt shows the what-if, it is drawn as a job beside the pipeline: its items (and the
    // baseline's, once per job, for the both view) are prepared on a thread of their own while the
    // replay simulates, and laid out from its times while its critical path is found.
    std::shared_ptr<const ExecutionGraph> graph;
    std::shared_ptr<const ReplayResult> baseline;
    WhatIfView::Prepared prepared;
    std::jthread preparing;
    std::optional<Expected<std::shared_ptr<WhatIfView>>> laidOut;
    WhatIfHooks hooks;
    if (view.layers) {
        hooks.planned = [&](const std::shared_ptr<const ExecutionGraph>& g, const std::shared_ptr<const ReplayResult>& base) {
            graph = g;
            baseline = base;
            preparing = std::jthread([&] {
                prepared.whatIf = ScheduleTrace::prepare(*graph, true);
                prepared.baselineTime = WhatIfView::baselineTimes(*baseline, *graph, true);
                if (*view.layers == WhatIfView::Layers::Both)
                    prepared.baseline = drawings.of(baseline);
            });
        };
        hooks.meanwhile = [&](const Schedule& s) {
            preparing.join();
            laidOut = WhatIfView::layOut(*baseline, graph, s, *view.layers, view.suffix, prepared, cancel);
        };
    }
    WhatIfRequest request;
    request.strategy = strategy;
    request.memory = memory;
    Expected<WhatIfResult> result = session.whatIf(request, cancel, hooks);
    if (!result) {
        out.status = result.status();
        return;
    }
    out.shown.baseline = result->baseline;
    out.shown.whatIf = result->whatIf;
    out.shown.changes = std::move(result->changes);
    out.shown.tensorChanges = std::move(result->tensorChanges);
    out.shown.exposedBaseline = result->exposedBaseline;
    out.shown.exposedWhatIf = result->exposedWhatIf;
    out.shown.profilerOverhead = result->profilerOverhead;
    out.shown.stepSamplesFactor = result->stepSamplesFactor;
    out.shown.throughputChange = result->throughputChange();
    for (const sightline::Message& w : result->warnings)
        (sightline::WhatIfResult::isSelfCheck(w) ? out.shown.selfChecks : out.shown.warnings) << CoreText::of(w);
    if (!view.layers)
        return;
    // The comparison is handed over first; the view follows with the critical paths, then its slack.
    handOver();
    MadeView made;
    if (laidOut && *laidOut) {
        (**laidOut)->addPaths(*baseline, *out.shown.whatIf);
        made.view = std::move(**laidOut);
    } else {
        made = failedView(laidOut ? laidOut->status() : Status::cancelled()); // laid out only once replayed
    }
    takeView(out, std::move(made), cancel, handOver);
}

} // namespace

WhatIfRunner::WhatIfRunner(QObject* parent)
    : QObject(parent)
{
    // A cancelled run winds down beside the next, and old results are freed beside both.
    m_pool.setMaxThreadCount(3);
    // A timer started once a delivery is taken, not a queued call: the event loop handles the paint
    // the delivery queued before a timer that was not yet due when it last looked, and a queued call
    // would be handled together with that paint, in one stall.
    m_nextPass.setSingleShot(true);
    m_nextPass.setInterval(1);
    connect(&m_nextPass, &QTimer::timeout, this, &WhatIfRunner::takeNext);
}

WhatIfRunner::~WhatIfRunner()
{
    cancelRun();
    m_pool.waitForDone();
}

void WhatIfRunner::setJob(std::shared_ptr<const JobSession> session)
{
    cancelRun();
    m_session = std::move(session);
    m_drawings = std::make_shared<BaselineDrawings>();
    m_last.reset();
    setRunning(false);
}

void WhatIfRunner::cancelRun()
{
    ++m_generation;
    if (m_cancel)
        m_cancel->cancel();
    m_cancel.reset();
    for (auto& waiting : m_waiting)
        dispose(std::move(waiting.first));
    m_waiting.clear();
}

void WhatIfRunner::setRunning(bool running)
{
    if (m_running == running)
        return;
    m_running = running;
    Q_EMIT runningChanged(running);
}

void WhatIfRunner::run(const Strategy& strategy, const MemoryOptions& memory)
{
    cancelRun();
    // The last outcome is of another strategy now, whether or not this one runs.
    dispose(std::move(m_last));
    if (!m_session || strategy.steps.empty()) {
        setRunning(false);
        Q_EMIT cleared();
        return;
    }
    if (Status s = StrategyRunner::validate(strategy); !s.ok()) {
        setRunning(false);
        Q_EMIT failed(StatusText::strategyMessage(s));
        return;
    }
    m_strategy = strategy;
    m_memory = memory;
    start(std::make_shared<RunResult>(), false,
        [session = m_session, drawings = m_drawings, strategy, memory, layers = m_layers, suffix = m_suffix](
            RunResult& result, const CancellationToken* cancel, const std::function<void()>& handOver) {
            runWhatIf(result, *session, *drawings, strategy, memory, { layers, suffix }, cancel, handOver);
        });
}

void WhatIfRunner::start(std::shared_ptr<RunResult> result, bool viewOnly, Work work)
{
    ++m_runsStarted;
    const quint64 generation = m_generation;
    auto cancel = m_cancel = std::make_shared<CancellationToken>();
    setRunning(true);
    QElapsedTimer clock;
    clock.start();
    m_pool.start([this, result = std::move(result), work = std::move(work), cancel, generation, clock, viewOnly]() mutable {
        lowerCurrentThreadPriority(); // the pool's threads run only what-ifs and frees
        bool handedOver = false;
        // What is ready before the rest (the comparison before the view, the view before its slack): a
        // copy of the outcome so far, the first with the run's time.
        const auto handOver = [&] {
            if (!viewOnly && !handedOver)
                result->shown.ms = clock.elapsed();
            auto early = std::make_shared<RunResult>();
            early->shown = result->shown;
            handedOver = true;
            deliver(std::move(early), generation, Delivery::Partial);
        };
        work(*result, cancel.get(), handOver);
        if (!viewOnly && !handedOver)
            result->shown.ms = clock.elapsed();
        deliver(std::move(result), generation, Delivery::Last);
    });
}

void WhatIfRunner::deliver(std::shared_ptr<RunResult> result, quint64 generation, Delivery delivery)
{
    // Delivered on the GUI thread, and only while no later run has started; what is not delivered is
    // freed off it.
    QMetaObject::invokeMethod(
        this,
        [this, result, generation, delivery]() mutable {
            if (generation != m_generation) {
                dispose(std::move(result));
                return;
            }
            m_waiting.emplace_back(std::move(result), delivery);
            if (!m_nextPass.isActive())
                takeNext();
        },
        Qt::QueuedConnection);
}

void WhatIfRunner::takeNext()
{
    if (m_waiting.empty())
        return;
    auto [result, delivery] = std::move(m_waiting.front());
    m_waiting.pop_front();
    take(std::move(result), delivery);
    m_nextPass.start();
}

void WhatIfRunner::take(std::shared_ptr<RunResult> result, Delivery delivery)
{
    if (delivery == Delivery::Last)
        setRunning(false);
    if (!result->status.ok()) {
        Q_EMIT failed(StatusText::strategyMessage(result->status));
        dispose(std::move(result));
        return;
    }
    auto shown = std::make_shared<WhatIfOutcome>(std::move(result->shown));
    dispose(std::exchange(m_last, shown));
    Q_EMIT finished(std::move(shown));
}

void WhatIfRunner::dispose(std::shared_ptr<const void> object)
{
    if (object)
        m_pool.start([object = std::move(object)]() mutable {
            lowerCurrentThreadPriority();
            object.reset();
        });
}

void WhatIfRunner::setViewLayers(std::optional<WhatIfView::Layers> layers, const QString& suffix, bool makeMissing)
{
    m_suffix = suffix.toStdString();
    m_layers = layers;
    // A run going on makes the view it was asked for; the window asks again when it delivers.
    if (makeMissing && layers && !m_running && m_last && m_last->viewLayers != layers)
        makeView();
}

void WhatIfRunner::makeView()
{
    cancelRun();
    auto result = std::make_shared<RunResult>();
    result->shown = *m_last;
    result->shown.view.reset();
    result->shown.viewError.clear();
    result->shown.viewSlack.reset();
    result->shown.viewLayers = m_layers;
    start(std::move(result), true,
        [layers = m_layers, suffix = m_suffix](RunResult& r, const CancellationToken* cancel, const std::function<void()>& handOver) {
            if (layers)
                takeView(r, ::makeView(r.shown, *layers, suffix, cancel), cancel, handOver);
        });
}
