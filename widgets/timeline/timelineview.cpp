#include "widgets/timeline/timelineview.h"

#include "core/model/opkind.h"
#include "core/model/trace.h"
#include "widgets/panels/kindtext.h"
#include "widgets/timeline/timeaxisticker.h"
#include "widgets/timeline/timelinetheme.h"
#include "widgets/timeline/zoomcontrol.h"
#include "widgets/timeline/timelineplottable.h"
#include "widgets/timeline/tracktree.h"

#include <QContextMenuEvent>
#include <QCursor>
#include <QKeyEvent>
#include <QMenu>
#include <QRubberBand>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <utility>

using namespace sightline;

TimelineView::TimelineView(QWidget* parent)
    : QCustomPlot(parent)
{
    setObjectName(QStringLiteral("timeline"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setNoAntialiasingOnDrag(true);
    xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new TimeAxisTicker));
    xAxis->grid()->setVisible(true);
    const TimelineTheme& theme = TimelineTheme::standard();
    xAxis->grid()->setPen(QPen(theme.grid, 0));
    xAxis->grid()->setLayer(QStringLiteral("main"));
    yAxis->setRangeReversed(true);
    yAxis->setTicks(false);
    yAxis->setTickLabels(false);
    yAxis->grid()->setVisible(false);
    axisRect()->setAutoMargins(QCP::msBottom | QCP::msTop);
    axisRect()->setMargins(QMargins(1, 0, 1, 0));
    setInteractions(QCP::iRangeDrag);
    axisRect()->setRangeDrag(Qt::Horizontal);
    m_plottable = new TimelinePlottable(xAxis, yAxis);
    // Edits draw one frame, on a turn of the event loop of its own: a 0 ms timer, not a posted call,
    // so that input and timers are handled between the edit and a frame of millions of ops.
    m_frameTimer.setSingleShot(true);
    m_frameTimer.setInterval(0);
    connect(&m_frameTimer, &QTimer::timeout, this, &TimelineView::drawFrame);
    // Nothing is drawn on the overlay layer (area selection uses a QRubberBand): buffered, it would
    // cost a full-size clear and a blended copy per frame for an empty pixmap.
    if (QCPLayer* overlay = layer(QStringLiteral("overlay")))
        overlay->setMode(QCPLayer::lmLogical);

    // The counter strip: a second axis rect under the Gantt whose time axis follows the Gantt's.
    m_counterRect = new QCPAxisRect(this);
    m_counterRect->setMinimumSize(0, 70);
    m_counterRect->setMaximumSize(QWIDGETSIZE_MAX, 70);
    m_counterRect->setAutoMargins(QCP::msNone);
    m_counterRect->setMargins(QMargins(1, 2, 1, 2));
    m_counterRect->axis(QCPAxis::atBottom)->setVisible(false);
    m_counterRect->axis(QCPAxis::atLeft)->setTickLabels(false);
    m_counterRect->axis(QCPAxis::atLeft)->setTicks(false);
    m_counterRect->axis(QCPAxis::atLeft)->grid()->setVisible(false);
    m_counterRect->setRangeDrag(Qt::Horizontal);
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), m_counterRect->axis(QCPAxis::atBottom),
        qOverload<const QCPRange&>(&QCPAxis::setRange));
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &TimelineView::resampleCounters);
    m_busyGraph = addGraph(m_counterRect->axis(QCPAxis::atBottom), m_counterRect->axis(QCPAxis::atLeft));
    m_busyGraph->setLineStyle(QCPGraph::lsStepLeft);
    m_busyGraph->setPen(QPen(theme.busy, 1));
    m_busyGraph->setBrush(theme.busyFill);
    m_busyGraph->setAntialiased(false);
    m_busyGraph->setAntialiasedFill(false);
    m_busyGraph->setName(tr("ranks with a GPU op running"));
    m_commGraph = addGraph(m_counterRect->axis(QCPAxis::atBottom), m_counterRect->axis(QCPAxis::atLeft));
    m_commGraph->setLineStyle(QCPGraph::lsStepLeft);
    // A one-pixel (cosmetic) pen: a wider one is stroked as a path, and a strip of a thousand steps
    // then cost a frame 25 ms of its 30.
    m_commGraph->setPen(QPen(theme.communication, 1));
    m_commGraph->setAntialiased(false);
    m_commGraph->setName(tr("communication ops in flight"));
    auto* label = m_counterLabel = new QCPItemText(this);
    label->setClipToAxisRect(false);
    label->setClipAxisRect(m_counterRect);
    label->position->setAxisRect(m_counterRect);
    label->position->setType(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(0.002, 0.02);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->setText(tr("ranks with a GPU op running (blue), communication ops in flight (orange)"));
    label->setColor(theme.stripLabel);
    label->setBrush(theme.stripLabelBox);
    m_counterRect->setVisible(false);
    label->setVisible(false);

    // The selected area: a band over the rows between its times, and its duration on the time axis.
    m_areaBand = new QCPItemRect(this);
    m_areaBand->setClipAxisRect(axisRect());
    m_areaBand->setPen(QPen(theme.areaEdge, 1));
    m_areaBand->setBrush(theme.area);
    m_areaLabel = makeTimeLabel(theme.areaEdge, Qt::AlignBottom);
    onTimeAxis({ m_areaBand->topLeft, m_areaBand->bottomRight, m_areaLabel->position });
    showArea();

    // The hover cursor: a line at the time under the pointer, that time on the axis.
    addLayer(QStringLiteral("cursor"), layer(QStringLiteral("overlay")), QCustomPlot::limAbove);
    m_cursorLayer = layer(QStringLiteral("cursor"));
    m_cursorLayer->setMode(QCPLayer::lmBuffered);
    m_cursorLine = new QCPItemLine(this);
    m_cursorLine->setLayer(m_cursorLayer);
    m_cursorLine->setClipAxisRect(axisRect());
    m_cursorLine->setPen(QPen(theme.cursor, 1, Qt::DashLine));
    m_cursorLabel = makeTimeLabel(theme.cursor, Qt::AlignTop);
    m_cursorLabel->setLayer(m_cursorLayer);
    onTimeAxis({ m_cursorLine->start, m_cursorLine->end, m_cursorLabel->position });
    m_cursorLine->setVisible(false);
    m_cursorLabel->setVisible(false);
}

