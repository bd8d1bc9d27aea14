#pragma once

#include "core/base/progress.h"
#include "core/base/status.h"

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
// atomics that the GUI polls; the results come back to the GUI thread as queued signals (loaded, then
// analysed). One load at a time per job object; cancel() is safe from any thread. Destroying the job
// cancels and joins the worker.
class TraceLoadJob : public QObject, private sightline::ProgressSink {
    Q_OBJECT
public:
    explicit TraceLoadJob(QObject* parent = nullptr);
    ~TraceLoadJob() override;

    void start(const QStringList& files);
    void cancel();
    bool isRunning() const;
    // Bytes read so far and in total, for a progress bar.
    qint64 bytesDone() const { return m_done.load(std::memory_order_relaxed); }
    qint64 bytesTotal() const { return m_total.load(std::memory_order_relaxed); }

Q_SIGNALS:
    void loaded(std::shared_ptr<const sightline::Trace> trace, const QStringList& files);
    void failed(const sightline::Status& status, const QStringList& files);
    // Always after loaded; its status says whether the replay was done, failed or was cancelled.
    void analysed(std::shared_ptr<const JobAnalysis> analysis);

private:
    void setProgress(std::int64_t done, std::int64_t total) override;

    QThread* m_thread = nullptr;
    std::shared_ptr<sightline::CancellationToken> m_cancel;
    std::atomic<qint64> m_done { 0 };
    std::atomic<qint64> m_total { 0 };
};
