#pragma once

// Measuring helpers shared by the benchmarks: resident memory and elapsed seconds.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <unistd.h>

namespace BenchSupport {

using Clock = std::chrono::steady_clock;

// Resident set size of this process, in bytes (0 when /proc is not readable).
inline std::int64_t residentBytes()
{
    long pages = 0, resident = 0;
    if (std::FILE* f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2)
            resident = 0;
        std::fclose(f);
    }
    return static_cast<std::int64_t>(resident) * sysconf(_SC_PAGESIZE);
}

inline double seconds(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

} // namespace BenchSupport
