#pragma once

#include "core/base/status.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sightline {

// How much a job may take: decoded text over all its files, and memory for its model, graph and
// replay. Checked while streaming and before large allocations, so that a job too large for the machine
// gets a clear refusal instead of an out-of-memory kill. Plain value type (the default memory limit is
// read from the system once per process).
struct ResourceLimits {
    static constexpr std::uint64_t kGB = 1'000'000'000;
    // Decoded (decompressed) text of all the files of one job; 0: follow the memory limit (see
    // decodedLimit()).
    std::uint64_t maxDecodedBytes = 0;
    // Memory the model, graph and replay of one job may take: by default four fifths of the memory
    // this process may use (physical memory, or the control group's limit when lower).
    std::uint64_t maxMemoryBytes = defaultMaxMemoryBytes();

    // The decoded-text limit in force: maxDecodedBytes when given, else half of maxMemoryBytes (the text
    // and the model built from it share the memory), so that a lower memory limit lowers it too.
    std::uint64_t decodedLimit() const { return maxDecodedBytes ? maxDecodedBytes : maxMemoryBytes / 2; }

    // Four fifths of availableMemoryBytes(), read once per process; UINT64_MAX when that is unknown.
    static std::uint64_t defaultMaxMemoryBytes();
    // Physical memory, or the control group's memory limit when that is lower; 0 when unknown.
    static std::uint64_t availableMemoryBytes();

    // Ok when estimateBytes fits maxMemoryBytes; else TooLarge naming the job (a file, or "a and N
    // more") and the limit, with what needed it ("the dependency graph and replay").
    Status checkMemory(std::uint64_t estimateBytes, const std::string& job, Message what) const;
    // The bytes of a limit given in gigabytes: a finite number from a byte (1e-9) up to a billion
    // (beyond that the byte count would not fit); nullopt for anything else, a limit of no bytes too.
    static std::optional<std::uint64_t> bytesFromGigabytes(double gb);
    // "12.3 GB", or "0.0123 GB" under a tenth of one: a byte count for messages.
    static std::string gigabytes(std::uint64_t bytes);
};

// A shared allowance of bytes that parallel readers draw from while streaming: the decoded-text limit
// of a job. Lock-free; take() and give() may be called from any thread.
class ByteBudget {
public:
    explicit ByteBudget(std::uint64_t limit)
        : m_limit(limit)
    {
    }
    // Takes bytes from the budget; false, taking nothing, when that would exceed the limit.
    bool take(std::uint64_t bytes);
    // Returns bytes taken earlier and not used (a reader that drew ahead of what it decoded). Bytes a
    // failed read decoded stay taken: a job fails as a whole when one of its files does.
    void give(std::uint64_t bytes) { m_used.fetch_sub(bytes, std::memory_order_relaxed); }
    std::uint64_t limit() const { return m_limit; }
    std::uint64_t used() const { return m_used.load(std::memory_order_relaxed); }

private:
    const std::uint64_t m_limit;
    std::atomic<std::uint64_t> m_used { 0 };
};

} // namespace sightline
