#pragma once

#include "core/base/ids.h"

#include <span>
#include <vector>

namespace sightline {

struct Schedule;

// Mean step time of one rank over a replay's steps, measured and replayed, in nanoseconds.
struct RankStepTime {
    RankId rank; // of the execution graph
    double measured = 0;
    double replayed = 0;
};

// The step times that the CLI, the window's status bar and the what-if comparison report: per rank,
// and the job's iteration, which is the slowest rank's mean step (ranks of a synchronous job wait for
// one another, so the slowest sets the pace). Ranks that wait for no other's steps (an asynchronous
// job) each go at their own pace: the iteration is then their harmonic mean step, the time in which
// the job makes as many steps as it has ranks, so that the job's throughput is ranks / iteration. A step lasts from the
// end of the one before it to its own end, device work included (ExecStep); the first, from when the device is done
// with the work queued before the window. Every time in it only grows with the work it is made of, and so does the
// iteration. A job without steps iterates once over its replayed window.
class StepTimes {
public:
    // The ranks that have replayed steps, by rank.
    static std::vector<RankStepTime> perRank(const Schedule& schedule);
    // The iteration, measured and replayed (measured 0 without steps).
    static RankStepTime iteration(std::span<const RankStepTime> ranks, const Schedule& schedule);
    static RankStepTime iteration(const Schedule& schedule) { return iteration(perRank(schedule), schedule); }
};

} // namespace sightline