QCPItemText* TimelineView::makeTimeLabel(const QColor& edge, Qt::Alignment vertical)
{
    const TimelineTheme& theme = TimelineTheme::standard();
    auto* label = new QCPItemText(this);
    label->setClipToAxisRect(false);
    label->setPositionAlignment(Qt::AlignHCenter | vertical);
    label->setColor(theme.label);
    label->setBrush(theme.areaLabelBox);
    label->setPen(QPen(edge, 1));
    label->setPadding(QMargins(4, 1, 4, 1));
    return label;
}

void TimelineView::onTimeAxis(std::initializer_list<QCPItemPosition*> positions)
{
    for (QCPItemPosition* p : positions) {
        p->setAxes(xAxis, yAxis);
        p->setAxisRect(axisRect());
        p->setTypeX(QCPItemPosition::ptPlotCoords);
        p->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
}

void TimelineView::showArea()
{
    const bool shown = m_trace && m_areaEnd > m_areaBegin;
    m_areaBand->setVisible(shown);
    m_areaLabel->setVisible(shown);
    if (!shown)
        return;
    const double origin = static_cast<double>(m_plottable->origin());
    const double begin = static_cast<double>(m_areaBegin) - origin, end = static_cast<double>(m_areaEnd) - origin;
    m_areaBand->topLeft->setCoords(begin, 0);
    m_areaBand->bottomRight->setCoords(end, 1);
    m_areaLabel->position->setCoords((begin + end) / 2, 1);
    m_areaLabel->setText(TimeAxisTicker::duration(m_areaEnd - m_areaBegin));
}

void TimelineView::markOps(const std::vector<OpId>& ops)
{
    m_plottable->setMarkedOps(ops);
    queueFrame();
}

void TimelineView::clearArea()
{
    m_areaBegin = m_areaEnd = 0;
    showArea();
    queueFrame();
}

void TimelineView::setCounters(std::shared_ptr<const ActivityCounters> counters)
{
    m_counters = std::move(counters);
    resampleCounters();
    const bool any = m_counters && (!m_counters->busyRanks.empty() || !m_counters->commInFlight.empty());
    if (any != m_counterRect->visible()) {
        if (any)
            plotLayout()->addElement(1, 0, m_counterRect);
        else
            plotLayout()->take(m_counterRect);
        plotLayout()->simplify();
        m_counterRect->setVisible(any);
        m_counterLabel->setVisible(any);
    }
    const int top = std::max(1, m_counters ? m_counters->highest : 0);
    m_counterRect->axis(QCPAxis::atLeft)->setRange(0, top * 1.1);
    m_counterRect->axis(QCPAxis::atBottom)->setRange(xAxis->range());
    updateLayout(); // the strip takes its height from the Gantt's
    fitRows();
    queueFrame();
}

TimelineView::~TimelineView() = default;

void TimelineView::queueFrame()
{
    if (m_runsAhead) {
        m_frameAfterRuns = true;
        return;
    }
    // Due from the last request, so that timers already due run before it; but a frame that a stream
    // of requests has put off for kMostFrameDelayMs keeps its time.
    if (!m_frameTimer.isActive())
        m_frameQueued.start();
    else if (m_frameQueued.elapsed() >= kMostFrameDelayMs)
        return;
    m_frameTimer.start();
}

void TimelineView::setJob(std::shared_ptr<const Trace> trace, std::shared_ptr<const TrackLayout> layout, bool keepView)
{
    keepView = keepView && m_trace && trace;
    const TrackTree tree = keepView ? m_plottable->trackTree() : TrackTree();
    // The counters were the old job's: none until the new job's are set (and none resampled meanwhile).
    m_counters.reset();
    const double oldOrigin = static_cast<double>(m_plottable->origin());
    const QCPRange keys = xAxis->range(), rows = yAxis->range();
    m_trace = trace;
    m_newJob = trace != nullptr;
    m_selected = OpId();
    m_areaBegin = m_areaEnd = 0;
    m_plottable->setJob(trace, std::move(layout), trace ? trace->beginTime() : 0);
    showArea();
    if (!keepView) {
        resetView();
        return;
    }
    // The same stretch of time and the same rows as before, in the new job's terms.
    m_plottable->setTrackTree(tree);
    const double shift = oldOrigin - static_cast<double>(m_plottable->origin());
    xAxis->setRange(keys.lower + shift, keys.upper + shift);
    yAxis->setRange(std::min(rows.lower, std::max(0.0, static_cast<double>(m_plottable->rows().size()) - 1)), rows.upper);
    fitRows();
    queueFrame();
}

void TimelineView::drawFrame()
{
    // A new job's first frame, once the job is set up (rows, tree, view): its runs first, off the GUI
    // thread.
    if (std::exchange(m_newJob, false)) {
        m_runsAhead = true;
        m_plottable->buildRunsAhead([this] {
            m_runsAhead = false;
            const bool newer = m_newJob; // set meanwhile: its own first frame builds its runs ahead
            if (!newer)
                replot(QCustomPlot::rpQueuedRefresh);
            if (std::exchange(m_frameAfterRuns, false) || newer)
                queueFrame();
        });
        return;
    }
    replot(QCustomPlot::rpQueuedRefresh);
}

void TimelineView::setTrackTree(const TrackTree& tree)
{
    m_plottable->setTrackTree(tree);
    // Keep the top row in range when rows went away.
    const double count = static_cast<double>(m_plottable->rows().size());
    if (yAxis->range().lower > count)
        yAxis->setRange(0, yAxis->range().size());
    queueFrame();
}

const TrackTree& TimelineView::trackTree() const
{
    return m_plottable->trackTree();
}

void TimelineView::changeTree(const std::function<void(TrackTree&)>& edit)
{
    TrackTree tree = m_plottable->trackTree();
    edit(tree);
    setTrackTree(tree);
    Q_EMIT trackTreeChanged();
}

void TimelineView::toggleCollapsed(int node)
{
    if (node < 0 || node >= trackTree().nodeCount())
        return;
    changeTree([node](TrackTree& tree) { tree.setCollapsed(node, !tree.isCollapsed(node)); });
}

void TimelineView::revealNode(int node)
{
    const TrackTree& tree = trackTree();
    if (node <= TrackTree::root() || node >= tree.nodeCount())
        return;
    const auto& rows = m_plottable->rows();
    auto rowOfNode = [&](int n) {
        const auto it = std::find_if(rows.begin(), rows.end(), [n](const auto& r) { return r.node == n; });
        return it == rows.end() ? -1 : static_cast<int>(it - rows.begin());
    };
    // The node's own row; else the first row of what is under it; else its nearest ancestor's row.
    auto firstRowUnder = [&](auto&& self, int n) -> int {
        const int own = rowOfNode(n);
        if (own >= 0)
            return own;
        for (int child : tree.node(n).children) {
            if (const int r = self(self, child); r >= 0)
                return r;
        }
        return -1;
    };
    int row = firstRowUnder(firstRowUnder, node);
    for (int n = tree.node(node).parent; row < 0 && n > TrackTree::root(); n = tree.node(n).parent)
        row = rowOfNode(n);
    if (row < 0)
        return;
    const double size = yAxis->range().size();
    yAxis->setRange(row, row + size);
    replot();
}

void TimelineView::resampleCounters()
{
    // The strip draws what a pixel column can show: the series as they are where they have few points
    // in view, else per column the highest value it reaches, read from the series' block maxima. A
    // fill under a million steps cost a frame tens of milliseconds, and reading every point in view
    // cost a change of the time range 10 ms at 10 M ops; this reads O(columns × block) points.
    const TimeNs origin = m_plottable->origin();
    const QCPRange range = xAxis->range();
    const int columns = std::max(1, axisRect()->width());
    const double perColumn = range.size() / columns;
    auto fill = [&](QCPGraph* graph, const CounterSeries& series) {
        const auto& points = series.points();
        QVector<double> keys, values;
        // Searched by key (the time less the origin, exact in integers), not by time: a Kineto origin
        // of 1.7e18 ns leaves a double no finer than 256 ns.
        auto keyOf = [origin](const std::pair<TimeNs, int>& p) { return static_cast<double>(p.first - origin); };
        auto key = [&](std::size_t i) { return keyOf(points[i]); };
        // The index of the first point in [from, to) whose key is not below k.
        auto firstFrom = [&](std::size_t from, std::size_t to, double k) {
            return static_cast<std::size_t>(std::partition_point(points.begin() + static_cast<std::ptrdiff_t>(from),
                                                points.begin() + static_cast<std::ptrdiff_t>(to), [&](const auto& p) { return keyOf(p) < k; })
                - points.begin());
        };
        // The index of the first point in [from, to) whose key is above k.
        auto firstAfter = [&](std::size_t from, std::size_t to, double k) {
            return static_cast<std::size_t>(std::partition_point(points.begin() + static_cast<std::ptrdiff_t>(from),
                                                points.begin() + static_cast<std::ptrdiff_t>(to), [&](const auto& p) { return keyOf(p) <= k; })
                - points.begin());
        };
        // From the change in effect at the left edge to the first one past the right edge.
        const std::size_t atLeft = firstAfter(0, points.size(), range.lower);
        const std::size_t first = atLeft > 0 ? atLeft - 1 : 0;
        const std::size_t last = std::min(points.size(), firstAfter(atLeft, points.size(), range.upper) + 1);
        if (last - first <= static_cast<std::size_t>(2 * columns) || perColumn <= 0) {
            for (std::size_t i = first; i < last; ++i) {
                keys.append(key(i));
                values.append(points[i].second);
            }
        } else {
            std::size_t i = first;
            int current = points[first].second; // in effect at the column's left edge
            int c = 0;
            for (; c < columns && i < last; ++c) {
                const double left = range.lower + c * perColumn, right = left + perColumn;
                // The changes inside the column: up to the first one at or past its right edge.
                const std::size_t next = firstFrom(i, last, right);
                const int high = next > i ? std::max(current, series.highest(i, next)) : current;
                if (next > i)
                    current = points[next - 1].second;
                i = next;
                keys.append(std::max(left, key(first)));
                values.append(high);
            }
            // Past the last change (the work ended in view), the value after it from the next column
            // on: the strip falls to 0 where the work ends, not at the right edge.
            if (c < columns) {
                keys.append(range.lower + c * perColumn);
                values.append(current);
            }
            keys.append(range.upper);
            values.append(current);
        }
        graph->setData(keys, values, true);
    };
    static const CounterSeries none;
    fill(m_busyGraph, m_counters ? m_counters->busyRanks : none);
    fill(m_commGraph, m_counters ? m_counters->commInFlight : none);
}

std::pair<int, int> TimelineView::countersAt(TimeNs time) const
{
    if (!m_counters)
        return { 0, 0 };
    return { m_counters->busyRanks.at(time), m_counters->commInFlight.at(time) };
}

void TimelineView::setCriticalPath(const std::vector<OpId>& ops, std::size_t secondFrom)
{
    m_plottable->setCriticalOps(ops, secondFrom);
    queueFrame();
}

void TimelineView::setReplayed(std::shared_ptr<const TrackLayout> replayed)
{
    m_plottable->setReplayed(std::move(replayed));
    fitRows();
    queueFrame();
}

void TimelineView::setViewMode(TimelinePlottable::ViewMode mode)
{
    m_plottable->setViewMode(mode);
    fitRows();
    queueFrame();
}

void TimelineView::setColorMode(TimelinePlottable::ColorMode mode)
{
    m_plottable->setColorMode(mode);
    queueFrame();
}

void TimelineView::setCriticalPathShown(bool shown)
{
    m_plottable->setCriticalShown(shown);
    queueFrame();
}

bool TimelineView::criticalPathShown() const
{
    return m_plottable->criticalShown();
}

void TimelineView::selectOp(OpId op)
{
    m_selected = op;
    m_plottable->setSelectedOp(op);
    // Bring its row into view.
    const int row = m_plottable->rowOf(op);
    const QCPRange rows = yAxis->range();
    if (row >= 0 && (row < rows.lower || row + 1 > rows.upper))
        yAxis->setRange(std::max(0.0, row - rows.size() / 3), std::max(0.0, row - rows.size() / 3) + rows.size());
    replot();
    Q_EMIT opSelected(op);
}

void TimelineView::resetView()
{
    if (!m_trace) {
        queueFrame();
        return;
    }
    xAxis->setRange(ZoomControl::fitted(0, static_cast<double>(m_trace->endTime() - m_trace->beginTime()), ZoomControl::kWholeJobMargin));
    yAxis->setRange(0, 1);
    fitRows();
    queueFrame();
}

void TimelineView::setRowHeight(double pixels)
{
    m_rowHeight = std::clamp(pixels, static_cast<double>(kMinRowHeight), static_cast<double>(kMaxRowHeight));
    fitRows();
    queueFrame();
}

void TimelineView::showRange(TimeNs begin, TimeNs end)
{
    const double origin = static_cast<double>(m_plottable->origin());
    xAxis->setRange(ZoomControl::fitted(static_cast<double>(begin) - origin, static_cast<double>(end) - origin));
    replot();
}

void TimelineView::fitRows()
{
    // Rows keep their height in pixels: the visible row count follows the widget's height.
    const double visible = std::max(1.0, static_cast<double>(axisRect()->height()) / m_rowHeight);
    const double top = std::max(0.0, yAxis->range().lower);
    yAxis->setRange(top, top + visible);
}

void TimelineView::resizeEvent(QResizeEvent* event)
{
    // The rows are fitted to the new axis rect before the frame is drawn: fitted after, the frame on
    // screen showed the old rows stretched over the new height until the next replot.
    setViewport(rect());
    fitGutter();
    updateLayout();
    fitRows();
    resampleCounters();
    QCustomPlot::resizeEvent(event);
}

void TimelineView::fitGutter()
{
    const int gutter = std::clamp(width() / 6, kMinGutter, kMaxGutter);
    axisRect()->setMargins(QMargins(gutter, 0, 1, 0));
    m_counterRect->setMargins(QMargins(gutter, 2, 1, 2));
    // A time label every 110 px or so: dense enough to read a time off at any zoom.
    xAxis->ticker()->setTickCount(std::max(4, (width() - gutter) / kPixelsPerTick));
}

void TimelineView::zoomBy(double factor, double centerKey)
{
    const std::optional<QCPRange> range = ZoomControl::zoomed(xAxis->range(), factor, centerKey);
    if (!range)
        return;
    xAxis->setRange(*range);
    queueFrame();
}

void TimelineView::panBy(double fraction)
{
    xAxis->setRange(ZoomControl::panned(xAxis->range(), fraction));
    queueFrame();
}

void TimelineView::scrollRows(double rows)
{
    const double count = static_cast<double>(m_plottable->rows().size());
    const QCPRange r = yAxis->range();
    const double top = std::clamp(r.lower + rows, 0.0, std::max(0.0, count - r.size() / 2));
    yAxis->setRange(top, top + r.size());
    queueFrame();
}

double TimelineView::keyZoomCentre() const
{
    const QPoint pointer = mapFromGlobal(QCursor::pos());
    if (axisRect()->rect().contains(pointer))
        return xAxis->pixelToCoord(pointer.x());
    return xAxis->range().center();
}

QList<QPair<QString, QString>> TimelineView::keyHelp()
{
    return {
        { tr("W / S, wheel"), tr("Zoom the time axis in / out, about the mouse pointer") },
        { tr("A / D, drag"), tr("Pan the time axis left / right") },
        { tr("Shift+wheel, Page Up / Page Down, Up / Down"), tr("Scroll the rows") },
        { tr("Ctrl+wheel"), tr("Make the rows taller or lower") },
        { tr("Shift+drag"), tr("Select an area: its ops go to the Selection dock, its duration to the axis") },
        { tr("F"), tr("Fit the selected area, else the selected op") },
        { tr("Esc"), tr("Clear the selected area") },
        { QStringLiteral("0"), tr("Show the whole job") },
        { tr("Click"), tr("Select an op; on a name in the gutter, fold or unfold it") },
        { tr("Double click on a header row"), tr("Fold or unfold the host or rank") },
        { tr("Right click"), tr("What-if steps on the op or the area, and the track menu") },
    };
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_W: zoomBy(ZoomControl::kKeyZoomIn, keyZoomCentre()); break;
    case Qt::Key_S: zoomBy(ZoomControl::kKeyZoomOut, keyZoomCentre()); break;
    case Qt::Key_A: panBy(-ZoomControl::kPan); break;
    case Qt::Key_D: panBy(ZoomControl::kPan); break;
    case Qt::Key_0: resetView(); break;
    case Qt::Key_F:
        if (m_areaEnd > m_areaBegin)
            showRange(m_areaBegin, m_areaEnd);
        else if (m_selected.isValid())
            showRange(m_trace->start(m_selected), m_trace->end(m_selected));
        break;
    case Qt::Key_PageDown: scrollRows(yAxis->range().size() * kPageRows); break;
    case Qt::Key_PageUp: scrollRows(-yAxis->range().size() * kPageRows); break;
    case Qt::Key_Down: scrollRows(1); break;
    case Qt::Key_Up: scrollRows(-1); break;
    case Qt::Key_Escape:
        if (m_areaEnd <= m_areaBegin) {
            QCustomPlot::keyPressEvent(event);
            return;
        }
        clearArea();
        break;
    default: QCustomPlot::keyPressEvent(event); return;
    }
    event->accept();
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (event->modifiers() & Qt::ControlModifier) {
        setRowHeight(m_rowHeight * std::pow(1.15, steps));
    } else if (event->modifiers() & Qt::ShiftModifier) {
        scrollRows(-steps * kWheelRows);
    } else {
        zoomBy(ZoomControl::wheelFactor(steps), xAxis->pixelToCoord(event->position().x()));
    }
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    m_pressPos = event->pos();
    if (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier)) {
        // An area, not a pan.
        m_selecting = true;
        if (!m_band)
            m_band = new QRubberBand(QRubberBand::Rectangle, this);
        m_band->setGeometry(QRect(m_pressPos, QSize()));
        m_band->show();
        event->accept();
        return;
    }
    QCustomPlot::mousePressEvent(event);
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_selecting) {
        m_selecting = false;
        m_band->hide();
        const QRect area = QRect(m_pressPos, event->pos()).normalized();
        const double origin = static_cast<double>(m_plottable->origin());
        m_areaBegin = static_cast<TimeNs>(xAxis->pixelToCoord(area.left()) + origin);
        m_areaEnd = static_cast<TimeNs>(xAxis->pixelToCoord(area.right()) + origin);
        const int first = static_cast<int>(std::floor(yAxis->pixelToCoord(area.top())));
        const int last = static_cast<int>(std::floor(yAxis->pixelToCoord(area.bottom())));
        showArea();
        queueFrame();
        Q_EMIT areaSelected(m_plottable->tracksIn(first, last), m_areaBegin, m_areaEnd);
        event->accept();
        return;
    }
    QCustomPlot::mouseReleaseEvent(event);
    if (std::exchange(m_swallowRelease, false))
        return;
    // A click, not a drag: fold what is labelled there, or select what is under the mouse.
    if (event->button() == Qt::LeftButton && (event->pos() - m_pressPos).manhattanLength() < 4) {
        if (const int row = m_plottable->labelAt(event->position()); row >= 0) {
            toggleCollapsed(m_plottable->rows()[row].node);
            return;
        }
        const auto hit = m_plottable->hitTest(event->position());
        if (hit && hit->run.count == 1)
            selectOp(OpId(hit->run.op));
    }
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_selecting) {
        m_band->setGeometry(QRect(m_pressPos, event->pos()).normalized());
        return;
    }
    QCustomPlot::mouseMoveEvent(event);
    showCursor(event->position());
    if (event->buttons() == Qt::NoButton) {
        const QString text = tooltipAt(event->position());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(event->globalPosition().toPoint(), text, this);
    }
}

