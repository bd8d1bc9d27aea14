// The immutable Trace model built straight from hand-filled TraceData, without any importer.

#include "core/model/trace.h"

#include <QTest>

#include <algorithm>
#include <random>

using namespace sightline;

namespace {

struct OpSpec {
    std::uint32_t track;
    TimeNs start;
    TimeNs end;
    const char* name;
    OpKind kind;
    std::int32_t step = -1;
    std::int64_t bytes = 0;
};

// Two ranks. Rank 0: CPU thread (ops 0-3) and GPU stream with overlapping kernels (ops 4-7).
// Rank 1: CPU thread (ops 8-9) and an empty track.
TraceData makeData()
{
    TraceData d;
    d.format = "kineto";
    d.worldSize = 4;
    const OpSpec ops[] = {
        { 0, 0, 1000, "ProfilerStep#1", OpKind::Annotation, 1 },
        { 0, 100, 200, "cudaLaunchKernel", OpKind::Runtime, 1 },
        { 0, 300, 400, "cudaLaunchKernel", OpKind::Runtime, 1 },
        { 0, 1000, 1500, "ProfilerStep#2", OpKind::Annotation, 2 },
        { 1, 250, 600, "gemm", OpKind::ComputeKernel, 1 },
        { 1, 400, 900, "ncclKernel_AllReduce_RING_LL_Sum_float", OpKind::Collective, 1, 4096 },
        { 1, 450, 450, "marker", OpKind::ComputeKernel, 1 },
        { 1, 2000, 2100, "late", OpKind::ComputeKernel, -1 },
        { 2, 50, 5000, "ProfilerStep#7", OpKind::Annotation, 7 },
        { 2, 60, 70, "nccl:all_reduce", OpKind::Collective, 7, 4096 },
    };
    d.ranks.resize(2);
    d.ranks[0].rank = 0;
    d.ranks[0].firstTrack = 0;
    d.ranks[0].trackCount = 2;
    d.ranks[0].sourceFile = d.strings.intern("rank0.json");
    d.ranks[0].stepMethod = StepMethod::ProfilerStepMarkers;
    d.ranks[1].rank = 3;
    d.ranks[1].firstTrack = 2;
    d.ranks[1].trackCount = 2;
    d.ranks[1].sourceFile = d.strings.intern("rank3.json");

    auto track = [&d](RankId rank, TrackKind kind, const char* name, std::uint32_t first, std::uint32_t count) {
        TrackInfo t;
        t.rank = rank;
        t.kind = kind;
        t.name = d.strings.intern(name);
        t.firstOp = first;
        t.opCount = count;
        d.tracks.push_back(t);
    };
    track(RankId(0), TrackKind::CpuThread, "thread 1", 0, 4);
    track(RankId(0), TrackKind::GpuStream, "stream 7", 4, 4);
    track(RankId(1), TrackKind::CpuThread, "thread 1", 8, 2);
    track(RankId(1), TrackKind::Other, "empty", 10, 0);

    const StringId cat = d.strings.intern("test");
    for (const OpSpec& o : ops) {
        d.start.push_back(o.start);
        d.end.push_back(o.end);
        d.track.push_back(o.track);
        d.name.push_back(d.strings.intern(o.name).value());
        d.category.push_back(cat.value());
        d.kind.push_back(o.kind);
        d.phase.push_back(Phase::Unknown);
        d.step.push_back(o.step);
        d.bytes.push_back(o.bytes);
    }
    d.phase[4] = Phase::Forward;

    CommArgs c;
    c.collective = d.strings.intern("all_reduce");
    c.processGroup = d.strings.intern("0");
    c.inNelems = 1024;
    c.groupSize = 2;
    d.commArgs.emplace_back(OpId(5), c);
    d.commArgs.emplace_back(OpId(9), c);
    d.shapes.emplace_back(OpId(4), ShapeArgs { d.strings.intern("[[2,3]]"), d.strings.intern("[\"float\"]") });

    // Unsorted on purpose: the Trace sorts links by source.
    d.links.push_back(Link { OpId(2), OpId(5), LinkKind::Launch });
    d.links.push_back(Link { OpId(1), OpId(4), LinkKind::Launch });
    d.links.push_back(Link { OpId(1), OpId(6), LinkKind::Flow });
    d.links.push_back(Link { OpId(9), OpId(5), LinkKind::Flow });

    // Steps out of order across ranks.
    d.steps.push_back(StepSpan { RankId(1), 7, 50, 5000, OpId(8) });
    d.steps.push_back(StepSpan { RankId(0), 2, 1000, 1500, OpId(3) });
    d.steps.push_back(StepSpan { RankId(0), 1, 0, 1000, OpId(0) });

    ProcessGroup pg;
    pg.name = d.strings.intern("0");
    pg.ranks = { 0, 3 };
    d.processGroups.push_back(pg);
    d.counters.push_back(CounterSample { RankId(0), d.strings.intern("memory"), 10, 2.5 });
    d.diagnostics.push_back(
        Diagnostic { ErrorCode::UnmatchedEvent, "rank0.json", 17, 2, Message::plain("end events without begin") });
    return d;
}

} // namespace

