#include "widgets/timeline/timelineplottable.h"

#include "core/base/parallel.h"
#include "core/model/trace.h"
#include "widgets/timeline/timelinebarpainter.h"
#include "widgets/timeline/timelinelabelpainter.h"
#include "widgets/timeline/timelineoverlaypainter.h"
#include "widgets/timeline/timelinerows.h"
#include "widgets/timeline/timelinetheme.h"
#include "widgets/timeline/tracklayout.h"

#include <QPointer>

#include <algorithm>
#include <cmath>
#include <utility>

using namespace sightline;

TimelinePlottable::TimelinePlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis)
{
    setAntialiased(false);
    setAntialiasedFill(false);
    setSelectable(QCP::stNone);
    m_ahead.setMaxThreadCount(1);
}

TimelinePlottable::~TimelinePlottable() = default;

void TimelinePlottable::setJob(std::shared_ptr<const Trace> trace, std::shared_ptr<const TrackLayout> layout, TimeNs origin)
{
    m_trace = std::move(trace);
    m_layout = std::move(layout);
    m_replayed.reset();
    m_mode = ViewMode::Measured;
    m_origin = origin;
    m_selected = OpId();
    m_marked.clear();
    m_criticalOps.clear();
    m_pathArrows.clear();
    m_selectionArrows.clear();
    m_marks = {};
    m_marksOwner.reset();
    m_tree = m_trace ? TrackTree::fromTrace(*m_trace) : TrackTree();
    buildRows();
}

void TimelinePlottable::setTrackTree(const TrackTree& tree)
{
    if (!m_trace || !tree.fits(*m_trace))
        return;
    m_tree = tree;
    buildRows();
}

void TimelinePlottable::setReplayed(std::shared_ptr<const TrackLayout> replayed)
{
    m_replayed = std::move(replayed);
    if (!m_replayed)
        m_mode = ViewMode::Measured;
    buildRows();
}

void TimelinePlottable::setViewMode(ViewMode mode)
{
    if (!m_replayed)
        mode = ViewMode::Measured;
    if (mode == m_mode)
        return;
    m_mode = mode;
    buildRows();
}

void TimelinePlottable::setColorData(ColorData data)
{
    m_color = std::move(data);
}

void TimelinePlottable::setWhatIfMarks(const WhatIfMarks& marks, std::shared_ptr<const void> owner)
{
    m_marks = marks;
    m_marksOwner = std::move(owner);
}

bool TimelinePlottable::isHatched(OpId op) const
{
    return m_trace && TimelineBarPainter::isHatched(*m_trace, m_marks, op);
}

void TimelinePlottable::setColorMode(ColorMode mode)
{
    m_colorMode = mode;
}

void TimelinePlottable::buildRows()
{
    m_rows.build(m_trace.get(), m_tree, m_layout.get(), m_replayed.get(), m_mode);
    m_labels.clear();
    m_cache.clear();
    ++m_rowsVersion;
    m_pathRowsStale = true;
    m_selectionArrowRows = arrowRows(m_selectionArrows);
    m_selectedRow = rowOf(m_selected);
}

std::vector<std::pair<int, int>> TimelinePlottable::arrowRows(const std::vector<std::pair<OpId, OpId>>& arrows) const
{
    std::vector<std::pair<int, int>> rows;
    rows.reserve(arrows.size());
    for (const auto& [from, to] : arrows)
        rows.emplace_back(rowOf(from), rowOf(to));
    return rows;
}

int TimelinePlottable::rowAt(const QPointF& pos) const
{
    if (m_rows.rows().empty() || !keyAxis()->axisRect()->rect().contains(pos.toPoint()))
        return -1;
    const int row = static_cast<int>(std::floor(valueAxis()->pixelToCoord(pos.y())));
    return row >= 0 && row < static_cast<int>(m_rows.rows().size()) ? row : -1;
}

