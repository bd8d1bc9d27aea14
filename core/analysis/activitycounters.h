#pragma once

#include "core/analysis/counterseries.h"

#include <cstdint>
#include <span>
#include <vector>

namespace sightline {

class Trace;

// The counter strip under the Gantt, as step series with equal times merged: how many ranks have a GPU
// op running (the union of each rank's GPU ops), and how many communication ops on GPU tracks are in
// flight across the job. Pure; O(ops log ops).
struct ActivityCounters {
    CounterSeries busyRanks;
    CounterSeries commInFlight;
    int highest = 0; // the largest value of either

    // counted: per track, whether its ops count (empty: every track's do).
    static ActivityCounters compute(const Trace& trace, std::span<const std::uint8_t> counted = {});
};

} // namespace sightline
