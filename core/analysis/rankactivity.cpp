#include "core/analysis/rankactivity.h"

#include "core/base/intervals.h"
#include "core/model/trace.h"

#include <algorithm>

namespace sightline {

namespace {

using Intervals = std::vector<std::pair<TimeNs, TimeNs>>;

// Sorted, merged, clipped to [from, to).
Intervals merged(Intervals v, TimeNs from, TimeNs to)
{
    for (auto& [a, b] : v) {
        a = std::max(a, from);
        b = std::min(b, to);
    }
    v.erase(std::remove_if(v.begin(), v.end(), [](const auto& iv) { return iv.second <= iv.first; }), v.end());
    mergeIntervals(v);
    return v;
}

} // namespace

std::vector<RankActivity> RankActivityAnalysis::compute(const Trace& t)
{
    std::vector<RankActivity> out;
    for (std::uint32_t r = 0; r < t.ranks().size(); ++r) {
        const RankInfo& rank = t.rankInfo(RankId(r));
        TimeNs from = INT64_MAX, to = INT64_MIN;
        for (const StepSpan& s : t.steps(RankId(r))) {
            from = std::min(from, s.start);
            to = std::max(to, s.end);
        }
        Intervals compute, comm;
        for (std::uint32_t tr = rank.firstTrack; tr < rank.firstTrack + rank.trackCount; ++tr) {
            const TrackInfo& info = t.trackInfo(TrackId(tr));
            if (!isGpuTrack(info.kind))
                continue;
            for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v) {
                const OpId op(v);
                const OpKind k = t.kind(op);
                if (isCommunication(k))
                    comm.emplace_back(t.start(op), t.end(op));
                else if (hidesCommunication(k))
                    compute.emplace_back(t.start(op), t.end(op));
                if (t.steps(RankId(r)).empty()) {
                    from = std::min(from, t.start(op));
                    to = std::max(to, t.end(op));
                }
            }
        }
        RankActivity a;
        a.rank = RankId(r);
        if (from >= to) {
            out.push_back(a);
            continue;
        }
        compute = merged(std::move(compute), from, to);
        comm = merged(std::move(comm), from, to);
        Intervals all = compute;
        all.insert(all.end(), comm.begin(), comm.end());
        all = merged(std::move(all), from, to);
        a.window = to - from;
        a.compute = intervalsLength(compute);
        a.communication = intervalsLength(comm);
        a.exposedCommunication = a.communication - overlapLength(compute, comm);
        a.idle = a.window - intervalsLength(all);
        out.push_back(a);
    }
    return out;
}

} // namespace sightline
