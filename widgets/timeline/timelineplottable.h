#pragma once

#include "core/base/ids.h"
#include "widgets/timeline/timelinebarpainter.h"
#include "widgets/timeline/timelineoverlaypainter.h"
#include "widgets/timeline/timelinerows.h"
#include "widgets/timeline/timelineruncache.h"
#include "widgets/timeline/trackgeometry.h"
#include "widgets/timeline/tracktree.h"

#include <qcustomplot.h>

#include <QThreadPool>

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace sightline {
class Trace;
class TrackLayout;
}

// The Gantt's tracks, drawn on a QCustomPlot axis rect: keys are nanoseconds from the job's origin,
// values are rows (0 at the top). Rows follow a TrackTree: a header row per host (when there are
// several) and per rank, then one row per lane of each shown track (CPU threads, GPU streams,
// communication channels) in the tree's order. A collapsed host or rank is its header row alone,
// summarising the top lane of each of its tracks; a collapsed track is one row. Each frame builds
// the runs of the visible rows only (TrackGeometry), fills them grouped by colour with antialiasing
// off, and keeps them for hit-testing until the view changes; a new job's first frame can find them
// built ahead, off the GUI thread (buildRunsAhead). The critical path is an overlay: its ops are
// drawn over the runs, the rest dimmed, without rebuilding them. Ops wide enough carry their names;
// the rows' names sit in a gutter left of the axis rect (the view's left margin), never over a bar.
// It keeps the state and hands each frame to its painters: TimelineBarPainter (bands, bars, hatching),
// TimelineOverlayPainter (critical path, search marks, selection, arrows), TimelineLabelPainter (names).
class TimelinePlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    using Row = TimelineRows::Row;
    // Which times the rows show: measured, replayed, or both (a ghost row of the replayed times
    // under each track's measured rows).
    using ViewMode = TimelineRows::Times;
    // What a bar's colour says: the op's kind, how much longer (red) or shorter (blue) it became (the
    // replay against the measurement, or a what-if against its baseline), or how much slack it has
    // (red: none, on the critical path; then orange, yellow, green as slack grows against the path's
    // length; grey: not replayed, or nothing to compare with).
    using ColorMode = TimelineBarPainter::ColorMode;
    // What the difference and slack colours read, per op (TimelineBarPainter::ColorData).
    using ColorData = TimelineBarPainter::ColorData;
    struct Hit {
        int row = -1;
        sightline::TrackGeometry::Run run;
    };

    TimelinePlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);
    ~TimelinePlottable() override;

    void setJob(std::shared_ptr<const sightline::Trace> trace, std::shared_ptr<const sightline::TrackLayout> layout, sightline::TimeNs origin);
    // Which tracks are shown, in which order, and which groups are collapsed. setJob() starts from
    // TrackTree::fromTrace(); a tree of another job is ignored.
    void setTrackTree(const sightline::TrackTree& tree);
    const sightline::TrackTree& trackTree() const { return m_tree; }
    // The replayed times' layout (null: measured only) and which times to show.
    void setReplayed(std::shared_ptr<const sightline::TrackLayout> replayed);
    void setViewMode(ViewMode mode);
    void setColorData(ColorData data);
    // A what-if drawn as a job: ops made by a pass (per op, 1; empty for none) are hatched, except on
    // the ranks a pass added (per rank, 1; empty for none), whose ops are copies drawn like the
    // others'; the rows of the tracks marked (per track; empty for none) sit on a tinted band, as the
    // what-if's rows beside the baseline's. owner keeps the columns' memory. setJob() clears them.
    using WhatIfMarks = TimelineBarPainter::WhatIfMarks;
    void setWhatIfMarks(const WhatIfMarks& marks, std::shared_ptr<const void> owner);
    bool isSynthetic(sightline::OpId op) const { return op.value() < m_marks.synthetic.size() && m_marks.synthetic[op.value()]; }
    // Whether the op is drawn hatched: made by a pass, on a rank the job had.
    bool isHatched(sightline::OpId op) const;
    void setColorMode(ColorMode mode);
    ColorMode colorMode() const { return m_colorMode; }
    ViewMode viewMode() const { return m_mode; }
    // Ops on the critical path, and whether it is highlighted. ops from secondFrom on are a second
    // path (the baseline's beside a what-if's), drawn in a style of its own.
    void setCriticalOps(const std::vector<sightline::OpId>& ops, std::size_t secondFrom = SIZE_MAX);
    void setCriticalShown(bool shown);
    bool criticalShown() const { return m_criticalShown; }
    void setSelectedOp(sightline::OpId op);
    // Ops outlined as search matches (empty: none); setJob() clears them.
    void setMarkedOps(const std::vector<sightline::OpId>& ops);
    bool isMarked(sightline::OpId op) const { return op.value() < m_marked.size() && m_marked[op.value()]; }
    // Arrows drawn from the end of the first op to the start of the second: along the critical path
    // (while it is shown) and around the selected op (its dependencies).
    void setPathArrows(std::vector<std::pair<sightline::OpId, sightline::OpId>> arrows);
    void setSelectionArrows(std::vector<std::pair<sightline::OpId, sightline::OpId>> arrows);
    const std::vector<std::pair<sightline::OpId, sightline::OpId>>& selectionArrows() const { return m_selectionArrows; }

    // Builds the runs of the rows in view, for the view as it is now, on a thread of its own, and calls
    // done() on the GUI thread once they are in the cache, or were left out because the rows or the
    // view changed meanwhile. For a job's first frame: its runs take the GUI thread about a millisecond
    // per million ops in view.
    void buildRunsAhead(std::function<void()> done);
    // Rows whose runs a frame found built ahead, since the plottable was made: for tests.
    quint64 rowsBuiltAhead() const { return m_rowsBuiltAhead; }

    const std::vector<Row>& rows() const { return m_rows.rows(); }
    sightline::TimeNs origin() const { return m_origin; }
    // The row and run under a pixel position of the plot, if any.
    std::optional<Hit> hitTest(const QPointF& pos) const;
    // The row an op is drawn in (the header of a collapsed group that holds it), or -1 when its track
    // is hidden.
    int rowOf(sightline::OpId op) const { return m_rows.rowOf(op); }
    // The row under a pixel position, or -1.
    int rowAt(const QPointF& pos) const;
    // The foldable row whose name in the gutter (as last drawn) is under a pixel position, or -1.
    int labelAt(const QPointF& pos) const;
    // Whether a row can be collapsed or expanded (TimelineRows::isFoldable).
    bool isFoldable(int row) const { return m_rows.isFoldable(row); }
    // The tracks drawn in rows [first, last], in row order, each once.
    std::vector<sightline::TrackId> tracksIn(int first, int last) const { return m_rows.tracksIn(first, last); }

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth, const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    // The axis rect and the gutter left of it: the names are drawn there, the bars clipped to the rect.
    QRect clipRect() const override;
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    sightline::TrackGeometry::View currentView() const;
    using Source = TimelineRows::Source;
    // Runs of a row's source, the row's first source being 0 (collapsed rows draw several, later over
    // earlier), from the run cache.
    const std::vector<sightline::TrackGeometry::Run>& laneRuns(int row, int source, const sightline::TrackGeometry::View& view) const
    {
        return m_cache.runs(m_rows, row, source, view);
    }
    int sourceCount(int row) const { return m_rows.sourceCount(row); }
    QRectF rowRect(int row) const;
    // The rows anew, with what depends on them (the run cache, the rows of arrows and the selection).
    void buildRows();
    const sightline::TrackLayout& primary() const { return m_rows.primary(); }

    std::shared_ptr<const sightline::Trace> m_trace;
    std::shared_ptr<const sightline::TrackLayout> m_layout;
    std::shared_ptr<const sightline::TrackLayout> m_replayed;
    ViewMode m_mode = ViewMode::Measured;
    ColorMode m_colorMode = ColorMode::Kind;
    ColorData m_color;
    WhatIfMarks m_marks;
    std::shared_ptr<const void> m_marksOwner;
    std::vector<std::pair<sightline::OpId, sightline::OpId>> m_pathArrows;
    std::vector<std::pair<sightline::OpId, sightline::OpId>> m_selectionArrows;
    // One frame's extent: the view of the time axis, the plot area, and the rows in it.
    struct Frame {
        sightline::TrackGeometry::View view;
        QRect area;
        QRect gutter; // left of the area: the rows' names
        double left = 0;
        int firstRow = 0;
        int lastRow = -1;
    };
    Frame currentFrame() const;
    // What the painters read of a frame: the rows, the runs in view, and the state they draw.
    TimelineBarPainter::Frame barFrame(const Frame& frame) const;
    TimelineOverlayPainter::Frame overlayFrame(const Frame& frame) const;
    TimelinePaintRows paintRows(const Frame& frame) const;
    // Each row's sources' runs for view, from the run cache.
    std::function<const std::vector<sightline::TrackGeometry::Run>&(int row, int source)> runsIn(
        const sightline::TrackGeometry::View& view) const;
    // The critical path and its arrows, while it is shown.
    void drawCriticalPath(QCPPainter* painter, const TimelineOverlayPainter::Frame& overlay);
    // Rows of both ends of each arrow, resolved when the arrows or the rows change, not every frame.
    std::vector<std::pair<int, int>> arrowRows(const std::vector<std::pair<sightline::OpId, sightline::OpId>>& arrows) const;
    // The rows of the critical ops and the path's arrows, when the path is drawn and they changed
    // since (a path of 10^5 ops takes milliseconds: not at every switch of job or tree while hidden).
    void resolvePathRows();
    bool m_pathRowsStale = false;
    std::vector<std::pair<int, int>> m_pathArrowRows;
    std::vector<std::pair<int, int>> m_selectionArrowRows;
    int m_selectedRow = -1;
    sightline::TimeNs m_origin = 0;
    sightline::TrackTree m_tree;
    TimelineRows m_rows;
    // The boxes of the foldable rows' names in the last frame's gutter, by row (TimelineLabelPainter).
    std::vector<std::pair<int, QRectF>> m_labels;
    std::vector<sightline::OpId> m_criticalOps;
    std::size_t m_secondPathFrom = 0; // where the second path begins in m_criticalOps
    // Critical ops by path (first, second) and row, each row's sorted by start.
    std::vector<std::vector<std::uint32_t>> m_criticalByRow[2];
    bool m_criticalShown = false;
    sightline::OpId m_selected;
    std::vector<std::uint8_t> m_marked; // per op, 1 for a search match; empty for none

    // Runs per row for the view they were built for.
    mutable TimelineRunCache m_cache;
    quint64 m_rowsVersion = 0; // changes with the rows and the layouts they draw
    quint64 m_rowsBuiltAhead = 0;
    // The frame's bars and hatching, filled directly and drawn with one blit (raster painting of many
    // bars only; TimelineBarPainter's scratch image, kept between frames).
    QImage m_barImage;
    // The thread that builds runs ahead; last, so that it is waited for first.
    QThreadPool m_ahead;
};
