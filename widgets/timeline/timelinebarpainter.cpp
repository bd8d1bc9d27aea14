#include "widgets/timeline/timelinebarpainter.h"

#include "core/model/trace.h"
#include "widgets/timeline/timelinetheme.h"

#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <unordered_map>

using namespace sightline;

namespace {

constexpr int kHatchAlpha = 150; // the hatching's brush, as drawn and as filled into the image

// Pixels a non-antialiased fill covers from x on: those whose centres lie at or past x.
int snap(double x)
{
    return static_cast<int>(std::floor(x + 0.5));
}

// Appends the bar [x0, x1) × [y0, y1) to rects, or widens the last one when it lies in the same row
// and touches it (mergeable: it is of the same group). right is the last one's unrounded right edge.
void appendMerged(QVector<QRect>& rects, double& right, bool mergeable, double x0, double x1, int y0, int y1)
{
    if (mergeable && !rects.isEmpty() && rects.back().top() == y0 && right >= x0 - 0.5) {
        right = std::max(right, x1);
        rects.back().setRight(snap(right) - 1);
    } else {
        right = x1;
        rects.append(QRect(QPoint(snap(x0), y0), QPoint(std::max(snap(x0), snap(x1) - 1), y1 - 1)));
    }
}

// The pixels of drawHatching()'s brush and pen, for filling them into the bar image: the translucent
// backward-diagonal pattern of Qt::BDiagPattern (the pixels whose device x + y is 7 modulo 8) blended
// over each rectangle, and its one-pixel outline as a cosmetic pen strokes a QRect (one pixel past its
// right and bottom edges). The image's top left pixel is origin on the device.
class HatchFill {
public:
    HatchFill(QImage& image, const QPoint& origin)
        : m_bits(image.bits())
        , m_stride(image.bytesPerLine())
        , m_bounds(image.rect())
        , m_origin(origin)
    {
        const QColor hatch = TimelineTheme::standard().hatch;
        m_red = by255(hatch.red() * kHatchAlpha);
        m_green = by255(hatch.green() * kHatchAlpha);
        m_blue = by255(hatch.blue() * kHatchAlpha);
        m_outline = hatch.rgb() | 0xFF000000u;
    }

    // rect in device pixels.
    void fill(const QRect& on)
    {
        const QRect rect = on.translated(-m_origin);
        blend(rect);
        stroke(rect);
    }

private:
    // x / 255 rounded as the raster engine rounds it, so that both ways give the same pixels.
    static int by255(int x) { return (x + 128 + ((x + 128) >> 8)) >> 8; }
    QRgb* line(int y) const { return reinterpret_cast<QRgb*>(m_bits + y * m_stride); }

    void blend(const QRect& rect) const
    {
        const auto keep = [](int channel) { return by255(channel * (255 - kHatchAlpha)); };
        const QRect inside = rect & m_bounds;
        for (int y = inside.top(); y <= inside.bottom(); ++y) {
            QRgb* row = line(y);
            // The first x of the row on the pattern, then every eighth.
            const int phase = ((7 - (y + m_origin.y()) - (inside.left() + m_origin.x())) % 8 + 8) % 8;
            for (int x = inside.left() + phase; x <= inside.right(); x += 8) {
                const QRgb under = row[x];
                row[x] = qRgba(m_red + keep(qRed(under)), m_green + keep(qGreen(under)), m_blue + keep(qBlue(under)),
                    kHatchAlpha + keep(qAlpha(under)));
            }
        }
    }

    void stroke(const QRect& rect) const
    {
        const QRect edge = QRect(rect.topLeft(), rect.size() + QSize(1, 1)) & m_bounds;
        if (edge.isEmpty())
            return;
        for (int x = edge.left(); x <= edge.right(); ++x) {
            if (edge.top() == rect.top())
                line(edge.top())[x] = m_outline;
            if (edge.bottom() == rect.bottom() + 1)
                line(edge.bottom())[x] = m_outline;
        }
        for (int y = edge.top(); y <= edge.bottom(); ++y) {
            if (edge.left() == rect.left())
                line(y)[edge.left()] = m_outline;
            if (edge.right() == rect.right() + 1)
                line(y)[edge.right()] = m_outline;
        }
    }

