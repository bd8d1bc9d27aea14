#include "searchrunner.h"

#include "core/base/progress.h"
#include "core/base/resourcelimits.h"
#include "core/search/asyncpsscaling.h"
#include "core/search/criticalpathoptimizer.h"
#include "core/search/localexchange.h"
#include "core/search/syncscaling.h"
#include "core/session/jobsession.h"
#include "widgets/panels/coretext.h"

#include <QMetaObject>

using namespace sightline;

namespace {

// The what-ifs one search runs at once share half of what a job may take.
std::uint64_t searchMemory()
{
    return ResourceLimits {}.maxMemoryBytes / 2;
}

// A run's progress, handed to a function from the run's thread.
class RunProgress final : public ProgressSink {
public:
    explicit RunProgress(std::function<void(qint64, qint64)> report)
        : m_report(std::move(report))
    {
    }
    void setProgress(std::int64_t done, std::int64_t total) override { m_report(done, total); }

private:
    std::function<void(qint64, qint64)> m_report;
};

} // namespace

SearchRunner::SearchRunner(QObject* parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
}

SearchRunner::~SearchRunner()
{
    if (m_cancel)
        m_cancel->cancel();
    m_pool.waitForDone();
}

void SearchRunner::setJob(std::shared_ptr<const JobSession> session)
{
    cancel();
    m_session = std::move(session);
}

void SearchRunner::cancel()
{
    if (m_cancel)
        m_cancel->cancel();
    ++m_generation;
    setRunning(false);
}

void SearchRunner::setRunning(bool running)
{
    if (running == m_running)
        return;
    m_running = running;
    Q_EMIT runningChanged(running);
}

void SearchRunner::start(Work work)
{
    cancel();
    if (!m_session)
        return;
    m_cancel = std::make_shared<CancellationToken>();
    const quint64 generation = m_generation;
    setRunning(true);
    m_pool.start([this, work = std::move(work), cancel = m_cancel, generation] {
        RunProgress progress([this, generation](qint64 done, qint64 total) {
            deliver(generation, [this, done, total] { Q_EMIT progressed(done, total); });
        });
        work(*cancel, progress, generation);
    });
}

void SearchRunner::deliver(quint64 generation, std::function<void()> delivery)
{
    QMetaObject::invokeMethod(
        this,
        [this, generation, delivery = std::move(delivery)] {
            if (generation == m_generation)
                delivery();
        },
        Qt::QueuedConnection);
}

QString SearchRunner::reasonOf(const Status& status)
{
    return status.message().empty() ? QString::fromStdString(status.detail()) : CoreText::of(status.message());
}

void SearchRunner::optimize(const SearchOptions& given)
{
    std::shared_ptr<const JobSession> session = m_session;
    start([this, session, given](const CancellationToken& cancel, ProgressSink& progress, quint64 generation) {
        SearchOptions options = given;
        options.onRound
            = [this, generation](const SearchRound& r) { deliver(generation, [this, r] { Q_EMIT round(r); }); };
        LocalExchange local;
        Expected<SearchResult> result
            = CriticalPathOptimizer::run(*session, options, local, searchMemory(), &cancel, &progress);
        if (cancel.isCancelled())
            return;
        finish(generation, std::move(result), &SearchRunner::optimized);
    });
}

void SearchRunner::frontier(const FrontierOptions& given)
{
    std::shared_ptr<const JobSession> session = m_session;
    start([this, session, given](const CancellationToken& cancel, ProgressSink& progress, quint64 generation) {
        LocalExchange local;
        Expected<Frontier> result = FrontierTracker::track(*session, given, local, searchMemory(), &cancel, &progress);
        if (cancel.isCancelled())
            return;
        finish(generation, std::move(result), &SearchRunner::frontierFound);
    });
}

void SearchRunner::scale(const Strategy& prefix, Scaling mode, const std::vector<int>& workers, bool globalBatch)
{
    std::shared_ptr<const JobSession> session = m_session;
    start([this, session, prefix, mode, workers, globalBatch](
              const CancellationToken& cancel, ProgressSink& progress, quint64 generation) {
        const BaselineKind kind { CommSource::CostModel, true, std::nullopt };
        LocalExchange local;
        Expected<ScalingCurve> result = mode == Scaling::Sync
            ? SyncScaling::of(*session, prefix, kind, workers, globalBatch, local, searchMemory(), &cancel, &progress)
            : AsyncPsScaling::of(*session, prefix, kind, workers, 0, local, searchMemory(), &cancel, &progress);
        if (cancel.isCancelled())
            return;
        finish(generation, std::move(result), &SearchRunner::scaled);
    });
}
