#pragma once

#include <cstddef>

namespace sightline {

// Turns the SIGBUS of a mapped file that shrank under us into an error we can report. A private
// mapping of a file faults with SIGBUS when it is read past the file's end, which happens when another
// process truncates the file while it is parsed. Registered ranges are watched by a process-wide
// SIGBUS handler (installed on the first registration): a fault inside one maps zero pages over the
// rest of the range and marks it cut, so the read goes on and sees zeros; the owner then checks
// isCut() and reports the file as changed while it was read. A fault outside every range goes to the
// handler that was there before (or the default action). At most kSlots ranges are watched at once;
// register() returns -1 when all are taken and the caller reads the file instead of mapping it.
// register/release are thread-safe and lock-free; the handler only reads atomics and calls mmap.
class MappingGuard {
public:
    static constexpr int kSlots = 256;

    static int watch(void* begin, std::size_t length);
    static void release(int slot);
    static bool isCut(int slot);
};

} // namespace sightline
