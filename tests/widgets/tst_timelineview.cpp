// The Gantt widget offscreen: rows per rank and lane, a click selects the op under it (at several
// zoom levels), the keyboard zooms and pans time only, the critical-path toggle, and the panels that
// go with it (critical-path model, op details with clickable dependencies).

#include "core/align/clockalignment.h"
#include "core/analysis/criticalpath.h"
#include "core/graph/dependencygraph.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "core/replay/replayer.h"
#include "core/session/jobsession.h"
#include "widgets/panels/aggregatemodel.h"
#include "widgets/panels/criticalpathmodel.h"
#include "widgets/panels/opdetailspanel.h"
#include "widgets/panels/opsearchbar.h"
#include "widgets/panels/ranksummarychart.h"
#include "widgets/panels/ranksummarymodel.h"
#include "widgets/timeline/timeaxisticker.h"
#include "widgets/timeline/timelinelegend.h"
#include "widgets/timeline/timelineplottable.h"
#include "widgets/timeline/timelinetheme.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/tracklayout.h"

#include "imagesupport.h"
#include "jobbuilder.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCursor>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <QWheelEvent>

using namespace sightline;

namespace {

struct Job {
    std::shared_ptr<const Trace> trace;
    std::shared_ptr<const TrackLayout> layout;
    std::shared_ptr<const DependencyGraph> graph;
    std::shared_ptr<const ReplayResult> replay;
    std::shared_ptr<const Schedule> schedule;
    std::shared_ptr<const CriticalPath> path;
    std::vector<ItemId> itemOf; // per op

