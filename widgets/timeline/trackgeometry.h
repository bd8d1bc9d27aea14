#pragma once

#include "core/base/ids.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace sightline {

class TrackLayout;

// What a frame draws of one lane (level of detail, as Tracy and Qt Creator's timeline do): ops at
// least kExactPixels wide become one bar each; a stretch of narrower ops that starts in one pixel
// column becomes one run of at most that column plus the tail of its last op, drawn in the colour of
// its widest member and counting every op it holds. The work is bounded by the lane's pixel columns
// (a binary search each), not by its op count; no op is ever left out of a run. Pure functions.
class TrackGeometry {
public:
    static constexpr double kExactPixels = 2.0;

    struct Run {
        double x0 = 0; // pixels from the view's left edge
        double x1 = 0;
        std::uint32_t first = 0; // index of the run's first op in the lane
        std::uint32_t count = 0; // ops in the run
        std::uint32_t op = 0; // the widest op: colour, and the op itself when count == 1
    };

    struct View {
        TimeNs begin = 0; // time at x = 0
        double nsPerPixel = 1;
        int width = 0; // pixels
        TimeNs timeAt(double x) const { return begin + static_cast<TimeNs>(x * nsPerPixel); }
        double pixelOf(TimeNs t) const { return static_cast<double>(t - begin) / nsPerPixel; }
    };

    // Appends the runs of one lane in view, left to right.
    static void build(const TrackLayout& layout, TrackId track, int lane, const View& view, std::vector<Run>& out);
    // The run under pixel x of one lane (with a tolerance of half a pixel either side), if any.
    static std::optional<Run> hitTest(const TrackLayout& layout, TrackId track, int lane, const View& view, double x);
    // Whether pixel x lies on a run (a narrow one counts as one pixel wide), without the tolerance.
    static bool covers(const Run& run, double x) { return run.x0 <= x && x < std::max(run.x1, run.x0 + 1.0); }
    // The same over runs already built for the frame.
    static std::optional<Run> hitTest(const std::vector<Run>& runs, double x);
};

} // namespace sightline