    uchar* m_bits;
    qsizetype m_stride;
    QRect m_bounds;
    QPoint m_origin;
    int m_red, m_green, m_blue;
    QRgb m_outline;
};

// drawHatching() filled into the bar image (whose top left pixel is origin on the device).
void hatchImage(QImage& image, const QPoint& origin, const QVector<QRect>& hatched)
{
    if (hatched.isEmpty())
        return;
    HatchFill fill(image, origin);
    for (const QRect& rect : hatched)
        fill.fill(rect);
}

} // namespace

// The shapes of one frame's rows, made by collectShapes and drawn by the passes after it.
struct TimelineBarPainter::Shapes {
    // Bars of one colour of one source, snapped to whole pixels.
    struct Group {
        std::uint64_t key; // source << 32 | colour
        QVector<QRect> rects;
        double right = 0; // unrounded right edge of the last rectangle, for merging
    };
    std::vector<Group> bars;
    QVector<QRectF> headers, hostHeaders, whatIfBands;
    // Ops made by a pass, hatched over their bars; touching ones in a row merged as the bars are.
    QVector<QRect> hatched;

    // A bar of a row's source; touching bars of one colour in a row become one rectangle, so that
    // dense stretches of merged runs cost one primitive, not one per pixel column.
    void addBar(int source, QRgb color, double x0, double x1, int y0, int y1)
    {
        Group& g = groupOf((static_cast<std::uint64_t>(source) << 32) | color);
        appendMerged(g.rects, g.right, true, x0, x1, y0, y1);
    }
    void addHatched(int source, double x0, double x1, int y0, int y1)
    {
        appendMerged(hatched, m_hatchedRight, m_hatchedSource == source, x0, x1, y0, y1);
        m_hatchedSource = source;
    }

private:
    // Runs of one group usually follow each other: the last one is tried before the map.
    Group& groupOf(std::uint64_t key)
    {
        if (m_lastGroup < bars.size() && bars[m_lastGroup].key == key)
            return bars[m_lastGroup];
        const auto [it, added] = m_groupIndex.try_emplace(key, bars.size());
        if (added)
            bars.push_back({ key, {}, 0 });
        m_lastGroup = it->second;
        return bars[m_lastGroup];
    }

    std::unordered_map<std::uint64_t, std::size_t> m_groupIndex;
    std::size_t m_lastGroup = 0;
    double m_hatchedRight = 0;
    int m_hatchedSource = -1; // the row's source (lane, or track of a collapsed row) of the last one
};

void TimelineBarPainter::draw(QCPPainter* painter, const Frame& frame, QImage& image)
{
    const Shapes shapes = collectShapes(frame);
    drawBands(painter, shapes);
    if (!drawBars(painter, shapes, frame.area, image))
        drawHatching(painter, shapes);
}

bool TimelineBarPainter::isHatched(const Trace& trace, const WhatIfMarks& marks, OpId op)
{
    if (op.value() >= marks.synthetic.size() || !marks.synthetic[op.value()])
        return false;
    const RankId rank = trace.rank(op);
    return rank.value() >= marks.addedRanks.size() || !marks.addedRanks[rank.value()];
}

