#pragma once

#include "widgets/timeline/trackgeometry.h"

#include <QRect>
#include <QRectF>

#include <functional>
#include <vector>

// The rows a painter of the Gantt draws in one frame: the time axis's view, the axis rect, the rows in
// it, where each row lies and each row's runs in view. TimelinePlottable makes one per frame; the bar
// and overlay painters' frames extend it with what else they read.
struct TimelinePaintRows {
    using Run = sightline::TrackGeometry::Run;

    sightline::TrackGeometry::View view;
    QRect area; // the axis rect, in pixels: x = 0 of the view is its left edge
    int firstRow = 0;
    int lastRow = -1;
    std::function<QRectF(int row)> rowRect; // the row's band across the axis rect, in pixels
    std::function<const std::vector<Run>&(int row, int source)> runs; // a row's source's runs in view
};
