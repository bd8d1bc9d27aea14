#include "core/base/resourcelimits.h"

#include <cmath>

#include <cstdio>
#include <fstream>
#include <unistd.h>

namespace sightline {

namespace {

// The memory limit of this process's control group (cgroup v2 or v1), or 0 when there is none.
std::uint64_t cgroupLimitBytes()
{
    for (const char* path : { "/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes" }) {
        std::ifstream in(path);
        std::string text;
        if (!(in >> text) || text == "max")
            continue;
        std::uint64_t value = 0;
        bool digits = !text.empty();
        for (char c : text) {
            if (c < '0' || c > '9' || value > UINT64_MAX / 10) {
                digits = false;
                break;
            }
            value = value * 10 + static_cast<std::uint64_t>(c - '0');
        }
        if (digits && value > 0)
            return value;
    }
    return 0;
}

} // namespace

std::uint64_t ResourceLimits::availableMemoryBytes()
{
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long pageSize = ::sysconf(_SC_PAGESIZE);
    std::uint64_t physical = pages > 0 && pageSize > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize) : 0;
    const std::uint64_t group = cgroupLimitBytes();
    if (group > 0 && (physical == 0 || group < physical))
        physical = group;
    return physical;
}

std::uint64_t ResourceLimits::defaultMaxMemoryBytes()
{
    // Read once per process: limits are made for every load, and the machine's memory does not change
    // under a running process often enough to be worth reading the control group's files each time.
    static const std::uint64_t cached = [] {
        const std::uint64_t available = availableMemoryBytes();
        // Unknown: no limit of ours; the system's own applies.
        return available == 0 ? UINT64_MAX : available / 5 * 4;
    }();
    return cached;
}

std::optional<std::uint64_t> ResourceLimits::bytesFromGigabytes(double gb)
{
    if (!std::isfinite(gb) || gb <= 0 || gb > 1e9)
        return std::nullopt;
    const auto bytes = static_cast<std::uint64_t>(gb * static_cast<double>(kGB));
    return bytes > 0 ? std::optional(bytes) : std::nullopt;
}

std::string ResourceLimits::gigabytes(std::uint64_t bytes)
{
    // Under a tenth of a gigabyte, three significant digits: a limit of 1000 bytes is not "0.0 GB".
    const double gb = static_cast<double>(bytes) / static_cast<double>(kGB);
    char text[32];
    std::snprintf(text, sizeof text, gb > 0 && gb < 0.1 ? "%.3g GB" : "%.1f GB", gb);
    return text;
}

Status ResourceLimits::checkMemory(std::uint64_t estimateBytes, const std::string& job, Message what) const
{
    if (estimateBytes <= maxMemoryBytes)
        return {};
    return Status::error(ErrorCode::TooLarge, job, -1,
        Message(SL_TEXT("Core", "%1 would need about %2 of memory, above the limit of %3 (--max-memory-gb)"),
            { std::move(what), gigabytes(estimateBytes), gigabytes(maxMemoryBytes) }));
}

bool ByteBudget::take(std::uint64_t bytes)
{
    std::uint64_t used = m_used.load(std::memory_order_relaxed);
    do {
        if (bytes > m_limit || used > m_limit - bytes)
            return false;
    } while (!m_used.compare_exchange_weak(used, used + bytes, std::memory_order_relaxed));
    return true;
}

} // namespace sightline