QRgb TimelineBarPainter::runColor(const Frame& frame, std::uint32_t op, bool merged, bool dim)
{
    // The scales' colours (difference bins -4..4, then slack bins 0..4), as single ops and merged
    // runs (a little darker), plain and dimmed: made once, not per run.
    static const auto table = [] {
        const TimelineTheme& theme = TimelineTheme::standard();
        std::array<std::array<std::array<QRgb, 2>, 2>, 14> t {};
        for (int i = 0; i < 14; ++i) {
            for (int m = 0; m < 2; ++m) {
                const QRgb color = i < 9 ? theme.difference(i - 4) : theme.slack(i - 9);
                for (int d = 0; d < 2; ++d)
                    t[i][m][d] = TimelineTheme::scaleBar(color, m != 0, d != 0);
            }
        }
        return t;
    }();
    const ColorData& data = frame.color;
    int index = 9 + 4; // not replayed, or nothing to compare with
    const bool compared = !data.before.empty() || !data.after.empty();
    auto durationIn = [&](std::span<const TimeNs> column) {
        return column.empty() ? frame.trace.duration(OpId(op)) : op < column.size() ? column[op] : INT64_MIN;
    };
    const TimeNs before = frame.colorMode == ColorMode::Difference && compared ? durationIn(data.before) : INT64_MIN;
    const TimeNs after = before != INT64_MIN ? durationIn(data.after) : INT64_MIN;
    if (after != INT64_MIN) {
        // Bins of the relative change: within 2% is the same; then 2-10%, 10-25%, 25-50%, more.
        const double change = static_cast<double>(after - before) / static_cast<double>(std::max<TimeNs>(before, 1));
        const double a = std::abs(change);
        const int bin = a < 0.02 ? 0 : a < 0.10 ? 1 : a < 0.25 ? 2 : a < 0.5 ? 3 : 4;
        index = (change < 0 ? -bin : bin) + 4;
    } else if (frame.colorMode == ColorMode::Slack && op < data.slack.size() && data.slack[op] != INT64_MIN) {
        const double share
            = data.pathLength > 0 ? static_cast<double>(data.slack[op]) / static_cast<double>(data.pathLength) : 1.0;
        index = 9 + (data.slack[op] == 0 ? 0 : share < 0.01 ? 1 : share < 0.10 ? 2 : 3);
    }
    return table[index][merged ? 1 : 0][dim ? 1 : 0];
}

QRgb TimelineBarPainter::barColor(const Frame& frame, const Run& run, bool dim)
{
    // Colours by kind, for single ops and merged runs, plain and dimmed.
    static const auto palette = [] {
        std::array<std::array<std::array<QRgb, 2>, 2>, kOpKindCount> p {};
        for (int k = 0; k < kOpKindCount; ++k) {
            for (int merged = 0; merged < 2; ++merged) {
                for (int d = 0; d < 2; ++d)
                    p[k][merged][d] = TimelineTheme::standard().kindBar(static_cast<OpKind>(k), merged != 0, d != 0);
            }
        }
        return p;
    }();
    if (frame.colorMode != ColorMode::Kind)
        return runColor(frame, run.op, run.count > 1, dim);
    return palette[static_cast<int>(frame.trace.kind(OpId(run.op)))][run.count > 1][dim];
}

TimelineBarPainter::Shapes TimelineBarPainter::collectShapes(const Frame& frame)
{
    // Headers and lanes: bars grouped by (source, colour), one fill call each; a collapsed row's later
    // sources (deeper lanes, later tracks) come after its earlier ones, so they are drawn over them.
    Shapes shapes;
    for (int row = frame.firstRow; row <= frame.lastRow; ++row)
        collectRow(frame, row, shapes);
    // Earlier sources first, then by colour.
    std::sort(shapes.bars.begin(), shapes.bars.end(),
        [](const Shapes::Group& a, const Shapes::Group& b) { return a.key < b.key; });
    return shapes;
}

