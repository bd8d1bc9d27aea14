#include "core/analysis/activitycounters.h"

#include "core/base/intervals.h"
#include "core/base/parallel.h"
#include "core/model/trace.h"

#include <algorithm>

namespace sightline {

namespace {

// Change points of a count from +1/-1 events in time order; equal times are merged.
std::vector<std::pair<TimeNs, int>> changePoints(const std::vector<std::pair<TimeNs, int>>& events)
{
    std::vector<std::pair<TimeNs, int>> out;
    int level = 0;
    for (std::size_t i = 0; i < events.size();) {
        const TimeNs t = events[i].first;
        for (; i < events.size() && events[i].first == t; ++i)
            level += events[i].second;
        out.emplace_back(t, level);
    }
    return out;
}

} // namespace

ActivityCounters ActivityCounters::compute(const Trace& t, std::span<const std::uint8_t> counted)
{
    // Each rank's events on its own, in parallel (its busy time is the union of its GPU ops), each
    // list sorted; then the lists are merged pairwise, in parallel, into one per counter.
    using Events = std::vector<std::pair<TimeNs, int>>;
    const std::size_t ranks = t.ranks().size();
    std::vector<Events> busy(ranks), comm(ranks);
    parallelFor(ranks, [&](std::size_t r) {
        const RankInfo& rank = t.rankInfo(RankId(static_cast<std::uint32_t>(r)));
        std::vector<std::pair<TimeNs, TimeNs>> intervals;
        for (std::uint32_t tr = rank.firstTrack; tr < rank.firstTrack + rank.trackCount; ++tr) {
            const TrackInfo& info = t.trackInfo(TrackId(tr));
            if (!isGpuTrack(info.kind) || (!counted.empty() && !counted[tr]))
                continue;
            for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v) {
                const OpId op(v);
                if (t.duration(op) > 0)
                    intervals.emplace_back(t.start(op), t.end(op));
                if (isCommunication(t.kind(op))) {
                    comm[r].emplace_back(t.start(op), 1);
                    comm[r].emplace_back(t.end(op), -1);
                }
            }
        }
        mergeIntervals(intervals);
        for (const auto& [from, to] : intervals) {
            busy[r].emplace_back(from, 1);
            busy[r].emplace_back(to, -1);
        }
        std::sort(comm[r].begin(), comm[r].end());
    });
    auto mergeAll = [](std::vector<Events>& lists) {
        for (std::size_t width = 1; width < lists.size(); width *= 2) {
            parallelFor((lists.size() + 2 * width - 1) / (2 * width), [&](std::size_t k) {
                const std::size_t a = 2 * width * k, b = a + width;
                if (b >= lists.size())
                    return;
                Events merged(lists[a].size() + lists[b].size());
                std::merge(lists[a].begin(), lists[a].end(), lists[b].begin(), lists[b].end(), merged.begin());
                lists[a] = std::move(merged);
                Events().swap(lists[b]);
            });
        }
        return lists.empty() ? Events() : std::move(lists.front());
    };
    ActivityCounters out { CounterSeries(changePoints(mergeAll(busy))), CounterSeries(changePoints(mergeAll(comm))), 0 };
    out.highest = std::max(out.busyRanks.highest(), out.commInFlight.highest());
    return out;
}

} // namespace sightline
