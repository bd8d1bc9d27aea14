#include "widgets/timeline/tracklayout.h"

#include "core/base/parallel.h"
#include "core/model/trace.h"

#include <algorithm>

namespace sightline {

TrackLayout TrackLayout::build(const Trace& trace, const Times& times)
{
    TrackLayout layout;
    layout.m_times = times;
    const std::size_t tracks = trace.tracks().size();
    // Lanes per track, in parallel: each op goes to the lowest lane whose last op ended by its start.
    std::vector<std::vector<std::vector<std::uint32_t>>> lanes(tracks);
    static_assert(kMaxLanes <= 256, "a lane number fits a byte");
    layout.m_laneOf.assign(trace.opCount(), 0);
    parallelFor(tracks, [&](std::size_t tr) {
        const TrackInfo& info = trace.trackInfo(TrackId(static_cast<std::uint32_t>(tr)));
        std::vector<std::uint32_t> ops;
        ops.reserve(info.opCount);
        for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v) {
            if (times.start[v] != times.absent)
                ops.push_back(v);
        }
        // Measured times are already in order; replayed ones need sorting (longer first on ties, so
        // that an enclosing op takes the lane above what it encloses).
        auto before = [&](std::uint32_t a, std::uint32_t b) {
            if (times.start[a] != times.start[b])
                return times.start[a] < times.start[b];
            if (times.end[a] != times.end[b])
                return times.end[a] > times.end[b];
            return a < b;
        };
        if (!std::is_sorted(ops.begin(), ops.end(), before))
            std::sort(ops.begin(), ops.end(), before);
        std::vector<TimeNs> laneEnd;
        auto& out = lanes[tr];
        for (std::uint32_t v : ops) {
            std::size_t l = 0;
            while (l < laneEnd.size() && laneEnd[l] > times.start[v])
                ++l;
            if (l == static_cast<std::size_t>(kMaxLanes))
                l = kMaxLanes - 1;
            if (l == laneEnd.size()) {
                laneEnd.push_back(times.end[v]);
                out.emplace_back();
            } else {
                laneEnd[l] = std::max(laneEnd[l], times.end[v]);
            }
            out[l].push_back(v);
            layout.m_laneOf[v] = static_cast<std::uint8_t>(l);
        }
    });
    layout.m_trackLane.reserve(tracks + 1);
    for (std::size_t tr = 0; tr < tracks; ++tr) {
        layout.m_trackLane.push_back(static_cast<std::uint32_t>(layout.m_laneStart.size()));
        for (auto& lane : lanes[tr]) {
            layout.m_laneStart.push_back(static_cast<std::uint32_t>(layout.m_ops.size()));
            layout.m_ops.insert(layout.m_ops.end(), lane.begin(), lane.end());
            lane = {};
        }
    }
    layout.m_trackLane.push_back(static_cast<std::uint32_t>(layout.m_laneStart.size()));
    layout.m_laneStart.push_back(static_cast<std::uint32_t>(layout.m_ops.size()));
    layout.m_ops.shrink_to_fit();

    const std::size_t n = layout.m_ops.size();
    layout.m_blockWidest.resize((n + kBlock - 1) / kBlock);
    for (std::size_t b = 0; b < layout.m_blockWidest.size(); ++b) {
        std::uint32_t best = layout.m_ops[b * kBlock];
        for (std::size_t i = b * kBlock + 1; i < std::min(n, (b + 1) * kBlock); ++i)
            best = layout.wider(best, layout.m_ops[i]);
        layout.m_blockWidest[b] = best;
    }
    layout.m_superWidest.resize((layout.m_blockWidest.size() + kBlock - 1) / kBlock);
    for (std::size_t s = 0; s < layout.m_superWidest.size(); ++s) {
        std::uint32_t best = layout.m_blockWidest[s * kBlock];
        for (std::size_t b = s * kBlock + 1; b < std::min(layout.m_blockWidest.size(), (s + 1) * kBlock); ++b)
            best = layout.wider(best, layout.m_blockWidest[b]);
        layout.m_superWidest[s] = best;
    }
    return layout;
}

std::span<const std::uint32_t> TrackLayout::lane(TrackId track, int lane) const
{
    const std::uint32_t l = m_trackLane[track.value()] + static_cast<std::uint32_t>(lane);
    return std::span<const std::uint32_t>(m_ops).subspan(m_laneStart[l], m_laneStart[l + 1] - m_laneStart[l]);
}

std::uint32_t TrackLayout::widest(std::uint32_t from, std::uint32_t to) const
{
    std::uint32_t best = m_ops[from];
    std::uint32_t i = from + 1;
    // Entries up to the next block boundary, whole blocks up to the next super-block boundary, whole
    // super-blocks, then the same down again.
    for (; i < to && i % kBlock != 0; ++i)
        best = wider(best, m_ops[i]);
    for (; i + kBlock <= to && (i / kBlock) % kBlock != 0; i += kBlock)
        best = wider(best, m_blockWidest[i / kBlock]);
    for (; i + kBlock * kBlock <= to; i += kBlock * kBlock)
        best = wider(best, m_superWidest[i / (kBlock * kBlock)]);
    for (; i + kBlock <= to; i += kBlock)
        best = wider(best, m_blockWidest[i / kBlock]);
    for (; i < to; ++i)
        best = wider(best, m_ops[i]);
    return best;
}

std::size_t TrackLayout::memoryBytes() const
{
    return (m_ops.capacity() + m_laneStart.capacity() + m_trackLane.capacity() + m_blockWidest.capacity() + m_superWidest.capacity())
        * sizeof(std::uint32_t)
        + m_laneOf.capacity();
}

} // namespace sightline
