// TimelineBarPainter painted into an image: each bar in its kind's colour exactly over its op's pixels,
// dimmed beside the critical path and in ghost rows, the colour modes' scales, the header and what-if
// bands, hatching over the ops a pass made (not over an added rank's copies), and the fill of many bars
// into an image giving the pixels the painter's own fills give.

#include "ganttpaintjob.h"
#include "imagesupport.h"

#include "widgets/timeline/timelinebarpainter.h"
#include "widgets/timeline/timelinetheme.h"

#include <qcustomplot.h>

#include <QTest>

using namespace sightline;

namespace {

using Painter = TimelineBarPainter;

Painter::Frame frameOf(GanttPaintJob& job, const Painter::ColorData& color)
{
    return Painter::Frame { { job.view, job.area(), 0, job.rows.count() - 1, job.rowRect(), job.runs() }, *job.trace, job.rows,
        Painter::ColorMode::Kind, color, {}, false };
}

QImage paint(GanttPaintJob& job, const Painter::Frame& frame, QCPPainter::PainterModes modes = QCPPainter::pmDefault,
    QImage* scratch = nullptr)
{
    QImage image = job.canvas();
    QImage own;
    QCPPainter painter(&image);
    painter.setModes(modes);
    Painter::draw(&painter, frame, scratch ? *scratch : own);
    painter.end();
    return image;
}

QRgb at(const QImage& image, const QPoint& p)
{
    return image.pixel(p) | 0xFF000000u;
}

// Pixels inside an op's bar (its snapped rectangle) that are not the colour.
int otherThan(const QImage& image, const GanttPaintJob& job, OpId op, QRgb color)
{
    const int row = job.rows.rowOf(op);
    int n = 0;
    for (int y = row * GanttPaintJob::kRowHeight + 1; y < (row + 1) * GanttPaintJob::kRowHeight - 1; ++y) {
        for (auto x = static_cast<int>(job.trace->start(op)); x < job.trace->end(op); ++x)
            n += at(image, QPoint(x, y)) != (color | 0xFF000000u);
    }
    return n;
}

QRgb kindBar(OpKind kind, bool dim)
{
    return TimelineTheme::standard().kindBar(kind, false, dim);
}

} // namespace