void TimelineBarPainter::collectRow(const Frame& frame, int row, Shapes& shapes)
{
    // Bars are snapped to whole pixels, the pixels a non-antialiased fill covers anyway (those whose
    // centres lie in [x0, x1)), so that the raster engine fills integer rectangles instead of
    // rasterising each QRectF as a thick line.
    const TimelineRows::Row& r = frame.rows.rows()[static_cast<std::size_t>(row)];
    const QRectF band = frame.rowRect(row);
    const std::span<const std::uint8_t> markedTracks = frame.marks.markedTracks;
    if (!r.track.isValid())
        (r.rank.isValid() ? shapes.headers : shapes.hostHeaders).append(band);
    else if (r.track.value() < markedTracks.size() && markedTracks[r.track.value()])
        shapes.whatIfBands.append(band);
    const double top = band.top() + 1, height = std::max(1.0, band.height() - 2);
    const int y0 = snap(top);
    const int y1 = std::max(y0 + 1, snap(top + height));
    const bool dim = frame.dimmed || frame.rows.isGhost(r);
    const double left = frame.area.left();
    const int sources = frame.rows.sourceCount(row);
    for (int source = 0; source < sources; ++source) {
        for (const Run& run : frame.runs(row, source)) {
            const double x0 = left + std::max(-1.0, run.x0);
            const double x1
                = left + std::min(static_cast<double>(frame.view.width) + 1, std::max(run.x1, run.x0 + 1.0));
            shapes.addBar(source, barColor(frame, run, dim), x0, x1, y0, y1);
            if (isHatched(frame.trace, frame.marks, OpId(run.op)))
                shapes.addHatched(source, x0, x1, y0, y1);
        }
    }
}

void TimelineBarPainter::drawBands(QCPPainter* painter, const Shapes& shapes)
{
    const TimelineTheme& theme = TimelineTheme::standard();
    painter->setPen(Qt::NoPen);
    painter->setBrush(theme.rankHeader);
    painter->drawRects(shapes.headers);
    painter->setBrush(theme.hostHeader);
    painter->drawRects(shapes.hostHeaders);
    painter->setBrush(theme.whatIfBand);
    painter->drawRects(shapes.whatIfBands);
}

bool TimelineBarPainter::drawBars(QCPPainter* painter, const Shapes& shapes, const QRect& area, QImage& image)
{
    std::size_t rectCount = 0;
    for (const Shapes::Group& g : shapes.bars)
        rectCount += static_cast<std::size_t>(g.rects.size());
    // Thousands of one-pixel bars cost the raster engine a call per scan line each: on a raster
    // device at scale 1 they are filled into an image of the plot area (the same pixels: whole-pixel
    // rectangles of opaque colours, in the same order) that is drawn once. Zoomed in, with a few
    // hundred wide bars, clearing and drawing the image would cost more than it saves.
    const bool direct = rectCount >= 4096 && !painter->modes().testFlag(QCPPainter::pmVectorized)
        && painter->transform().type() == QTransform::TxNone && painter->device()
        && painter->device()->devicePixelRatioF() == 1.0;
    if (direct && !area.isEmpty()) {
        fillImage(image, shapes, area);
        painter->drawImage(area.topLeft(), image);
        return true;
    }
    for (const Shapes::Group& g : shapes.bars) {
        painter->setBrush(QColor::fromRgb(static_cast<QRgb>(g.key & 0xFFFFFFFFu)));
        painter->drawRects(g.rects);
    }
    return false;
}

void TimelineBarPainter::fillImage(QImage& image, const Shapes& shapes, const QRect& area)
{
    if (image.size() != area.size())
        image = QImage(area.size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    uchar* const bits = image.bits();
    const qsizetype stride = image.bytesPerLine();
    const QRect bounds(QPoint(0, 0), area.size());
    for (const Shapes::Group& g : shapes.bars) {
        const QRgb c = static_cast<QRgb>(g.key & 0xFFFFFFFFu) | 0xFF000000u;
        for (const QRect& rect : g.rects) {
            const QRect r = rect.translated(-area.topLeft()) & bounds;
            for (int y = r.top(); y <= r.bottom(); ++y)
                std::fill_n(reinterpret_cast<QRgb*>(bits + y * stride) + r.left(), r.width(), c);
        }
    }
    hatchImage(image, area.topLeft(), shapes.hatched);
}

void TimelineBarPainter::drawHatching(QCPPainter* painter, const Shapes& shapes)
{
    if (shapes.hatched.isEmpty())
        return;
    const QColor hatch = TimelineTheme::standard().hatch;
    QColor translucent = hatch;
    translucent.setAlpha(kHatchAlpha);
    painter->setBrush(QBrush(translucent, Qt::BDiagPattern));
    painter->setPen(QPen(hatch, 0));
    painter->drawRects(shapes.hatched);
    painter->setPen(Qt::NoPen);
}
