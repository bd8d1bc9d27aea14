// HostWork: the host work of each step, waits left out, and the two steps of a rank that differ most
// (the host-bound what-if's note names them).

#include "core/analysis/hostwork.h"
#include "core/exec/executiongraph.h"

#include "strategyjobs.h"
#include "testsupport.h"

#include <QTest>

using namespace sightline;
using namespace sightline::strategyjobs;

class TestHostWork : public QObject {
    Q_OBJECT

    // One rank, one or two steps of one host thread (us). Step 1: ProfilerStep#1 [0, 100] holds
    // aten::add [10, 30] and a wait for the device [waitStart, 90]. Step 2: ProfilerStep#2 [100, 200]
    // holds aten::add [110, 140], aten::mul [150, 160] and a wait [165, 195].
    static TracePtr steps(TimeNs waitStart, bool second = true)
    {
        JobBuilder b;
        const std::uint32_t rank = b.rank(0, "node");
        const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
        b.currentStep = 1;
        const OpId first = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, 100 * us);
        b.op(cpu, "aten::add", OpKind::CpuOp, 10 * us, 30 * us);
        b.op(cpu, "cudaDeviceSynchronize", OpKind::Sync, waitStart * us, 90 * us);
        b.step(rank, 1, first);
        if (second) {
            b.currentStep = 2;
            const OpId marker = b.op(cpu, "ProfilerStep#2", OpKind::Annotation, 100 * us, 200 * us);
            b.op(cpu, "aten::add", OpKind::CpuOp, 110 * us, 140 * us);
            b.op(cpu, "aten::mul", OpKind::CpuOp, 150 * us, 160 * us);
            b.op(cpu, "cudaDeviceSynchronize", OpKind::Sync, 165 * us, 195 * us);
            b.step(rank, 2, marker);
        }
        return b.finish();
    }

private Q_SLOTS:
    void perStepAndWidest()
    {
        // Step 1: the add's 20 us and the 10 us before it, the marker's 10 us after its wait: 40 us.
        // Step 2: the add's 30 + 10, the mul's 10 + 10, the marker's last 5: 65 us.
        const auto session = sessionOf(steps(40));
        QVERIFY(session);
        const std::vector<TimeNs> work = HostWork::perStep(*session->measured());
        QCOMPARE(work.size(), std::size_t(2));
        QCOMPARE(work[0], 40 * us);
        QCOMPARE(work[1], 65 * us);
        const HostWork::Spread s = HostWork::widest(*session->measured());
        QCOMPARE(s.fastStep, std::int64_t(1));
        QCOMPARE(s.slowStep, std::int64_t(2));
        QCOMPARE(s.ratio(), 65.0 / 40.0);
        // A longer wait is no more host work.
        const auto waiting = sessionOf(steps(32));
        QVERIFY(waiting);
        QCOMPARE(HostWork::perStep(*waiting->measured())[0], 40 * us);
    }

    void mostWithTheProfilersCostPutBack()
    {
        // Step 2 holds the most (65 us); with a cost per recorded event put back, each of its recorded
        // host events but the wait adds it: the marker, the add and the mul.
        const auto session = sessionOf(steps(40));
        QVERIFY(session);
        QCOMPARE(HostWork::mostWith(*session->measured(), 0), 65 * us);
        QCOMPARE(HostWork::mostWith(*session->measured(), 5 * us), 80 * us);
        // Alone, step 1: its 40 us, the marker and the add.
        const auto first = sessionOf(steps(40, false));
        QVERIFY(first);
        QCOMPARE(HostWork::mostWith(*first->measured(), 5 * us), 50 * us);
    }

    void oneStepHasNoSpread()
    {
        const auto session = sessionOf(steps(40, false));
        QVERIFY(session);
        QCOMPARE(HostWork::perStep(*session->measured()).size(), std::size_t(1));
        QCOMPARE(HostWork::widest(*session->measured()).ratio(), 1.0);
    }
};

QTEST_GUILESS_MAIN(TestHostWork)
#include "tst_hostwork.moc"
