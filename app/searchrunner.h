#pragma once

#include "core/search/frontiertracker.h"
#include "core/search/scalingcurve.h"
#include "core/search/searchresult.h"

#include <QObject>
#include <QString>
#include <QThreadPool>

#include <functional>
#include <memory>

namespace sightline {
class CancellationToken;
class JobSession;
class ProgressSink;
} // namespace sightline

// Runs the window's searches off the GUI thread, one at a time: the optimizer (CriticalPathOptimizer),
// the frontier (FrontierTracker) and the scaling curve (SyncScaling or AsyncPsScaling), in this process
// (LocalExchange). A new run or a new job cancels the one going; a cancelled or stale run delivers
// nothing. Rounds of the optimizer arrive as they are found, and the progress of each batch of
// what-ifs as they end. The destructor cancels and waits.
class SearchRunner : public QObject {
    Q_OBJECT
public:
    enum class Scaling { Sync, AsyncPs };

    explicit SearchRunner(QObject* parent = nullptr);
    ~SearchRunner() override;

    void setJob(std::shared_ptr<const sightline::JobSession> session);
    bool isRunning() const { return m_running; }
    void optimize(const sightline::SearchOptions& options);
    void frontier(const sightline::FrontierOptions& options);
    // globalBatch: the workers share the measured global batch (synchronous scaling only).
    void scale(const sightline::Strategy& prefix, Scaling mode, const std::vector<int>& workers, bool globalBatch);
    void cancel();

Q_SIGNALS:
    void runningChanged(bool running);
    void round(const sightline::SearchRound& round);
    // done of total what-ifs of the batch under way.
    void progressed(qint64 done, qint64 total);
    void optimized(const sightline::SearchResult& result);
    void frontierFound(const sightline::Frontier& frontier);
    void scaled(const sightline::ScalingCurve& curve);
    void failed(const QString& why);

private:
    // Starts work on the pool as run number generation, with a progress sink that delivers
    // progressed(); deliver() runs on the GUI thread only if that run is still the latest.
    using Work = std::function<void(const sightline::CancellationToken&, sightline::ProgressSink&, quint64 generation)>;
    void start(Work work);
    void deliver(quint64 generation, std::function<void()> delivery);
    void setRunning(bool running);
    // Delivers a run's result: the signal with it, or failed() with why it failed.
    template <class T, class Signal> void finish(quint64 generation, sightline::Expected<T> result, Signal signal)
    {
        deliver(generation, [this, result = std::make_shared<sightline::Expected<T>>(std::move(result)), signal] {
            setRunning(false);
            if (*result)
                Q_EMIT(this->*signal)(**result);
            else
                Q_EMIT failed(reasonOf(result->status()));
        });
    }
    static QString reasonOf(const sightline::Status& status);

    QThreadPool m_pool;
    std::shared_ptr<const sightline::JobSession> m_session;
    std::shared_ptr<sightline::CancellationToken> m_cancel;
    quint64 m_generation = 0;
    bool m_running = false;
};
