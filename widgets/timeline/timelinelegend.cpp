#include "widgets/timeline/timelinelegend.h"

#include "core/model/opkind.h"
#include "widgets/timeline/timelinetheme.h"

#include <QPainter>
#include <QPainterPath>

using sightline::OpKind;

namespace {

constexpr int kSwatch = 12; // px, square
constexpr int kGap = 4; // between swatch and text
constexpr int kSpacing = 14; // between entries
constexpr int kMargin = 4;

} // namespace

TimelineLegend::TimelineLegend(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("timelineLegend"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    rebuild();
}

void TimelineLegend::setColorMode(TimelinePlottable::ColorMode mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    rebuild();
}

void TimelineLegend::rebuild()
{
    const TimelineTheme& theme = TimelineTheme::standard();
    m_entries.clear();
    switch (m_mode) {
    case TimelinePlottable::ColorMode::Kind: {
        // One entry per colour: kinds that share a colour are named together.
        const std::pair<QVector<OpKind>, QString> kinds[] = {
            { { OpKind::ComputeKernel }, tr("kernel") },
            { { OpKind::CpuOp }, tr("CPU op") },
            { { OpKind::Collective, OpKind::Send, OpKind::Recv }, tr("communication") },
            { { OpKind::Memcpy, OpKind::Memset }, tr("copy, memset") },
            { { OpKind::Runtime }, tr("runtime call") },
            { { OpKind::Sync }, tr("synchronize") },
            { { OpKind::Annotation }, tr("annotation, step") },
            { { OpKind::Io }, tr("I/O, data loading") },
        };
        for (const auto& [of, text] : kinds)
            m_entries.append({ theme.kind(of.front()), text });
        break;
    }
    case TimelinePlottable::ColorMode::Difference: {
        const std::pair<int, QString> bins[] = { { -4, tr("much shorter") }, { -2, tr("shorter") }, { 0, tr("the same") },
            { 2, tr("longer") }, { 4, tr("much longer") } };
        for (const auto& [bin, text] : bins)
            m_entries.append({ QColor::fromRgb(theme.difference(bin)), text });
        break;
    }
    case TimelinePlottable::ColorMode::Slack: {
        const std::pair<int, QString> bins[] = { { 0, tr("no slack: critical") }, { 1, tr("under 1 % of the path") },
            { 2, tr("under 10 %") }, { 3, tr("more") }, { 4, tr("not replayed") } };
        for (const auto& [bin, text] : bins)
            m_entries.append({ QColor::fromRgb(theme.slack(bin)), text });
        break;
    }
    }
    m_entries.append({ theme.critical, tr("critical path"), Swatch::Fill });
    m_entries.append({ theme.secondCritical, tr("baseline's critical path"), Swatch::DashedFill });
    m_entries.append({ theme.hatch, tr("made by the strategy"), Swatch::Hatch });
    m_entries.append({ theme.searchMark, tr("search match"), Swatch::Outline });
    updateGeometry();
    update();
}

QStringList TimelineLegend::texts() const
{
    QStringList out;
    for (const Entry& e : m_entries)
        out << e.text;
    return out;
}

QVector<QRect> TimelineLegend::layOut(int width, int* height) const
{
    const QFontMetrics metrics = fontMetrics();
    const int line = std::max(kSwatch, metrics.height()) + 2;
    QVector<QRect> rects;
    int x = kMargin, y = kMargin;
    for (const Entry& e : m_entries) {
        const int w = kSwatch + kGap + metrics.horizontalAdvance(e.text);
        if (x > kMargin && x + w > width - kMargin) {
            x = kMargin;
            y += line;
        }
        rects.append(QRect(x, y, w, line));
        x += w + kSpacing;
    }
    if (height)
        *height = y + line + kMargin;
    return rects;
}

int TimelineLegend::heightForWidth(int width) const
{
    int height = 0;
    layOut(width, &height);
    return height;
}

QSize TimelineLegend::sizeHint() const
{
    return { 600, heightForWidth(std::max(width(), 600)) };
}

QSize TimelineLegend::minimumSizeHint() const
{
    return { 100, heightForWidth(std::max(width(), 100)) };
}

void TimelineLegend::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const TimelineTheme& theme = TimelineTheme::standard();
    const QVector<QRect> rects = layOut(width());
    for (qsizetype k = 0; k < m_entries.size(); ++k) {
        const Entry& e = m_entries[k];
        const QRect& r = rects[k];
        const QRect swatch(r.left(), r.center().y() - kSwatch / 2, kSwatch, kSwatch);
        switch (e.swatch) {
        case Swatch::Fill: painter.fillRect(swatch, e.color); break;
        case Swatch::DashedFill:
            painter.fillRect(swatch, e.color);
            painter.setPen(QPen(theme.criticalEdge, 1, Qt::DashLine));
            painter.drawRect(swatch.adjusted(0, 0, -1, -1));
            break;
        case Swatch::Hatch:
            painter.fillRect(swatch, theme.kind(OpKind::Collective));
            painter.fillRect(swatch, QBrush(e.color, Qt::BDiagPattern));
            break;
        case Swatch::Outline:
            painter.setPen(QPen(e.color, 2));
            painter.drawRect(swatch.adjusted(1, 1, -1, -1));
            break;
        }
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(r.adjusted(kSwatch + kGap, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, e.text);
    }
}
