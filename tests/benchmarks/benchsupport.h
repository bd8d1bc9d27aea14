#pragma once

// Measuring helpers shared by the benchmarks: resident memory and elapsed seconds.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <time.h>
#include <unistd.h>
#include <vector>

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

// CPU time of the calling thread: graph build and replay are single threaded, so this is what they
// cost when other processes share the cores, while wall time is what a user waits.
inline double threadSeconds()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Wall and thread-CPU seconds of repeated runs of one phase.
struct Timings {
    std::vector<double> wall;
    std::vector<double> cpu;

    template <class F>
    auto run(F&& f)
    {
        const double c0 = threadSeconds();
        const auto t0 = Clock::now();
        auto result = f();
        wall.push_back(seconds(t0, Clock::now()));
        cpu.push_back(threadSeconds() - c0);
        return result;
    }
    static double median(std::vector<double> v)
    {
        std::sort(v.begin(), v.end());
        return v.empty() ? 0 : v[v.size() / 2];
    }
    double medianWall() const { return median(wall); }
    double bestWall() const { return wall.empty() ? 0 : *std::min_element(wall.begin(), wall.end()); }
    double medianCpu() const { return median(cpu); }
};

} // namespace BenchSupport