int TimelinePlottable::labelAt(const QPointF& pos) const
{
    for (const auto& [row, box] : m_labels) {
        if (box.contains(pos))
            return row;
    }
    return -1;
}

void TimelinePlottable::setCriticalOps(const std::vector<OpId>& ops, std::size_t secondFrom)
{
    m_criticalOps = ops;
    m_secondPathFrom = std::min(secondFrom, ops.size());
    m_pathRowsStale = true;
}

void TimelinePlottable::resolvePathRows()
{
    if (!m_pathRowsStale)
        return;
    m_pathRowsStale = false;
    m_pathArrowRows = arrowRows(m_pathArrows);
    for (int path = 0; path < 2; ++path) {
        std::vector<std::vector<std::uint32_t>>& byRow = m_criticalByRow[path];
        byRow.assign(m_rows.rows().size(), {});
        const std::size_t first = path == 0 ? 0 : m_secondPathFrom;
        const std::size_t last = path == 0 ? m_secondPathFrom : m_criticalOps.size();
        for (std::size_t k = first; k < last; ++k) {
            const int row = rowOf(m_criticalOps[k]);
            if (row >= 0)
                byRow[row].push_back(m_criticalOps[k].value());
        }
        // A path in time order fills each row in order already: only a row out of order is sorted.
        const auto byStart = [&](std::uint32_t a, std::uint32_t b) { return primary().start(a) < primary().start(b); };
        for (auto& list : byRow) {
            if (!std::is_sorted(list.begin(), list.end(), byStart))
                std::sort(list.begin(), list.end(), byStart);
            list.erase(std::unique(list.begin(), list.end()), list.end());
        }
    }
}

void TimelinePlottable::setCriticalShown(bool shown)
{
    m_criticalShown = shown;
}

void TimelinePlottable::setSelectedOp(OpId op)
{
    m_selected = op;
    m_selectedRow = rowOf(op);
}

void TimelinePlottable::setMarkedOps(const std::vector<OpId>& ops)
{
    m_marked.clear();
    if (!m_trace || ops.empty())
        return;
    m_marked.assign(m_trace->opCount(), 0);
    for (const OpId op : ops) {
        if (op.value() < m_marked.size())
            m_marked[op.value()] = 1;
    }
}

void TimelinePlottable::setPathArrows(std::vector<std::pair<OpId, OpId>> arrows)
{
    m_pathArrows = std::move(arrows);
    m_pathRowsStale = true;
}

void TimelinePlottable::setSelectionArrows(std::vector<std::pair<OpId, OpId>> arrows)
{
    m_selectionArrows = std::move(arrows);
    m_selectionArrowRows = arrowRows(m_selectionArrows);
}

TrackGeometry::View TimelinePlottable::currentView() const
{
    TrackGeometry::View view;
    const QCPRange range = keyAxis()->range();
    const QRect rect = keyAxis()->axisRect()->rect();
    view.width = std::max(1, rect.width());
    view.begin = m_origin + static_cast<TimeNs>(std::floor(range.lower));
    view.nsPerPixel = std::max(1e-3, range.size() / view.width);
    return view;
}

QRectF TimelinePlottable::rowRect(int row) const
{
    const QRect rect = keyAxis()->axisRect()->rect();
    const double top = valueAxis()->coordToPixel(row);
    const double bottom = valueAxis()->coordToPixel(row + 1);
    return QRectF(rect.left(), std::min(top, bottom), rect.width(), std::abs(bottom - top));
}

