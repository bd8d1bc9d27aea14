#pragma once

#include "core/base/ids.h"

#include <cstdint>
#include <span>
#include <vector>

namespace sightline {

// Finds training iterations in a trace without ProfilerStep markers, from the repeating structure of
// one track's op sequence. Candidate periods are the distances between occurrences of the rarest
// repeated names; a period is accepted when at least 90% of the ops match the op one period later (60%
// as a fallback). Iterations are aligned to the op that most often follows the largest idle gap.
// O(n * c) for n ops and c <= 32 candidates. Pure; thread-safe.
class StepDetector {
public:
    struct Step {
        TimeNs start = 0;
        TimeNs end = 0;
    };
    struct Result {
        std::vector<Step> steps;
        std::size_t periodOps = 0; // ops per iteration; 0 when nothing repeats
        double matchRatio = 0;
    };

    static Result detect(std::span<const std::uint32_t> names, std::span<const TimeNs> starts, std::span<const TimeNs> ends);
};

} // namespace sightline
