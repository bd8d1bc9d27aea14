#pragma once

#include <cstddef>
#include <functional>
#include <memory>

namespace sightline {

// TBB-free front for parallel loops, so that headers never pull in oneTBB. body(i) is called exactly
// once for every i in [0, count), possibly concurrently; the call returns when all are done. While it
// waits, the calling thread runs only this loop's items, never another task of the loop it is nested
// in or of another thread's loop.
void parallelFor(std::size_t count, const std::function<void(std::size_t)>& body);

// Number of worker threads parallelFor may use.
std::size_t parallelism();

// Caps the threads parallelFor uses, in this whole process, while it lives: for several processes
// sharing one machine's cores (MPI ranks on one host), and for checking that a result does not depend
// on the thread count. Limits nest: the lowest one alive is in force. At least one thread.
class ParallelismLimit {
public:
    explicit ParallelismLimit(std::size_t threads);
    ~ParallelismLimit();
    ParallelismLimit(const ParallelismLimit&) = delete;
    ParallelismLimit& operator=(const ParallelismLimit&) = delete;

private:
    struct Control;
    std::unique_ptr<Control> m_control;
};

// How many contiguous blocks to split count things into for parallelForBlocks: perWorker per worker,
// never more than count, and none for nothing.
inline std::size_t blockCount(std::size_t count, std::size_t perWorker = 1)
{
    const std::size_t wanted = parallelism() * perWorker;
    return count < wanted ? count : wanted < 1 ? 1 : wanted;
}

// Splits [0, count) into `blocks` contiguous ranges of about equal size and calls body(block, begin,
// end) for each, possibly concurrently, as parallelFor does: for loops whose blocks each keep a result
// of their own (a count, a list, the first bad entry).
template <class Body>
void parallelForBlocks(std::size_t count, std::size_t blocks, Body&& body)
{
    parallelFor(blocks, [&](std::size_t b) { body(b, count * b / blocks, count * (b + 1) / blocks); });
}

// Background priority, for a program one of whose threads must stay responsive (the window's GUI
// thread) while the others compute: under contention for the cores, a thread at background priority
// yields to the program's other threads (Linux: nice 10 above the process's; elsewhere no change).
// The calling thread, for good: a thread that only ever runs background work calls it.
void lowerCurrentThreadPriority();
// parallelFor's worker threads from now on, for good: each lowers itself as it runs its first item of
// a loop another thread called. Their share of a loop the GUI thread runs then also yields to that
// thread's own share.
void lowerWorkerPriority();

} // namespace sightline