    // Per op: a column of the replay, `none` where the op was not replayed.
    template <class F>
    std::vector<TimeNs> perOp(F&& value, TimeNs none = Schedule::kNotReplayed) const
    {
        std::vector<TimeNs> out(trace->opCount(), none);
        for (std::uint32_t v = 0; v < trace->opCount(); ++v) {
            if (itemOf[v].isValid())
                out[v] = value(itemOf[v].value());
        }
        return out;
    }
};

Job example()
{
    Job j;
    auto trace = TraceLoader::load({ SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank" });
    if (!trace)
        return j;
    j.trace = *trace;
    j.layout = std::make_shared<const TrackLayout>(TrackLayout::build(*j.trace, { j.trace->startColumn(), j.trace->endColumn() }));
    const auto session = JobSession::open(j.trace, {}, {});
    if (!session)
        return j;
    j.graph = (*session)->graph();
    j.replay = std::make_shared<const ReplayResult>(*(*session)->replay({}));
    j.schedule = std::shared_ptr<const Schedule>(j.replay, &j.replay->schedule);
    j.path = std::shared_ptr<const CriticalPath>(j.replay, &j.replay->criticalPath);
    j.itemOf = j.replay->graph->itemOfOp();
    return j;
}

} // namespace

class TestTimelineView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rowsAndClicks()
    {
        const Job j = example();
        QVERIFY(j.trace);
        TimelineView view;
        view.resize(1200, 800);
        view.show();
        view.setJob(j.trace, j.layout);
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const auto& rows = view.plottable()->rows();
        // Two ranks, each a header then its tracks' lanes.
        QCOMPARE(std::count_if(rows.begin(), rows.end(), [](const auto& r) { return !r.track.isValid(); }), 2);
        std::size_t lanes = 0;
        for (std::uint32_t tr = 0; tr < j.trace->tracks().size(); ++tr)
            lanes += static_cast<std::size_t>(j.layout->laneCount(TrackId(tr)));
        QCOMPARE(rows.size(), lanes + 2);
        // Every op's row is its track's row of the lane that lists it.
        for (std::uint32_t tr = 0; tr < j.trace->tracks().size(); ++tr) {
            for (int l = 0; l < j.layout->laneCount(TrackId(tr)); ++l) {
                for (std::uint32_t op : j.layout->lane(TrackId(tr), l)) {
                    QCOMPARE(j.layout->laneOf(op), l);
                    const int row = view.plottable()->rowOf(OpId(op));
                    QVERIFY(row >= 0);
                    QCOMPARE(rows[static_cast<std::size_t>(row)].track, TrackId(tr));
                    QCOMPARE(rows[static_cast<std::size_t>(row)].lane, l);
                }
            }
        }

        // The longest GPU op, clicked at several zoom levels, is what gets selected.
        OpId longest;
        for (std::uint32_t v = 0; v < j.trace->opCount(); ++v) {
            const TrackKind k = j.trace->trackInfo(j.trace->track(OpId(v))).kind;
            if (k == TrackKind::GpuStream && (!longest.isValid() || j.trace->duration(OpId(v)) > j.trace->duration(longest)))
                longest = OpId(v);
        }
        QVERIFY(longest.isValid());
        QSignalSpy selected(&view, &TimelineView::opSelected);
        const TimeNs mid = (j.trace->start(longest) + j.trace->end(longest)) / 2;
        for (TimeNs span : { j.trace->duration(longest) * 4, j.trace->duration(longest) * 40, TimeNs(0) }) {
            if (span > 0)
                view.showRange(mid - span / 2, mid + span / 2);
            else
                view.resetView();
            view.selectOp(longest); // scrolls its row into view
            view.replot();
            const int row = view.plottable()->rowOf(longest);
            QVERIFY(row >= 0);
            const QPoint at(static_cast<int>(view.xAxis->coordToPixel(static_cast<double>(mid - view.plottable()->origin()))),
                static_cast<int>(view.yAxis->coordToPixel(row + 0.5)));
            const auto hit = view.plottable()->hitTest(at);
            QVERIFY(hit);
            // A run of several ops, or, in a collapsed row, an op of a deeper lane drawn over it.
            const bool deeperLane = rows[static_cast<std::size_t>(row)].collapsed && j.trace->track(OpId(hit->run.op)) == j.trace->track(longest);
            // Under TrackGeometry::kExactPixels the op is drawn as a narrow op is: a neighbour as narrow
            // may cover the pixel (zoomed out to the whole job).
            const double pixels = static_cast<double>(j.trace->duration(longest)) / (view.xAxis->range().size() / view.axisRect()->width());
            QVERIFY(hit->run.op == longest.value() || hit->run.count > 1 || deeperLane || pixels < sightline::TrackGeometry::kExactPixels);
            if (hit->run.count == 1 && hit->run.op == longest.value()) {
                selected.clear();
                QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, at);
                QCOMPARE(selected.count(), 1);
                QCOMPARE(selected.first().first().value<OpId>(), longest);
                // Hovering tells its name, times, place and kind.
                QMouseEvent hover(QEvent::MouseMove, QPointF(at), view.mapToGlobal(QPointF(at)), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
                QApplication::sendEvent(&view, &hover);
                const QString tip = QToolTip::text();
                const std::string_view name = j.trace->string(j.trace->name(longest));
                QVERIFY2(tip.startsWith(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()))), qPrintable(tip));
                QVERIFY2(tip.contains(QStringLiteral("\nstart ")) && tip.contains(QStringLiteral(", duration ")), qPrintable(tip));
                QVERIFY2(tip.contains(QStringLiteral("\nrank %1 · ").arg(j.trace->rankInfo(j.trace->rank(longest)).rank)), qPrintable(tip));
                QVERIFY2(tip.contains(QStringLiteral("kernel")), qPrintable(tip));
            }
        }
    }

    void rowsKeepTheirHeightOnResize()
    {
        // A taller window shows more rows, each as high as before, not the same rows stretched.
        const Job j = example();
        QVERIFY(j.trace);
        TimelineView view;
        view.resize(1000, 300);
        view.show();
        view.setJob(j.trace, j.layout);
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto rowPixels = [&view] { return view.axisRect()->height() / view.yAxis->range().size(); };
        QVERIFY(std::abs(rowPixels() - TimelineView::kRowHeight) < 0.5);
        const double shown = view.yAxis->range().size();
        for (const int height : { 900, 500, 1100 }) {
            view.resize(1000, height);
            QTRY_VERIFY(std::abs(view.height() - height) <= 1);
            QApplication::processEvents();
            QVERIFY2(std::abs(rowPixels() - TimelineView::kRowHeight) < 0.5,
                qPrintable(QStringLiteral("%1 px rows at height %2").arg(rowPixels()).arg(height)));
            // What is on screen is drawn with the new rows already, not the old ones stretched.
            const QImage shownNow = view.grab().toImage();
            view.replot();
            QCOMPARE(view.grab().toImage(), shownNow);
        }
        QVERIFY(view.yAxis->range().size() > shown);
    }

    void firstFrameRunsBuiltAhead()
    {
        // A new job's first frame finds the runs of its rows in view built ahead, off the GUI thread,
        // and draws what a frame building them itself draws; runs built for a view that changed before
        // they landed are left out.
        const Job j = example();
        QVERIFY(j.trace);
        TimelineView view;
        view.resize(1000, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        TimelinePlottable* p = view.plottable();
        const quint64 before = p->rowsBuiltAhead();
        view.setJob(j.trace, j.layout);
        QVERIFY(view.framePending());
        QTRY_VERIFY(!view.framePending());
        const quint64 ahead = p->rowsBuiltAhead() - before;
        const QCPRange rows = view.yAxis->range();
        QCOMPARE(static_cast<double>(ahead), std::min(std::ceil(rows.upper), static_cast<double>(p->rows().size()) - 1) - std::floor(rows.lower) + 1);
        const QImage first = view.grab().toImage();
        // The same view again, its runs built by the frame: the same pixels.
        const QCPRange keys = view.xAxis->range();
        view.xAxis->setRange(keys.lower, keys.lower + keys.size() / 2);
        view.replot();
        view.xAxis->setRange(keys);
        view.replot();
        QCOMPARE(p->rowsBuiltAhead() - before, ahead);
        QCOMPARE(view.grab().toImage(), first);
        // Runs of a view that changed before they landed stay out, and the frame waited for builds them.
        bool done = false;
        p->buildRunsAhead([&] { done = true; });
        view.xAxis->setRange(keys.lower, keys.lower + keys.size() / 3);
        QTRY_VERIFY(done);
        QCOMPARE(p->rowsBuiltAhead() - before, ahead);
    }

    void keyboardZoomsAndPansTimeOnly()
    {
        const Job j = example();
        TimelineView view;
        view.resize(1000, 600);
        view.setJob(j.trace, j.layout);
        const QCPRange rows = view.yAxis->range();
        const QCPRange whole = view.xAxis->range();
        QTest::keyClick(&view, Qt::Key_W);
        QVERIFY(view.xAxis->range().size() < whole.size() * 0.9);
        QCOMPARE(view.yAxis->range(), rows);
        const double before = view.xAxis->range().lower;
        QTest::keyClick(&view, Qt::Key_D);
        QVERIFY(view.xAxis->range().lower > before);
        QTest::keyClick(&view, Qt::Key_0);
        QCOMPARE(view.xAxis->range(), whole);
        // W and S zoom about the time under the mouse pointer when it is over the rows, as the wheel
        // does; away from them, about the middle.
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.replot();
        const QPoint pointer(view.axisRect()->left() + view.axisRect()->width() * 3 / 4, view.axisRect()->center().y());
        QCursor::setPos(view.mapToGlobal(pointer));
        const double under = view.xAxis->pixelToCoord(pointer.x());
        QTest::keyClick(&view, Qt::Key_W);
        QVERIFY(view.xAxis->range().size() < whole.size() * 0.9);
        QVERIFY2(std::abs(view.xAxis->pixelToCoord(pointer.x()) - under) < view.xAxis->range().size() * 1e-6,
            qPrintable(QStringLiteral("%1 moved to %2").arg(under).arg(view.xAxis->pixelToCoord(pointer.x()))));
        QTest::keyClick(&view, Qt::Key_S);
        QVERIFY(std::abs(view.xAxis->pixelToCoord(pointer.x()) - under) < whole.size() * 1e-6);
        QTest::keyClick(&view, Qt::Key_0);
        QCursor::setPos(view.mapToGlobal(QPoint(-50, -50)));
        const double middle = view.xAxis->range().center();
        QTest::keyClick(&view, Qt::Key_W);
        QVERIFY(std::abs(view.xAxis->range().center() - middle) < whole.size() * 1e-6);
        // Hovering over the rows shows a cursor with the time under the pointer; leaving hides it.
        QCPItemText* cursor = nullptr;
        for (int i = 0; i < view.itemCount(); ++i) {
            if (auto* text = qobject_cast<QCPItemText*>(view.item(i)); text && text->layer() == view.layer(QStringLiteral("cursor")))
                cursor = text;
        }
        QVERIFY(cursor && !cursor->visible());
        QMouseEvent hover(QEvent::MouseMove, QPointF(pointer), view.mapToGlobal(QPointF(pointer)), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(&view, &hover);
        QVERIFY(cursor->visible());
        QCOMPARE(cursor->text(), TimeAxisTicker::duration(static_cast<TimeNs>(std::llround(view.xAxis->pixelToCoord(pointer.x())))));
        QEvent leave(QEvent::Leave);
        QApplication::sendEvent(&view, &leave);
        QVERIFY(!cursor->visible());
        // Ctrl+wheel makes the rows taller, within bounds.
        const double height = view.rowHeight();
        QWheelEvent taller(QPointF(pointer), QPointF(view.mapToGlobal(pointer)), {}, QPoint(0, 120), Qt::NoButton, Qt::ControlModifier,
            Qt::NoScrollPhase, false);
        QApplication::sendEvent(&view, &taller);
        QVERIFY(view.rowHeight() > height);
        view.setRowHeight(1000);
        QCOMPARE(view.rowHeight(), double(TimelineView::kMaxRowHeight));
        QVERIFY(std::abs(view.axisRect()->height() / view.yAxis->range().size() - TimelineView::kMaxRowHeight) < 0.5);
    }

    void criticalPathToggle()
    {
        const Job j = example();
        TimelineView view;
        view.resize(1000, 600);
        view.setJob(j.trace, j.layout);
        std::vector<OpId> ops;
        for (ItemId i : j.path->items) {
            if (j.replay->graph->rank(i).isValid())
                ops.push_back(j.replay->graph->origin(i).front());
        }
        QVERIFY(!ops.empty());
        view.setCriticalPath(ops);
        // Bring the longest critical op's row into view.
        const OpId longest = *std::max_element(ops.begin(), ops.end(), [&](OpId a, OpId b) { return j.trace->duration(a) < j.trace->duration(b); });
        view.selectOp(longest);
        const QImage off = view.toPixmap(1000, 600).toImage();
        view.setCriticalPathShown(true);
        QVERIFY(view.criticalPathShown());
        const QImage on = view.toPixmap(1000, 600).toImage();
        auto count = [](const QImage& image) { return ImageSupport::countColor(image, TimelineTheme::standard().critical.rgb()); };
        QCOMPARE(count(off), 0);
        QVERIFY(count(on) > 100);
        // Arrows along the path are drawn with it, and only with it.
        std::vector<std::pair<OpId, OpId>> arrows;
        for (std::size_t i = 1; i < ops.size(); ++i)
            arrows.emplace_back(ops[i - 1], ops[i]);
        view.plottable()->setPathArrows(arrows);
        const QRgb arrow = TimelineTheme::standard().criticalArrow.rgb() & 0xFFFFFF;
        auto arrowPixels = [&]() { return ImageSupport::countColor(view.toPixmap(1000, 600).toImage(), arrow); };
        const int shown = arrowPixels();
        view.setCriticalPathShown(false);
        QVERIFY(shown > arrowPixels());
        // The path's second half as a second path: drawn in its own, paler colour, the first half in
        // the path's; none of the second half's colour without a second path.
        auto second = [](const QImage& image) { return ImageSupport::countColor(image, TimelineTheme::standard().secondCritical.rgb()); };
        view.setCriticalPathShown(true);
        QCOMPARE(second(view.toPixmap(1000, 600).toImage()), 0);
        view.setCriticalPath(ops, ops.size() / 2);
        const QImage both = view.toPixmap(1000, 600).toImage();
        QVERIFY(second(both) > 20);
        QVERIFY(count(both) > 20);
    }

    void legendFollowsTheColourMode()
    {
        // The legend names the colours of the mode shown, then the marks drawn over the bars; narrow,
        // it wraps onto more lines.
        TimelineLegend legend;
        QVERIFY(legend.texts().contains(QStringLiteral("kernel")) && legend.texts().contains(QStringLiteral("communication")));
        for (const QString& mark : { QStringLiteral("critical path"), QStringLiteral("baseline's critical path"), QStringLiteral("made by the strategy"),
                 QStringLiteral("search match") })
            QVERIFY(legend.texts().contains(mark));
        legend.setColorMode(TimelinePlottable::ColorMode::Difference);
        QVERIFY(legend.texts().startsWith(QStringLiteral("much shorter")) && !legend.texts().contains(QStringLiteral("kernel")));
        legend.setColorMode(TimelinePlottable::ColorMode::Slack);
        QVERIFY(legend.texts().startsWith(QStringLiteral("no slack: critical")));
        QVERIFY(legend.heightForWidth(300) > legend.heightForWidth(3000));
        legend.resize(3000, legend.heightForWidth(3000));
        const QImage image = legend.grab().toImage().convertToFormat(QImage::Format_RGB32);
        QVERIFY(ImageSupport::countColor(image, TimelineTheme::standard().slack(0)) >= 100); // its swatch
    }

    void criticalPathModel()
    {
        const Job j = example();
        CriticalPathModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPath(j.replay->graph, j.path);
        QVERIFY(model.rowCount() > 0);
        // Times on the path add up to its length; shares to 100 %.
        qlonglong total = 0;
        double share = 0;
        for (int r = 0; r < model.rowCount(); ++r) {
            total += model.index(r, CriticalPathModel::TimeColumn).data(CriticalPathModel::SortRole).toLongLong();
            share += model.index(r, CriticalPathModel::ShareColumn).data(CriticalPathModel::SortRole).toDouble();
            QVERIFY(model.index(r, 0).data(CriticalPathModel::OpRole).toUInt() < j.trace->opCount());
        }
        QCOMPARE(total, static_cast<qlonglong>(j.path->length));
        QVERIFY(std::abs(share - 100.0) < 1e-6);
        model.setPath(nullptr, nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void viewModes()
    {
        const Job j = example();
        const std::vector<TimeNs> start = j.perOp([&](std::uint32_t i) { return j.schedule->start[i]; });
        const std::vector<TimeNs> end = j.perOp([&](std::uint32_t i) { return j.schedule->end[i]; });
        auto replayed = std::make_shared<const TrackLayout>(TrackLayout::build(*j.trace, { start, end, Schedule::kNotReplayed }));
        TimelineView view;
        view.resize(1000, 600);
        view.setJob(j.trace, j.layout);
        const std::size_t measuredRows = view.plottable()->rows().size();
        view.setReplayed(replayed);
        // Both: one ghost row per track that has replayed ops, right under the track's rows.
        view.setViewMode(TimelinePlottable::ViewMode::Both);
        std::size_t tracksReplayed = 0;
        for (std::uint32_t tr = 0; tr < j.trace->tracks().size(); ++tr)
            tracksReplayed += replayed->laneCount(TrackId(tr)) > 0 && j.layout->laneCount(TrackId(tr)) > 0;
        QVERIFY(tracksReplayed > 0);
        const auto& rows = view.plottable()->rows();
        QCOMPARE(rows.size(), measuredRows + tracksReplayed);
        for (std::size_t r = 1; r < rows.size(); ++r) {
            if (rows[r].replayed)
                QCOMPARE(rows[r - 1].track, rows[r].track);
        }
        // Replayed only: rows from the replayed layout; a replayed op is found in them.
        view.setViewMode(TimelinePlottable::ViewMode::Replayed);
        QVERIFY(std::all_of(view.plottable()->rows().begin(), view.plottable()->rows().end(),
            [](const auto& row) { return !row.track.isValid() || row.replayed; }));
        OpId some;
        for (std::uint32_t v = 0; v < j.trace->opCount() && !some.isValid(); ++v) {
            if (j.itemOf[v].isValid())
                some = OpId(v);
        }
        QVERIFY(view.plottable()->rowOf(some) >= 0);
        view.setViewMode(TimelinePlottable::ViewMode::Measured);
        QCOMPARE(view.plottable()->rows().size(), measuredRows);
    }

    void hatchingFilledLikeThePainters()
    {
        // A frame of thousands of bars is filled into an image, its hatching too; a frame of a few is
        // painted. The op a strategy made is hatched alike either way: two jobs with the same rows and
        // time range, one with 4400 bars around that op and one with a few, agree on its row's pixels.
        const auto job = [](bool crowded) {
            JobBuilder b;
            for (int r = 0; r < 40; ++r) {
                const std::uint32_t rank = b.rank(r, "node");
                const std::uint32_t stream = b.track(rank, TrackKind::GpuStream, 7);
                if (r == 0) {
                    b.op(stream, "start", OpKind::ComputeKernel, 0, 5);
                    b.op(stream, "made", OpKind::ComputeKernel, 100, 700);
                    b.op(stream, "end", OpKind::ComputeKernel, 875, 880);
                    continue;
                }
                for (int k = 0; k < (crowded ? 110 : 2); ++k) {
                    const TimeNs at = crowded ? 8 * k : 875 * k;
                    b.op(stream, "k", k % 2 ? OpKind::ComputeKernel : OpKind::Memcpy, at, at + 5);
                }
            }
            return b.finish();
        };
        const auto render = [](const std::shared_ptr<const Trace>& trace) {
            TimelineView view;
            view.resize(1600, 1200);
            view.show();
            view.setJob(trace, std::make_shared<const TrackLayout>(TrackLayout::build(*trace, { trace->startColumn(), trace->endColumn() })));
            if (!QTest::qWaitForWindowExposed(&view))
                return std::pair(QImage(), QRect());
            std::vector<std::uint8_t> synthetic(trace->opCount(), 0);
            synthetic[1] = 1; // "made"
            view.plottable()->setWhatIfMarks({ synthetic, {}, {} }, nullptr);
            const int row = view.plottable()->rowOf(OpId(1));
            view.replot();
            const double top = view.yAxis->coordToPixel(row), bottom = view.yAxis->coordToPixel(row + 1);
            const QRect area = view.axisRect()->rect();
            const QRect band(area.left(), static_cast<int>(std::min(top, bottom)), area.width(), static_cast<int>(std::abs(bottom - top)));
            return std::pair(view.grab().toImage().convertToFormat(QImage::Format_RGB32), band);
        };
        const auto [filled, band] = render(job(true));
        const auto [painted, sameBand] = render(job(false));
        QCOMPARE(band, sameBand);
        int hatch = 0, differing = 0;
        for (int y = band.top(); y < band.bottom(); ++y) {
            for (int x = band.left(); x <= band.right(); ++x) {
                hatch += filled.pixel(x, y) == TimelineTheme::standard().hatch.rgb();
                differing += filled.pixel(x, y) != painted.pixel(x, y);
            }
        }
        QVERIFY2(hatch > 100, qPrintable(QString::number(hatch))); // the outline, at least
        QCOMPARE(differing, 0);
    }

    void colourModes()
    {
        const Job j = example();
        TimelineView view;
        view.resize(1200, 700);
        view.setJob(j.trace, j.layout);
        // Replayed durations as measured, except one long kernel made twice as long.
        OpId longest;
        for (std::uint32_t v = 0; v < j.trace->opCount(); ++v) {
            if (j.trace->trackInfo(j.trace->track(OpId(v))).kind == TrackKind::GpuStream
                && (!longest.isValid() || j.trace->duration(OpId(v)) > j.trace->duration(longest)))
                longest = OpId(v);
        }
        std::vector<TimeNs> replayed(j.trace->opCount());
        for (std::uint32_t v = 0; v < j.trace->opCount(); ++v)
            replayed[v] = j.trace->duration(OpId(v));
        replayed[longest.value()] *= 2;
        const std::vector<TimeNs> slack = j.perOp([&](std::uint32_t i) { return j.path->slack[i]; });
        view.plottable()->setColorData({ {}, replayed, slack, j.path->length, nullptr });
        view.selectOp(longest);
        view.showRange(j.trace->start(longest), j.trace->end(longest));
        auto count = [&](QRgb color) { return ImageSupport::countColor(view.toPixmap(1200, 700).toImage(), color); };
        view.setColorMode(TimelinePlottable::ColorMode::Difference);
        QVERIFY(count(TimelineTheme::standard().difference(4)) > 100); // the doubled kernel
        QCOMPARE(count(TimelineTheme::standard().difference(-4)), 0);
        view.resetView();
        QVERIFY(count(TimelineTheme::standard().difference(0)) > 100); // everything else unchanged
        view.setColorMode(TimelinePlottable::ColorMode::Slack);
        QVERIFY(count(TimelineTheme::standard().slack(0)) > 0); // ops without slack
        view.setColorMode(TimelinePlottable::ColorMode::Kind);
        QCOMPARE(count(TimelineTheme::standard().slack(0)), 0);
    }

    void rankSummary()
    {
        const Job j = example();
        RankSummaryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        RankSummaryChart chart(&model);
        model.setJob(j.trace, j.schedule);
        QCOMPARE(model.rowCount(), 2);
        for (int r = 0; r < 2; ++r) {
            auto v = [&](int c) { return model.index(r, c).data(RankSummaryModel::SortRole).toDouble(); };
            QCOMPARE(model.index(r, RankSummaryModel::RankColumn).data().toInt(), r);
            // The exposed part of communication is part of it; overlap is the rest's share.
            QVERIFY(v(RankSummaryModel::ExposedColumn) <= v(RankSummaryModel::CommunicationColumn));
            QVERIFY(v(RankSummaryModel::CommunicationColumn) > 0);
            QVERIFY(std::abs(v(RankSummaryModel::OverlapColumn)
                        - (1 - v(RankSummaryModel::ExposedColumn) / v(RankSummaryModel::CommunicationColumn))) < 1e-9);
            // The unchanged replay gives the measured step times.
            QVERIFY(v(RankSummaryModel::MeasuredColumn) > 0);
            QVERIFY(std::abs(v(RankSummaryModel::ReplayedColumn) - v(RankSummaryModel::MeasuredColumn)) < 1e3);
        }
        // Four stacked layers plus the two step bars; the legend in a row of its own, under both
        // charts, over no bar.
        QCOMPARE(chart.plottableCount(), 6);
        chart.resize(320, 420);
        chart.replot();
        QCOMPARE(chart.plotLayout()->rowCount(), 3);
        QCOMPARE(chart.plotLayout()->element(2, 0), static_cast<QCPLayoutElement*>(chart.legend));
        for (QCPAxisRect* rect : chart.axisRects())
            QVERIFY(!rect->outerRect().intersects(chart.legend->outerRect()));
        model.setJob(nullptr, nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void searchSteps()
    {
        const Job j = example();
        OpSearchBar bar;
        bar.setTrace(j.trace);
        // Every op whose name matches, in start order; Next wraps around, Previous goes back.
        const std::size_t n = bar.search(QStringLiteral("^nccl"));
        std::size_t expected = 0;
        for (std::uint32_t v = 0; v < j.trace->opCount(); ++v)
            expected += j.trace->string(j.trace->name(OpId(v))).rfind("nccl", 0) == 0;
        QVERIFY(expected > 0);
        QCOMPARE(n, expected);
        for (std::size_t i = 1; i < n; ++i)
            QVERIFY(j.trace->start(bar.matches()[i - 1]) <= j.trace->start(bar.matches()[i]));
        QSignalSpy found(&bar, &OpSearchBar::opFound);
        bar.next();
        bar.next();
        bar.previous();
        QCOMPARE(found.count(), 3);
        QCOMPARE(found[0].first().value<OpId>(), bar.matches()[0]);
        QCOMPARE(found[1].first().value<OpId>(), bar.matches()[1 % n]);
        QCOMPARE(found[2].first().value<OpId>(), bar.matches()[0]);
        bar.previous();
        QCOMPARE(found.last().first().value<OpId>(), bar.matches()[n - 1]); // wraps
        // Case does not matter; an invalid expression finds nothing.
        QCOMPARE(bar.search(QStringLiteral("^NCCL")), n);
        QCOMPARE(bar.search(QStringLiteral("([")), std::size_t(0));
        QCOMPARE(bar.search(QString()), std::size_t(0));
        // Every match is outlined in the Gantt, not only the one stepped to; a new search replaces them.
        TimelineView view;
        view.resize(1000, 600);
        view.show();
        view.setJob(j.trace, j.layout);
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        connect(&bar, &OpSearchBar::matchesChanged, &view, &TimelineView::markOps);
        view.replot();
        const int unmarked = ImageSupport::countColor(view.grab().toImage(), TimelineTheme::standard().searchMark.rgb());
        QCOMPARE(unmarked, 0);
        bar.search(QStringLiteral("^nccl"));
        for (const OpId op : bar.matches())
            QVERIFY(view.plottable()->isMarked(op));
        view.replot();
        QVERIFY(ImageSupport::countColor(view.grab().toImage(), TimelineTheme::standard().searchMark.rgb()) > 100);
        const OpId first = bar.matches().front();
        QCOMPARE(bar.search(QStringLiteral("no such op")), std::size_t(0));
        QVERIFY(!view.plottable()->isMarked(first));
        view.replot();
        QCOMPARE(ImageSupport::countColor(view.grab().toImage(), TimelineTheme::standard().searchMark.rgb()), 0);
    }

    void areaAggregates()
    {
        // One thread: two "step" ops of 100 us, each with a 30 us and a 20 us child; one stream.
        JobBuilder b;
        const std::uint32_t r = b.rank(0);
        const std::uint32_t cpu = b.track(r, TrackKind::CpuThread, 1);
        const std::uint32_t gpu = b.track(r, TrackKind::GpuStream, 7);
        const TimeNs us = 1000;
        for (int k = 0; k < 2; ++k) {
            const TimeNs at = k * 200 * us;
            b.op(cpu, "step", OpKind::CpuOp, at, at + 100 * us);
            b.op(cpu, "child", OpKind::CpuOp, at + 10 * us, at + 40 * us);
            b.op(cpu, "child", OpKind::CpuOp, at + 50 * us, at + 70 * us);
        }
        b.op(gpu, "kernel", OpKind::ComputeKernel, 0, 500 * us);
        const TracePtr trace = b.finish();
        auto layout = std::make_shared<const TrackLayout>(TrackLayout::build(*trace, { trace->startColumn(), trace->endColumn() }));
        AggregateModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSelection(trace, layout, { TrackId(0) }, 0, 400 * us);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.opCount(), std::size_t(6));
        // Largest total first: step 200 us, of which 100 us are its own; child 100 us, all own.
        QCOMPARE(model.index(0, AggregateModel::NameColumn).data().toString(), QStringLiteral("step"));
        QCOMPARE(model.index(0, AggregateModel::CountColumn).data().toULongLong(), 2ull);
        QCOMPARE(model.index(0, AggregateModel::TotalColumn).data(AggregateModel::SortRole).toLongLong(), 200 * us);
        QCOMPARE(model.index(0, AggregateModel::SelfColumn).data(AggregateModel::SortRole).toLongLong(), 100 * us);
        QCOMPARE(model.index(1, AggregateModel::SelfColumn).data(AggregateModel::SortRole).toLongLong(), 100 * us);
        // A range over the first step only, and both tracks.
        model.setSelection(trace, layout, { TrackId(0), TrackId(1) }, 0, 150 * us);
        QCOMPARE(model.opCount(), std::size_t(4));
        model.clear();
        QCOMPARE(model.rowCount(), 0);

        // Shift+drag in the view selects the area under it.
        TimelineView view;
        view.resize(1000, 400);
        view.show();
        view.setJob(trace, layout);
        view.showRange(0, 400 * us);
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy area(&view, &TimelineView::areaSelected);
        const int row = view.plottable()->rowOf(OpId(0));
        const int y = static_cast<int>(view.yAxis->coordToPixel(row + 0.5));
        const int x0 = static_cast<int>(view.xAxis->coordToPixel(5.0 * us)), x1 = static_cast<int>(view.xAxis->coordToPixel(150.0 * us));
        QTest::mousePress(&view, Qt::LeftButton, Qt::ShiftModifier, QPoint(x0, y));
        QMouseEvent move(QEvent::MouseMove, QPointF(x1, y + 2), view.mapToGlobal(QPointF(x1, y + 2)), Qt::NoButton, Qt::LeftButton, Qt::ShiftModifier);
        QApplication::sendEvent(&view, &move);
        QTest::mouseRelease(&view, Qt::LeftButton, Qt::ShiftModifier, QPoint(x1, y + 2));
        QCOMPARE(area.count(), 1);
        const auto tracks = area.first().at(0).value<std::vector<TrackId>>();
        QCOMPARE(tracks.size(), std::size_t(1));
        QCOMPARE(tracks.front(), TrackId(0));
        QVERIFY(std::abs(area.first().at(1).value<TimeNs>() - 5 * us) < 2 * us);
        QVERIFY(std::abs(area.first().at(2).value<TimeNs>() - 150 * us) < 2 * us);
        // The area stays drawn, a band with its duration on the axis, until Escape.
        view.replot();
        const QImage before = view.grab().toImage();
        QCOMPARE(view.selectedArea(), std::make_pair(area.first().at(1).value<TimeNs>(), area.first().at(2).value<TimeNs>()));
        auto* band = view.findChild<QCPItemRect*>();
        auto* label = [&view] {
            for (int i = 0; i < view.itemCount(); ++i) {
                if (auto* text = qobject_cast<QCPItemText*>(view.item(i)); text && text->text().endsWith(QStringLiteral("µs")))
                    return text;
            }
            return static_cast<QCPItemText*>(nullptr);
        }();
        QVERIFY(band && band->visible());
        QVERIFY(label && label->visible());
        QVERIFY2(label->text().startsWith(QStringLiteral("14")), qPrintable(label->text())); // about 145 µs
        QTest::keyClick(&view, Qt::Key_Escape);
        QCOMPARE(view.selectedArea(), std::make_pair(TimeNs(0), TimeNs(0)));
        QVERIFY(!band->visible() && !label->visible());
        view.replot();
        QVERIFY(view.grab().toImage() != before);
    }

    void opDetailsLinkToDependencies()
    {
        const Job j = example();
        OpDetailsPanel panel;
        const std::vector<TimeNs> replayed = j.perOp([&](std::uint32_t i) { return j.schedule->end[i] - j.schedule->start[i]; }, INT64_MIN);
        const std::vector<TimeNs> slack = j.perOp([&](std::uint32_t i) { return j.path->slack[i]; });
        panel.setJob(j.trace, OpDetailsPanel::of(j.trace, j.graph), { replayed, slack, nullptr });
        // An op with a predecessor: its details name it as a link.
        OpId op;
        for (std::uint32_t v = 0; v < j.trace->opCount() && !op.isValid(); ++v) {
            if (j.graph->inBegin(v + 1) > j.graph->inBegin(v) && !j.graph->isCollectiveVertex(j.graph->inSource(j.graph->inBegin(v))))
                op = OpId(v);
        }
        QVERIFY(op.isValid());
        panel.showOp(op);
        const QString html = panel.toHtml();
        const std::uint32_t source = j.graph->inSource(j.graph->inBegin(op.value()));
        QVERIFY(html.contains(QStringLiteral("op:%1").arg(source)));
        QVERIFY(panel.toPlainText().contains(QStringLiteral("Duration")));
        // With its replayed duration and slack, as the replay gave them.
        QVERIFY(replayed[op.value()] != INT64_MIN);
        QVERIFY(panel.toPlainText().contains(QStringLiteral("Replayed duration")));
        QCOMPARE(panel.toPlainText().contains(QStringLiteral("Slack")), slack[op.value()] != Schedule::kNotReplayed);
        QSignalSpy activated(&panel, &OpDetailsPanel::opActivated);
        Q_EMIT panel.anchorClicked(QUrl(QStringLiteral("op:%1").arg(source)));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.first().first().value<OpId>(), OpId(source));
    }
};

QTEST_MAIN(TestTimelineView)
#include "tst_timelineview.moc"
