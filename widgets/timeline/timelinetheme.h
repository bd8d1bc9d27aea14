#pragma once

#include "core/model/opkind.h"

#include <QColor>

#include <array>

// The Gantt's colours, in one place: ops by kind, the critical path, what-if rows, headers, hatching
// of ops a strategy made, arrows, labels, the counter strip, and the scales of the colour modes
// (change in duration, slack). The plottable, the view and the tests that read pixels take them from
// here. Immutable; standard() is the one the window uses.
class TimelineTheme {
public:
    static const TimelineTheme& standard();

    // An op of this kind, as a single bar (merged runs are drawn a little darker).
    QColor kind(sightline::OpKind kind) const;
    // Change in duration, bin -4 (much shorter) .. 0 (same) .. 4 (much longer).
    QRgb difference(int bin) const;
    // Slack, bin 0 none, 1 under 1 % of the path, 2 under 10 %, 3 more, 4 not replayed.
    QRgb slack(int bin) const;

    QColor critical; // ops on the critical path
    QColor secondCritical; // ops on a second path drawn beside it (the baseline's, beside a what-if's)
    QColor criticalEdge; // their outline
    QColor criticalArrow; // arrows along the path
    QColor selectionArrow; // arrows of the selected op's dependencies
    QColor selection; // the outline of the selected op
    QColor searchMark; // the outline of every op the search matches
    QColor whatIfBand; // behind a what-if row in the both view
    QColor rankHeader; // behind a rank's header row
    QColor hostHeader; // behind a host's header row
    QColor hatch; // the hatching over ops a strategy made
    QColor label; // row labels
    QColor cursor; // the hover cursor's line and the frame of its time
    QColor area; // over the selected area
    QColor areaEdge; // its edges, and the frame of its duration
    QColor areaLabelBox; // behind its duration
    QColor gutter; // behind the track names left of the rows
    QColor gutterHeader; // behind a host's or rank's name there
    QColor gutterEdge; // the line between the names and the rows
    QColor sliceText; // an op's name inside its bar, on a light bar
    QColor sliceTextOnDark; // ... on a dark bar
    QColor disclosure; // the triangle of a foldable row
    QColor grid; // the time axis' grid lines
    QColor busy; // the strip's line of ranks with a GPU op running
    QColor busyFill; // under it
    QColor communication; // the strip's line of communication ops in flight
    QColor stripLabel; // the strip's caption
    QColor stripLabelBox;
    // A bar as drawn: a merged run of ops a little darker than a single op (QColor::darker's factor),
    // and a dimmed one (beside the critical path, or a ghost row) mixed with white. Kinds, then the
    // colour modes' scales.
    QRgb kindBar(sightline::OpKind kind, bool merged, bool dim) const { return shade(this->kind(kind), 115, 0.8, merged, dim); }
    static QRgb scaleBar(QRgb color, bool merged, bool dim) { return shade(QColor::fromRgb(color), 108, 0.7, merged, dim); }

private:
    TimelineTheme();
    static QRgb shade(QColor color, int mergedDarker, double white, bool merged, bool dim);
    std::array<QColor, sightline::kOpKindCount> m_kinds;
    std::array<QRgb, 9> m_difference;
    std::array<QRgb, 5> m_slack;
};
