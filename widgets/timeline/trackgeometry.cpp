#include "widgets/timeline/trackgeometry.h"

#include "widgets/timeline/tracklayout.h"

#include <algorithm>
#include <cmath>

namespace sightline {

namespace {

// Entries of a column scanned one by one before galloping (see build()).
constexpr std::uint32_t kScan = 32;

// The first entry of a lane whose op ends after t (ops in a lane do not overlap, so ends are in
// order; the capped last lane may overlap, which only makes a run start a little early).
std::uint32_t firstEndingAfter(const TrackLayout& layout, std::span<const std::uint32_t> ops, TimeNs t)
{
    const auto it = std::partition_point(ops.begin(), ops.end(), [&](std::uint32_t op) {
        return std::max(layout.end(op), layout.start(op) + 1) <= t;
    });
    return static_cast<std::uint32_t>(it - ops.begin());
}

// The first entry at or after `from` whose op starts at or after t. Galloping: the answer is usually
// a few entries on (one pixel column's ops), so probe 1, 2, 4, ... entries ahead, then search only the
// last bracket: O(log distance) instead of O(log lane size), and the probes stay in cache.
std::uint32_t firstStartingFrom(const TrackLayout& layout, std::span<const std::uint32_t> ops, std::uint32_t from, TimeNs t)
{
    const std::uint32_t n = static_cast<std::uint32_t>(ops.size());
    std::uint32_t lo = from; // every entry before lo starts before t
    std::uint32_t step = 1;
    while (lo < n && layout.start(ops[lo]) < t) {
        const std::uint32_t probe = lo + step;
        if (probe >= n || layout.start(ops[probe]) >= t) {
            const auto it = std::partition_point(ops.begin() + lo + 1, ops.begin() + std::min(probe, n),
                [&](std::uint32_t op) { return layout.start(op) < t; });
            return static_cast<std::uint32_t>(it - ops.begin());
        }
        lo = probe + 1;
        step *= 2;
    }
    return lo;
}

} // namespace

void TrackGeometry::build(const TrackLayout& layout, TrackId track, int lane, const View& view, std::vector<Run>& out)
{
    const std::span<const std::uint32_t> ops = layout.lane(track, lane);
    const std::uint32_t base = layout.laneBase(track, lane);
    const TimeNs viewEnd = view.timeAt(view.width);
    std::uint32_t i = firstEndingAfter(layout, ops, view.begin);
    // At most one merged run starts per pixel column: reserve for that, not for every op.
    out.reserve(out.size() + std::min<std::size_t>(ops.size() - i, static_cast<std::size_t>(view.width) + 2));
    while (i < ops.size() && layout.start(ops[i]) < viewEnd) {
        const std::uint32_t op = ops[i];
        const double x0 = view.pixelOf(layout.start(op));
        const double x1 = view.pixelOf(layout.end(op));
        if (x1 - x0 >= kExactPixels) {
            out.push_back({ x0, x1, i, 1, op });
            ++i;
            continue;
        }
        // Every op starting before the next pixel column joins this run. A column usually holds a
        // few ops: scan them, keeping the widest (the first of the longest, as widest() does); past
        // kScan entries, gallop to the column's end and ask the block table for the rest.
        const double column = std::floor(x0) + 1.0;
        const TimeNs limit = view.timeAt(column);
        const std::uint32_t scanEnd = static_cast<std::uint32_t>(std::min<std::size_t>(ops.size(), i + 1 + kScan));
        std::uint32_t j = i + 1;
        std::uint32_t widestOp = op;
        TimeNs widestLength = layout.end(op) - layout.start(op);
        for (; j < scanEnd; ++j) {
            const std::uint32_t v = ops[j];
            const TimeNs s = layout.start(v);
            if (s >= limit)
                break;
            if (layout.end(v) - s > widestLength) {
                widestLength = layout.end(v) - s;
                widestOp = v;
            }
        }
        if (j == scanEnd && j < ops.size() && layout.start(ops[j]) < limit) {
            const std::uint32_t k = firstStartingFrom(layout, ops, j, limit);
            const std::uint32_t rest = layout.widest(base + j, base + k);
            if (layout.end(rest) - layout.start(rest) > widestLength)
                widestOp = rest;
            j = k;
        }
        const double end = std::max(view.pixelOf(layout.end(ops[j - 1])), std::min(column, x0 + 1.0));
        out.push_back({ x0, end, i, j - i, widestOp });
        i = j;
    }
}

std::optional<TrackGeometry::Run> TrackGeometry::hitTest(const TrackLayout& layout, TrackId track, int lane, const View& view, double x)
{
    // The same runs the frame draws, so that what is under the mouse is what is on screen.
    std::vector<Run> runs;
    build(layout, track, lane, view, runs);
    return hitTest(runs, x);
}

std::optional<TrackGeometry::Run> TrackGeometry::hitTest(const std::vector<Run>& runs, double x)
{
    // Runs are left to right; a narrow one counts as at least a pixel wide, with half a pixel of
    // tolerance either side.
    // A run under x wins over one only within the tolerance.
    const auto first = std::partition_point(runs.begin(), runs.end(), [&](const Run& r) { return std::max(r.x1, r.x0 + 1.0) + 0.5 < x; });
    std::optional<Run> near;
    for (auto it = first; it != runs.end() && it->x0 - 0.5 <= x; ++it) {
        if (covers(*it, x))
            return *it;
        if (!near && x <= std::max(it->x1, it->x0 + 1.0) + 0.5)
            near = *it;
    }
    return near;
}

} // namespace sightline
