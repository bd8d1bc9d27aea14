// The counter strip's series: ranks with a GPU op running and communication in flight, on a
// hand-built job with overlapping kernels, a gap, a CPU op that does not count, and a track left out;
// and on a job large enough to be merged in slices of time, against a count made event by event.

#include "core/analysis/activitycounters.h"

#include "jobbuilder.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <map>

using namespace sightline;

using Points = std::vector<std::pair<TimeNs, int>>;

namespace {

// The series counted directly: per time, the change of every rank's busy state and of the transfers in
// flight, then the levels in time order.
std::pair<Points, Points> countedOneByOne(const Trace& t)
{
    std::map<TimeNs, int> busy, comm;
    for (std::uint32_t r = 0; r < t.ranks().size(); ++r) {
        const RankInfo& rank = t.rankInfo(RankId(r));
        std::vector<std::pair<TimeNs, TimeNs>> spans;
        for (std::uint32_t tr = rank.firstTrack; tr < rank.firstTrack + rank.trackCount; ++tr) {
            const TrackInfo& info = t.trackInfo(TrackId(tr));
            for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v) {
                if (t.duration(OpId(v)) > 0)
                    spans.emplace_back(t.start(OpId(v)), t.end(OpId(v)));
                if (isCommunication(t.kind(OpId(v)))) {
                    ++comm[t.start(OpId(v))];
                    --comm[t.end(OpId(v))];
                }
            }
        }
        std::sort(spans.begin(), spans.end());
        for (std::size_t i = 0; i < spans.size();) {
            const TimeNs from = spans[i].first;
            TimeNs to = spans[i].second;
            for (++i; i < spans.size() && spans[i].first <= to; ++i)
                to = std::max(to, spans[i].second);
            ++busy[from];
            --busy[to];
        }
    }
    const auto levels = [](const std::map<TimeNs, int>& changes) {
        Points out;
        int level = 0;
        for (const auto& [time, change] : changes)
            out.emplace_back(time, level += change);
        return out;
    };
    return { levels(busy), levels(comm) };
}

} // namespace

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

    void largeJobMatchesCountingEventByEvent()
    {
        // 32 ranks of two streams of 8 400 ops, one in 21 a transfer, at random times on a grid of 10 ns
        // (so that ranks start and end ops at equal times): some 200 000 events, merged in slices of time.
        QRandomGenerator random(7);
        JobBuilder b;
        for (int r = 0; r < 32; ++r) {
            const std::uint32_t rank = b.rank(r, "node");
            for (int stream = 0; stream < 2; ++stream) {
                const std::uint32_t track = b.track(rank, TrackKind::GpuStream, 7 + stream);
                TimeNs at = random.bounded(50) * 10;
                for (int k = 0; k < 8400; ++k) {
                    const bool transfer = k % 21 == 20;
                    const TimeNs length = random.bounded(8) * 10;
                    b.op(track, transfer ? "ncclAllReduce" : "k", transfer ? OpKind::Collective : OpKind::ComputeKernel, at, at + length);
                    at += random.bounded(12) * 10;
                }
            }
        }
        const auto trace = b.finish();
        const ActivityCounters c = ActivityCounters::compute(*trace);
        const auto [busy, comm] = countedOneByOne(*trace);
        QVERIFY(busy.size() > 40000);
        QCOMPARE(c.busyRanks.points(), busy);
        QCOMPARE(c.commInFlight.points(), comm);
        QCOMPARE(c.highest, std::max(c.busyRanks.highest(), c.commInFlight.highest()));
    }
};

QTEST_GUILESS_MAIN(TestActivityCounters)
#include "tst_activitycounters.moc"
