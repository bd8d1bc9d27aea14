#include "widgets/timeline/timelinelabelpainter.h"

#include "core/model/trace.h"
#include "widgets/timeline/timelinetheme.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>

using namespace sightline;

QString TimelineLabelPainter::labelOf(const Frame& frame, const TimelineRows::Row& r)
{
    const Trace& trace = frame.trace;
    auto text = [&](StringId id) {
        const std::string_view v = trace.string(id);
        return QString::fromUtf8(v.data(), static_cast<qsizetype>(v.size()));
    };
    if (!r.rank.isValid()) {
        const StringId host(frame.tree.node(r.node).id);
        return host.isValid() ? tr("host %1").arg(text(host)) : tr("unnamed host");
    }
    if (!r.track.isValid()) {
        const RankInfo& info = trace.rankInfo(r.rank);
        const bool added = r.rank.value() < frame.addedRanks.size() && frame.addedRanks[r.rank.value()];
        QString label = added ? tr("rank %1 (added)").arg(info.rank) : tr("rank %1").arg(info.rank);
        if (!frame.tree.hasHostRows() && info.host.isValid() && !trace.string(info.host).empty())
            label += QStringLiteral(" · ") + text(info.host);
        return label;
    }
    if (frame.rows.isGhost(r))
        return tr("replayed");
    return text(trace.trackInfo(r.track).name);
}

void TimelineLabelPainter::drawGutter(QPainter* painter, const Frame& frame, const QRect& gutter, std::vector<std::pair<int, QRectF>>& folds)
{
    folds.clear();
    if (gutter.width() <= 0)
        return;
    const TimelineTheme& theme = TimelineTheme::standard();
    painter->setClipRect(gutter);
    painter->fillRect(gutter, theme.gutter);
    QFont font = painter->font();
    font.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.85));
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    const double rankIndent = frame.tree.hasHostRows() ? 10 : 0;
    for (int row = frame.firstRow; row <= frame.lastRow; ++row) {
        const TimelineRows::Row& r = frame.rows.rows()[static_cast<std::size_t>(row)];
        const QRectF band = frame.rowRect(row);
        const QRectF strip(gutter.left(), band.top(), gutter.width(), band.height());
        const bool header = !r.track.isValid();
        if (header)
            painter->fillRect(strip, theme.gutterHeader);
        if (r.track.isValid() && r.lane != 0)
            continue;
        // Headers and tracks of several lanes can be collapsed: they get a triangle.
        const bool foldable = frame.rows.isFoldable(row);
        const double indent = !r.rank.isValid() ? 0 : header ? rankIndent : rankIndent + 10;
        const double arrow = foldable ? 10 : 0;
        const QRectF box = strip.adjusted(2 + indent, 0, -2, 0);
        if (foldable) {
            const QPointF c(box.left() + 5, band.center().y());
            const double h = std::min(3.5, band.height() / 3);
            const QPolygonF triangle = r.collapsed ? QPolygonF({ c + QPointF(-h / 2, -h), c + QPointF(h, 0), c + QPointF(-h / 2, h) })
                                                   : QPolygonF({ c + QPointF(-h, -h / 2), c + QPointF(h, -h / 2), c + QPointF(0, h) });
            painter->setBrush(theme.disclosure);
            painter->setPen(Qt::NoPen);
            painter->drawPolygon(triangle);
            if (const QRectF visible = strip & QRectF(gutter); !visible.isEmpty())
                folds.emplace_back(row, visible);
        }
        painter->setPen(theme.label);
        const QRectF textBox = box.adjusted(3 + arrow, 0, 0, 0);
        painter->drawText(textBox, Qt::AlignVCenter | Qt::AlignLeft, metrics.elidedText(labelOf(frame, r), Qt::ElideRight, textBox.width()));
    }
    painter->setPen(theme.gutterEdge);
    painter->drawLine(QPointF(gutter.right() + 0.5, gutter.top()), QPointF(gutter.right() + 0.5, gutter.bottom()));
}

void TimelineLabelPainter::drawSliceNames(QPainter* painter, const Frame& frame, double left, int width,
    const std::function<const std::vector<TrackGeometry::Run>&(int row)>& runs, const std::function<QRgb(std::uint32_t op, bool dim)>& colour, bool dimmed)
{
    // The name of each op wide enough to hold a few letters, inside its bar, as Perfetto writes them.
    // The runs are the frame's, already built; at most one name per kMinNamePixels of width per row.
    const TimelineTheme& theme = TimelineTheme::standard();
    QFont font = painter->font();
    font.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.8));
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    const double minWidth = std::max(kMinNamePixels, metrics.horizontalAdvance(QStringLiteral("ab…")) + 4);
    for (int row = frame.firstRow; row <= frame.lastRow; ++row) {
        const TimelineRows::Row& r = frame.rows.rows()[static_cast<std::size_t>(row)];
        if (!r.track.isValid() || r.collapsed || frame.rows.sourceCount(row) != 1)
            continue;
        const QRectF band = frame.rowRect(row);
        if (band.height() < metrics.height() - 2)
            return; // rows too thin for text: zoomed out
        // Dimmed bars (beside a highlighted path, in a ghost row) are light; others by their colour.
        const bool dim = dimmed || frame.rows.isGhost(r);
        for (const TrackGeometry::Run& run : runs(row)) {
            if (run.count != 1 || run.x1 - run.x0 < minWidth)
                continue;
            const double x0 = std::max(0.0, run.x0);
            const double x1 = std::min(static_cast<double>(width), run.x1);
            if (x1 - x0 < minWidth)
                continue;
            const std::string_view name = frame.trace.string(frame.trace.name(OpId(run.op)));
            const QString text = metrics.elidedText(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())), Qt::ElideRight, x1 - x0 - 4);
            if (text.isEmpty())
                continue;
            const QColor bar = QColor::fromRgb(colour(run.op, dim));
            painter->setPen(!dim && bar.lightnessF() < 0.55 ? theme.sliceTextOnDark : theme.sliceText);
            painter->drawText(QRectF(left + x0 + 2, band.top(), x1 - x0 - 4, band.height()), Qt::AlignVCenter | Qt::AlignLeft, text);
        }
    }
}
