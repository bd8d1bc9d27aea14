#include "core/analysis/activitycounters.h"

#include "core/base/intervals.h"
#include "core/model/trace.h"

#include <algorithm>

namespace sightline {

namespace {

// Change points of a count from +1/-1 events; equal times are merged.
std::vector<std::pair<TimeNs, int>> changePoints(std::vector<std::pair<TimeNs, int>> events)
{
    std::sort(events.begin(), events.end());
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
    std::vector<std::pair<TimeNs, int>> busy, comm;
    std::vector<std::pair<TimeNs, TimeNs>> intervals;
    for (std::uint32_t r = 0; r < t.ranks().size(); ++r) {
        const RankInfo& rank = t.rankInfo(RankId(r));
        intervals.clear();
        for (std::uint32_t tr = rank.firstTrack; tr < rank.firstTrack + rank.trackCount; ++tr) {
            const TrackInfo& info = t.trackInfo(TrackId(tr));
            if (!isGpuTrack(info.kind) || (!counted.empty() && !counted[tr]))
                continue;
            for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v) {
                const OpId op(v);
                if (t.duration(op) > 0)
                    intervals.emplace_back(t.start(op), t.end(op));
                if (isCommunication(t.kind(op))) {
                    comm.emplace_back(t.start(op), 1);
                    comm.emplace_back(t.end(op), -1);
                }
            }
        }
        mergeIntervals(intervals);
        for (const auto& [from, to] : intervals) {
            busy.emplace_back(from, 1);
            busy.emplace_back(to, -1);
        }
    }
    ActivityCounters out { changePoints(std::move(busy)), changePoints(std::move(comm)), 0 };
    for (const auto* series : { &out.busyRanks, &out.commInFlight }) {
        for (const auto& [t, v] : *series)
            out.highest = std::max(out.highest, v);
    }
    return out;
}

} // namespace sightline
