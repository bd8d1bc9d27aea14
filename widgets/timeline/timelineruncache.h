#pragma once

#include "widgets/timeline/timelinerows.h"
#include "widgets/timeline/trackgeometry.h"

#include <cstdint>
#include <span>
#include <vector>

namespace sightline {
class TrackLayout;
}

// The runs each row of the Gantt draws (TrackGeometry), for the view of the time axis they were built
// for: a frame builds those of the rows in view and keeps them for the next frames and hit tests until
// the view or the rows change. Rows build independently of one another, in parallel; runs built ahead
// on another thread are adopted when they are for the view cached. Not thread-safe: the GUI thread's.
class TimelineRunCache {
public:
    using Run = sightline::TrackGeometry::Run;
    using View = sightline::TrackGeometry::View;

    // Forgets every row's runs: the rows, or the layouts they draw, changed.
    void clear() { *this = TimelineRunCache(); }
    // The runs of source `index` of a row, for view; built now when they are not yet.
    const std::vector<Run>& runs(const TimelineRows& rows, int row, int index, const View& view);
    // Builds the runs of rows [first, last] that are not built yet for view, in parallel over rows.
    void build(const TimelineRows& rows, int first, int last, const View& view);
    // Takes runs built elsewhere (per row from first, per source) for view, for the rows not built yet;
    // returns how many rows it took.
    std::size_t adopt(const TimelineRows& rows, int first, std::vector<std::vector<std::vector<Run>>>& built, const View& view);
    // The runs of sources of layout for view, into out (one vector per source).
    static void buildSources(const sightline::TrackLayout& layout, std::span<const TimelineRows::Source> sources, const View& view,
        std::vector<std::vector<Run>>& out);

private:
    // Starts over when the view is not the one cached, keeping the vectors' capacity.
    void resetIfStale(const TimelineRows& rows, const View& view);
    void buildRow(const TimelineRows& rows, int row, const View& view);

    sightline::TimeNs m_begin = 0;
    double m_nsPerPixel = 0;
    int m_width = -1;
    // Per row, one entry per source it draws.
    std::vector<std::vector<std::vector<Run>>> m_runs;
    std::vector<std::uint8_t> m_built;
};
