#include "widgets/timeline/timelineruncache.h"

#include "core/base/parallel.h"
#include "widgets/timeline/tracklayout.h"

using namespace sightline;

const std::vector<TimelineRunCache::Run>& TimelineRunCache::runs(const TimelineRows& rows, int row, int index, const View& view)
{
    resetIfStale(rows, view);
    if (!m_built[static_cast<std::size_t>(row)])
        buildRow(rows, row, view);
    return m_runs[static_cast<std::size_t>(row)][static_cast<std::size_t>(index)];
}

void TimelineRunCache::build(const TimelineRows& rows, int first, int last, const View& view)
{
    resetIfStale(rows, view);
    std::vector<int> todo;
    for (int row = first; row <= last; ++row) {
        if (!m_built[static_cast<std::size_t>(row)])
            todo.push_back(row);
    }
    // Rows are independent: each writes only its own entry, and the layouts are immutable.
    parallelFor(todo.size(), [&](std::size_t i) { buildRow(rows, todo[i], view); });
}

std::size_t TimelineRunCache::adopt(const TimelineRows& rows, int first, std::vector<std::vector<std::vector<Run>>>& built, const View& view)
{
    resetIfStale(rows, view);
    std::size_t taken = 0;
    for (std::size_t k = 0; k < built.size(); ++k) {
        const std::size_t row = static_cast<std::size_t>(first) + k;
        if (row >= m_built.size() || m_built[row])
            continue;
        m_runs[row] = std::move(built[k]);
        m_built[row] = 1;
        ++taken;
    }
    return taken;
}

void TimelineRunCache::buildSources(const TrackLayout& layout, std::span<const TimelineRows::Source> sources, const View& view,
    std::vector<std::vector<Run>>& out)
{
    out.resize(sources.size());
    for (std::size_t i = 0; i < sources.size(); ++i) {
        out[i].clear();
        TrackGeometry::build(layout, TrackId(sources[i].track), sources[i].lane, view, out[i]);
    }
}

void TimelineRunCache::resetIfStale(const TimelineRows& rows, const View& view)
{
    const std::size_t count = rows.rows().size();
    if (m_begin == view.begin && m_nsPerPixel == view.nsPerPixel && m_width == view.width && m_runs.size() == count)
        return;
    m_begin = view.begin;
    m_nsPerPixel = view.nsPerPixel;
    m_width = view.width;
    // The run vectors keep their capacity for the next frame; buildRow() clears them.
    m_runs.resize(count);
    m_built.assign(count, 0);
}

void TimelineRunCache::buildRow(const TimelineRows& rows, int row, const View& view)
{
    buildSources(rows.layoutOf(rows.rows()[static_cast<std::size_t>(row)]), rows.sources(row), view, m_runs[static_cast<std::size_t>(row)]);
    m_built[static_cast<std::size_t>(row)] = 1;
}
