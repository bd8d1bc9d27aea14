#include "whatifrunner.h"

#include "core/base/progress.h"
#include "core/session/jobsession.h"
#include "core/strategy/strategyrunner.h"
#include "widgets/panels/statustext.h"

#include <QElapsedTimer>
#include <QMetaObject>

#include <mutex>

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

namespace {

constexpr std::size_t kShownChanges = 20;

// What a run hands back to the GUI thread.
struct Outcome {
    WhatIfOutcome shown;
    Status status;
};

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

Outcome runWhatIf(const JobSession& session, std::shared_ptr<const ReplayResult> loaded, WhatIfRunner::ModelledBaseline& modelled,
    const Strategy& strategy, const MemoryOptions& memory, const CancellationToken* cancel)
{
    Outcome out;
    ReplayOptions options;
    std::shared_ptr<const ReplayResult> baseline = loaded;
    if (StrategyRunner::needsCostModel(strategy)) {
        if (Status s = modelled.get(session, cancel, options, baseline); !s.ok()) {
            out.status = s;
            return out;
        }
    }
    Expected<WhatIfJob> job = StrategyRunner::apply(strategy, { session.measured(), options, {} }, cancel);
    if (!job) {
        out.status = job.status();
        return out;
    }
    for (const std::string& w : job->warnings)
        out.shown.warnings << QString::fromStdString(w);
    Expected<ReplayResult> changed = JobSession::replay(job->graph, job->options, cancel, memory);
    if (!changed) {
        out.status = changed.status();
        return out;
    }
    out.shown.whatIf = std::make_shared<const ReplayResult>(std::move(*changed));
    out.shown.baseline = judged(std::move(baseline), memory);
    const ReplayResult& a = *out.shown.baseline;
    const ReplayResult& b = *out.shown.whatIf;
    out.shown.changes = OpChanges::largest(*a.graph, a.schedule, *b.graph, b.schedule, kShownChanges);
    return out;
}

} // namespace

WhatIfRunner::WhatIfRunner(QObject* parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(2); // a cancelled run winds down beside the next
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
    setRunning(false);
}

void WhatIfRunner::cancelRun()
{
    ++m_generation;
    if (m_cancel)
        m_cancel->cancel();
    m_cancel.reset();
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
    const quint64 generation = m_generation;
    auto cancel = m_cancel = std::make_shared<CancellationToken>();
    setRunning(true);
    QElapsedTimer clock;
    clock.start();
    m_pool.start([this, session = m_session, loaded = m_baseline, modelled = m_modelled, strategy, memory, cancel, generation, clock] {
        auto outcome = std::make_shared<Outcome>(runWhatIf(*session, loaded, *modelled, strategy, memory, cancel.get()));
        // Delivered on the GUI thread, and only while no later run has started.
        QMetaObject::invokeMethod(
            this,
            [this, outcome, generation, clock] {
                if (generation != m_generation)
                    return;
                setRunning(false);
                if (!outcome->status.ok()) {
                    Q_EMIT failed(StatusText::message(outcome->status));
                    return;
                }
                auto shown = std::make_shared<WhatIfOutcome>(std::move(outcome->shown));
                shown->ms = clock.elapsed();
                Q_EMIT finished(std::move(shown));
            },
            Qt::QueuedConnection);
    });
}
