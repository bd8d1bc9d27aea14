#include "whatifrunner.h"

#include "core/base/progress.h"
#include "core/session/jobsession.h"
#include "core/strategy/strategyrunner.h"
#include "widgets/panels/statustext.h"

#include <QElapsedTimer>
#include <QMetaObject>

using namespace sightline;

namespace {

constexpr std::size_t kShownChanges = 20;

// What a run hands back to the GUI thread.
struct Outcome {
    WhatIfOutcome shown;
    Status status;
};

Outcome runWhatIf(const JobSession& session, std::shared_ptr<const ReplayResult> loaded, const Strategy& strategy,
    const MemoryOptions& memory, const CancellationToken* cancel)
{
    Outcome out;
    ReplayOptions options;
    if (StrategyRunner::needsCostModel(strategy)) {
        options.communication = CommSource::CostModel;
        session.fitCostModel(options.topology, options.costModel);
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
    if (options.communication == CommSource::CostModel) {
        Expected<ReplayResult> base = JobSession::replay(session.measured(), options, cancel, memory);
        if (!base) {
            out.status = base.status();
            return out;
        }
        out.shown.baseline = std::make_shared<const ReplayResult>(std::move(*base));
    } else {
        // The load's replay, its memory judged against this budget.
        auto base = std::make_shared<ReplayResult>(*loaded);
        base->memory = MemoryEstimator::estimate(*base->graph, base->schedule, memory);
        out.shown.baseline = std::move(base);
    }
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
    m_pool.start([this, session = m_session, loaded = m_baseline, strategy, memory, cancel, generation, clock] {
        auto outcome = std::make_shared<Outcome>(runWhatIf(*session, loaded, strategy, memory, cancel.get()));
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
