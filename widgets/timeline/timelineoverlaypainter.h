#pragma once

#include "core/base/ids.h"
#include "widgets/timeline/timelinepaintrows.h"
#include "widgets/timeline/timelinerows.h"
#include "widgets/timeline/trackgeometry.h"

#include <QColor>
#include <QRect>
#include <QRectF>
#include <QVector>

#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

class QCPPainter;

namespace sightline {
class TrackLayout;
}

// The Gantt's overlays, drawn over the bars without rebuilding them: the critical path (its ops
// filled over the dimmed bars, a second path paler with a dashed edge, and the arrows along it), the
// outlines of the ops a search matched, and the selected op with the arrows of its dependencies. Ops
// are placed by their times in the rows' primary layout; marks follow the frame's runs. It reads a
// frame's rows, runs and the ops to show, and writes nothing but pixels. Work: the path's ops and the
// arrows in view, the runs in view for marks. Stateless; GUI thread.
class TimelineOverlayPainter {
public:
    using Run = sightline::TrackGeometry::Run;
    // Ops by row, each row's sorted by start (the critical path's).
    using OpsByRow = std::vector<std::vector<std::uint32_t>>;

    // What a frame's overlays read: its rows, and where ops' times are found.
    struct Frame : TimelinePaintRows {
        const TimelineRows& rows;
        const sightline::TrackLayout& layout; // where ops' times are found (the rows' primary layout)
    };
    // Arrows from the end of the first op to the start of the second, with the rows of both ends
    // (-1: hidden, and the arrow is not drawn).
    struct Arrows {
        const std::vector<std::pair<sightline::OpId, sightline::OpId>>& ops;
        const std::vector<std::pair<int, int>>& rows;
    };

    // The critical path's ops in view, at least two pixels wide: the first path's (byRow[0]) filled,
    // the second's (byRow[1], the baseline's beside a what-if's) paler with a dashed edge; an empty
    // list is no path. Then its arrows.
    static void drawCriticalPath(
        QCPPainter* painter, const Frame& frame, std::span<const OpsByRow, 2> byRow, const Arrows& arrows);
    // An outline around each run whose op (a merged run's widest) is marked (per op, 1; empty: none).
    static void drawMarks(QCPPainter* painter, const Frame& frame, std::span<const std::uint8_t> marked);
    // The selected op's dependencies as arrows, and the op (drawn in row selectedRow) outlined.
    static void drawSelection(
        QCPPainter* painter, const Frame& frame, sightline::OpId selected, int selectedRow, const Arrows& arrows);
    // Arrows that cross the axis rect, antialiased, in color.
    static void drawArrows(QCPPainter* painter, const Frame& frame, const Arrows& arrows, const QColor& color);

private:
    // The boxes of the ops of byRow in view, from each row's band: at least two pixels wide.
    static QVector<QRectF> pathRects(const Frame& frame, const OpsByRow& byRow);
    // The box of an op in a row's band, at least two pixels wide.
    static QRectF opRect(const Frame& frame, std::uint32_t op, const QRectF& band);
    static void drawArrow(QCPPainter* painter, const QPointF& from, const QPointF& to);
};
