#pragma once

#include "widgets/timeline/timelinerows.h"
#include "widgets/timeline/trackgeometry.h"
#include "widgets/timeline/tracktree.h"

#include <QCoreApplication>
#include <QRectF>
#include <QRgb>
#include <QString>

#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

class QPainter;

namespace sightline {
class Trace;
}

// The Gantt's words, the last passes of a frame: the rows' names in the gutter left of the axis rect
// (hosts and ranks on header bands, with a disclosure triangle where a row folds, each track's name on
// its first row, indented under its rank), and ops' names inside the bars wide enough for a few letters,
// in a colour readable on the bar. It reads a frame's rows and runs and writes nothing but pixels and
// the boxes of the names that fold. Stateless; GUI thread (fonts).
class TimelineLabelPainter {
    Q_DECLARE_TR_FUNCTIONS(TimelineLabelPainter)
public:
    // An op's name is written inside its bar when the bar is at least this wide.
    static constexpr double kMinNamePixels = 28;

    // What a frame's names read.
    struct Frame {
        const sightline::Trace& trace;
        const sightline::TrackTree& tree;
        const TimelineRows& rows;
        std::span<const std::uint8_t> addedRanks; // per rank, 1 for a rank a what-if added
        int firstRow = 0;
        int lastRow = -1;
        std::function<QRectF(int row)> rowRect; // the row's band across the axis rect, in pixels
    };

    // The name of a row: "host h", "rank r" (with its host where the tree has no host rows, "(added)"
    // for a rank a what-if added), "replayed" for a ghost row, else its track's name.
    static QString labelOf(const Frame& frame, const TimelineRows::Row& row);
    // The rows' names in gutter; the boxes of the foldable ones, by row, into folds.
    static void drawGutter(QPainter* painter, const Frame& frame, const QRect& gutter, std::vector<std::pair<int, QRectF>>& folds);
    // Ops' names inside their bars: rows of one lane only (a collapsed row draws several over each
    // other), runs of one op at least kMinNamePixels wide in view. left is the axis rect's left edge
    // and width its width; runs gives a row's runs, and colour a run's bar colour (dim: drawn light).
    static void drawSliceNames(QPainter* painter, const Frame& frame, double left, int width,
        const std::function<const std::vector<sightline::TrackGeometry::Run>&(int row)>& runs, const std::function<QRgb(std::uint32_t op, bool dim)>& colour,
        bool dimmed);
};
