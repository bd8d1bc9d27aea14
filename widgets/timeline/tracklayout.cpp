#include "widgets/timeline/tracklayout.h"

#include "core/base/parallel.h"
#include "core/model/trace.h"

#include <algorithm>
#include <array>
#include <memory>

namespace sightline {

namespace {

// One track's drawn ops (those with times) in drawing order, by start, longer first on ties (so that an
// enclosing op takes the lane above what it encloses), then by id.
class DrawingOrder {
public:
    DrawingOrder(const TrackInfo& info, const TrackLayout::Times& times)
        : m_info(info)
        , m_times(times)
    {
        // Measured times are in order already; replayed ones may need sorting.
        std::uint32_t previous = kNone;
        for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v) {
            if (!drawn(v))
                continue;
            if (previous != kNone && before(v, previous)) {
                sort();
                return;
            }
            previous = v;
        }
    }

    // Calls f(op) for each drawn op, in order.
    template <class F>
    void forEach(F&& f) const
    {
        if (m_sorted) {
            for (std::uint32_t v : m_ops)
                f(v);
            return;
        }
        const TimeNs* start = m_times.start.data(); // held here: f may write bytes, which could alias it
        const TimeNs absent = m_times.absent;
        for (std::uint32_t v = m_info.firstOp, last = m_info.firstOp + m_info.opCount; v < last; ++v) {
            if (start[v] != absent)
                f(v);
        }
    }

private:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;

    bool drawn(std::uint32_t v) const { return m_times.start[v] != m_times.absent; }
    bool before(std::uint32_t a, std::uint32_t b) const
    {
        if (m_times.start[a] != m_times.start[b])
            return m_times.start[a] < m_times.start[b];
        if (m_times.end[a] != m_times.end[b])
            return m_times.end[a] > m_times.end[b];
        return a < b;
    }
    void sort()
    {
        for (std::uint32_t v = m_info.firstOp; v < m_info.firstOp + m_info.opCount; ++v) {
            if (drawn(v))
                m_ops.push_back(v);
        }
        std::sort(m_ops.begin(), m_ops.end(), [this](std::uint32_t a, std::uint32_t b) { return before(a, b); });
        m_sorted = true;
    }

    const TrackInfo& m_info;
    const TrackLayout::Times& m_times;
    bool m_sorted = false;
    std::vector<std::uint32_t> m_ops; // when sorted
};

} // namespace

TrackLayout TrackLayout::build(const Trace& trace, const Times& times)
{
    TrackLayout layout;
    layout.m_times = times;
    const std::size_t tracks = trace.tracks().size();
    static_assert(kMaxLanes <= 256, "a lane number fits a byte");
    layout.m_laneOf.assign(trace.opCount(), 0);
    // Per track, in parallel: each op goes to the lowest lane whose last op ended by its start; the
    // lanes' sizes are counted.
    std::vector<std::unique_ptr<DrawingOrder>> order(tracks);
    std::vector<std::vector<std::uint32_t>> laneSize(tracks);
    parallelFor(tracks, [&](std::size_t tr) {
        order[tr] = std::make_unique<DrawingOrder>(trace.trackInfo(TrackId(static_cast<std::uint32_t>(tr))), layout.m_times);
        // Locals only: the lane written per op is a byte, which could alias anything read from memory.
        const TimeNs* start = times.start.data();
        const TimeNs* end = times.end.data();
        std::uint8_t* laneOf = layout.m_laneOf.data();
        std::array<TimeNs, kMaxLanes> laneEnd {};
        std::array<std::uint32_t, kMaxLanes> size {};
        std::size_t lanes = 0;
        order[tr]->forEach([&](std::uint32_t v) {
            std::size_t l = 0;
            while (l < lanes && laneEnd[l] > start[v])
                ++l;
            if (l == static_cast<std::size_t>(kMaxLanes))
                l = kMaxLanes - 1;
            if (l == lanes) {
                laneEnd[l] = end[v];
                ++lanes;
            } else {
                laneEnd[l] = std::max(laneEnd[l], end[v]);
            }
            ++size[l];
            laneOf[v] = static_cast<std::uint8_t>(l);
        });
        laneSize[tr].assign(size.begin(), size.begin() + static_cast<std::ptrdiff_t>(lanes));
    });
    // Where each lane's entries go.
    layout.m_trackLane.reserve(tracks + 1);
    std::uint32_t entries = 0;
    for (std::size_t tr = 0; tr < tracks; ++tr) {
        layout.m_trackLane.push_back(static_cast<std::uint32_t>(layout.m_laneStart.size()));
        for (std::uint32_t size : laneSize[tr]) {
            layout.m_laneStart.push_back(entries);
            entries += size;
        }
    }
    layout.m_trackLane.push_back(static_cast<std::uint32_t>(layout.m_laneStart.size()));
    layout.m_laneStart.push_back(entries);
    // The entries, per track in parallel, each lane's in drawing order.
    layout.m_ops.resize(entries);
    parallelFor(tracks, [&](std::size_t tr) {
        const std::uint32_t firstLane = layout.m_trackLane[tr];
        std::vector<std::uint32_t> next(layout.m_laneStart.begin() + firstLane, layout.m_laneStart.begin() + layout.m_trackLane[tr + 1]);
        order[tr]->forEach([&](std::uint32_t v) { layout.m_ops[next[layout.m_laneOf[v]]++] = v; });
        order[tr].reset();
    });
    // The widest op per block and per super-block, super-blocks in parallel.
    const std::size_t n = layout.m_ops.size();
    layout.m_blockWidest.resize((n + kBlock - 1) / kBlock);
    layout.m_superWidest.resize((layout.m_blockWidest.size() + kBlock - 1) / kBlock);
    parallelFor(layout.m_superWidest.size(), [&](std::size_t s) {
        const std::size_t lastBlock = std::min(layout.m_blockWidest.size(), (s + 1) * kBlock);
        for (std::size_t b = s * kBlock; b < lastBlock; ++b) {
            std::uint32_t best = layout.m_ops[b * kBlock];
            for (std::size_t i = b * kBlock + 1; i < std::min(n, (b + 1) * kBlock); ++i)
                best = layout.wider(best, layout.m_ops[i]);
            layout.m_blockWidest[b] = best;
        }
        std::uint32_t best = layout.m_blockWidest[s * kBlock];
        for (std::size_t b = s * kBlock + 1; b < lastBlock; ++b)
            best = layout.wider(best, layout.m_blockWidest[b]);
        layout.m_superWidest[s] = best;
    });
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
