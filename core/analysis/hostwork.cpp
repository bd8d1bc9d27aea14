#include "core/analysis/hostwork.h"

#include "core/base/checkedmath.h"
#include "core/exec/executiongraph.h"

#include <algorithm>

namespace sightline {

std::vector<TimeNs> HostWork::perStep(const ExecutionGraph& g)
{
    std::vector<TimeNs> work(g.steps().size(), 0);
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        const std::int32_t step = g.stepOfStart(item);
        if (step < 0 || static_cast<std::size_t>(step) >= work.size() || g.onDevice(item) || !g.track(item).isValid()
            || g.tracks()[g.track(item).value()].kind != TrackKind::CpuThread || g.kind(item) == OpKind::Sync)
            continue;
        // An enclosing op's own time is its tail; a leaf's, its duration.
        const TimeNs own = g.tail(item) > 0 ? g.tail(item) : g.minDuration(item);
        work[static_cast<std::size_t>(step)]
            = CheckedMath::saturatingAdd(work[static_cast<std::size_t>(step)], CheckedMath::saturatingAdd(std::max<TimeNs>(0, own), std::max<TimeNs>(0, g.gap(item))));
    }
    return work;
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
