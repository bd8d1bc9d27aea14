#pragma once

#include <atomic>
#include <cstdint>

namespace sightline {

// Cooperative cancellation for long core calls. Any thread may cancel(); workers poll isCancelled()
// between units of work and return Status::cancelled(). Lock-free.
class CancellationToken {
public:
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool isCancelled() const { return m_cancelled.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> m_cancelled { false };
};

// Receives progress from long core calls as (done, total) in an operation-defined unit (bytes for
// import). Implementations must be thread-safe: parallel loaders report from worker threads.
class ProgressSink {
public:
    virtual ~ProgressSink() = default;
    virtual void setProgress(std::int64_t done, std::int64_t total) = 0;
};

} // namespace sightline
