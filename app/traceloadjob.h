#pragma once

#include "core/base/progress.h"
#include "core/base/resourcelimits.h"
#include "core/base/status.h"
#include "core/session/jobsession.h"

#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>

class QThread;
struct JobAnalysis;

namespace sightline {
class Trace;
}

// Loads a job's files on a worker thread so the window stays responsive, then analyses it there:
// dependency graph, clock alignment, replay, critical path and drawing layout. Progress is kept in
// atomics that the GUI polls; the results come back to the GUI thread as queued signals. A request
// made while another is loading or analysing cancels that one and runs as soon as its worker has
// stopped: the latest request always wins, none is dropped, and a superseded request emits nothing.
// Jobs beyond the limits (decoded text, memory) are refused or opened unanalysed, never run out of
// memory. cancel() is safe from any thread; destroying the job cancels and joins the worker.
class TraceLoadJob : public QObject, private sightline::ProgressSink {
    Q_OBJECT
public:
    explicit TraceLoadJob(QObject* parent = nullptr);
    ~TraceLoadJob() override;

    void setLimits(const sightline::ResourceLimits& limits) { m_limits = limits; }
    // Loads files, then opens the session with options (the scenario's offsets and steps).
    void start(const QStringList& files, const sightline::SessionOptions& options = {});
    // Cancels the request being worked on, and any waiting one.
    void cancel();
    // Bytes read so far and in total, for a progress bar.
    qint64 bytesDone() const { return m_done.load(std::memory_order_relaxed); }
    qint64 bytesTotal() const { return m_total.load(std::memory_order_relaxed); }

Q_SIGNALS:
    // The files are read; the analysis follows.
    void loaded(const QStringList& files);
    void failed(const sightline::Status& status, const QStringList& files);
    // The job is ready to show. The analysis' status says whether the replay was done, failed or was
    // cancelled (the trace is then shown as measured).
    void analysed(std::shared_ptr<const sightline::Trace> trace, std::shared_ptr<const JobAnalysis> analysis, const QStringList& files);

private:
    void setProgress(std::int64_t done, std::int64_t total) override;
    void launch(const QStringList& files, const sightline::SessionOptions& options);
    void onWorkerFinished();

    QThread* m_thread = nullptr;
    std::shared_ptr<sightline::CancellationToken> m_cancel;
    sightline::ResourceLimits m_limits;
    QStringList m_waiting; // the request to run once the cancelled worker has stopped
    sightline::SessionOptions m_waitingOptions;
    bool m_hasWaiting = false;
    quint64 m_generation = 0; // of the latest request; results of older ones are dropped
    std::atomic<qint64> m_done { 0 };
    std::atomic<qint64> m_total { 0 };
};
