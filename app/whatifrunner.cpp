#include "whatifrunner.h"

#include "core/analysis/exposedcommunication.h"
#include "core/base/parallel.h"
#include "core/base/progress.h"
#include "core/exec/tensormodel.h"
#include "core/replay/scheduletrace.h"
#include "core/session/jobsession.h"
#include "core/strategy/strategyrunner.h"
#include "widgets/panels/statustext.h"

#include <QElapsedTimer>
#include <QMetaObject>

#include <mutex>
#include <thread>

using namespace sightline;

// The job replayed with the cost model fitted to its own transfers, for the passes that need it:
// made by the first run that asks and kept for the job's later runs (fitting and replaying take as
// long as a pass). Safe from the runs' threads.
class WhatIfRunner::ModelledBaseline {
public:
    Status get(const JobSession& session, const CancellationToken* cancel, ReplayOptions& options, std::shared_ptr<const ReplayResult>& replay)
    {
        const std::lock_guard lock(m_mutex);
        if (!m_replay) {
            ReplayOptions fitted;
            fitted.communication = CommSource::CostModel;
            session.fitCostModel(fitted.topology, fitted.costModel);
            Expected<ReplayResult> base = JobSession::replay(session.measured(), fitted, cancel);
            if (!base)
                return base.status(); // a cancelled run leaves it to the next
            m_options = fitted;
            m_replay = std::make_shared<const ReplayResult>(std::move(*base));
        }
        options = m_options;
        replay = m_replay;
        return {};
    }

private:
    std::mutex m_mutex;
    ReplayOptions m_options;
    std::shared_ptr<const ReplayResult> m_replay;
};

// What every what-if of a job is compared with, found by the first run that needs it and kept for the
// job's later runs: the measured job's gradient tensors (null when it has no gradient all-reduce), and
// per baseline (the loaded replay, the one under the cost model) each op's time and the exposed
// communication. Safe from the runs' threads.
class WhatIfRunner::JobFacts {
public:
    struct Baseline {
        std::vector<TimeNs> perOp; // OpChanges::perOp
        TimeNs exposed = 0; // ExposedCommunication::perIteration
        // Its items as the both view draws them, prepared by the first run that shows them.
        const std::shared_ptr<const ScheduleTrace::Prepared>& prepared() const
        {
            std::call_once(m_preparedOnce, [this] { m_prepared = ScheduleTrace::prepare(*m_graph, true); });
            return m_prepared;
        }

    private:
        friend class JobFacts;
        std::shared_ptr<const ExecutionGraph> m_graph;
        mutable std::once_flag m_preparedOnce;
        mutable std::shared_ptr<const ScheduleTrace::Prepared> m_prepared;
    };

    const TensorModel* tensors(const ExecutionGraph& measured)
    {
        std::call_once(m_tensorsOnce, [&] {
            if (Expected<TensorModel> model = TensorModel::of(measured))
                m_tensors = std::move(*model);
        });
        return m_tensors ? &*m_tensors : nullptr;
    }

    std::shared_ptr<const Baseline> baseline(const std::shared_ptr<const ReplayResult>& replay)
    {
        const std::lock_guard lock(m_mutex);
        for (const auto& [of, facts] : m_baselines) {
            if (of == replay)
                return facts;
        }
        auto facts = std::make_shared<Baseline>();
        facts->m_graph = replay->graph;
        facts->perOp = OpChanges::perOp(*replay->graph, replay->schedule);
        facts->exposed = ExposedCommunication::perIteration(*replay->graph, replay->schedule);
        m_baselines.emplace_back(replay, facts);
        return facts;
    }

private:
    std::once_flag m_tensorsOnce;
    std::optional<TensorModel> m_tensors;
    std::mutex m_mutex;
    std::vector<std::pair<std::shared_ptr<const ReplayResult>, std::shared_ptr<const Baseline>>> m_baselines;
};

// What a run hands back to the GUI thread.
struct RunResult {
    WhatIfOutcome shown;
    Status status;
};

