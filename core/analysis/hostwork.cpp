#include "core/analysis/hostwork.h"

#include "core/base/checkedmath.h"
#include "core/exec/executiongraph.h"
#include "core/exec/profileroverhead.h"

#include <algorithm>

namespace sightline {

namespace {

// The step index an item's host work counts in, or -1 where it counts in none: device work, waits and
// items outside the replayed steps.
std::int32_t hostStepOf(const ExecutionGraph& g, ItemId item)
{
    const std::int32_t step = g.stepOfStart(item);
    if (step < 0 || static_cast<std::size_t>(step) >= g.steps().size() || g.onDevice(item) || !g.track(item).isValid()
        || g.tracks()[g.track(item).value()].kind != TrackKind::CpuThread || g.kind(item) == OpKind::Sync)
        return -1;
    return step;
}

// An item's own host time (an enclosing op's tail, a leaf's duration) and the gap before it.
TimeNs ownAndGap(const ExecutionGraph& g, ItemId item)
{
    const TimeNs own = g.tail(item) > 0 ? g.tail(item) : g.minDuration(item);
    return CheckedMath::saturatingAdd(std::max<TimeNs>(0, own), std::max<TimeNs>(0, g.gap(item)));
}

// Per step, its host work, with perEvent added for each event the profiler recorded there.
std::vector<TimeNs> perStepWith(const ExecutionGraph& g, TimeNs perEvent)
{
    std::vector<TimeNs> work(g.steps().size(), 0);
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        const std::int32_t step = hostStepOf(g, item);
        if (step < 0)
            continue;
        TimeNs& cell = work[static_cast<std::size_t>(step)];
        cell = CheckedMath::saturatingAdd(cell, ownAndGap(g, item));
        if (perEvent != 0 && ProfilerOverhead::recorded(g, item))
            cell = CheckedMath::saturatingAdd(cell, perEvent);
    }
    return work;
}

} // namespace

std::vector<TimeNs> HostWork::perStep(const ExecutionGraph& g)
{
    return perStepWith(g, 0);
}

TimeNs HostWork::mostWith(const ExecutionGraph& g, TimeNs perEvent)
{
    const std::vector<TimeNs> work = perStepWith(g, perEvent);
    return work.empty() ? 0 : *std::max_element(work.begin(), work.end());
}

HostWork::Spread HostWork::widest(const ExecutionGraph& g)
{
    const std::vector<TimeNs> work = perStep(g);
    const std::span<const ExecStep> steps = g.steps();
    // Per rank: its steps with the least and the most host work.
    std::vector<Spread> perRank(g.ranks().size());
    for (std::size_t k = 0; k < steps.size(); ++k) {
        if (work[k] <= 0 || !steps[k].rank.isValid() || steps[k].rank.value() >= perRank.size())
            continue;
        Spread& s = perRank[steps[k].rank.value()];
        s.rank = steps[k].rank;
        if (s.fastStep < 0 || work[k] < s.fast) {
            s.fast = work[k];
            s.fastStep = steps[k].number;
        }
        if (s.slowStep < 0 || work[k] > s.slow) {
            s.slow = work[k];
            s.slowStep = steps[k].number;
        }
    }
    Spread widest;
    for (const Spread& s : perRank) {
        if (s.ratio() > widest.ratio())
            widest = s;
    }
    return widest;
}

} // namespace sightline