void TimelinePlottable::buildRunsAhead(std::function<void()> done)
{
    const QCPRange rows = valueAxis()->range();
    const int first = std::max(0, static_cast<int>(std::floor(rows.lower)));
    const int last = std::min(static_cast<int>(m_rows.rows().size()) - 1, static_cast<int>(std::ceil(rows.upper)));
    if (!m_trace || first > last) {
        done();
        return;
    }
    // What the rows in view draw, as they are now: the thread reads only these and the immutable layouts.
    struct Ahead {
        TrackGeometry::View view;
        quint64 version = 0;
        int first = 0;
        // The trace the layouts' measured times point into: a job replaced meanwhile (a new what-if's)
        // frees its trace while the thread still reads them.
        std::shared_ptr<const Trace> trace;
        std::vector<std::shared_ptr<const TrackLayout>> layout; // per row
        std::vector<std::vector<Source>> sources; // per row
        std::vector<std::vector<std::vector<TrackGeometry::Run>>> runs; // per row, per source
    };
    auto ahead = std::make_shared<Ahead>();
    ahead->view = currentView();
    ahead->version = m_rowsVersion;
    ahead->trace = m_trace;
    ahead->first = first;
    for (int row = first; row <= last; ++row) {
        const Row& r = m_rows.rows()[static_cast<std::size_t>(row)];
        ahead->layout.push_back(r.replayed ? m_replayed : m_layout);
        const std::span<const Source> sources = m_rows.sources(row);
        ahead->sources.emplace_back(sources.begin(), sources.end());
    }
    ahead->runs.resize(ahead->sources.size());
    // Handed back on the GUI thread, where the guard is read: the plottable may be gone by then.
    auto install = [guard = QPointer<TimelinePlottable>(this), ahead, done = std::move(done)] {
        if (!guard)
            return;
        TimelinePlottable& p = *guard;
        const TrackGeometry::View now = p.currentView();
        if (ahead->version == p.m_rowsVersion && now.begin == ahead->view.begin && now.nsPerPixel == ahead->view.nsPerPixel
            && now.width == ahead->view.width) {
            p.m_rowsBuiltAhead += p.m_cache.adopt(p.m_rows, ahead->first, ahead->runs, now);
        }
        done();
    };
    m_ahead.start([ahead, install = std::move(install)]() mutable {
        lowerCurrentThreadPriority(); // under the GUI thread, which is meant to stay free meanwhile
        parallelFor(ahead->runs.size(), [&](std::size_t k) { TimelineRunCache::buildSources(*ahead->layout[k], ahead->sources[k], ahead->view, ahead->runs[k]); });
        // Let go of the layouts here: the last reference to a replaced job's may be this one, and a
        // layout of millions of ops takes milliseconds to free.
        ahead->layout.clear();
        QMetaObject::invokeMethod(qApp, std::move(install), Qt::QueuedConnection);
    });
}

std::optional<TimelinePlottable::Hit> TimelinePlottable::hitTest(const QPointF& pos) const
{
    const int row = rowAt(pos);
    if (!m_trace || row < 0)
        return std::nullopt;
    const TrackGeometry::View view = currentView();
    const double x = pos.x() - keyAxis()->axisRect()->rect().left();
    // A row draws its later sources over its earlier ones: test them first. A run under the mouse
    // wins over one that is only within the half-pixel tolerance.
    std::optional<Hit> near;
    for (int i = sourceCount(row) - 1; i >= 0; --i) {
        if (const auto run = TrackGeometry::hitTest(laneRuns(row, i, view), x)) {
            if (TrackGeometry::covers(*run, x))
                return Hit { row, *run };
            if (!near)
                near = Hit { row, *run };
        }
    }
    return near;
}

double TimelinePlottable::selectTest(const QPointF&, bool, QVariant*) const
{
    // Clicks are handled by the view, which knows about runs; QCustomPlot's selection stays out.
    return -1;
}

QCPRange TimelinePlottable::getKeyRange(bool& foundRange, QCP::SignDomain) const
{
    foundRange = m_trace != nullptr;
    if (!m_trace)
        return QCPRange();
    return QCPRange(static_cast<double>(m_trace->beginTime() - m_origin), static_cast<double>(m_trace->endTime() - m_origin));
}

QCPRange TimelinePlottable::getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const
{
    foundRange = !m_rows.rows().empty();
    return QCPRange(0, static_cast<double>(m_rows.rows().size()));
}

void TimelinePlottable::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const
{
    painter->fillRect(rect, TimelineTheme::standard().kind(OpKind::ComputeKernel));
}

