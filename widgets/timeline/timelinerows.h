#pragma once

#include "core/base/ids.h"
#include "widgets/timeline/tracktree.h"

#include <cstdint>
#include <span>
#include <vector>

namespace sightline {
class Trace;
class TrackLayout;
}

// The Gantt's rows, from the top: a header row per host (when the tree has host rows) and per rank,
// then one row per lane of each shown track in the tree's order. A collapsed host or rank is its header
// row alone, summarising the top lane of each of its tracks; a collapsed track is one row of all its
// lanes. With both times shown, each track has a ghost row of its replayed lanes under its own. Each
// row draws sources: lanes of tracks of the layout it reads (the replayed one for a replayed or ghost
// row). Pure model of the plottable, rebuilt whenever the trace, the tree, the layouts or the times
// shown change; the layouts must outlive it until then.
class TimelineRows {
public:
    // Which times the rows show: measured, replayed, or both (a ghost row of the replayed times under
    // each track's measured rows).
    enum class Times { Measured, Replayed, Both };
    struct Row {
        sightline::RankId rank; // invalid for a host header
        sightline::TrackId track; // invalid for a host or rank header
        int lane = 0;
        bool collapsed = false; // a track's lanes, or a collapsed group's tracks, drawn in this one row
        bool replayed = false; // drawn from the replayed layout
        int node = -1; // the TrackTree node: the host, rank or track
    };
    // A lane of a track that a row draws.
    struct Source {
        std::uint32_t track;
        int lane;
    };

    // The rows of tree over measured, or over replayed where times asks for it (replayed null: the
    // measured times alone). Nothing without a trace or with an empty tree.
    void build(const sightline::Trace* trace, const sightline::TrackTree& tree, const sightline::TrackLayout* measured,
        const sightline::TrackLayout* replayed, Times times);

    const std::vector<Row>& rows() const { return m_rows; }
    int count() const { return static_cast<int>(m_rows.size()); }
    Times times() const { return m_times; }
    int sourceCount(int row) const { return static_cast<int>(m_sourceBegin[row + 1] - m_sourceBegin[row]); }
    const Source& source(int row, int index) const { return m_sources[m_sourceBegin[row] + static_cast<std::size_t>(index)]; }
    std::span<const Source> sources(int row) const { return { m_sources.data() + m_sourceBegin[row], static_cast<std::size_t>(sourceCount(row)) }; }
    // The layout a row draws.
    const sightline::TrackLayout& layoutOf(const Row& row) const { return row.replayed ? *m_replayed : *m_measured; }
    // The layout ops are found in: the replayed one when only replayed times are shown.
    const sightline::TrackLayout& primary() const { return m_times == Times::Replayed && m_replayed ? *m_replayed : *m_measured; }
    // Whether a row is the replayed times under a track's measured rows.
    bool isGhost(const Row& row) const { return row.replayed && m_times == Times::Both; }

    // The row an op is drawn in (the header of a collapsed group that holds it), or -1 when its track
    // is hidden or the op is not laid out.
    int rowOf(sightline::OpId op) const;
    // Whether a row can be collapsed or expanded: host and rank headers, and the first row of a track
    // of several lanes (not a ghost row).
    bool isFoldable(int row) const;
    // The tracks drawn in rows [first, last], in row order, each once.
    std::vector<sightline::TrackId> tracksIn(int first, int last) const;

private:
    void addRows(const sightline::TrackTree& tree);
    int addRow(const Row& row);
    void addTrack(const sightline::TrackTree& tree, sightline::RankId rank, std::uint32_t track);
    void summarise(const sightline::TrackTree& tree, int node, int row);

    const sightline::Trace* m_trace = nullptr;
    const sightline::TrackLayout* m_measured = nullptr;
    const sightline::TrackLayout* m_replayed = nullptr;
    Times m_times = Times::Measured;
    std::vector<Row> m_rows;
    std::vector<Source> m_sources;
    std::vector<std::size_t> m_sourceBegin { 0 }; // per row, then one past the last row's
    // Per track: the row of its first lane (or the one row its lanes are drawn in), -1 when hidden;
    // and whether its lanes are spread over rows from there.
    std::vector<int> m_trackRow;
    std::vector<std::uint8_t> m_trackSpread;
};
