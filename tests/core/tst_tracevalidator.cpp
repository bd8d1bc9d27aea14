// TraceValidator: every broken invariant of a trace model is refused before a Trace exists, naming
// what is wrong and the job's file; a well-formed model passes.

#include "core/model/trace.h"
#include "core/model/tracevalidator.h"

#include <QTest>

#include <functional>

using namespace sightline;

namespace {

// Two ranks, a thread and a stream each, three ops per track, a link, a step, a comm table entry, an
// allocator event and a device.
TraceData wellFormed()
{
    TraceData d;
    d.format = "test";
    d.worldSize = 2;
    const StringId file = d.strings.intern("job.json");
    const StringId name = d.strings.intern("op");
    for (int r = 0; r < 2; ++r) {
        RankInfo info;
        info.rank = r;
        info.sourceFile = file;
        info.firstTrack = static_cast<std::uint32_t>(2 * r);
        info.trackCount = 2;
        d.ranks.push_back(info);
        for (int k = 0; k < 2; ++k) {
            TrackInfo t;
            t.rank = RankId(static_cast<std::uint32_t>(r));
            t.kind = k == 0 ? TrackKind::CpuThread : TrackKind::GpuStream;
            t.firstOp = static_cast<std::uint32_t>(d.start.size());
            t.opCount = 3;
            d.tracks.push_back(t);
            for (int i = 0; i < 3; ++i) {
                d.start.push_back(100 * i);
                d.end.push_back(100 * i + 50);
                d.track.push_back(static_cast<std::uint32_t>(d.tracks.size() - 1));
                d.name.push_back(name.value());
                d.category.push_back(0);
                d.kind.push_back(k == 0 ? OpKind::CpuOp : OpKind::ComputeKernel);
                d.phase.push_back(Phase::Unknown);
                d.step.push_back(0);
                d.bytes.push_back(0);
            }
        }
    }
    d.links.push_back(Link { OpId(0), OpId(3), LinkKind::Launch });
    d.steps.push_back(StepSpan { RankId(0), 0, 0, 250, OpId(0) });
    CommArgs c;
    d.commArgs.emplace_back(OpId(4), c);
    MemoryArgs m;
    m.bytes = -4096;
    m.device = 0;
    m.deviceType = 1;
    d.memory.emplace_back(OpId(1), m);
    d.devices.push_back(DeviceInfo { RankId(1), 0, 1 << 30, StringId(0) });
    return d;
}

} // namespace

class TestTraceValidator : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void wellFormedPasses();
    void brokenIsRefused_data();
    void brokenIsRefused();
};

void TestTraceValidator::wellFormedPasses()
{
    const Status s = TraceValidator::validate(wellFormed());
    QVERIFY2(s.ok(), s.toString().c_str());
    QVERIFY(Trace::build(wellFormed()).hasValue());
}

using Breaker = std::function<void(TraceData&)>;
Q_DECLARE_METATYPE(Breaker)

