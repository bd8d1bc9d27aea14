#include "widgets/timeline/timelineplottable.h"

#include "core/model/trace.h"
#include "widgets/timeline/tracklayout.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

using namespace sightline;

TimelinePlottable::TimelinePlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis)
{
    setAntialiased(false);
    setAntialiasedFill(false);
    setSelectable(QCP::stNone);
}

TimelinePlottable::~TimelinePlottable() = default;

QColor TimelinePlottable::colorOf(int opKind)
{
    switch (static_cast<OpKind>(opKind)) {
    case OpKind::ComputeKernel: return QColor(0x3b, 0x7d, 0xd8);
    case OpKind::CpuOp: return QColor(0x7a, 0xa6, 0x7c);
    case OpKind::Collective:
    case OpKind::Send:
    case OpKind::Recv: return QColor(0xe8, 0xa3, 0x3d);
    case OpKind::Memcpy:
    case OpKind::Memset: return QColor(0x9b, 0x6c, 0xc9);
    case OpKind::Runtime: return QColor(0xa8, 0xb3, 0xbd);
    case OpKind::Sync: return QColor(0xc9, 0x5b, 0x5b);
    case OpKind::Annotation: return QColor(0xd6, 0xc8, 0x8e);
    case OpKind::Io: return QColor(0x4a, 0xa8, 0xa8);
    }
    return QColor(0x88, 0x88, 0x88);
}

QColor TimelinePlottable::criticalColor()
{
    return QColor(0xe0, 0x24, 0x5e);
}

void TimelinePlottable::setJob(std::shared_ptr<const Trace> trace, std::shared_ptr<const TrackLayout> layout, TimeNs origin)
{
    m_trace = std::move(trace);
    m_layout = std::move(layout);
    m_replayed.reset();
    m_mode = ViewMode::Measured;
    m_origin = origin;
    m_selected = OpId();
    m_criticalOps.clear();
    m_pathArrows.clear();
    m_selectionArrows.clear();
    m_collapsed.assign(m_trace ? m_trace->tracks().size() : 0, 0);
    if (m_trace && m_trace->ranks().size() > 2) {
        for (std::uint32_t tr = 0; tr < m_trace->tracks().size(); ++tr)
            m_collapsed[tr] = m_trace->trackInfo(TrackId(tr)).kind == TrackKind::CpuThread;
    }
    buildRows();
}