void TimelineView::leaveEvent(QEvent* event)
{
    QCustomPlot::leaveEvent(event);
    showCursor(std::nullopt);
}

void TimelineView::showCursor(std::optional<QPointF> pos)
{
    // A line at the time under the pointer with that time on the axis, on a layer of its own: moving
    // it repaints that layer's buffer, not the rows.
    const bool over = pos && m_trace && axisRect()->rect().contains(pos->toPoint());
    if (!over && !m_cursorLine->visible())
        return;
    m_cursorLine->setVisible(over);
    m_cursorLabel->setVisible(over);
    if (over) {
        const double key = xAxis->pixelToCoord(pos->x());
        m_cursorLine->start->setCoords(key, 0);
        m_cursorLine->end->setCoords(key, 1);
        m_cursorLabel->position->setCoords(key, 1);
        m_cursorLabel->setText(TimeAxisTicker::duration(static_cast<TimeNs>(std::llround(key))));
    }
    m_cursorLayer->replot();
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* event)
{
    // The first click of the pair has already done what a click does. On a label, the second click
    // does nothing (it would fold back); on a header row away from its label, it folds the header.
    // Either way the release that follows is not a click.
    const int row = m_plottable->rowAt(event->position());
    if (event->button() == Qt::LeftButton && row >= 0) {
        const bool label = m_plottable->labelAt(event->position()) >= 0;
        if (label || !m_plottable->rows()[static_cast<std::size_t>(row)].track.isValid()) {
            if (!label)
                toggleCollapsed(m_plottable->rows()[static_cast<std::size_t>(row)].node);
            m_swallowRelease = true;
            event->accept();
            return;
        }
    }
    QCustomPlot::mouseDoubleClickEvent(event);
}

