#include "traceloadjob.h"

#include "jobanalysis.h"

#include "core/analysis/activitycounters.h"
#include "core/analysis/rankactivity.h"
#include "core/base/parallel.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "core/exec/analysiscache.h"
#include "core/exec/layermodel.h"
#include "core/session/jobsession.h"
#include "widgets/timeline/tracklayout.h"

#include <QFile>
#include <QMetaObject>
#include <QPointer>
#include <QThread>

#include <algorithm>
#include <unordered_set>
#include <utility>

namespace {

// The replay drawn on the trace: each op's replayed times, back on its rank's clock so they line up
// with the measured ones, its slack, and the ops of the critical path.
void perOpResults(const sightline::JobSession& session, const sightline::ReplayResult& replay, JobAnalysis& analysis)
{
    using namespace sightline;
    const Trace& t = session.trace();
    const ExecutionGraph& g = *replay.graph;
    const Schedule& s = replay.schedule;
    const std::vector<ItemId> itemOf = g.itemOfOp();
    analysis.replayedStart.assign(t.opCount(), Schedule::kNotReplayed);
    analysis.replayedEnd.assign(t.opCount(), Schedule::kNotReplayed);
    analysis.slack.assign(t.opCount(), Schedule::kNotReplayed);
    analysis.replayedDuration.assign(t.opCount(), INT64_MIN);
    for (std::uint32_t v = 0; v < t.opCount(); ++v) {
        const ItemId item = itemOf[v];
        if (!item.isValid())
            continue;
        const TimeNs offset = session.alignment().offsets[t.rank(OpId(v)).value()];
        analysis.replayedStart[v] = s.start[item.value()] + offset;
        analysis.replayedEnd[v] = s.end[item.value()] + offset;
        analysis.replayedDuration[v] = s.end[item.value()] - s.start[item.value()];
        analysis.slack[v] = replay.criticalPath.slack[item.value()];
    }
    for (ItemId item : replay.criticalPath.items) {
        if (g.rank(item).isValid() && g.origin(item).size() == 1)
            analysis.criticalOps.push_back(g.origin(item).front());
    }
}

// Everything the window shows beyond the trace. When the graph or the replay fails, is cancelled or
// would not fit the memory limit, the status says so and only the measured layout and counters are set.
std::shared_ptr<const JobAnalysis> analyse(const std::shared_ptr<const sightline::Trace>& trace, const sightline::SessionOptions& options,
    const sightline::ResourceLimits& limits, const sightline::CancellationToken* cancel)
{
    using namespace sightline;
    auto analysis = std::make_shared<JobAnalysis>();
    analysis->measuredLayout = std::make_shared<const TrackLayout>(TrackLayout::build(*trace, { trace->startColumn(), trace->endColumn() }));
    analysis->counters = ActivityCounters::compute(*trace);
    analysis->activity = RankActivityAnalysis::compute(*trace);
    Expected<std::shared_ptr<const JobSession>> session = JobSession::open(trace, options, limits, cancel);
    if (!session) {
        analysis->status = session.status();
        return analysis;
    }
    // The session keeps this replay as the baseline of what-ifs whose transfers are as measured.
    Expected<JobSession::Baseline> replay = (*session)->baseline({}, cancel);
    if (!replay) {
        analysis->status = replay.status();
        return analysis;
    }
    analysis->session = *session;
    analysis->replay = replay->replay;
    std::unordered_set<std::string> seen;
    // Found here, they are kept with the session's analyses for the first recomputation too.
    for (const LayerModel::Layer& layer : (*session)->analyses().layers("auto")->layers()) {
        if (seen.insert(layer.name).second)
            analysis->layerNames.push_back(layer.name);
    }
    perOpResults(**session, *analysis->replay, *analysis);
    analysis->replayedLayout = std::make_shared<const TrackLayout>(TrackLayout::build(*trace,
        { analysis->replayedStart, analysis->replayedEnd, Schedule::kNotReplayed }));
    return analysis;
}

} // namespace

TraceLoadJob::TraceLoadJob(QObject* parent)
    : QObject(parent)
{
}

TraceLoadJob::~TraceLoadJob()
{
    cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void TraceLoadJob::cancel()
{
    m_hasWaiting = false;
    if (m_cancel)
        m_cancel->cancel();
}

void TraceLoadJob::setProgress(std::int64_t done, std::int64_t total)
{
    m_total.store(total, std::memory_order_relaxed);
    m_done.store(done, std::memory_order_relaxed);
}

void TraceLoadJob::start(const QStringList& files, const sightline::SessionOptions& options)
{
    ++m_generation;
    if (m_thread) {
        // The worker stops at its next cancellation point; the request runs when it has (one worker at
        // a time, so that two jobs never hold their memory at once).
        if (m_cancel)
            m_cancel->cancel();
        m_waiting = files;
        m_waitingOptions = options;
        m_hasWaiting = true;
        return;
    }
    launch(files, options);
}

void TraceLoadJob::onWorkerFinished()
{
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    if (m_hasWaiting) {
        m_hasWaiting = false;
        launch(std::exchange(m_waiting, {}), std::exchange(m_waitingOptions, {}));
    }
}

void TraceLoadJob::launch(const QStringList& files, const sightline::SessionOptions& options)
{
    m_cancel = std::make_shared<sightline::CancellationToken>();
    m_done = 0;
    m_total = 0;
    std::vector<std::string> paths;
    for (const QString& f : files)
        paths.push_back(QFile::encodeName(f).toStdString());
    auto token = m_cancel;
    const quint64 generation = m_generation;
    const sightline::ResourceLimits limits = m_limits;
    QPointer<TraceLoadJob> self(this);
    // Results go to the GUI thread, and only if no later request superseded this one.
    auto deliver = [self, generation](auto&& emitIt) {
        QMetaObject::invokeMethod(self.data(), [self, generation, emitIt = std::move(emitIt)]() {
            if (self && self->m_generation == generation)
                emitIt(self.data());
        }, Qt::QueuedConnection);
    };
    m_thread = QThread::create([this, paths = std::move(paths), token, files, options, limits, deliver]() {
        sightline::lowerCurrentThreadPriority(); // the window stays responsive while a job loads
        auto result = sightline::TraceLoader::load(paths, token.get(), this, limits);
        if (!result) {
            const sightline::Status status = result.status();
            deliver([status, files](TraceLoadJob* job) { Q_EMIT job->failed(status, files); });
            return;
        }
        std::shared_ptr<const sightline::Trace> trace = std::move(*result);
        deliver([files](TraceLoadJob* job) { Q_EMIT job->loaded(files); });
        std::shared_ptr<const JobAnalysis> analysis = analyse(trace, options, limits, token.get());
        deliver([trace, analysis, files](TraceLoadJob* job) { Q_EMIT job->analysed(trace, analysis, files); });
    });
    connect(m_thread, &QThread::finished, this, &TraceLoadJob::onWorkerFinished, Qt::QueuedConnection);
    m_thread->start();
}
