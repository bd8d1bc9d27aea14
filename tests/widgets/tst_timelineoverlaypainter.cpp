// TimelineOverlayPainter painted into an image: the critical path's ops filled over the dimmed bars (a
// second path paler, an op partly in view too) and the others left dimmed, arrows between ops (and
// none to a hidden row), the selected op outlined, and an outline around each op a search matched,
// none around the others.

#include "ganttpaintjob.h"
#include "imagesupport.h"

#include "widgets/timeline/timelinebarpainter.h"
#include "widgets/timeline/timelineoverlaypainter.h"
#include "widgets/timeline/timelinetheme.h"

#include <qcustomplot.h>

#include <QTest>

#include <cstdlib>

using namespace sightline;

namespace {

using Painter = TimelineOverlayPainter;
using Arrows = std::vector<std::pair<OpId, OpId>>;
using ArrowRows = std::vector<std::pair<int, int>>;

Painter::Frame frameOf(GanttPaintJob& job)
{
    return Painter::Frame { { job.view, job.area(), 0, job.rows.count() - 1, job.rowRect(), job.runs() }, job.rows, *job.layout };
}

QRgb at(const QImage& image, const QPoint& p)
{
    return image.pixel(p) | 0xFF000000u;
}

bool near(QRgb a, QRgb b, int tolerance)
{
    return std::abs(qRed(a) - qRed(b)) <= tolerance && std::abs(qGreen(a) - qGreen(b)) <= tolerance
        && std::abs(qBlue(a) - qBlue(b)) <= tolerance;
}

// Pixels of a colour in a box.
int countIn(const QImage& image, const QRect& box, QRgb color)
{
    return ImageSupport::countColor(image.copy(box), color);
}

// Whether the colour frames box: every line of it has the colour within `slack` pixels of its left and
// right edges, and every column within `slack` of its top and bottom edges.
bool framed(const QImage& image, const QRect& box, QRgb color, int slack)
{
    const auto hasIn = [&](const QRect& strip) { return countIn(image, strip, color) > 0; };
    for (int y = box.top() + slack + 1; y < box.bottom() - slack; ++y) {
        if (!hasIn(QRect(QPoint(box.left() - slack, y), QPoint(box.left() + slack, y)))
            || !hasIn(QRect(QPoint(box.right() - slack, y), QPoint(box.right() + slack, y))))
            return false;
    }
    for (int x = box.left() + slack + 1; x < box.right() - slack; ++x) {
        if (!hasIn(QRect(QPoint(x, box.top() - slack), QPoint(x, box.top() + slack)))
            || !hasIn(QRect(QPoint(x, box.bottom() - slack), QPoint(x, box.bottom() + slack))))
            return false;
    }
    return true;
}

// An op's box in its row's band, in pixels of the image.
QRect boxOf(const GanttPaintJob& job, OpId op)
{
    const int top = job.rows.rowOf(op) * GanttPaintJob::kRowHeight;
    const auto x0 = static_cast<int>(job.trace->start(op) - job.view.begin);
    const auto x1 = static_cast<int>(job.trace->end(op) - job.view.begin);
    return QRect(QPoint(x0, top), QPoint(x1, top + GanttPaintJob::kRowHeight));
}

// The critical ops by row, for a path of the ops given.
Painter::OpsByRow byRow(const GanttPaintJob& job, std::initializer_list<OpId> ops)
{
    Painter::OpsByRow rows(static_cast<std::size_t>(job.rows.count()));
    for (const OpId op : ops)
        rows[static_cast<std::size_t>(job.rows.rowOf(op))].push_back(op.value());
    return rows;
}

} // namespace