class TestTrace : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void accessors();
    void ranksAndTracks();
    void stepsPerRank();
    void links();
    void commArgsAndShapes();
    void forEachOverlapping_data();
    void forEachOverlapping();
    void overlappingOnEmptyTrack();
    void emptyTrace();
    void memoryPerOp();
};

void TestTrace::accessors()
{
    const auto built = Trace::build(makeData());
    QVERIFY2(built.hasValue(), built.hasValue() ? "" : built.status().toString().c_str());
    const Trace& trace = **built;
    QCOMPARE(trace.format(), std::string("kineto"));
    QCOMPARE(trace.worldSize(), 4);
    QCOMPARE(trace.opCount(), std::size_t(10));
    const OpId k(5);
    QCOMPARE(trace.start(k), TimeNs(400));
    QCOMPARE(trace.end(k), TimeNs(900));
    QCOMPARE(trace.duration(k), TimeNs(500));
    QCOMPARE(trace.track(k), TrackId(1));
    QCOMPARE(trace.rank(k), RankId(0));
    QCOMPARE(trace.rank(OpId(9)), RankId(1));
    QCOMPARE(trace.string(trace.name(k)), std::string_view("ncclKernel_AllReduce_RING_LL_Sum_float"));
    QCOMPARE(trace.string(trace.category(k)), std::string_view("test"));
    QCOMPARE(trace.kind(k), OpKind::Collective);
    QCOMPARE(trace.phase(OpId(4)), Phase::Forward);
    QCOMPARE(trace.phase(k), Phase::Unknown);
    QCOMPARE(trace.step(k), 1);
    QCOMPARE(trace.step(OpId(7)), -1);
    QCOMPARE(trace.bytes(k), std::int64_t(4096));
    QCOMPARE(trace.bytes(OpId(4)), std::int64_t(0));
    QCOMPARE(trace.beginTime(), TimeNs(0));
    QCOMPARE(trace.endTime(), TimeNs(5000));
    QCOMPARE(trace.processGroups().size(), std::size_t(1));
    QCOMPARE(trace.processGroups()[0].ranks, (std::vector<std::int32_t> { 0, 3 }));
    QCOMPARE(trace.counters().size(), std::size_t(1));
    QCOMPARE(trace.string(trace.counters()[0].name), std::string_view("memory"));
    QCOMPARE(trace.diagnostics().size(), std::size_t(1));
    QCOMPARE(trace.diagnostics()[0].count, std::int64_t(2));
    QCOMPARE(trace.strings().find("gemm"), trace.name(OpId(4)));
}

void TestTrace::ranksAndTracks()
{
    const auto built = Trace::build(makeData());
    QVERIFY2(built.hasValue(), built.hasValue() ? "" : built.status().toString().c_str());
    const Trace& trace = **built;
    QCOMPARE(trace.ranks().size(), std::size_t(2));
    QCOMPARE(trace.rankInfo(RankId(1)).rank, 3);
    QCOMPARE(trace.string(trace.rankInfo(RankId(1)).sourceFile), std::string_view("rank3.json"));
    QCOMPARE(trace.tracks().size(), std::size_t(4));
    QCOMPARE(trace.trackInfo(TrackId(1)).kind, TrackKind::GpuStream);
    QCOMPARE(trace.string(trace.trackInfo(TrackId(1)).name), std::string_view("stream 7"));
    // The constructor builds every track's index.
    QCOMPARE(trace.trackInfo(TrackId(0)).indexLevel, 2); // 4 ops
    QCOMPARE(trace.trackInfo(TrackId(2)).indexLevel, 1); // 2 ops
    QCOMPARE(trace.trackInfo(TrackId(3)).indexLevel, -1); // empty
}

