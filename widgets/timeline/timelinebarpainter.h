#pragma once

#include "core/base/ids.h"
#include "widgets/timeline/timelinepaintrows.h"
#include "widgets/timeline/timelinerows.h"
#include "widgets/timeline/trackgeometry.h"

#include <QRect>
#include <QRectF>
#include <QRgb>

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

class QCPPainter;
class QImage;

namespace sightline {
class Trace;
}

// The Gantt's bars, the first passes of a frame: the bands behind header rows and what-if rows, the
// runs of the rows in view as bars in their colour (by kind, or a colour mode's scale; dimmed beside a
// highlighted critical path and in ghost rows), and the hatching over the ops a strategy made. Bars
// are snapped to whole pixels, touching ones of one colour in a row merged, and filled grouped by
// (source, colour) with antialiasing off; thousands of them on a raster device are filled into an
// image drawn once, with the same pixels. It reads a frame's rows and runs and writes nothing but
// pixels (and the scratch image). Work: the runs in view, O(tracks × pixels). Stateless; GUI thread.
class TimelineBarPainter {
public:
    // What a bar's colour says: the op's kind, how much longer (red) or shorter (blue) it became, or
    // how much slack it has (TimelinePlottable::ColorMode).
    enum class ColorMode { Kind, Difference, Slack };
    // What the difference and slack colours read, per op (INT64_MIN where unknown): its duration
    // before and after the change (empty: the op's own, as drawn), its slack, and the critical path's
    // length. The columns are views of memory that owner keeps (a job's columns are not copied).
    struct ColorData {
        std::span<const sightline::TimeNs> before;
        std::span<const sightline::TimeNs> after;
        std::span<const sightline::TimeNs> slack;
        sightline::TimeNs pathLength = 0;
        std::shared_ptr<const void> owner;
    };
    // A what-if's marks: per op, 1 for an op a pass made (hatched); per rank, 1 for a rank a pass
    // added (its ops are copies, drawn plain); per track, 1 for a what-if row (on a tinted band).
    // Empty spans mark nothing.
    struct WhatIfMarks {
        std::span<const std::uint8_t> synthetic;
        std::span<const std::uint8_t> addedRanks;
        std::span<const std::uint8_t> markedTracks;
    };
    using Run = sightline::TrackGeometry::Run;

    // What a frame's bars read: its rows, and what colours them.
    struct Frame : TimelinePaintRows {
        const sightline::Trace& trace;
        const TimelineRows& rows;
        ColorMode colorMode = ColorMode::Kind;
        const ColorData& color;
        WhatIfMarks marks;
        bool dimmed = false; // the critical path is highlighted: every bar is drawn light
    };

    // The bands, the bars and the hatching of rows [firstRow, lastRow], in that order. image is
    // scratch memory kept between frames for the fill of many bars.
    static void draw(QCPPainter* painter, const Frame& frame, QImage& image);
    // A bar's colour in a colour mode other than Kind (in Kind: the scales' grey), for one op or a
    // merged run (a little darker), plain or dimmed.
    static QRgb runColor(const Frame& frame, std::uint32_t op, bool merged, bool dim);
    // Whether an op is drawn hatched: made by a pass, on a rank the job had.
    static bool isHatched(const sightline::Trace& trace, const WhatIfMarks& marks, sightline::OpId op);

private:
    struct Shapes;
    // The shapes of the frame's rows: bars by source and colour, header and what-if bands, hatching.
    static Shapes collectShapes(const Frame& frame);
    static void collectRow(const Frame& frame, int row, Shapes& shapes);
    static QRgb barColor(const Frame& frame, const Run& run, bool dim);
    static void drawBands(QCPPainter* painter, const Shapes& shapes);
    // True when the bars were filled into image with the hatching over them (drawHatching is then not
    // needed).
    static bool drawBars(QCPPainter* painter, const Shapes& shapes, const QRect& area, QImage& image);
    static void fillImage(QImage& image, const Shapes& shapes, const QRect& area);
    static void drawHatching(QCPPainter* painter, const Shapes& shapes);
};
