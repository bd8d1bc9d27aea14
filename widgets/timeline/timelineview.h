#pragma once

#include "core/analysis/activitycounters.h"
#include "core/base/ids.h"
#include "widgets/timeline/timelineplottable.h"

#include <QElapsedTimer>
#include <QTimer>
#include <qcustomplot.h>

#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <vector>

class QRubberBand;
class QMenu;

namespace sightline {
class Trace;
class TrackLayout;
class TrackTree;
}

// The zoomable multi-device Gantt: one row per lane of every track, grouped by rank, on a time axis
// in ns/µs/ms/s, with the rows' names in a gutter at the left. Navigation as in Perfetto and
// chrome://tracing: the wheel and W/S zoom the time axis only, about the mouse pointer (W/S about the
// middle when the pointer is away); dragging and A/D pan it; Shift+wheel and Page Up/Down scroll the
// rows; Ctrl+wheel sets their height. Shift+drag selects an area (areaSelected; it stays drawn with
// its duration until Escape), F fits the selected area or op, 0 shows the whole job. Hovering shows a
// tooltip (an op, or a run of merged ops with its count and span); a click selects an op and emits
// opSelected. The critical path can be highlighted. Hosts, ranks and tracks of several lanes collapse
// and expand by a click on their name (or a double click on a header row); the context menu also hides
// tracks and shows them all again. Hovering over the counter strip shows its values at that time. How
// the time axis moves is ZoomControl's; the colours are TimelineTheme's.
class TimelineView : public QCustomPlot {
    Q_OBJECT
public:
    // A row's height in pixels: 18 at first, 8 to 40 by Ctrl+wheel.
    static constexpr int kRowHeight = 18;
    static constexpr int kMinRowHeight = 8;
    static constexpr int kMaxRowHeight = 40;
    // The gutter of track names left of the rows: a sixth of the width, within these bounds.
    static constexpr int kMinGutter = 90;
    static constexpr int kMaxGutter = 220;
    static constexpr int kPixelsPerTick = 110; // the time axis' labels, about this far apart
    static constexpr double kPageRows = 0.8; // Page Up/Down: a share of the rows in view
    static constexpr double kWheelRows = 3; // Shift+wheel, per notch

    explicit TimelineView(QWidget* parent = nullptr);
    ~TimelineView() override;

    // keepView: the new job replaces one of its kind (the next what-if of a job): the time in view
    // (by absolute time), the rows scrolled to and the track tree (where it fits) stay; else the
    // whole job is shown.
    void setJob(std::shared_ptr<const sightline::Trace> trace, std::shared_ptr<const sightline::TrackLayout> layout, bool keepView = false);
    // ops from secondFrom on: a second path, drawn apart (TimelinePlottable::setCriticalOps).
    void setCriticalPath(const std::vector<sightline::OpId>& ops, std::size_t secondFrom = SIZE_MAX);
    // The replayed times (null for none) and which times to show; see TimelinePlottable::ViewMode.
    void setReplayed(std::shared_ptr<const sightline::TrackLayout> replayed);
    // Counter tracks under the Gantt, on its time axis (shared, not copied: they can hold millions of
    // change points); null or empty series hide the strip.
    void setCounters(std::shared_ptr<const sightline::ActivityCounters> counters);
    void setViewMode(TimelinePlottable::ViewMode mode);
    // See TimelinePlottable::ColorMode.
    void setColorMode(TimelinePlottable::ColorMode mode);
    void setCriticalPathShown(bool shown);
    bool criticalPathShown() const;
    void selectOp(sightline::OpId op);
    // Outlines these ops (search matches) until the next call or job.
    void markOps(const std::vector<sightline::OpId>& ops);
    sightline::OpId selectedOp() const { return m_selected; }
    // Shows the whole job.
    void resetView();
    // Rows' height in pixels, clamped to [kMinRowHeight, kMaxRowHeight]; the top row stays.
    void setRowHeight(double pixels);
    double rowHeight() const { return m_rowHeight; }
    // Draws one frame on a later turn of the event loop, once for any number of calls before it, after
    // the timers that fell due before the last call (or kMostFrameDelayMs after the first, at the latest
    // turn). A new job's first frame waits for its runs, built ahead off the GUI thread.
    void queueFrame();
    static constexpr qint64 kMostFrameDelayMs = 50;
    // Whether a queued frame is still to be drawn.
    bool framePending() const { return m_frameTimer.isActive() || m_runsAhead; }
    // Shows [begin, end) of the job's times.
    void showRange(sightline::TimeNs begin, sightline::TimeNs end);
    TimelinePlottable* plottable() const { return m_plottable; }
    // The job shown (null for none).
    const std::shared_ptr<const sightline::Trace>& trace() const { return m_trace; }
    // The tracks' order, visibility and collapsed groups; see TrackTree. Setting it does not emit
    // trackTreeChanged.
    void setTrackTree(const sightline::TrackTree& tree);
    const sightline::TrackTree& trackTree() const;
    // Scrolls the rows so that a tree node's row (or its first track's, or its collapsed ancestor's)
    // is in view.
    void revealNode(int node);
    // Collapses or expands a tree node (host, rank or track) and emits trackTreeChanged.
    void toggleCollapsed(int node);
    // The area chosen last by Shift+drag, in job times ([0, 0) for none). It stays drawn, a band over
    // the rows with its duration on the time axis, until Escape, the next area or another job.
    std::pair<sightline::TimeNs, sightline::TimeNs> selectedArea() const { return { m_areaBegin, m_areaEnd }; }
    void clearArea();
    // The counter strip's values at a time: ranks with a GPU op running, communication ops in flight.
    std::pair<int, int> countersAt(sightline::TimeNs time) const;