void TimelinePlottable::setCollapsed(TrackId track, bool collapsed)
{
    if (!m_trace || track.value() >= m_collapsed.size() || m_collapsed[track.value()] == collapsed)
        return;
    m_collapsed[track.value()] = collapsed;
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

void TimelinePlottable::setColorData(std::vector<TimeNs> replayedDuration, std::vector<TimeNs> slack, TimeNs pathLength)
{
    m_replayedDuration = std::move(replayedDuration);
    m_slack = std::move(slack);
    m_pathLength = pathLength;
}

void TimelinePlottable::setColorMode(ColorMode mode)
{
    m_colorMode = mode;
}

QRgb TimelinePlottable::differenceColor(int bin)
{
    static const QRgb colors[9] = { qRgb(0x1f, 0x5f, 0xbf), qRgb(0x4a, 0x86, 0xd8), qRgb(0x86, 0xb0, 0xe6), qRgb(0xbf, 0xd6, 0xf0),
        qRgb(0xc8, 0xc8, 0xcc), qRgb(0xf3, 0xc6, 0xbd), qRgb(0xea, 0x93, 0x80), qRgb(0xdb, 0x5b, 0x44), qRgb(0xb3, 0x1f, 0x1f) };
    return colors[std::clamp(bin, -4, 4) + 4];
}

QRgb TimelinePlottable::slackColor(int bin)
{
    static const QRgb colors[5] = { qRgb(0xd7, 0x26, 0x3c), qRgb(0xf0, 0x8a, 0x24), qRgb(0xf2, 0xd0, 0x3b), qRgb(0x6d, 0xb8, 0x6a), qRgb(0xc8, 0xc8, 0xcc) };
    return colors[std::clamp(bin, 0, 4)];
}

bool TimelinePlottable::isCollapsed(TrackId track) const
{
    return track.value() < m_collapsed.size() && m_collapsed[track.value()];
}

void TimelinePlottable::buildRows()
{
    m_rows.clear();
    m_firstRowOfTrack.assign(m_trace ? m_trace->tracks().size() : 0, -1);
    m_cache = Cache {};
    if (!m_trace)
        return;
    // Ranks in rank order, each a header then its tracks' lanes in track order.
    std::vector<std::uint32_t> ranks(m_trace->ranks().size());
    for (std::uint32_t r = 0; r < ranks.size(); ++r)
        ranks[r] = r;
    std::sort(ranks.begin(), ranks.end(), [&](std::uint32_t a, std::uint32_t b) {
        return m_trace->rankInfo(RankId(a)).rank < m_trace->rankInfo(RankId(b)).rank;
    });
    const bool replayedRows = m_mode == ViewMode::Replayed && m_replayed;
    const TrackLayout& rowsLayout = replayedRows ? *m_replayed : *m_layout;
    for (std::uint32_t r : ranks) {
        const RankInfo& info = m_trace->rankInfo(RankId(r));
        m_rows.push_back({ RankId(r), TrackId(), 0, false, false });
        for (std::uint32_t tr = info.firstTrack; tr < info.firstTrack + info.trackCount; ++tr) {
            const int lanes = rowsLayout.laneCount(TrackId(tr));
            if (lanes == 0)
                continue;
            m_firstRowOfTrack[tr] = static_cast<int>(m_rows.size());
            if (m_collapsed[tr]) {
                m_rows.push_back({ RankId(r), TrackId(tr), 0, true, replayedRows });
            } else {
                for (int l = 0; l < lanes; ++l)
                    m_rows.push_back({ RankId(r), TrackId(tr), l, false, replayedRows });
            }
            // The replayed times of the track, all its lanes in one ghost row under it.
            if (m_mode == ViewMode::Both && m_replayed && m_replayed->laneCount(TrackId(tr)) > 0)
                m_rows.push_back({ RankId(r), TrackId(tr), 0, true, true });
        }
    }
    setCriticalOps(std::vector<OpId>(m_criticalOps));
}

int TimelinePlottable::rowOf(OpId op) const
{
    if (!m_trace || !op.isValid() || op.value() >= m_trace->opCount())
        return -1;
    const TrackId track = m_trace->track(op);
    const int first = m_firstRowOfTrack[track.value()];
    const TrackLayout& layout = primary();
    if (first < 0 || layout.start(op.value()) == INT64_MIN)
        return -1;
    const TimeNs start = layout.start(op.value());
    for (int l = 0; l < layout.laneCount(track); ++l) {
        const auto lane = layout.lane(track, l);
        auto it = std::partition_point(lane.begin(), lane.end(), [&](std::uint32_t x) { return layout.start(x) < start; });
        for (; it != lane.end() && layout.start(*it) == start; ++it) {
            if (*it == op.value())
                return m_collapsed[track.value()] ? first : first + l;
        }
    }
    return -1;
}

void TimelinePlottable::setCriticalOps(const std::vector<OpId>& ops)
{
    m_criticalOps = ops;
    m_criticalByRow.assign(m_rows.size(), {});
    for (OpId op : ops) {
        const int row = rowOf(op);
        if (row >= 0)
            m_criticalByRow[row].push_back(op.value());
    }
    for (auto& list : m_criticalByRow) {
        std::sort(list.begin(), list.end(), [&](std::uint32_t a, std::uint32_t b) { return primary().start(a) < primary().start(b); });
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }
}

void TimelinePlottable::setCriticalShown(bool shown)
{
    m_criticalShown = shown;
}

void TimelinePlottable::setSelectedOp(OpId op)
{
    m_selected = op;
}

void TimelinePlottable::setPathArrows(std::vector<std::pair<OpId, OpId>> arrows)
{
    m_pathArrows = std::move(arrows);
}

void TimelinePlottable::setSelectionArrows(std::vector<std::pair<OpId, OpId>> arrows)
{
    m_selectionArrows = std::move(arrows);
}

void TimelinePlottable::drawArrows(QCPPainter* painter, const std::vector<std::pair<OpId, OpId>>& arrows, const QColor& color,
    const TrackGeometry::View& view) const
{
    const QRect area = keyAxis()->axisRect()->rect();
    const TrackLayout& layout = primary();
    painter->setAntialiasing(true);
    painter->setPen(QPen(color, 1.5));
    painter->setBrush(color);
    for (const auto& [from, to] : arrows) {
        const int a = rowOf(from), b = rowOf(to);
        if (a < 0 || b < 0)
            continue;
        const QPointF p0(area.left() + view.pixelOf(layout.end(from.value())), rowRect(a).center().y());
        const QPointF p1(area.left() + view.pixelOf(layout.start(to.value())), rowRect(b).center().y());
        // Only arrows that cross the visible area.
        if (std::max(p0.x(), p1.x()) < area.left() || std::min(p0.x(), p1.x()) > area.right()
            || std::max(p0.y(), p1.y()) < area.top() || std::min(p0.y(), p1.y()) > area.bottom())
            continue;
        painter->drawLine(p0, p1);
        const QLineF line(p1, p0);
        if (line.length() < 6)
            continue;
        QLineF wing1 = line, wing2 = line;
        wing1.setLength(7);
        wing2.setLength(7);
        wing1.setAngle(line.angle() + 25);
        wing2.setAngle(line.angle() - 25);
        painter->drawPolygon(QPolygonF({ p1, wing1.p2(), wing2.p2() }));
    }
    painter->setAntialiasing(false);
}

QRgb TimelinePlottable::runColor(std::uint32_t op, bool merged, bool dim) const
{
    QRgb c = slackColor(4);
    if (m_colorMode == ColorMode::Difference && op < m_replayedDuration.size() && m_replayedDuration[op] != INT64_MIN) {
        // Bins of the relative change: within 2% is the same; then 2-10%, 10-25%, 25-50%, more.
        const TimeNs measured = m_trace->duration(OpId(op));
        const double change = static_cast<double>(m_replayedDuration[op] - measured) / static_cast<double>(std::max<TimeNs>(measured, 1));
        const double a = std::abs(change);
        const int bin = a < 0.02 ? 0 : a < 0.10 ? 1 : a < 0.25 ? 2 : a < 0.5 ? 3 : 4;
        c = differenceColor(change < 0 ? -bin : bin);
    } else if (m_colorMode == ColorMode::Slack && op < m_slack.size() && m_slack[op] != INT64_MIN) {
        const double share = m_pathLength > 0 ? static_cast<double>(m_slack[op]) / static_cast<double>(m_pathLength) : 1.0;
        c = slackColor(m_slack[op] == 0 ? 0 : share < 0.01 ? 1 : share < 0.10 ? 2 : 3);
    }
    QColor color = QColor::fromRgb(c);
    if (merged)
        color = color.darker(108);
    if (dim)
        color = QColor::fromRgbF(0.7 + 0.3 * color.redF(), 0.7 + 0.3 * color.greenF(), 0.7 + 0.3 * color.blueF());
    return color.rgb();
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

const std::vector<TrackGeometry::Run>& TimelinePlottable::laneRuns(int row, int lane, const TrackGeometry::View& view) const
{
    if (m_cache.begin != view.begin || m_cache.nsPerPixel != view.nsPerPixel || m_cache.width != view.width
        || m_cache.runs.size() != m_rows.size()) {
        m_cache.begin = view.begin;
        m_cache.nsPerPixel = view.nsPerPixel;
        m_cache.width = view.width;
        m_cache.runs.assign(m_rows.size(), {});
        m_cache.built.assign(m_rows.size(), 0);
    }
    if (!m_cache.built[row]) {
        const Row& r = m_rows[row];
        if (r.track.isValid()) {
            const int first = r.collapsed ? 0 : r.lane;
            const int last = r.collapsed ? layoutOf(r).laneCount(r.track) : r.lane + 1;
            for (int l = first; l < last; ++l) {
                m_cache.runs[row].emplace_back();
                TrackGeometry::build(layoutOf(r), r.track, l, view, m_cache.runs[row].back());
            }
        }
        m_cache.built[row] = 1;
    }
    static const std::vector<TrackGeometry::Run> none;
    const auto& lanes = m_cache.runs[row];
    const std::size_t index = m_rows[row].collapsed ? static_cast<std::size_t>(lane) : 0;
    return index < lanes.size() ? lanes[index] : none;
}

std::optional<TimelinePlottable::Hit> TimelinePlottable::hitTest(const QPointF& pos) const
{
    if (!m_trace || m_rows.empty() || !keyAxis()->axisRect()->rect().contains(pos.toPoint()))
        return std::nullopt;
    const int row = static_cast<int>(std::floor(valueAxis()->pixelToCoord(pos.y())));
    if (row < 0 || row >= static_cast<int>(m_rows.size()) || !m_rows[row].track.isValid())
        return std::nullopt;
    const TrackGeometry::View view = currentView();
    const double x = pos.x() - keyAxis()->axisRect()->rect().left();
    // A collapsed row shows its deepest lanes on top: test them first.
    const int lanes = m_rows[row].collapsed ? layoutOf(m_rows[row]).laneCount(m_rows[row].track) : 1;
    for (int l = lanes - 1; l >= 0; --l) {
        if (const auto run = TrackGeometry::hitTest(laneRuns(row, l, view), x))
            return Hit { row, *run };
    }
    return std::nullopt;
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
    foundRange = !m_rows.empty();
    return QCPRange(0, static_cast<double>(m_rows.size()));
}

void TimelinePlottable::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const
{
    painter->fillRect(rect, colorOf(static_cast<int>(OpKind::ComputeKernel)));
}

void TimelinePlottable::draw(QCPPainter* painter)
{
    if (!m_trace || m_rows.empty())
        return;
    const TrackGeometry::View view = currentView();
    const QRect area = keyAxis()->axisRect()->rect();
    const double left = area.left();
    const QCPRange rows = valueAxis()->range();
    const int firstRow = std::max(0, static_cast<int>(std::floor(rows.lower)));
    const int lastRow = std::min(static_cast<int>(m_rows.size()) - 1, static_cast<int>(std::ceil(rows.upper)));
    painter->setAntialiasing(false);
    painter->save();
    painter->setClipRect(area);

    // Rank headers and lanes: bars grouped by (lane depth, colour), one fill call each; deeper lanes
    // of a collapsed track come after shallower ones, so they are drawn over them.
    std::map<std::uint64_t, QVector<QRectF>> bars;
    QVector<QRectF> headers;
    const int dim = m_criticalShown ? 1 : 0;
    // Colours by kind, for single ops and merged runs (a little darker), plain and dimmed.
    static const auto palette = [] {
        std::array<std::array<std::array<QRgb, 2>, 2>, kOpKindCount> p {};
        for (int k = 0; k < kOpKindCount; ++k) {
            for (int merged = 0; merged < 2; ++merged) {
                QColor c = colorOf(k);
                if (merged)
                    c = c.darker(115);
                p[k][merged][0] = c.rgb();
                p[k][merged][1] = QColor::fromRgbF(0.8 + 0.2 * c.redF(), 0.8 + 0.2 * c.greenF(), 0.8 + 0.2 * c.blueF()).rgb();
            }
        }
        return p;
    }();
    for (int row = firstRow; row <= lastRow; ++row) {
        const QRectF band = rowRect(row);
        if (!m_rows[row].track.isValid()) {
            headers.append(band);
            continue;
        }
        const double top = band.top() + 1, height = std::max(1.0, band.height() - 2);
        const bool ghost = m_rows[row].replayed && m_mode == ViewMode::Both;
        const int lanes = m_rows[row].collapsed ? layoutOf(m_rows[row]).laneCount(m_rows[row].track) : 1;
        for (int l = 0; l < lanes; ++l) {
            for (const TrackGeometry::Run& r : laneRuns(row, l, view)) {
                const QRgb c = m_colorMode == ColorMode::Kind ? palette[static_cast<int>(m_trace->kind(OpId(r.op)))][r.count > 1][dim || ghost]
                                                              : runColor(r.op, r.count > 1, dim || ghost);
                const double x0 = left + std::max(-1.0, r.x0);
                const double x1 = left + std::min(static_cast<double>(view.width) + 1, std::max(r.x1, r.x0 + 1.0));
                // Touching bars of one colour in a row become one rectangle: dense stretches of
                // merged runs then cost one primitive, not one per pixel column.
                QVector<QRectF>& list = bars[(static_cast<std::uint64_t>(l) << 32) | c];
                if (!list.isEmpty() && list.back().top() == top && list.back().right() >= x0 - 0.5)
                    list.back().setRight(std::max(list.back().right(), x1));
                else
                    list.append(QRectF(x0, top, x1 - x0, height));
            }
        }
    }
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(0xee, 0xee, 0xf2));
    painter->drawRects(headers);
    for (const auto& [key, rects] : bars) {
        painter->setBrush(QColor::fromRgb(static_cast<QRgb>(key & 0xFFFFFFFFu)));
        painter->drawRects(rects);
    }

    // The critical path over the dimmed runs: its ops at least two pixels wide.
    if (m_criticalShown && !m_criticalByRow.empty()) {
        QVector<QRectF> critical;
        const TimeNs viewEnd = view.timeAt(view.width);
        for (int row = firstRow; row <= lastRow; ++row) {
            const auto& ops = m_criticalByRow[row];
            const QRectF band = rowRect(row);
            const TrackLayout& layout = primary();
            auto it = std::partition_point(ops.begin(), ops.end(), [&](std::uint32_t op) { return layout.end(op) < view.begin; });
            for (; it != ops.end() && layout.start(*it) < viewEnd; ++it) {
                const double x0 = left + view.pixelOf(layout.start(*it));
                const double x1 = left + std::max(view.pixelOf(layout.end(*it)), view.pixelOf(layout.start(*it)) + 2.0);
                critical.append(QRectF(x0, band.top(), x1 - x0, band.height()));
            }
        }
        painter->setBrush(criticalColor());
        painter->setPen(QPen(criticalColor().darker(150), 0));
        painter->drawRects(critical);
    }
    if (m_criticalShown)
        drawArrows(painter, m_pathArrows, criticalColor().darker(140), view);
    drawArrows(painter, m_selectionArrows, QColor(0x20, 0x20, 0x28), view);
    if (m_selected.isValid()) {
        const int row = rowOf(m_selected);
        if (row >= firstRow && row <= lastRow) {
            const QRectF band = rowRect(row);
            const TrackLayout& layout = primary();
            const double x0 = left + view.pixelOf(layout.start(m_selected.value()));
            const double x1 = left + std::max(view.pixelOf(layout.end(m_selected.value())), view.pixelOf(layout.start(m_selected.value())) + 2.0);
            painter->setBrush(Qt::NoBrush);
            painter->setPen(QPen(Qt::black, 2));
            painter->drawRect(QRectF(x0, band.top(), x1 - x0, band.height()));
        }
    }

    // Labels: rank headers, and each track's name on its first lane.
    painter->setPen(QColor(0x30, 0x30, 0x38));
    QFont font = painter->font();
    font.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.85));
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    for (int row = firstRow; row <= lastRow; ++row) {
        const Row& r = m_rows[row];
        const QRectF band = rowRect(row);
        QString text;
        if (!r.track.isValid()) {
            const RankInfo& info = m_trace->rankInfo(r.rank);
            text = tr("rank %1").arg(info.rank);
            if (info.host.isValid() && !m_trace->string(info.host).empty())
                text += QStringLiteral(" · ") + QString::fromUtf8(m_trace->string(info.host).data(), static_cast<qsizetype>(m_trace->string(info.host).size()));
        } else if (r.replayed && m_mode == ViewMode::Both) {
            text = tr("replayed");
        } else if (r.lane == 0) {
            const std::string_view name = m_trace->string(m_trace->trackInfo(r.track).name);
            text = QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
        } else {
            continue;
        }
        const QRectF box(left + 2, band.top(), std::min(metrics.horizontalAdvance(text) + 6, 260.0), band.height());
        if (r.track.isValid())
            painter->fillRect(box, QColor(255, 255, 255, 200));
        painter->drawText(box.adjusted(3, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, metrics.elidedText(text, Qt::ElideRight, box.width() - 3));
    }
    painter->restore();
}
