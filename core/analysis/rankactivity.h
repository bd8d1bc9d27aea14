#pragma once

#include "core/base/ids.h"

#include <vector>

namespace sightline {

class Trace;

// How each rank's GPUs spent a window of time (seed 001's overlap view): compute (kernels, copies,
// memsets), communication, the communication no compute overlapped (exposed), and idle (no GPU op
// at all), each the union over the rank's GPU streams, clipped to the window.
struct RankActivity {
    RankId rank;
    TimeNs window = 0;
    TimeNs compute = 0;
    TimeNs communication = 0;
    TimeNs exposedCommunication = 0;
    TimeNs idle = 0;
    // Share of the communication that compute overlapped, 0..1 (0 without communication).
    double overlap() const
    {
        return communication > 0 ? static_cast<double>(communication - exposedCommunication) / static_cast<double>(communication) : 0.0;
    }
};

// Per rank, over the span of its ProfilerSteps (the whole rank where it has none). Pure; O(ops log ops).
class RankActivityAnalysis {
public:
    static std::vector<RankActivity> compute(const Trace& trace);
};

} // namespace sightline
