#include "traceloadjob.h"

#include "core/import/traceloader.h"
#include "core/model/trace.h"

#include <QMetaObject>
#include <QPointer>
#include <QThread>

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

bool TraceLoadJob::isRunning() const
{
    return m_thread && m_thread->isRunning();
}

void TraceLoadJob::cancel()
{
    if (m_cancel)
        m_cancel->cancel();
}

void TraceLoadJob::setProgress(std::int64_t done, std::int64_t total)
{
    m_total.store(total, std::memory_order_relaxed);
    m_done.store(done, std::memory_order_relaxed);
}

void TraceLoadJob::start(const QStringList& files)
{
    if (isRunning())
        return;
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
    m_cancel = std::make_shared<sightline::CancellationToken>();
    m_done = 0;
    m_total = 0;
    std::vector<std::string> paths;
    for (const QString& f : files)
        paths.push_back(f.toStdString());
    auto token = m_cancel;
    QPointer<TraceLoadJob> self(this);
    m_thread = QThread::create([this, self, paths = std::move(paths), token, files]() {
        auto result = sightline::TraceLoader::load(paths, token.get(), this);
        // Hand the result to the GUI thread; the job may be gone by then.
        if (result) {
            auto trace = std::move(*result);
            QMetaObject::invokeMethod(self.data(), [self, trace, files]() {
                if (self)
                    Q_EMIT self->loaded(trace, files);
            }, Qt::QueuedConnection);
        } else {
            const sightline::Status status = result.status();
            QMetaObject::invokeMethod(self.data(), [self, status, files]() {
                if (self)
                    Q_EMIT self->failed(status, files);
            }, Qt::QueuedConnection);
        }
    });
    m_thread->start();
}