void TestTrace::stepsPerRank()
{
    const auto built = Trace::build(makeData());
    QVERIFY2(built.hasValue(), built.hasValue() ? "" : built.status().toString().c_str());
    const Trace& trace = **built;
    QCOMPARE(trace.steps().size(), std::size_t(3));
    const std::span<const StepSpan> r0 = trace.steps(RankId(0));
    QCOMPARE(r0.size(), std::size_t(2));
    QCOMPARE(r0[0].number, std::int64_t(1));
    QCOMPARE(r0[1].number, std::int64_t(2));
    QCOMPARE(r0[0].rank, RankId(0));
    QCOMPARE(r0[1].marker, OpId(3));
    const std::span<const StepSpan> r1 = trace.steps(RankId(1));
    QCOMPARE(r1.size(), std::size_t(1));
    QCOMPARE(r1[0].number, std::int64_t(7));
    QCOMPARE(r1[0].end - r1[0].start, TimeNs(4950));
    QCOMPARE(trace.rankInfo(RankId(0)).stepCount, 2u);
    QCOMPARE(trace.rankInfo(RankId(1)).firstStep, 2u);
}

void TestTrace::links()
{
    const auto built = Trace::build(makeData());
    QVERIFY2(built.hasValue(), built.hasValue() ? "" : built.status().toString().c_str());
    const Trace& trace = **built;
    QCOMPARE(trace.links().size(), std::size_t(4));
    for (std::size_t i = 1; i < trace.links().size(); ++i)
        QVERIFY(trace.links()[i - 1].from <= trace.links()[i].from);

    const std::span<const Link> from1 = trace.linksFrom(OpId(1));
    QCOMPARE(from1.size(), std::size_t(2));
    QCOMPARE(from1[0].to, OpId(4));
    QCOMPARE(from1[0].kind, LinkKind::Launch);
    QCOMPARE(from1[1].to, OpId(6));
    QCOMPARE(from1[1].kind, LinkKind::Flow);
    QCOMPARE(trace.linksFrom(OpId(2)).size(), std::size_t(1));
    QVERIFY(trace.linksFrom(OpId(0)).empty());
    QVERIFY(trace.linksFrom(OpId(8)).empty());

    const std::vector<Link> to5 = trace.linksTo(OpId(5));
    QCOMPARE(to5.size(), std::size_t(2));
    std::vector<std::uint32_t> sources { to5[0].from.value(), to5[1].from.value() };
    std::sort(sources.begin(), sources.end());
    QCOMPARE(sources, (std::vector<std::uint32_t> { 2, 9 }));
    QCOMPARE(trace.linksTo(OpId(4)).size(), std::size_t(1));
    QVERIFY(trace.linksTo(OpId(1)).empty());
    QVERIFY(trace.linksTo(OpId(7)).empty());
}

void TestTrace::commArgsAndShapes()
{
    const auto built = Trace::build(makeData());
    QVERIFY2(built.hasValue(), built.hasValue() ? "" : built.status().toString().c_str());
    const Trace& trace = **built;
    for (std::uint32_t i = 0; i < trace.opCount(); ++i) {
        const CommArgs* args = trace.commArgs(OpId(i));
        QCOMPARE(args != nullptr, i == 5 || i == 9);
        if (args) {
            QCOMPARE(trace.string(args->collective), std::string_view("all_reduce"));
            QCOMPARE(trace.string(args->processGroup), std::string_view("0"));
            QCOMPARE(args->inNelems, std::int64_t(1024));
            QCOMPARE(args->outNelems, std::int64_t(-1));
            QCOMPARE(args->groupSize, 2);
        }
        QCOMPARE(trace.shapes(OpId(i)) != nullptr, i == 4);
    }
    QCOMPARE(trace.string(trace.shapes(OpId(4))->dims), std::string_view("[[2,3]]"));
}

void TestTrace::forEachOverlapping_data()
{
    QTest::addColumn<int>("track");
    QTest::addColumn<qint64>("t0");
    QTest::addColumn<qint64>("t1");
    QTest::addColumn<QList<int>>("expected");
    // Stream: 4 [250,600) 5 [400,900) 6 [450,450] 7 [2000,2100)
    QTest::newRow("overlap of two kernels") << 1 << qint64(500) << qint64(501) << QList<int> { 4, 5 };
    QTest::newRow("zero-length kernel") << 1 << qint64(450) << qint64(451) << QList<int> { 4, 5, 6 };
    QTest::newRow("whole stream") << 1 << qint64(0) << qint64(10000) << QList<int> { 4, 5, 6, 7 };
    QTest::newRow("gap") << 1 << qint64(900) << qint64(2000) << QList<int> {};
    QTest::newRow("before") << 1 << qint64(0) << qint64(250) << QList<int> {};
    QTest::newRow("cpu thread") << 0 << qint64(150) << qint64(350) << QList<int> { 0, 1, 2 };
    QTest::newRow("other rank") << 2 << qint64(65) << qint64(66) << QList<int> { 8, 9 };
    QTest::newRow("empty range") << 1 << qint64(500) << qint64(500) << QList<int> {};
}