void TestTraceValidator::brokenIsRefused_data()
{
    QTest::addColumn<Breaker>("breaker");
    QTest::addColumn<QString>("detail");
    QTest::newRow("time beyond 2^62") << Breaker([](TraceData& d) { d.end[1] = TimeNs(1) << 62; }) << QStringLiteral("2^62");
    QTest::newRow("time below -2^62") << Breaker([](TraceData& d) { d.start[0] = -(TimeNs(1) << 62); }) << QStringLiteral("2^62");
    QTest::newRow("ends before it starts") << Breaker([](TraceData& d) { d.end[2] = d.start[2] - 1; }) << QStringLiteral("ends before");
    QTest::newRow("unsorted track") << Breaker([](TraceData& d) { std::swap(d.start[0], d.start[1]); d.end[0] = d.start[0] + 1; })
                                    << QStringLiteral("not sorted");
    QTest::newRow("track id out of range") << Breaker([](TraceData& d) { d.track[4] = 99; }) << QStringLiteral("names another");
    QTest::newRow("string id out of range") << Breaker([](TraceData& d) { d.name[5] = 1000; }) << QStringLiteral("string");
    QTest::newRow("invalid string id") << Breaker([](TraceData& d) { d.ranks[1].host = StringId(); }) << QStringLiteral("string");
    QTest::newRow("process group name") << Breaker([](TraceData& d) { d.processGroups.push_back(ProcessGroup { StringId(), StringId(0), StringId(0), {} }); })
                                        << QStringLiteral("process group");
    QTest::newRow("column too short") << Breaker([](TraceData& d) { d.kind.pop_back(); }) << QStringLiteral("length");
    QTest::newRow("link out of range") << Breaker([](TraceData& d) { d.links.push_back(Link { OpId(1), OpId(77), LinkKind::Flow }); })
                                       << QStringLiteral("link");
    QTest::newRow("step rank out of range") << Breaker([](TraceData& d) { d.steps[0].rank = RankId(5); }) << QStringLiteral("step");
    QTest::newRow("step ends before it starts") << Breaker([](TraceData& d) { d.steps[0].end = -5; }) << QStringLiteral("step");
    QTest::newRow("step marker out of range") << Breaker([](TraceData& d) { d.steps[0].marker = OpId(500); }) << QStringLiteral("marker");
    QTest::newRow("comm table unsorted") << Breaker([](TraceData& d) { d.commArgs.emplace_back(OpId(2), CommArgs {}); })
                                         << QStringLiteral("sorted");
    QTest::newRow("comm string out of range") << Breaker([](TraceData& d) { d.commArgs[0].second.dtype = StringId(999); })
                                              << QStringLiteral("string");
    QTest::newRow("track outside its rank") << Breaker([](TraceData& d) { d.tracks[1].rank = RankId(1); }) << QStringLiteral("rank");
    QTest::newRow("ops outside every track") << Breaker([](TraceData& d) { d.tracks[3].opCount = 2; }) << QStringLiteral("no track");
    QTest::newRow("rank beyond world size") << Breaker([](TraceData& d) { d.ranks[1].rank = 2; }) << QStringLiteral("world size");
    QTest::newRow("rank twice") << Breaker([](TraceData& d) { d.ranks[1].rank = 0; }) << QStringLiteral("twice");
    QTest::newRow("world smaller than ranks") << Breaker([](TraceData& d) { d.worldSize = 1; }) << QStringLiteral("world size");
    QTest::newRow("negative bytes") << Breaker([](TraceData& d) { d.bytes[3] = -1; }) << QStringLiteral("bytes");
    QTest::newRow("allocator table unsorted") << Breaker([](TraceData& d) { d.memory.emplace_back(OpId(0), MemoryArgs {}); })
                                              << QStringLiteral("allocator events");
    QTest::newRow("allocator event op out of range") << Breaker([](TraceData& d) { d.memory[0].first = OpId(700); })
                                                     << QStringLiteral("allocator events");
    QTest::newRow("allocation of a petabyte") << Breaker([](TraceData& d) { d.memory[0].second.bytes = MemoryArgs::kLimit; })
                                              << QStringLiteral("out of range");
    QTest::newRow("negative allocator total") << Breaker([](TraceData& d) { d.memory[0].second.totalAllocated = -2; })
                                              << QStringLiteral("out of range");
    QTest::newRow("device of no rank") << Breaker([](TraceData& d) { d.devices[0].rank = RankId(9); }) << QStringLiteral("device");
    QTest::newRow("device with negative memory") << Breaker([](TraceData& d) { d.devices[0].memoryBytes = -7; })
                                                 << QStringLiteral("device");
    QTest::newRow("counter not finite") << Breaker([](TraceData& d) {
        d.counters.push_back(CounterSample { RankId(0), StringId(0), 5, std::numeric_limits<double>::quiet_NaN() });
    }) << QStringLiteral("counter");
}

void TestTraceValidator::brokenIsRefused()
{
    QFETCH(Breaker, breaker);
    QFETCH(QString, detail);
    TraceData d = wellFormed();
    breaker(d);
    const Status s = TraceValidator::validate(d);
    QVERIFY(!s.ok());
    QCOMPARE(s.code(), ErrorCode::ValueOutOfRange);
    QCOMPARE(s.file(), std::string("job.json"));
    QVERIFY2(QString::fromStdString(s.detail()).contains(detail), s.detail().c_str());
    const auto built = Trace::build(std::move(d));
    QVERIFY(!built.hasValue());
    QCOMPARE(built.status().detail(), s.detail());
}

QTEST_GUILESS_MAIN(TestTraceValidator)
#include "tst_tracevalidator.moc"
