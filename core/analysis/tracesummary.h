#pragma once

#include "core/base/ids.h"
#include "core/model/opkind.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sightline {

class Trace;
struct Diagnostic;

// What `sightline-cli info` and the rank list show: per-rank counts, measured steps and collectives.
// Collectives are counted once each: device-side communication kernels when the rank has any, else
// the outermost CPU-side communication calls. O(n). Pure; thread-safe.
class TraceSummary {
public:
    struct Step {
        std::string name;
        std::int64_t number = -1;
        TimeNs durationNs = 0;
    };
    struct Rank {
        RankId id;
        std::int32_t rank = -1;
        std::string file;
        std::string host;
        std::string rankSource;
        std::int32_t tracks = 0;
        std::int32_t gpuStreams = 0;
        std::int64_t ops = 0;
        std::array<std::int64_t, kOpKindCount> opsByKind {};
        std::int64_t collectives = 0;
        std::int64_t communicationBytes = 0;
        std::vector<std::pair<std::string, std::int64_t>> collectivesByName;
        StepMethod stepMethod = StepMethod::None;
        std::vector<Step> steps;
    };

    static TraceSummary compute(const Trace& trace);
    // A load warning for people: "file: detail (N times, first at byte B)".
    static std::string describe(const Diagnostic& d);

    std::string format;
    std::int32_t worldSize = 0;
    std::int64_t ops = 0;
    std::vector<Rank> ranks;
    std::vector<std::string> warnings; // "file: detail (N times, first at byte B)"
};

} // namespace sightline
