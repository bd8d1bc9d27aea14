#include "core/base/parallel.h"

#include <algorithm>
#include <mutex>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_scheduler_observer.h>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#endif

namespace sightline {

void parallelFor(std::size_t count, const std::function<void(std::size_t)>& body)
{
    if (count == 0)
        return;
    if (count == 1) {
        body(0);
        return;
    }
    // Isolated: without it, a thread waiting for its items to finish may take any task of the arena,
    // such as half of a background replay, and return only when that is done.
    tbb::this_task_arena::isolate([&body, count] {
        // Grain size 1: callers hand us coarse items (a file, a track group), never single ops.
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, count, 1),
            [&body](const tbb::blocked_range<std::size_t>& range) {
                for (std::size_t i = range.begin(); i != range.end(); ++i)
                    body(i);
            },
            tbb::simple_partitioner());
    });
}

std::size_t parallelism()
{
    return static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
}

namespace {

// How much lower than the process a background thread runs (nice levels).
constexpr int kBackgroundNice = 10;

// Lowers each worker thread as it enters an arena; a thread already lowered stays as it is.
class WorkerPriorityObserver : public tbb::task_scheduler_observer {
public:
    WorkerPriorityObserver() { observe(true); }
    void on_scheduler_entry(bool isWorker) override
    {
        if (isWorker)
            lowerCurrentThreadPriority();
    }
};

WorkerPriorityObserver* g_workerObserver = nullptr;

} // namespace

void lowerCurrentThreadPriority()
{
#if defined(__linux__)
    // On Linux a nice value belongs to a thread: PRIO_PROCESS with the thread's id sets only its own.
    const auto thread = static_cast<id_t>(::syscall(SYS_gettid));
    errno = 0;
    const int process = ::getpriority(PRIO_PROCESS, static_cast<id_t>(::getpid()));
    const int current = ::getpriority(PRIO_PROCESS, thread);
    if (errno != 0)
        return;
    const int wanted = std::min(process + kBackgroundNice, 19);
    if (current < wanted)
        ::setpriority(PRIO_PROCESS, thread, wanted); // failure only leaves the thread as it was
#endif
}

void lowerWorkerPriority()
{
    // Made once, for the program's lifetime, and never destroyed: at exit, oneTBB's own state may go
    // first. The pointer keeps it reachable.
    static std::mutex once;
    const std::lock_guard lock(once);
    if (!g_workerObserver)
        g_workerObserver = new WorkerPriorityObserver;
}

} // namespace sightline
