#pragma once

#include "core/base/ids.h"

#include <cstdint>
#include <span>
#include <vector>

namespace sightline {

class Trace;

// The ops of a job's tracks arranged for drawing (measured or replayed times). Each track's ops are
// split into lanes in which no two overlap: nesting depth on CPU threads, concurrent kernels on one
// GPU stream; every op is in exactly one lane, so none is ever dropped. A lane lists its op ids by
// start, so a frame finds any pixel column's ops by binary search, and a two-level table of the
// widest op per block of 64 and per 4096 entries answers "widest op in a range" without scanning
// it; each op's lane is kept too, for finding an op's row without a search. Built once per times
// source, in parallel over tracks; immutable and safe to share. Memory: about 5.1 bytes per op.
class TrackLayout {
public:
    // Times indexed by op id. Ops whose start is `absent` (not replayed) are left out.
    struct Times {
        std::span<const TimeNs> start;
        std::span<const TimeNs> end;
        TimeNs absent = INT64_MIN;
    };

    // Deeper ops than this share the last lane (they may overlap there; they are still drawn).
    static constexpr int kMaxLanes = 64;

    TrackLayout() = default;
    static TrackLayout build(const Trace& trace, const Times& times);

    std::size_t trackCount() const { return m_trackLane.empty() ? 0 : m_trackLane.size() - 1; }
    int laneCount(TrackId track) const { return static_cast<int>(m_trackLane[track.value() + 1] - m_trackLane[track.value()]); }
    // Op ids of one lane, by start.
    std::span<const std::uint32_t> lane(TrackId track, int lane) const;
    // Position of a lane's first entry among all entries (for widest()).
    std::uint32_t laneBase(TrackId track, int lane) const { return m_laneStart[m_trackLane[track.value()] + lane]; }
    // The op with the longest duration among entries [from, to) of all entries (one lane's range).
    std::uint32_t widest(std::uint32_t from, std::uint32_t to) const;

    // The lane of an op in its track (meaningless for an op left out).
    int laneOf(std::uint32_t op) const { return m_laneOf[op]; }
    TimeNs start(std::uint32_t op) const { return m_times.start[op]; }
    TimeNs end(std::uint32_t op) const { return m_times.end[op]; }
    std::size_t opCount() const { return m_ops.size(); }
    std::size_t memoryBytes() const;

private:
    static constexpr std::uint32_t kBlock = 64;

    TimeNs duration(std::uint32_t op) const { return m_times.end[op] - m_times.start[op]; }
    std::uint32_t wider(std::uint32_t a, std::uint32_t b) const { return duration(b) > duration(a) ? b : a; }

    Times m_times;
    std::vector<std::uint32_t> m_ops; // op ids, by track, then lane, then start
    std::vector<std::uint32_t> m_laneStart; // per lane: first entry in m_ops; one past the end at the back
    std::vector<std::uint32_t> m_trackLane; // per track: first lane in m_laneStart
    std::vector<std::uint8_t> m_laneOf; // per op of the trace
    std::vector<std::uint32_t> m_blockWidest; // per 64 entries
    std::vector<std::uint32_t> m_superWidest; // per 64 blocks
};

} // namespace sightline
