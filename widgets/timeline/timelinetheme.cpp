#include "widgets/timeline/timelinetheme.h"

#include <algorithm>

using sightline::OpKind;

const TimelineTheme& TimelineTheme::standard()
{
    static const TimelineTheme theme;
    return theme;
}

TimelineTheme::TimelineTheme()
    : critical(0xe0, 0x24, 0x5e)
    , secondCritical(0xf0, 0xa8, 0xb8)
    , criticalEdge(critical.darker(150))
    , criticalArrow(critical.darker(140))
    , selectionArrow(0x20, 0x20, 0x28)
    , selection(Qt::black)
    , searchMark(0xe0, 0x1e, 0xa0)
    , whatIfBand(0xe3, 0xec, 0xfa)
    , rankHeader(0xee, 0xee, 0xf2)
    , hostHeader(0xdc, 0xdc, 0xe4)
    , hatch(0x20, 0x20, 0x30)
    , label(0x30, 0x30, 0x38)
    , cursor(0x50, 0x50, 0x58)
    , area(0x3b, 0x7d, 0xd8, 40)
    , areaEdge(0x3b, 0x7d, 0xd8)
    , areaLabelBox(0xff, 0xff, 0xff, 230)
    , gutter(0xf6, 0xf6, 0xf8)
    , gutterHeader(0xe8, 0xe8, 0xee)
    , gutterEdge(0xc8, 0xc8, 0xd0)
    , sliceText(0x20, 0x20, 0x20)
    , sliceTextOnDark(0xff, 0xff, 0xff)
    , disclosure(0x50, 0x50, 0x58)
    , grid(0, 0, 0, 25)
    , busy(0x3b, 0x7d, 0xd8)
    , busyFill(0x3b, 0x7d, 0xd8, 60)
    , communication(0xe8, 0xa3, 0x3d)
    , stripLabel(0x30, 0x30, 0x38)
    , stripLabelBox(255, 255, 255, 200)
    , m_difference { qRgb(0x1f, 0x5f, 0xbf), qRgb(0x4a, 0x86, 0xd8), qRgb(0x86, 0xb0, 0xe6), qRgb(0xbf, 0xd6, 0xf0), qRgb(0xc8, 0xc8, 0xcc),
        qRgb(0xf3, 0xc6, 0xbd), qRgb(0xea, 0x93, 0x80), qRgb(0xdb, 0x5b, 0x44), qRgb(0xb3, 0x1f, 0x1f) }
    , m_slack { qRgb(0xd7, 0x26, 0x3c), qRgb(0xf0, 0x8a, 0x24), qRgb(0xf2, 0xd0, 0x3b), qRgb(0x6d, 0xb8, 0x6a), qRgb(0xc8, 0xc8, 0xcc) }
{
    m_kinds.fill(QColor(0x88, 0x88, 0x88));
    const auto set = [this](OpKind k, QColor c) { m_kinds[static_cast<std::size_t>(k)] = c; };
    set(OpKind::ComputeKernel, QColor(0x3b, 0x7d, 0xd8));
    set(OpKind::CpuOp, QColor(0x7a, 0xa6, 0x7c));
    for (OpKind k : { OpKind::Collective, OpKind::Send, OpKind::Recv })
        set(k, QColor(0xe8, 0xa3, 0x3d));
    for (OpKind k : { OpKind::Memcpy, OpKind::Memset })
        set(k, QColor(0x9b, 0x6c, 0xc9));
    set(OpKind::Runtime, QColor(0xa8, 0xb3, 0xbd));
    set(OpKind::Sync, QColor(0xc9, 0x5b, 0x5b));
    set(OpKind::Annotation, QColor(0xd6, 0xc8, 0x8e));
    set(OpKind::Io, QColor(0x4a, 0xa8, 0xa8));
}

QColor TimelineTheme::kind(OpKind kind) const
{
    const auto k = static_cast<std::size_t>(kind);
    return k < m_kinds.size() ? m_kinds[k] : QColor(0x88, 0x88, 0x88);
}

QRgb TimelineTheme::shade(QColor color, int mergedDarker, double white, bool merged, bool dim)
{
    if (merged)
        color = color.darker(mergedDarker);
    if (dim)
        color = QColor::fromRgbF(static_cast<float>(white + (1 - white) * color.redF()), static_cast<float>(white + (1 - white) * color.greenF()),
            static_cast<float>(white + (1 - white) * color.blueF()));
    return color.rgb();
}

QRgb TimelineTheme::difference(int bin) const
{
    return m_difference[static_cast<std::size_t>(std::clamp(bin, -4, 4) + 4)];
}

QRgb TimelineTheme::slack(int bin) const
{
    return m_slack[static_cast<std::size_t>(std::clamp(bin, 0, 4))];
}