    // The Gantt's keys and mouse gestures, as the shortcut sheet lists them: (keys, what they do).
    static QList<QPair<QString, QString>> keyHelp();

    // Adds the window's what-if actions to the Gantt's context menu, above the track actions; called
    // when the menu opens, with the op under the pointer (an invalid id over no single op).
    void setOpMenu(std::function<void(QMenu&, sightline::OpId)> addActions) { m_opMenu = std::move(addActions); }

Q_SIGNALS:
    void opSelected(sightline::OpId op);
    // Shift+drag over an area: the tracks of the rows it covers and its time range (job times).
    void areaSelected(const std::vector<sightline::TrackId>& tracks, sightline::TimeNs begin, sightline::TimeNs end);
    // The user collapsed, expanded or hid something in the Gantt.
    void trackTreeChanged();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    void zoomBy(double factor, double centerKey);
    // The time under the mouse pointer when it is over the Gantt's rows, else the middle of the view.
    double keyZoomCentre() const;
    void panBy(double fraction);
    void scrollRows(double rows);
    void fitRows();
    // Sizes the gutter to the view's width; the counter strip keeps the same left edge.
    void fitGutter();
    // A time on the axis (the selected area's duration, the hover cursor's time): framed in edge,
    // above (AlignBottom) or below (AlignTop) the point it is placed at.
    QCPItemText* makeTimeLabel(const QColor& edge, Qt::Alignment vertical);
    // Positions in job time across, and from the top (0) to the bottom (1) of the rows down.
    void onTimeAxis(std::initializer_list<QCPItemPosition*> positions);
    // Places the band and the duration label of the selected area (hidden when there is none).
    void showArea();
    // The hover cursor at a position over the rows (hidden for none, or away from them).
    void showCursor(std::optional<QPointF> pos);
    // Fills the counter strip's graphs for the time range in view (see the .cpp).
    void resampleCounters();
    QString tooltipAt(const QPointF& pos) const;
    // One op's tooltip: name, start (from the job's start) and duration, rank and track, kind and
    // category, bytes moved.
    QString opTooltip(sightline::OpId op) const;
    void changeTree(const std::function<void(sightline::TrackTree&)>& edit);
    // The frame timer's frame: a new job's first builds its runs ahead and is drawn once they are in.
    void drawFrame();

    TimelinePlottable* m_plottable = nullptr;
    QCPAxisRect* m_counterRect = nullptr;
    QCPGraph* m_busyGraph = nullptr;
    QCPGraph* m_commGraph = nullptr;
    QCPItemText* m_counterLabel = nullptr;
    QCPItemRect* m_areaBand = nullptr; // the selected area, over the rows
    QCPItemText* m_areaLabel = nullptr; // its duration, on the time axis
    QCPLayer* m_cursorLayer = nullptr; // the hover cursor's, buffered apart from the rows
    QCPItemLine* m_cursorLine = nullptr;
    QCPItemText* m_cursorLabel = nullptr; // the time under the pointer, on the axis
    std::shared_ptr<const sightline::Trace> m_trace;
    sightline::OpId m_selected;
    QPoint m_pressPos;
    QRubberBand* m_band = nullptr;
    bool m_selecting = false;
    bool m_swallowRelease = false; // the release after a double click is not a click
    sightline::TimeNs m_areaBegin = 0;
    sightline::TimeNs m_areaEnd = 0;
    std::shared_ptr<const sightline::ActivityCounters> m_counters;
    std::function<void(QMenu&, sightline::OpId)> m_opMenu;
    QTimer m_frameTimer;
    // A new job's first frame builds the runs of the rows in view ahead, off the GUI thread, and is
    // drawn once they are in; frames asked for meanwhile follow it.
    bool m_newJob = false;
    bool m_runsAhead = false;
    bool m_frameAfterRuns = false;
    QElapsedTimer m_frameQueued; // since the first request of the frame pending
    double m_rowHeight = kRowHeight;
};