void TimelineView::contextMenuEvent(QContextMenuEvent* event)
{
    if (!m_trace)
        return;
    QMenu menu(this);
    // The menu runs its own event loop, in which another job may arrive: an action then does nothing.
    const Trace* job = m_trace.get();
    auto add = [&](const QString& text, std::function<void(TrackTree&)> edit) {
        return menu.addAction(text, this, [this, job, edit = std::move(edit)] {
            if (m_trace.get() == job)
                changeTree(edit);
        });
    };
    auto setCollapsed = [](int node, bool collapsed) { return [node, collapsed](TrackTree& t) { t.setCollapsed(node, collapsed); }; };
    auto hide = [](int node) { return [node](TrackTree& t) { t.setShown(node, false); }; };
    if (m_opMenu) {
        const auto hit = m_plottable->hitTest(event->pos());
        m_opMenu(menu, hit && hit->run.count == 1 ? OpId(hit->run.op) : OpId());
        if (!menu.isEmpty())
            menu.addSeparator();
    }
    const int row = m_plottable->rowAt(event->pos());
    const TrackTree& tree = trackTree();
    if (row >= 0) {
        const TimelinePlottable::Row r = m_plottable->rows()[static_cast<std::size_t>(row)];
        const int node = r.node;
        const bool collapsed = tree.isCollapsed(node);
        if (!r.rank.isValid()) {
            add(collapsed ? tr("Expand Host") : tr("Collapse Host"), setCollapsed(node, !collapsed));
            add(tr("Hide Host"), hide(node));
        } else if (!r.track.isValid()) {
            add(collapsed ? tr("Expand Rank") : tr("Collapse Rank"), setCollapsed(node, !collapsed));
            add(tr("Hide Rank"), hide(node));
        } else {
            if (m_plottable->isFoldable(row))
                add(collapsed ? tr("Spread Lanes") : tr("Merge Lanes"), setCollapsed(node, !collapsed));
            add(tr("Hide Track"), hide(node));
            add(tr("Collapse Rank"), setCollapsed(tree.rankNode(r.rank), true));
        }
        menu.addSeparator();
    }
    // Every rank at once; expanding opens their hosts too.
    add(tr("Collapse All Ranks"), [](TrackTree& t) {
        for (int n = 0; n < t.nodeCount(); ++n) {
            if (t.node(n).level == TrackTree::Level::Rank)
                t.setCollapsed(n, true);
        }
    });
    add(tr("Expand All Ranks"), [](TrackTree& t) {
        for (int n = 0; n < t.nodeCount(); ++n) {
            if (t.node(n).level == TrackTree::Level::Rank || t.node(n).level == TrackTree::Level::Host)
                t.setCollapsed(n, false);
        }
    });
    QAction* showAll = add(tr("Show All Tracks"), [](TrackTree& t) { t.setShown(TrackTree::root(), true); });
    showAll->setEnabled(tree.hasHidden(TrackTree::root()));
    menu.exec(event->globalPos());
    event->accept();
}