namespace {

constexpr std::size_t kShownChanges = 20;


// The baseline's replay judged against the budget: itself for each device's own memory, else a copy
// with its memory estimated again.
std::shared_ptr<const ReplayResult> judged(std::shared_ptr<const ReplayResult> replay, const MemoryOptions& memory)
{
    if (memory.budgetBytes <= 0)
        return replay;
    auto copy = std::make_shared<ReplayResult>(*replay);
    copy->memory = MemoryEstimator::estimate(*copy->graph, copy->schedule, memory);
    return copy;
}

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

void runWhatIf(RunResult& out, const JobSession& session, std::shared_ptr<const ReplayResult> loaded, WhatIfRunner::ModelledBaseline& modelled,
    WhatIfRunner::JobFacts& facts, const Strategy& strategy, const MemoryOptions& memory, const ViewRequest& view,
    const CancellationToken* cancel, const std::function<void()>& handOver)
{
    ReplayOptions options;
    std::shared_ptr<const ReplayResult> baseline = loaded;
    if (StrategyRunner::needsCostModel(strategy)) {
        if (Status s = modelled.get(session, cancel, options, baseline); !s.ok()) {
            out.status = s;
            return;
        }
    }
    Expected<WhatIfJob> job = StrategyRunner::apply(strategy, { session.measured(), options, {}, session.maxWhatIfItems() }, cancel);
    if (!job) {
        out.status = job.status();
        return;
    }
    for (const std::string& w : job->warnings)
        out.shown.warnings << QString::fromStdString(w);
    const std::shared_ptr<const WhatIfRunner::JobFacts::Baseline> before = facts.baseline(baseline);
    const TensorModel* model = facts.tensors(*session.measured());
    out.shown.exposedBaseline = before->exposed;
    out.shown.viewLayers = view.layers;
    // While the what-if's critical path, memory and summaries are found: the baseline judged against
    // the budget and what the comparison reads of the what-if's times, then, when the Gantt shows the
    // what-if, the what-if laid out as a job (it draws every item as an op). Each runs on every core.
    const ExecutionGraph& graph = *job->graph;
    // The items as the view draws them, prepared on a thread of their own while the replay simulates
    // on this one (and the baseline's, once per job, for the both view).
    WhatIfView::Prepared prepared;
    std::jthread preparing;
    if (view.layers) {
        preparing = std::jthread([&] {
            prepared.whatIf = ScheduleTrace::prepare(graph, true);
            prepared.baselineTime = WhatIfView::baselineTimes(*baseline, graph, true);
            if (*view.layers == WhatIfView::Layers::Both)
                prepared.baseline = before->prepared();
        });
    }
    std::optional<Expected<std::shared_ptr<WhatIfView>>> laidOut;
    // Only the view shows the what-if's slack, and finds it once the view is shown: the critical path
    // comes without it, and the edit does not wait for its sweep.
    const auto meanwhile = [&](const Schedule& s) {
        parallelFor(4, [&](std::size_t part) {
            if (part == 0)
                out.shown.baseline = judged(baseline, memory);
            else if (part == 1)
                out.shown.changes = OpChanges::largest(before->perOp, graph, s, kShownChanges);
            else if (part == 2)
                out.shown.exposedWhatIf = ExposedCommunication::perIteration(graph, s);
            else if (model)
                out.shown.tensorChanges = TensorChanges::largest(*model, *baseline->graph, baseline->schedule, graph, s, kShownChanges);
        });
        if (view.layers) {
            preparing.join();
            laidOut = WhatIfView::layOut(*baseline, job->graph, s, *view.layers, view.suffix, prepared, cancel);
        }
    };
    Expected<ReplayResult> changed = JobSession::replay(job->graph, job->options, cancel, memory, meanwhile, false);
    if (!changed) {
        out.status = changed.status();
        return;
    }
    out.shown.whatIf = std::make_shared<const ReplayResult>(std::move(*changed));
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

void WhatIfRunner::setJob(std::shared_ptr<const JobSession> session, std::shared_ptr<const ReplayResult> baseline)
{
    cancelRun();
    m_session = std::move(session);
    m_baseline = std::move(baseline);
    m_modelled = std::make_shared<ModelledBaseline>();
    m_facts = std::make_shared<JobFacts>();
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
    if (!m_session || !m_baseline || strategy.steps.empty()) {
        setRunning(false);
        Q_EMIT cleared();
        return;
    }
    if (Status s = StrategyRunner::validate(strategy); !s.ok()) {
        setRunning(false);
        Q_EMIT failed(StatusText::message(s));
        return;
    }
    m_strategy = strategy;
    m_memory = memory;
    start(std::make_shared<RunResult>(), false,
        [session = m_session, loaded = m_baseline, modelled = m_modelled, facts = m_facts, strategy, memory, layers = m_layers,
            suffix = m_suffix](RunResult& result, const CancellationToken* cancel, const std::function<void()>& handOver) {
            runWhatIf(result, *session, loaded, *modelled, *facts, strategy, memory, { layers, suffix }, cancel, handOver);
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
        Q_EMIT failed(StatusText::message(result->status));
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
