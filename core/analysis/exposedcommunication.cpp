#include "core/analysis/exposedcommunication.h"

#include "core/base/intervals.h"
#include "core/base/parallel.h"
#include "core/exec/executiongraph.h"
#include "core/replay/schedule.h"

#include <vector>

namespace sightline {

TimeNs ExposedCommunication::perIteration(const ExecutionGraph& g, const Schedule& s)
{
    const std::size_t ranks = g.ranks().size();
    std::vector<std::vector<std::pair<TimeNs, TimeNs>>> comm(ranks), compute(ranks);
    // Items in id order: a track's measured items come in time order, then each pass's copies, so
    // the lists are sorted runs that mergeIntervals joins without sorting them whole.
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        const TrackId track = g.track(item);
        if (!track.isValid() || !s.replayed(i) || s.end[i] <= s.start[i] || !isGpuTrack(g.tracks()[track.value()].kind))
            continue;
        const std::size_t rank = g.tracks()[track.value()].rank.value();
        if (isCommunication(g.kind(item)))
            comm[rank].emplace_back(s.start[i], s.end[i]);
        else if (hidesCommunication(g.kind(item)))
            compute[rank].emplace_back(s.start[i], s.end[i]);
    }
    std::vector<TimeNs> exposed(ranks, 0);
    parallelFor(ranks, [&](std::size_t r) {
        mergeIntervals(comm[r]);
        mergeIntervals(compute[r]);
        exposed[r] = intervalsLength(comm[r]) - overlapLength(comm[r], compute[r]);
    });
    std::vector<std::int64_t> steps(ranks, 0);
    for (const ExecStep& step : g.steps())
        ++steps[step.rank.value()];
    double sum = 0;
    int counted = 0;
    for (std::size_t r = 0; r < ranks; ++r) {
        if (steps[r] == 0)
            continue;
        sum += static_cast<double>(exposed[r]) / static_cast<double>(steps[r]);
        ++counted;
    }
    return counted == 0 ? 0 : static_cast<TimeNs>(sum / counted);
}

} // namespace sightline
