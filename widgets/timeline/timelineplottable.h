#pragma once

#include "core/base/ids.h"
#include "widgets/timeline/trackgeometry.h"

#include <qcustomplot.h>

#include <memory>
#include <optional>
#include <vector>

namespace sightline {
class Trace;
class TrackLayout;
}

// The Gantt's tracks, drawn on a QCustomPlot axis rect: keys are nanoseconds from the job's origin,
// values are rows (0 at the top). Rows are grouped by rank: a header row per rank, then one row per
// lane of each of its tracks (CPU threads, GPU streams, communication channels). Each frame builds
// the runs of the visible rows only (TrackGeometry), fills them grouped by colour with antialiasing
// off, and keeps them for hit-testing until the view changes. The critical path is an overlay: its ops
// are drawn over the runs, the rest dimmed, without rebuilding them.
class TimelinePlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    struct Row {
        sightline::RankId rank;
        sightline::TrackId track; // invalid for a rank header
        int lane = 0;
        bool collapsed = false; // all the track's lanes drawn in this one row, deeper over shallower
        bool replayed = false; // drawn from the replayed layout
    };
    // Which times the rows show: measured, replayed, or both (a ghost row of the replayed times
    // under each track's measured rows).
    enum class ViewMode { Measured, Replayed, Both };
    // What a bar's colour says: the op's kind, how much longer (red) or shorter (blue) the replay made
    // it than measured, or how much slack it has (red: none, on the critical path; then orange,
    // yellow, green as slack grows against the path's length; grey: not replayed).
    enum class ColorMode { Kind, Difference, Slack };
    struct Hit {
        int row = -1;
        sightline::TrackGeometry::Run run;
    };

    TimelinePlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);
    ~TimelinePlottable() override;

    void setJob(std::shared_ptr<const sightline::Trace> trace, std::shared_ptr<const sightline::TrackLayout> layout, sightline::TimeNs origin);
    // A collapsed track takes one row; new jobs of more than two ranks start with CPU threads collapsed.
    void setCollapsed(sightline::TrackId track, bool collapsed);
    // The replayed times' layout (null: measured only) and which times to show.
    void setReplayed(std::shared_ptr<const sightline::TrackLayout> replayed);
    void setViewMode(ViewMode mode);
    // Per-op replayed durations (indexed by op id; absent where not replayed), slack and the path's
    // length, for the difference and slack colours.
    void setColorData(std::vector<sightline::TimeNs> replayedDuration, std::vector<sightline::TimeNs> slack, sightline::TimeNs pathLength);
    void setColorMode(ColorMode mode);
    ColorMode colorMode() const { return m_colorMode; }
    // The colours of the difference and slack scales, for legends and tests.
    static QRgb differenceColor(int bin); // bin -4 (much shorter) .. 0 (same) .. 4 (much longer)
    static QRgb slackColor(int bin); // 0 none, 1 < 1%, 2 < 10%, 3 more, 4 not replayed
    ViewMode viewMode() const { return m_mode; }
    bool isCollapsed(sightline::TrackId track) const;
    // Ops on the critical path, and whether it is highlighted.
    void setCriticalOps(const std::vector<sightline::OpId>& ops);
    void setCriticalShown(bool shown);
    bool criticalShown() const { return m_criticalShown; }
    void setSelectedOp(sightline::OpId op);
    // Arrows drawn from the end of the first op to the start of the second: along the critical path
    // (while it is shown) and around the selected op (its dependencies).
    void setPathArrows(std::vector<std::pair<sightline::OpId, sightline::OpId>> arrows);
    void setSelectionArrows(std::vector<std::pair<sightline::OpId, sightline::OpId>> arrows);
    const std::vector<std::pair<sightline::OpId, sightline::OpId>>& selectionArrows() const { return m_selectionArrows; }

    const std::vector<Row>& rows() const { return m_rows; }
    sightline::TimeNs origin() const { return m_origin; }
    // The row and run under a pixel position of the plot, if any.
    std::optional<Hit> hitTest(const QPointF& pos) const;
    // The row an op is drawn in, or -1.
    int rowOf(sightline::OpId op) const;
    // The colour of a kind of op (critical-path ops use criticalColor()).
    static QColor colorOf(int opKind);
    static QColor criticalColor();

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth, const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    sightline::TrackGeometry::View currentView() const;
    // Runs of one lane of a row's track (collapsed rows draw several).
    const std::vector<sightline::TrackGeometry::Run>& laneRuns(int row, int lane, const sightline::TrackGeometry::View& view) const;
    QRectF rowRect(int row) const;
    void buildRows();
    const sightline::TrackLayout& layoutOf(const Row& row) const { return row.replayed ? *m_replayed : *m_layout; }
    // The layout of the rows that ops are found in: replayed when only replayed times are shown.
    const sightline::TrackLayout& primary() const { return m_mode == ViewMode::Replayed && m_replayed ? *m_replayed : *m_layout; }

    std::shared_ptr<const sightline::Trace> m_trace;
    std::shared_ptr<const sightline::TrackLayout> m_layout;
    std::shared_ptr<const sightline::TrackLayout> m_replayed;
    ViewMode m_mode = ViewMode::Measured;
    ColorMode m_colorMode = ColorMode::Kind;
    std::vector<sightline::TimeNs> m_replayedDuration;
    std::vector<sightline::TimeNs> m_slack;
    sightline::TimeNs m_pathLength = 0;
    QRgb runColor(std::uint32_t op, bool merged, bool dim) const;
    std::vector<std::pair<sightline::OpId, sightline::OpId>> m_pathArrows;
    std::vector<std::pair<sightline::OpId, sightline::OpId>> m_selectionArrows;
    void drawArrows(QCPPainter* painter, const std::vector<std::pair<sightline::OpId, sightline::OpId>>& arrows, const QColor& color,
        const sightline::TrackGeometry::View& view) const;
    sightline::TimeNs m_origin = 0;
    std::vector<Row> m_rows;
    std::vector<int> m_firstRowOfTrack;
    std::vector<std::uint8_t> m_collapsed; // per track
    std::vector<sightline::OpId> m_criticalOps;
    // Critical ops by row, each row's sorted by start.
    std::vector<std::vector<std::uint32_t>> m_criticalByRow;
    bool m_criticalShown = false;
    sightline::OpId m_selected;

    // Runs per row for the view they were built for.
    struct Cache {
        sightline::TimeNs begin = 0;
        double nsPerPixel = 0;
        int width = -1;
        // Per row, one entry per lane it shows.
        std::vector<std::vector<std::vector<sightline::TrackGeometry::Run>>> runs;
        std::vector<std::uint8_t> built;
    };
    mutable Cache m_cache;
};
