// The counter strip's series: ranks with a GPU op running and communication in flight, on a
// hand-built job with overlapping kernels, a gap, a CPU op that does not count, and a track left out.

#include "core/analysis/activitycounters.h"

#include "jobbuilder.h"

#include <QTest>

using namespace sightline;

using Points = std::vector<std::pair<TimeNs, int>>;

class TestActivityCounters : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void countsRanksAndTransfers()
    {
        JobBuilder b;
        // Rank 0: two overlapping kernels on two streams [0, 30) ∪ [20, 50), and an all-reduce [60, 80).
        const std::uint32_t r0 = b.rank(0, "node");
        const std::uint32_t s7 = b.track(r0, TrackKind::GpuStream, 7);
        const std::uint32_t s8 = b.track(r0, TrackKind::GpuStream, 8);
        b.op(s7, "k1", OpKind::ComputeKernel, 0, 30);
        b.op(s8, "k2", OpKind::ComputeKernel, 20, 50);
        b.op(s8, "ncclAllReduce", OpKind::Collective, 60, 80);
        // Rank 1: a kernel [10, 70), its all-reduce [70, 80), and a CPU op that counts for neither.
        const std::uint32_t r1 = b.rank(1, "node");
        const std::uint32_t cpu = b.track(r1, TrackKind::CpuThread, 1);
        const std::uint32_t s1 = b.track(r1, TrackKind::GpuStream, 7);
        b.op(cpu, "aten::mm", OpKind::CpuOp, 0, 100);
        b.op(s1, "k3", OpKind::ComputeKernel, 10, 70);
        b.op(s1, "ncclAllReduce", OpKind::Collective, 70, 80);
        const auto trace = b.finish();
        const ActivityCounters c = ActivityCounters::compute(*trace);
        QCOMPARE(c.busyRanks.points(), (Points { { 0, 1 }, { 10, 2 }, { 50, 1 }, { 60, 2 }, { 80, 0 } }));
        QCOMPARE(c.commInFlight.points(), (Points { { 60, 1 }, { 70, 2 }, { 80, 0 } }));
        QCOMPARE(c.highest, 2);
        // Only rank 1's stream counted.
        std::vector<std::uint8_t> counted(trace->tracks().size(), 0);
        counted[s1] = 1;
        const ActivityCounters one = ActivityCounters::compute(*trace, counted);
        QCOMPARE(one.busyRanks.points(), (Points { { 10, 1 }, { 80, 0 } }));
        QCOMPARE(one.commInFlight.points(), (Points { { 70, 1 }, { 80, 0 } }));
    }

    void joinsNestedAndBackToBackOps()
    {
        // One stream: a kernel with one inside it [100, 200) ⊃ [120, 150), one right after [200, 210),
        // a gap, [230, 240) with an empty op at 235; and a second stream's kernel [205, 235) that
        // bridges the gap. The rank is busy [100, 240) once, and the first stream alone [100, 210)
        // then [230, 240).
        JobBuilder b;
        const std::uint32_t r0 = b.rank(0, "node");
        const std::uint32_t s7 = b.track(r0, TrackKind::GpuStream, 7);
        const std::uint32_t s8 = b.track(r0, TrackKind::GpuStream, 8);
        b.op(s7, "outer", OpKind::ComputeKernel, 100, 200);
        b.op(s7, "inner", OpKind::ComputeKernel, 120, 150);
        b.op(s7, "next", OpKind::ComputeKernel, 200, 210);
        b.op(s7, "later", OpKind::ComputeKernel, 230, 240);
        b.op(s7, "empty", OpKind::ComputeKernel, 235, 235);
        b.op(s8, "bridge", OpKind::ComputeKernel, 205, 235);
        const auto trace = b.finish();
        QCOMPARE(ActivityCounters::compute(*trace).busyRanks.points(), (Points { { 100, 1 }, { 240, 0 } }));
        std::vector<std::uint8_t> counted(trace->tracks().size(), 0);
        counted[s7] = 1;
        QCOMPARE(ActivityCounters::compute(*trace, counted).busyRanks.points(), (Points { { 100, 1 }, { 210, 0 }, { 230, 1 }, { 240, 0 } }));
    }
};

QTEST_GUILESS_MAIN(TestActivityCounters)
#include "tst_activitycounters.moc"
