#pragma once

#include "core/base/ids.h"

#include <span>
#include <vector>

namespace sightline {

struct Schedule;

// Mean step time of one rank over a replay's steps (but the first, where it has more), measured and
// replayed, in nanoseconds.
struct RankStepTime {
    RankId rank; // of the execution graph
    double measured = 0;
    double replayed = 0;
};

// The step times that the CLI, the window's status bar and the what-if comparison report: per rank,
// and the job's iteration, which is the slowest rank's mean step (ranks of a synchronous job wait for
// one another, so the slowest sets the pace). A step lasts from the end of the one before it to its
// own end, device work included (ExecStep). The first replayed step also carries what the window began
// with (device work queued before it, ranks that began at different times): a rank with two steps or
// more takes its mean over the others, its steady pace, unless one of them took no time (its work ended
// with the first's, which then holds the pace): then over all. A job without steps iterates once over
// its replayed window.
class StepTimes {
public:
    // The ranks that have replayed steps, by rank.
    static std::vector<RankStepTime> perRank(const Schedule& schedule);
    // The iteration, measured and replayed (measured 0 without steps).
    static RankStepTime iteration(std::span<const RankStepTime> ranks, const Schedule& schedule);
    static RankStepTime iteration(const Schedule& schedule) { return iteration(perRank(schedule), schedule); }
};

} // namespace sightline
