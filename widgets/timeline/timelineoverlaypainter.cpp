#include "widgets/timeline/timelineoverlaypainter.h"

#include "widgets/timeline/timelinetheme.h"
#include "widgets/timeline/tracklayout.h"

#include <qcustomplot.h>

#include <algorithm>

using namespace sightline;

void TimelineOverlayPainter::drawCriticalPath(
    QCPPainter* painter, const Frame& frame, std::span<const OpsByRow, 2> byRow, const Arrows& arrows)
{
    // The critical path over the dimmed runs: its ops at least two pixels wide, then its arrows.
    const TimelineTheme& theme = TimelineTheme::standard();
    // The first path filled in the path's colour; the second (the baseline's, beside a what-if's)
    // in a paler fill with a dashed edge, so that the two read apart.
    for (int path = 0; path < 2; ++path) {
        if (byRow[path].empty())
            continue;
        const QVector<QRectF> critical = pathRects(frame, byRow[path]);
        painter->setBrush(path == 0 ? theme.critical : theme.secondCritical);
        painter->setPen(QPen(theme.criticalEdge, path == 0 ? 0 : 1, path == 0 ? Qt::SolidLine : Qt::DashLine));
        painter->drawRects(critical);
    }
    drawArrows(painter, frame, arrows, theme.criticalArrow);
}

QVector<QRectF> TimelineOverlayPainter::pathRects(const Frame& frame, const OpsByRow& byRow)
{
    const TrackGeometry::View& view = frame.view;
    const TrackLayout& layout = frame.layout;
    const TimeNs viewEnd = view.timeAt(view.width);
    QVector<QRectF> rects;
    for (int row = frame.firstRow; row <= frame.lastRow; ++row) {
        const std::vector<std::uint32_t>& ops = byRow[static_cast<std::size_t>(row)];
        const QRectF band = frame.rowRect(row);
        // Ops of one lane end in start order too, so the first visible one is found by bisection;
        // a row holding several lanes or tracks is scanned from its start.
        auto it = frame.rows.rows()[static_cast<std::size_t>(row)].collapsed
            ? ops.begin()
            : std::partition_point(
                ops.begin(), ops.end(), [&](std::uint32_t op) { return layout.end(op) < view.begin; });
        for (; it != ops.end() && layout.start(*it) < viewEnd; ++it) {
            if (layout.end(*it) >= view.begin)
                rects.append(opRect(frame, *it, band));
        }
    }
    return rects;
}

QRectF TimelineOverlayPainter::opRect(const Frame& frame, std::uint32_t op, const QRectF& band)
{
    const double left = frame.area.left();
    const double x0 = left + frame.view.pixelOf(frame.layout.start(op));
    const double x1
        = left + std::max(frame.view.pixelOf(frame.layout.end(op)), frame.view.pixelOf(frame.layout.start(op)) + 2.0);
    return QRectF(x0, band.top(), x1 - x0, band.height());
}

void TimelineOverlayPainter::drawMarks(QCPPainter* painter, const Frame& frame, std::span<const std::uint8_t> marked)
{
    if (marked.empty())
        return;
    QVector<QRectF> marks;
    const double left = frame.area.left();
    for (int row = frame.firstRow; row <= frame.lastRow; ++row) {
        const QRectF band = frame.rowRect(row);
        for (int source = 0; source < frame.rows.sourceCount(row); ++source) {
            for (const Run& run : frame.runs(row, source)) {
                if (run.op < marked.size() && marked[run.op])
                    marks.append(QRectF(
                        left + run.x0 - 1, band.top() + 0.5, std::max(run.x1 - run.x0, 1.0) + 2, band.height() - 1));
            }
        }
    }
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(TimelineTheme::standard().searchMark, 2));
    painter->drawRects(marks);
}

void TimelineOverlayPainter::drawSelection(
    QCPPainter* painter, const Frame& frame, OpId selected, int selectedRow, const Arrows& arrows)
{
    // The selected op's dependencies as arrows, and the op outlined.
    const TimelineTheme& theme = TimelineTheme::standard();
    drawArrows(painter, frame, arrows, theme.selectionArrow);
    if (!selected.isValid() || selectedRow < frame.firstRow || selectedRow > frame.lastRow)
        return;
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(theme.selection, 2));
    painter->drawRect(opRect(frame, selected.value(), frame.rowRect(selectedRow)));
}

void TimelineOverlayPainter::drawArrows(
    QCPPainter* painter, const Frame& frame, const Arrows& arrows, const QColor& color)
{
    const QRect& area = frame.area;
    painter->setAntialiasing(true);
    painter->setPen(QPen(color, 1.5));
    painter->setBrush(color);
    for (std::size_t i = 0; i < arrows.ops.size(); ++i) {
        const auto& [from, to] = arrows.ops[i];
        const auto [a, b] = arrows.rows[i];
        if (a < 0 || b < 0)
            continue;
        const QPointF p0(
            area.left() + frame.view.pixelOf(frame.layout.end(from.value())), frame.rowRect(a).center().y());
        const QPointF p1(
            area.left() + frame.view.pixelOf(frame.layout.start(to.value())), frame.rowRect(b).center().y());
        // Only arrows that cross the visible area.
        if (std::max(p0.x(), p1.x()) < area.left() || std::min(p0.x(), p1.x()) > area.right()
            || std::max(p0.y(), p1.y()) < area.top() || std::min(p0.y(), p1.y()) > area.bottom())
            continue;
        drawArrow(painter, p0, p1);
    }
    painter->setAntialiasing(false);
}

void TimelineOverlayPainter::drawArrow(QCPPainter* painter, const QPointF& from, const QPointF& to)
{
    // A line with a head of two 7-pixel wings at the end, when it is long enough to show one.
    painter->drawLine(from, to);
    const QLineF line(to, from);
    if (line.length() < 6)
        return;
    QLineF wing1 = line, wing2 = line;
    wing1.setLength(7);
    wing2.setLength(7);
    wing1.setAngle(line.angle() + 25);
    wing2.setAngle(line.angle() - 25);
    painter->drawPolygon(QPolygonF({ to, wing1.p2(), wing2.p2() }));
}
