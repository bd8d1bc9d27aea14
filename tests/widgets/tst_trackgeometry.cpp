// The Gantt's level of detail without a GUI: lanes for nested and overlapping ops, runs that merge
// sub-pixel ops while keeping their count and widest member, exact bars when zoomed in, and hit-testing
// at several zoom levels.

#include "widgets/timeline/trackgeometry.h"
#include "widgets/timeline/tracklayout.h"

#include "jobbuilder.h"

#include <QTest>

#include <random>

using namespace sightline;

namespace {

TrackLayout layoutOf(const Trace& t)
{
    return TrackLayout::build(t, { t.startColumn(), t.endColumn() });
}

std::uint64_t countOf(const std::vector<TrackGeometry::Run>& runs)
{
    std::uint64_t n = 0;
    for (const auto& r : runs)
        n += r.count;
    return n;
}

} // namespace

class TestTrackGeometry : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void lanes()
    {
        JobBuilder b;
        const std::uint32_t r = b.rank(0);
        const std::uint32_t cpu = b.track(r, TrackKind::CpuThread, 1);
        const std::uint32_t gpu = b.track(r, TrackKind::GpuStream, 7);
        b.op(cpu, "parent", OpKind::CpuOp, 0, 100);
        b.op(cpu, "child", OpKind::CpuOp, 10, 50);
        b.op(cpu, "grandchild", OpKind::CpuOp, 20, 30);
        b.op(cpu, "child", OpKind::CpuOp, 50, 90);
        b.op(cpu, "next", OpKind::CpuOp, 100, 120);
        b.op(gpu, "a", OpKind::ComputeKernel, 0, 100);
        b.op(gpu, "b", OpKind::ComputeKernel, 40, 60); // overlaps a on the same stream
        b.op(gpu, "c", OpKind::ComputeKernel, 100, 110);
        const TracePtr t = b.finish();
        const TrackLayout layout = layoutOf(*t);
        QCOMPARE(layout.laneCount(TrackId(0)), 3);
        QCOMPARE(layout.lane(TrackId(0), 0).size(), std::size_t(2)); // parent, next
        QCOMPARE(layout.lane(TrackId(0), 1).size(), std::size_t(2)); // the two children
        QCOMPARE(layout.lane(TrackId(0), 2).size(), std::size_t(1));
        QCOMPARE(layout.laneCount(TrackId(1)), 2);
        QCOMPARE(layout.lane(TrackId(1), 1)[0], 6u); // b in its own sub-lane
        QCOMPARE(layout.opCount(), t->opCount());
    }

    void subPixelOpsMergeAndKeepTheirCount()
    {
        // 100 000 ops of 10 ns every 20 ns (2 ms), one of them 500 ns long.
        JobBuilder b;
        const std::uint32_t gpu = b.track(b.rank(0), TrackKind::GpuStream, 7);
        const int n = 100'000;
        for (int i = 0; i < n; ++i)
            b.op(gpu, "k", OpKind::ComputeKernel, i * 20, i * 20 + (i == 54'321 ? 15 : 10));
        const TracePtr t = b.finish();
        const TrackLayout layout = layoutOf(*t);
        for (double nsPerPixel : { 2000.0, 200.0, 25.0 }) {
            TrackGeometry::View view { 0, nsPerPixel, static_cast<int>(2'000'000 / nsPerPixel) };
            std::vector<TrackGeometry::Run> runs;
            TrackGeometry::build(layout, TrackId(0), 0, view, runs);
            QCOMPARE(countOf(runs), std::uint64_t(n)); // nothing lost, nothing counted twice
            QVERIFY(runs.size() <= static_cast<std::size_t>(view.width) + 1); // one per pixel column at most
            for (std::size_t i = 1; i < runs.size(); ++i)
                QCOMPARE(runs[i].first, runs[i - 1].first + runs[i - 1].count);
            // The run holding the longest op takes it as its colour.
            const auto holder = std::find_if(runs.begin(), runs.end(), [](const auto& r) { return r.first <= 54'321 && 54'321 < r.first + r.count; });
            QVERIFY(holder != runs.end());
            if (holder->count > 1)
                QCOMPARE(holder->op, 54'321u);
        }
        // A window inside the job counts only the ops in view.
        TrackGeometry::View part { 1'000'000, 100.0, 1000 }; // 1 ms to 1.1 ms
        std::vector<TrackGeometry::Run> runs;
        TrackGeometry::build(layout, TrackId(0), 0, part, runs);
        QCOMPARE(countOf(runs), std::uint64_t(5000));
    }

    void exactBarsWhenZoomedIn()
    {
        JobBuilder b;
        const std::uint32_t gpu = b.track(b.rank(0), TrackKind::GpuStream, 7);
        for (int i = 0; i < 10; ++i)
            b.op(gpu, "k", OpKind::ComputeKernel, i * 100, i * 100 + 60);
        const TracePtr t = b.finish();
        const TrackLayout layout = layoutOf(*t);
        TrackGeometry::View view { 0, 1.0, 1000 };
        std::vector<TrackGeometry::Run> runs;
        TrackGeometry::build(layout, TrackId(0), 0, view, runs);
        QCOMPARE(runs.size(), std::size_t(10));
        for (int i = 0; i < 10; ++i) {
            QCOMPARE(runs[i].count, 1u);
            QCOMPARE(runs[i].x0, i * 100.0);
            QCOMPARE(runs[i].x1, i * 100.0 + 60);
        }
    }

    void overlappingOpsAreNeverLost()
    {
        // Two kernels overlapping on one stream, zoomed far out: each lane still shows its op.
        JobBuilder b;
        const std::uint32_t gpu = b.track(b.rank(0), TrackKind::GpuStream, 7);
        b.op(gpu, "long", OpKind::ComputeKernel, 0, 1000);
        b.op(gpu, "inside", OpKind::ComputeKernel, 10, 20);
        const TracePtr t = b.finish();
        const TrackLayout layout = layoutOf(*t);
        TrackGeometry::View view { 0, 1e6, 800 };
        std::uint64_t total = 0;
        for (int lane = 0; lane < layout.laneCount(TrackId(0)); ++lane) {
            std::vector<TrackGeometry::Run> runs;
            TrackGeometry::build(layout, TrackId(0), lane, view, runs);
            total += countOf(runs);
        }
        QCOMPARE(total, std::uint64_t(2));
    }

    void hitTestingAtSeveralZoomLevels()
    {
        // Ops of 1 us every 10 us, and one of 50 us after a gap.
        JobBuilder b;
        const std::uint32_t gpu = b.track(b.rank(0), TrackKind::GpuStream, 7);
        for (int i = 0; i < 1000; ++i)
            b.op(gpu, "k", OpKind::ComputeKernel, i * 10'000, i * 10'000 + 1000);
        const OpId lone = b.op(gpu, "lone", OpKind::ComputeKernel, 20'000'000, 20'050'000);
        const TracePtr t = b.finish();
        const TrackLayout layout = layoutOf(*t);
        for (double nsPerPixel : { 10.0, 1000.0, 100'000.0 }) {
            const TrackGeometry::View view { 0, nsPerPixel, static_cast<int>(21'000'000 / nsPerPixel) };
            // The middle of the lone op is on it at every zoom.
            const auto hit = TrackGeometry::hitTest(layout, TrackId(0), 0, view, view.pixelOf(20'025'000));
            QVERIFY(hit);
            QVERIFY(hit->first <= 1000 && 1000 < hit->first + hit->count);
            QCOMPARE(hit->op, lone.value());
            // Op 500's middle: op 500 itself when zoomed in, a run holding it when zoomed out.
            const auto at = TrackGeometry::hitTest(layout, TrackId(0), 0, view, view.pixelOf(5'000'500));
            QVERIFY(at);
            QVERIFY(at->first <= 500 && 500 < at->first + at->count);
            // The gap before the lone op is empty at every zoom.
            QVERIFY(!TrackGeometry::hitTest(layout, TrackId(0), 0, view, view.pixelOf(15'000'000)));
        }
        // Zoomed in, between two ops is empty.
        const TrackGeometry::View close { 0, 10.0, 2'100'000 };
        QVERIFY(!TrackGeometry::hitTest(layout, TrackId(0), 0, close, close.pixelOf(5'005'000)));
    }

    void widestMatchesAScan()
    {
        JobBuilder b;
        const std::uint32_t gpu = b.track(b.rank(0), TrackKind::GpuStream, 7);
        std::mt19937 random(7);
        TimeNs at = 0;
        const int n = 300'000;
        for (int i = 0; i < n; ++i) {
            const TimeNs d = 1 + static_cast<TimeNs>(random() % 100'000);
            b.op(gpu, "k", OpKind::ComputeKernel, at, at + d);
            at += d;
        }
        const TracePtr t = b.finish();
        const TrackLayout layout = layoutOf(*t);
        for (int trial = 0; trial < 200; ++trial) {
            std::uint32_t a = random() % n, z = random() % n;
            if (a > z)
                std::swap(a, z);
            ++z;
            std::uint32_t best = a;
            for (std::uint32_t i = a; i < z; ++i) {
                if (t->duration(OpId(i)) > t->duration(OpId(best)))
                    best = i;
            }
            QCOMPARE(t->duration(OpId(layout.widest(a, z))), t->duration(OpId(best)));
        }
        QVERIFY(static_cast<double>(layout.memoryBytes()) / n < 5.2); // 4 for the lanes, 1 for each op's lane, the tables
    }

    void replayedTimesLeaveOutWhatWasNotReplayed()
    {
        JobBuilder b;
        const std::uint32_t gpu = b.track(b.rank(0), TrackKind::GpuStream, 7);
        for (int i = 0; i < 4; ++i)
            b.op(gpu, "k", OpKind::ComputeKernel, i * 100, i * 100 + 50);
        const TracePtr t = b.finish();
        // A "replay" that moved op 0 after op 3 and did not replay op 2.
        const std::vector<TimeNs> start { 400, 100, INT64_MIN, 300 }, end { 450, 150, INT64_MIN, 350 };
        const TrackLayout layout = TrackLayout::build(*t, { start, end });
        QCOMPARE(layout.opCount(), std::size_t(3));
        const auto lane = layout.lane(TrackId(0), 0);
        QCOMPARE((std::vector<std::uint32_t>(lane.begin(), lane.end())), (std::vector<std::uint32_t> { 1, 3, 0 }));
    }
};

QTEST_GUILESS_MAIN(TestTrackGeometry)
#include "tst_trackgeometry.moc"
