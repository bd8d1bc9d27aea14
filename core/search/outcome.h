#pragma once

#include "core/analysis/criticalpath.h"

#include <array>
#include <cstdint>
#include <type_traits>

namespace sightline {

// What one candidate's what-if came to, in a record of fixed size that processes exchange byte for
// byte: whether it ran, its iteration and peak memory, whether it passes the device budget, whether a
// check of the what-if's own figures warned, and its critical path by category (what the search explains a
// gain by). A candidate whose job no data loader can feed (a rank's batch or micro-batch below one
// sample) ran, but is Unfed among the candidates evaluated: no search reports it.
struct Outcome {
    enum Status : std::uint8_t { Ok = 0, Failed = 1, Unfed = 2 };
    std::uint32_t index = 0; // of the candidate in the list evaluated
    std::uint8_t status = Failed;
    std::uint8_t outOfMemory = 0; // some device's peak passes its budget
    std::uint8_t selfChecked = 0; // a check of the what-if's own figures warned (WhatIfResult::isWhatIfCheck)
    std::uint8_t fractionalSamples = 0; // WhatIfResult::fractionalSamples is set
    std::int64_t iterationNs = 0;
    std::int64_t peakBytes = 0;
    std::array<std::int64_t, kPathCategoryCount> pathNs {};

    bool ok() const { return status == Ok; }
    // Whether the what-if ran: its figures are the replay's, though an Unfed one is never reported.
    bool ran() const { return status != Failed; }
};
static_assert(std::is_trivially_copyable_v<Outcome> && std::is_standard_layout_v<Outcome>);

} // namespace sightline