void TestTrace::forEachOverlapping()
{
    QFETCH(int, track);
    QFETCH(qint64, t0);
    QFETCH(qint64, t1);
    QFETCH(QList<int>, expected);
    const auto built = Trace::build(makeData());
    QVERIFY2(built.hasValue(), built.hasValue() ? "" : built.status().toString().c_str());
    const Trace& trace = **built;
    QList<int> got;
    trace.forEachOverlapping(
        TrackId(static_cast<std::uint32_t>(track)), t0, t1, [&got](OpId op) { got << int(op.value()); });
    QCOMPARE(got, expected);
    std::vector<OpId> ops = trace.opsOverlapping(TrackId(static_cast<std::uint32_t>(track)), t0, t1);
    QCOMPARE(int(ops.size()), expected.size());
    for (std::size_t i = 0; i < ops.size(); ++i)
        QCOMPARE(int(ops[i].value()), expected[int(i)]);
}

void TestTrace::overlappingOnEmptyTrack()
{
    const auto built = Trace::build(makeData());
    QVERIFY2(built.hasValue(), built.hasValue() ? "" : built.status().toString().c_str());
    const Trace& trace = **built;
    QVERIFY(trace.opsOverlapping(TrackId(3), -1000000, 1000000).empty());
}

void TestTrace::emptyTrace()
{
    TraceData d;
    d.format = "chrome";
    const auto built = Trace::build(std::move(d));
    QVERIFY2(built.hasValue(), built.hasValue() ? "" : built.status().toString().c_str());
    const Trace& trace = **built;
    QCOMPARE(trace.opCount(), std::size_t(0));
    QCOMPARE(trace.beginTime(), TimeNs(0));
    QCOMPARE(trace.endTime(), TimeNs(0));
    QVERIFY(trace.links().empty());
    QVERIFY(trace.steps().empty());
}

void TestTrace::memoryPerOp()
{
    constexpr std::size_t kOps = 100000;
    TraceData d;
    d.worldSize = 1;
    d.ranks.resize(1);
    d.ranks[0].rank = 0;
    d.ranks[0].trackCount = 4;
    const std::uint32_t name = d.strings.intern("op").value();
    // Exact-size columns, as an importer that knows its op count fills them.
    d.start.resize(kOps);
    d.end.resize(kOps);
    d.track.resize(kOps);
    d.name.assign(kOps, name);
    d.category.assign(kOps, 0);
    d.kind.assign(kOps, OpKind::CpuOp);
    d.phase.assign(kOps, Phase::Unknown);
    d.step.assign(kOps, -1);
    d.bytes.assign(kOps, 0);
    for (std::uint32_t i = 0; i < kOps; i += 100)
        d.bytes[i] = 4096; // one op in a hundred moves bytes, as communication ops do
    std::mt19937 rng(5);
    for (std::uint32_t t = 0; t < 4; ++t) {
        TrackInfo info;
        info.rank = RankId(0);
        info.firstOp = t * (kOps / 4);
        info.opCount = kOps / 4;
        d.tracks.push_back(info);
        TimeNs time = 0;
        for (std::uint32_t i = info.firstOp; i < info.firstOp + info.opCount; ++i) {
            time += rng() % 1000;
            d.start[i] = time;
            d.end[i] = time + rng() % 5000;
            d.track[i] = t;
        }
    }
    const auto built = Trace::build(std::move(d));
    QVERIFY2(built.hasValue(), built.hasValue() ? "" : built.status().toString().c_str());
    const Trace& trace = **built;
    const std::size_t bytes = trace.memoryBytes();
    QVERIFY(bytes > 0);
    QVERIFY2(bytes < 64 * kOps, qPrintable(QStringLiteral("%1 bytes per op").arg(double(bytes) / kOps)));
    // The dense columns and the index alone are 38 bytes per op; memoryBytes must count them and the
    // sparse bytes.
    QVERIFY(bytes >= 38 * kOps + (kOps / 100) * 12);
    QCOMPARE(trace.bytes(OpId(300)), std::int64_t(4096));
    QCOMPARE(trace.bytes(OpId(301)), std::int64_t(0));
    // Queries still work on a large track.
    const std::vector<OpId> hits
        = trace.opsOverlapping(TrackId(2), trace.start(OpId(60000)), trace.start(OpId(60000)) + 1);
    QVERIFY(std::find(hits.begin(), hits.end(), OpId(60000)) != hits.end());
    for (OpId op : hits)
        QCOMPARE(trace.track(op), TrackId(2));
}

QTEST_GUILESS_MAIN(TestTrace)
#include "tst_trace.moc"