class TestTimelineOverlayPainter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void criticalOpsFilledOverTheDimmedBars()
    {
        GanttPaintJob job;
        QImage image = job.canvas();
        QCPPainter painter(&image);
        // The bars as a frame with the path shown draws them: dimmed.
        const TimelineBarPainter::ColorData color;
        QImage scratch;
        TimelineBarPainter::draw(&painter,
            { { job.view, job.area(), 0, job.rows.count() - 1, job.rowRect(), job.runs() }, *job.trace, job.rows,
                TimelineBarPainter::ColorMode::Kind, color, {}, true },
            scratch);
        const Painter::OpsByRow paths[2] = { byRow(job, { job.k1, job.c }), byRow(job, { job.m }) };
        const Arrows none;
        const ArrowRows noRows;
        Painter::drawCriticalPath(&painter, frameOf(job), paths, { none, noRows });
        painter.end();
        const TimelineTheme& theme = TimelineTheme::standard();
        QCOMPARE(at(image, job.centre(job.k1)), theme.critical.rgb());
        QCOMPARE(at(image, job.centre(job.c)), theme.critical.rgb());
        QCOMPARE(at(image, job.centre(job.m)), theme.secondCritical.rgb()); // the second path, paler
        QCOMPARE(at(image, job.centre(job.k2)), theme.kindBar(OpKind::ComputeKernel, false, true));
        QCOMPARE(at(image, job.centre(job.k4)), theme.kindBar(OpKind::ComputeKernel, false, true));
        QVERIFY(framed(image, boxOf(job, job.k1), theme.criticalEdge.rgb(), 1));
    }

    void pathOpsPartlyInViewDrawn()
    {
        GanttPaintJob job;
        job.view.begin = 30; // k1 [10, 60) begins left of the view, k2 [100, 160) is inside it
        QImage image = job.canvas();
        QCPPainter painter(&image);
        const Painter::OpsByRow paths[2] = { byRow(job, { job.k1, job.k2 }), {} };
        const Arrows none;
        const ArrowRows noRows;
        Painter::drawCriticalPath(&painter, frameOf(job), paths, { none, noRows });
        painter.end();
        const QRgb critical = TimelineTheme::standard().critical.rgb();
        const int y = GanttPaintJob::middle(job.rows.rowOf(job.k2));
        for (const int x : { 1, 28, 71, 128 })
            QCOMPARE(at(image, QPoint(x, y)), critical);
        for (const int x : { 31, 50, 69, 131 })
            QCOMPARE(at(image, QPoint(x, y)), qRgb(255, 255, 255));
    }

    void arrowsJoinTheEndOfOneOpToTheStartOfTheNext()
    {
        GanttPaintJob job;
        QImage image = job.canvas();
        QCPPainter painter(&image);
        // k1 -> m along their stream's row; k2 -> k4 whose row is hidden (-1).
        const Arrows arrows { { job.k1, job.m }, { job.k2, job.k4 } };
        const ArrowRows rows { { job.rows.rowOf(job.k1), job.rows.rowOf(job.m) }, { job.rows.rowOf(job.k2), -1 } };
        const Painter::OpsByRow paths[2] = { {}, {} };
        Painter::drawCriticalPath(&painter, frameOf(job), paths, { arrows, rows });
        painter.end();
        const QRgb arrow = TimelineTheme::standard().criticalArrow.rgb();
        const int y = GanttPaintJob::middle(job.rows.rowOf(job.k1));
        for (const int x : { 70, 130, 190 }) {
            bool found = false;
            for (int dy = -1; dy <= 2 && !found; ++dy)
                found = near(at(image, QPoint(x, y + dy)), arrow, 40);
            QVERIFY2(found, QByteArray::number(x).constData());
        }
        // The head at m's start is wider than the line; nothing else is drawn.
        int head = 0;
        for (int dy = -4; dy <= 4; ++dy)
            head += near(at(image, QPoint(196, y + dy)), arrow, 80);
        QVERIFY(head >= 3);
        QCOMPARE(ImageSupport::countColor(image.copy(0, 0, 400, y - 5), qRgb(255, 255, 255)), 400 * (y - 5));
        QCOMPARE(ImageSupport::countColor(image.copy(0, y + 6, 400, image.height() - y - 6), qRgb(255, 255, 255)),
            400 * (image.height() - y - 6));
    }

    void selectedOpOutlined()
    {
        GanttPaintJob job;
        const Arrows none;
        const ArrowRows noRows;
        const QRgb black = TimelineTheme::standard().selection.rgb();
        QImage image = job.canvas();
        QCPPainter painter(&image);
        Painter::drawSelection(&painter, frameOf(job), job.k2, job.rows.rowOf(job.k2), { none, noRows });
        painter.end();
        // A two-pixel frame around the op's box, and nothing else.
        const QRect box = boxOf(job, job.k2);
        QVERIFY(framed(image, box, black, 1));
        QCOMPARE(ImageSupport::countColor(image, black), countIn(image, box.adjusted(-1, -1, 1, 1), black));
        QCOMPARE(countIn(image, box.adjusted(2, 2, -2, -2), black), 0);

        // A selection in a row out of the frame is not drawn.
        QImage outside = job.canvas();
        QCPPainter other(&outside);
        Painter::Frame frame = frameOf(job);
        frame.lastRow = job.rows.rowOf(job.k2) - 1;
        Painter::drawSelection(&other, frame, job.k2, job.rows.rowOf(job.k2), { none, noRows });
        other.end();
        QCOMPARE(ImageSupport::countColor(outside, black), 0);
    }

    void aMarkAroundEachMarkedOp()
    {
        GanttPaintJob job;
        std::vector<std::uint8_t> marked(job.trace->opCount(), 0);
        marked[job.k1.value()] = marked[job.m.value()] = marked[job.k4.value()] = 1;
        QImage image = job.canvas();
        QCPPainter painter(&image);
        Painter::drawMarks(&painter, frameOf(job), marked);
        painter.end();
        const QRgb mark = TimelineTheme::standard().searchMark.rgb();
        for (const OpId op : { job.k1, job.m, job.k4 }) // a pixel out of the op's box, a pixel into its band
            QVERIFY(framed(image, boxOf(job, op).adjusted(-1, 1, 1, -1), mark, 1));
        // Nothing in the bands of the others (a mark's bottom edge may reach the next row's first line).
        for (const OpId op : { job.k2, job.c })
            QCOMPARE(countIn(image, boxOf(job, op).adjusted(-3, 2, 3, -2), mark), 0);
        QCOMPARE(at(image, job.centre(job.k1)), qRgb(255, 255, 255));
        // No marks: nothing drawn.
        QImage none = job.canvas();
        QCPPainter empty(&none);
        Painter::drawMarks(&empty, frameOf(job), {});
        empty.end();
        QCOMPARE(ImageSupport::countColor(none, qRgb(255, 255, 255)), none.width() * none.height());
    }
};

QTEST_GUILESS_MAIN(TestTimelineOverlayPainter)
#include "tst_timelineoverlaypainter.moc"
