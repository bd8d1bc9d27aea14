#pragma once

#include <cstddef>
#include <functional>

namespace sightline {

// TBB-free front for parallel loops, so that headers never pull in oneTBB. body(i) is called exactly
// once for every i in [0, count), possibly concurrently; the call returns when all are done. While it
// waits, the calling thread runs only this loop's items, never other work queued on the workers by
// another thread: a GUI thread's short loop never waits on a background computation's.
void parallelFor(std::size_t count, const std::function<void(std::size_t)>& body);

// Number of worker threads parallelFor may use.
std::size_t parallelism();

// Background priority, for a program one of whose threads must stay responsive (the window's GUI
// thread) while the others compute: under contention for the cores, a thread at background priority
// yields to the program's other threads (Linux: nice 10 above the process's; elsewhere no change).
// The calling thread, for good: a thread that only ever runs background work calls it.
void lowerCurrentThreadPriority();
// parallelFor's worker threads, those running and those started later. Their share of a loop the GUI
// thread runs then also yields to that thread's own share.
void lowerWorkerPriority();

} // namespace sightline
