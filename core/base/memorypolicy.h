#pragma once

namespace sightline {

// How the process's allocator treats the memory a replay frees. Each what-if edit builds a graph, a
// schedule and a critical path of up to gigabytes and frees the previous one's; by default the C
// library hands blocks that large back to the kernel on free, and the next edit takes a page fault for
// every 4 KiB of them again (a third of an edit's time on a 5 M-op job). Kept, they are reused as
// they are. Process-wide, so called by the programs (the window, sightline-cli, the benchmarks), not
// by the library: a no-op where the C library has no such controls.
class MemoryPolicy {
public:
    // Keeps freed memory in the process for reuse: one heap for all threads (a what-if runs on a worker
    // thread), large blocks taken from it rather than mapped one by one, and no trimming. Call once,
    // first thing in main().
    static void keepFreedMemory();
    // Hands what is kept back to the kernel: after an import's staging buffers are freed, and when the
    // job whose replays used it is closed.
    static void releaseFreedMemory();
};

} // namespace sightline