QRect TimelinePlottable::clipRect() const
{
    const QCPAxisRect* rect = keyAxis()->axisRect();
    const QRect inner = rect->rect();
    return QRect(rect->outerRect().left(), inner.top(), inner.right() - rect->outerRect().left() + 1, inner.height());
}

TimelinePlottable::Frame TimelinePlottable::currentFrame() const
{
    Frame frame;
    frame.view = currentView();
    frame.area = keyAxis()->axisRect()->rect();
    frame.left = frame.area.left();
    const QRect outer = keyAxis()->axisRect()->outerRect();
    frame.gutter = QRect(outer.left(), frame.area.top(), frame.area.left() - outer.left(), frame.area.height());
    const QCPRange rows = valueAxis()->range();
    frame.firstRow = std::max(0, static_cast<int>(std::floor(rows.lower)));
    frame.lastRow = std::min(static_cast<int>(m_rows.rows().size()) - 1, static_cast<int>(std::ceil(rows.upper)));
    return frame;
}

TimelineBarPainter::Frame TimelinePlottable::barFrame(const Frame& frame) const
{
    return { paintRows(frame), *m_trace, m_rows, m_colorMode, m_color, m_marks, m_criticalShown };
}

TimelineOverlayPainter::Frame TimelinePlottable::overlayFrame(const Frame& frame) const
{
    return { paintRows(frame), m_rows, primary() };
}

TimelinePaintRows TimelinePlottable::paintRows(const Frame& frame) const
{
    return { frame.view, frame.area, frame.firstRow, frame.lastRow, [this](int row) { return rowRect(row); }, runsIn(frame.view) };
}

std::function<const std::vector<TrackGeometry::Run>&(int, int)> TimelinePlottable::runsIn(const TrackGeometry::View& view) const
{
    return [this, view](int row, int source) -> const std::vector<TrackGeometry::Run>& {
        return laneRuns(row, source, view);
    };
}

void TimelinePlottable::draw(QCPPainter* painter)
{
    if (!m_trace || m_rows.rows().empty())
        return;
    const Frame frame = currentFrame();
    painter->setAntialiasing(false);
    painter->save();
    painter->setClipRect(frame.area);
    // The runs of the rows in view, built in parallel before the passes read them row by row.
    m_cache.build(m_rows, frame.firstRow, frame.lastRow, frame.view);
    const TimelineBarPainter::Frame bars = barFrame(frame);
    const TimelineOverlayPainter::Frame overlay = overlayFrame(frame);
    const TimelineLabelPainter::Frame names { *m_trace, m_tree, m_rows, m_marks.addedRanks, frame.firstRow,
        frame.lastRow, bars.rowRect };
    // The render passes, each over the one before.
    TimelineBarPainter::draw(painter, bars, m_barImage);
    drawCriticalPath(painter, overlay);
    TimelineLabelPainter::drawSliceNames(
        painter, names, frame.left, frame.view.width,
        [&](int row) -> const std::vector<TrackGeometry::Run>& { return laneRuns(row, 0, frame.view); },
        [&](std::uint32_t op, bool dim) { return TimelineBarPainter::runColor(bars, op, false, dim); },
        m_criticalShown);
    TimelineOverlayPainter::drawMarks(painter, overlay, m_marked);
    TimelineOverlayPainter::drawSelection(
        painter, overlay, m_selected, m_selectedRow, { m_selectionArrows, m_selectionArrowRows });
    TimelineLabelPainter::drawGutter(painter, names, frame.gutter, m_labels);
    painter->restore();
}

void TimelinePlottable::drawCriticalPath(QCPPainter* painter, const TimelineOverlayPainter::Frame& overlay)
{
    if (!m_criticalShown)
        return;
    resolvePathRows();
    TimelineOverlayPainter::drawCriticalPath(painter, overlay, m_criticalByRow, { m_pathArrows, m_pathArrowRows });
}
