#include "core/base/parallel.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#endif

namespace sightline {

namespace {

// How much lower than the process a background thread runs (nice levels).
constexpr int kBackgroundNice = 10;

// Whether parallelFor's workers run lowered (lowerWorkerPriority), and whether this thread has been.
std::atomic<bool> g_lowerWorkers { false };
thread_local bool t_lowered = false;

} // namespace

void parallelFor(std::size_t count, const std::function<void(std::size_t)>& body)
{
    if (count == 0)
        return;
    if (count == 1) {
        body(0);
        return;
    }
    // A worker lowers itself on the first item it runs for a loop called from another thread: every
    // external thread has an arena of its own, and a worker serves whichever needs it.
    const std::thread::id caller = std::this_thread::get_id();
    // Isolated: without it, a thread waiting for its items to finish may run another task of its arena,
    // such as the other half of the loop this one is nested in (the what-if's view beside its
    // comparison), and return to its own only when that is done.
    tbb::this_task_arena::isolate([&body, count, caller] {
        // Grain size 1: callers hand us coarse items (a file, a track group), never single ops.
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, count, 1),
            [&body, caller](const tbb::blocked_range<std::size_t>& range) {
                if (!t_lowered && g_lowerWorkers.load(std::memory_order_relaxed) && std::this_thread::get_id() != caller) {
                    lowerCurrentThreadPriority();
                    t_lowered = true;
                }
                for (std::size_t i = range.begin(); i != range.end(); ++i)
                    body(i);
            },
            tbb::simple_partitioner());
    });
}

std::size_t parallelism()
{
    const auto arena = static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
    const auto allowed = tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
    return std::max<std::size_t>(1, std::min(arena, allowed));
}

struct ParallelismLimit::Control {
    explicit Control(std::size_t threads)
        : control(tbb::global_control::max_allowed_parallelism, std::max<std::size_t>(1, threads))
    {
    }
    tbb::global_control control;
};

ParallelismLimit::ParallelismLimit(std::size_t threads)
    : m_control(std::make_unique<Control>(threads))
{
}

ParallelismLimit::~ParallelismLimit() = default;

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
    g_lowerWorkers.store(true, std::memory_order_relaxed);
}

} // namespace sightline