class TestTimelineBarPainter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void barsTakeTheirKindsColourOverTheirOps()
    {
        GanttPaintJob job;
        const Painter::ColorData color;
        const QImage image = paint(job, frameOf(job, color));
        for (const OpId op : { job.k1, job.k2, job.m, job.c, job.k4 })
            QCOMPARE(otherThan(image, job, op, kindBar(job.trace->kind(op), false)), 0);
        // Exactly the op's columns, and a pixel of the row's band left above and below.
        const int y = GanttPaintJob::middle(job.rows.rowOf(job.k1));
        QCOMPARE(at(image, QPoint(9, y)), qRgb(255, 255, 255));
        QCOMPARE(at(image, QPoint(60, y)), qRgb(255, 255, 255));
        QCOMPARE(at(image, QPoint(30, y - GanttPaintJob::kRowHeight / 2)), qRgb(255, 255, 255));
        QCOMPARE(at(image, QPoint(30, y + GanttPaintJob::kRowHeight / 2 - 1)), qRgb(255, 255, 255));
        QCOMPARE(at(image, QPoint(80, y)), qRgb(255, 255, 255)); // between k1 and k2
    }

    void headerRowsOnTheirBands()
    {
        GanttPaintJob job;
        QVERIFY(job.tree.hasHostRows());
        const Painter::ColorData color;
        const QImage image = paint(job, frameOf(job, color));
        const TimelineTheme& theme = TimelineTheme::standard();
        int hosts = 0, ranks = 0;
        for (int row = 0; row < job.rows.count(); ++row) {
            const TimelineRows::Row& r = job.rows.rows()[static_cast<std::size_t>(row)];
            const QRgb pixel = at(image, QPoint(350, GanttPaintJob::middle(row)));
            if (!r.rank.isValid()) {
                QCOMPARE(pixel, theme.hostHeader.rgb());
                ++hosts;
            } else if (!r.track.isValid()) {
                QCOMPARE(pixel, theme.rankHeader.rgb());
                ++ranks;
            } else {
                QCOMPARE(pixel, qRgb(255, 255, 255));
            }
        }
        QCOMPARE(hosts, 2);
        QCOMPARE(ranks, 2);
    }

    void whatIfRowsOnATintedBand()
    {
        GanttPaintJob job;
        const Painter::ColorData color;
        Painter::Frame frame = frameOf(job, color);
        std::vector<std::uint8_t> marked(job.trace->tracks().size(), 0);
        marked[job.cpu0] = 1;
        frame.marks.markedTracks = marked;
        const QImage image = paint(job, frame);
        const QRgb band = TimelineTheme::standard().whatIfBand.rgb();
        QCOMPARE(at(image, QPoint(350, GanttPaintJob::middle(job.rowOfTrack(job.cpu0)))), band);
        QCOMPARE(at(image, QPoint(350, GanttPaintJob::middle(job.rowOfTrack(job.gpu0)))), qRgb(255, 255, 255));
        QCOMPARE(otherThan(image, job, job.c, kindBar(OpKind::CpuOp, false)), 0); // the bar over the band
    }

    void dimmedBesideTheCriticalPathAndInGhostRows()
    {
        GanttPaintJob job;
        const Painter::ColorData color;
        Painter::Frame frame = frameOf(job, color);
        frame.dimmed = true;
        const QImage dimmed = paint(job, frame);
        QCOMPARE(otherThan(dimmed, job, job.k1, kindBar(OpKind::ComputeKernel, true)), 0);
        QCOMPARE(otherThan(dimmed, job, job.m, kindBar(OpKind::Memcpy, true)), 0);
        QVERIFY(kindBar(OpKind::ComputeKernel, true) != kindBar(OpKind::ComputeKernel, false));

        // Both times: the replayed ones (here the measured ones again) in a ghost row under each track.
        const TrackLayout replayed
            = TrackLayout::build(*job.trace, { job.trace->startColumn(), job.trace->endColumn() });
        job.rows.build(job.trace.get(), job.tree, job.layout.get(), &replayed, TimelineRows::Times::Both);
        job.cache.clear();
        const QImage both = paint(job, frameOf(job, color));
        const int own = job.rowOfTrack(job.gpu0);
        QVERIFY(job.rows.isGhost(job.rows.rows()[static_cast<std::size_t>(own + 1)]));
        const QPoint inK1(30, GanttPaintJob::middle(own));
        QCOMPARE(at(both, inK1), kindBar(OpKind::ComputeKernel, false));
        QCOMPARE(at(both, inK1 + QPoint(0, GanttPaintJob::kRowHeight)), kindBar(OpKind::ComputeKernel, true));
    }

    void colourModesReadTheirColumns_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QList<qint64>>("column"); // per op: after (difference) or slack
        QTest::addColumn<QList<int>>("bins"); // per op: the scale's bin
        // k1 50 ns, k2 60, m 60, c 290, k4 50.
        QTest::newRow("longer and shorter") << int(Painter::ColorMode::Difference)
                                            << QList<qint64> { 80, 50, 30, 290, 52 } << QList<int> { 4, -2, -4, 0, 1 };
        QTest::newRow("slack") << int(Painter::ColorMode::Slack) << QList<qint64> { 0, 1, 50, INT64_MIN, 1000 }
                               << QList<int> { 0, 1, 2, 4, 3 };
    }
    void colourModesReadTheirColumns()
    {
        QFETCH(int, mode);
        QFETCH(QList<qint64>, column);
        QFETCH(QList<int>, bins);
        GanttPaintJob job;
        const std::vector<TimeNs> values(column.begin(), column.end());
        Painter::ColorData color;
        if (mode == int(Painter::ColorMode::Difference)) {
            color.after = values;
        } else {
            color.slack = values;
            color.pathLength = 1000;
        }
        Painter::Frame frame = frameOf(job, color);
        frame.colorMode = Painter::ColorMode(mode);
        const QImage image = paint(job, frame);
        const TimelineTheme& theme = TimelineTheme::standard();
        const OpId ops[] = { job.k1, job.k2, job.m, job.c, job.k4 };
        for (int i = 0; i < 5; ++i) {
            const QRgb scale
                = frame.colorMode == Painter::ColorMode::Difference ? theme.difference(bins[i]) : theme.slack(bins[i]);
            const QRgb expected = TimelineTheme::scaleBar(scale, false, false);
            QCOMPARE(Painter::runColor(frame, ops[i].value(), false, false), expected);
            QCOMPARE(otherThan(image, job, ops[i], expected), 0);
        }
    }

    void hatchingOnlyOverTheOpsAPassMade()
    {
        GanttPaintJob job;
        const Painter::ColorData color;
        Painter::Frame frame = frameOf(job, color);
        std::vector<std::uint8_t> synthetic(job.trace->opCount(), 0);
        synthetic[job.k2.value()] = synthetic[job.k4.value()] = 1;
        const std::vector<std::uint8_t> addedRanks { 0, 1 }; // k4's rank was added: its ops are copies
        frame.marks = { synthetic, addedRanks, {} };
        QVERIFY(Painter::isHatched(*job.trace, frame.marks, job.k2));
        QVERIFY(!Painter::isHatched(*job.trace, frame.marks, job.k4));
        QVERIFY(!Painter::isHatched(*job.trace, frame.marks, job.k1));
        const QImage image = paint(job, frame);
        const QRgb kernel = kindBar(OpKind::ComputeKernel, false);
        QCOMPARE(otherThan(image, job, job.k1, kernel), 0);
        QCOMPARE(otherThan(image, job, job.k4, kernel), 0);
        QCOMPARE(otherThan(image, job, job.m, kindBar(OpKind::Memcpy, false)), 0);
        // k2: its outline in the hatch's colour, and diagonals over the bar, one pixel in eight.
        const QRgb hatch = TimelineTheme::standard().hatch.rgb();
        const int y = GanttPaintJob::middle(job.rows.rowOf(job.k2));
        QCOMPARE(at(image, QPoint(100, y)), hatch);
        // The bar's top and left edges are outline (its right and bottom ones lie a pixel past it).
        const int interior = 59 * 17;
        const int hatched = otherThan(image, job, job.k2, kernel) - 60 - 17;
        QVERIFY2(hatched > interior / 8 - 20 && hatched < interior / 8 + 20, QByteArray::number(hatched).constData());
    }

    void manyBarsFillAnImageWithTheSamePixels()
    {
        // 12 streams of one-pixel ops of alternating kinds, every third made by a pass: thousands of
        // bars, which a raster device at scale 1 fills into an image; a vector device gets fills. A
        // last stream of wide ops made by a pass shows the hatching's pattern inside its outline.
        JobBuilder b;
        const std::uint32_t rank = b.rank(0, "a");
        std::vector<std::uint32_t> streams;
        for (int s = 0; s < 13; ++s)
            streams.push_back(b.track(rank, TrackKind::GpuStream, s));
        for (int s = 0; s < 12; ++s) {
            for (int i = 0; i < GanttPaintJob::kWidth; ++i)
                b.op(streams[s], "k", (i + s) % 2 ? OpKind::Memcpy : OpKind::ComputeKernel, i, i + 1);
        }
        for (int i = 0; i < 5; ++i)
            b.op(streams[12], "wide", OpKind::ComputeKernel, 80 * i + 3, 80 * i + 63);
        GanttPaintJob job(b.finish());
        const Painter::ColorData color;
        Painter::Frame frame = frameOf(job, color);
        std::vector<std::uint8_t> synthetic(job.trace->opCount(), 0);
        for (std::size_t op = 0; op < synthetic.size(); ++op)
            synthetic[op] = op % 3 == 0 || op >= 12 * GanttPaintJob::kWidth;
        frame.marks.synthetic = synthetic;
        QImage scratch;
        const QImage filled = paint(job, frame, QCPPainter::pmDefault, &scratch);
        QVERIFY(!scratch.isNull()); // the image was used
        QImage unused;
        const QImage drawn = paint(job, frame, QCPPainter::pmVectorized, &unused);
        QVERIFY(unused.isNull()); // fills, not the image
        QCOMPARE(filled, drawn);
        QVERIFY(ImageSupport::countColor(filled, TimelineTheme::standard().hatch.rgb()) > 1000);
        QVERIFY(ImageSupport::countColor(filled, kindBar(OpKind::Memcpy, false)) > 1000);
    }
};

QTEST_GUILESS_MAIN(TestTimelineBarPainter)
#include "tst_timelinebarpainter.moc"