QString TimelineView::opTooltip(OpId op) const
{
    // As Perfetto's and Nsight's slice details: the name, then when, how long, where and what.
    auto text = [this](StringId id) {
        const std::string_view v = m_trace->string(id);
        return QString::fromUtf8(v.data(), static_cast<qsizetype>(v.size()));
    };
    const TrackInfo& track = m_trace->trackInfo(m_trace->track(op));
    QStringList lines { text(m_trace->name(op)) };
    lines << tr("start %1, duration %2").arg(TimeAxisTicker::duration(m_trace->start(op) - m_plottable->origin()), TimeAxisTicker::duration(m_trace->duration(op)));
    lines << tr("rank %1 · %2").arg(m_trace->rankInfo(m_trace->rank(op)).rank).arg(text(track.name));
    QString kind = KindText::op(m_trace->kind(op));
    if (const StringId category = m_trace->category(op); category.isValid() && !m_trace->string(category).empty())
        kind += QStringLiteral(" · ") + text(category);
    lines << kind;
    if (const std::int64_t bytes = m_trace->bytes(op); bytes > 0)
        lines << tr("%1 bytes").arg(QLocale().toString(static_cast<qlonglong>(bytes)));
    return lines.join(u'\n');
}

QString TimelineView::tooltipAt(const QPointF& pos) const
{
    if (m_counterRect->visible() && m_counterRect->rect().contains(pos.toPoint())) {
        const double key = m_counterRect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x());
        const auto [busy, comm] = countersAt(m_plottable->origin() + static_cast<TimeNs>(key));
        return tr("at %1\n%2 ranks with a GPU op running\n%3 communication ops in flight")
            .arg(TimeAxisTicker::duration(static_cast<TimeNs>(key)))
            .arg(busy)
            .arg(comm);
    }
    const auto hit = m_plottable->hitTest(pos);
    if (!hit || !m_trace)
        return QString();
    const OpId op(hit->run.op);
    const std::string_view name = m_trace->string(m_trace->name(op));
    const QString opName = QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
    const QString made = m_plottable->isSynthetic(op) ? u'\n' + tr("made by the strategy") : QString();
    if (hit->run.count == 1)
        return opTooltip(op) + made;
    const double nsPerPixel = xAxis->range().size() / std::max(1, axisRect()->width());
    const TimeNs span = static_cast<TimeNs>((hit->run.x1 - hit->run.x0) * nsPerPixel);
    return tr("%1 ops, %2\nwidest: %3").arg(QLocale().toString(hit->run.count), TimeAxisTicker::duration(span), opName) + made;
}
