// The Chrome/Kineto JSON importer, end to end through TraceLoader: timestamps, slices, tracks, links,
// steps, communication arguments, and every way a file can be broken.

#include "core/graph/dependencygraph.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"

#include "testsupport.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <map>
#include <set>

using namespace sightline;

Q_DECLARE_METATYPE(ErrorCode)

namespace {

using TracePtr = std::shared_ptr<const Trace>;

// The first op with this name, or an invalid id.
OpId opNamed(const Trace& trace, std::string_view name, std::size_t skip = 0)
{
    for (std::uint32_t i = 0; i < trace.opCount(); ++i) {
        if (trace.string(trace.name(OpId(i))) == name && skip-- == 0)
            return OpId(i);
    }
    return OpId();
}

int countNamed(const Trace& trace, std::string_view name)
{
    int n = 0;
    for (std::uint32_t i = 0; i < trace.opCount(); ++i)
        n += trace.string(trace.name(OpId(i))) == name;
    return n;
}

const Diagnostic* diagnostic(const Trace& trace, ErrorCode code)
{
    for (const Diagnostic& d : trace.diagnostics()) {
        if (d.code == code)
            return &d;
    }
    return nullptr;
}

std::int64_t diagnosticCount(const Trace& trace, ErrorCode code)
{
    std::int64_t n = 0;
    for (const Diagnostic& d : trace.diagnostics()) {
        if (d.code == code)
            n += d.count;
    }
    return n;
}

QByteArray events(const QList<QByteArray>& list)
{
    return "{\"traceEvents\":[\n" + list.join(",\n") + "\n]}\n";
}

QByteArray gzip(const QByteArray& text)
{
    QByteArray out(static_cast<qsizetype>(compressBound(text.size()) + 64), Qt::Uninitialized);
    z_stream zs {};
    deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.constData()));
    zs.avail_in = static_cast<uInt>(text.size());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    const int ret = deflate(&zs, Z_FINISH);
    out.resize(ret == Z_STREAM_END ? static_cast<qsizetype>(zs.total_out) : 0);
    deflateEnd(&zs);
    return out;
}

QByteArray gunzip(const QByteArray& bytes)
{
    QByteArray out;
    z_stream zs {};
    if (inflateInit2(&zs, 15 + 32) != Z_OK)
        return out;
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.constData()));
    zs.avail_in = static_cast<uInt>(bytes.size());
    char buffer[1 << 16];
    int ret = Z_OK;
    while (ret == Z_OK) {
        zs.next_out = reinterpret_cast<Bytef*>(buffer);
        zs.avail_out = sizeof buffer;
        ret = inflate(&zs, Z_NO_FLUSH);
        out.append(buffer, static_cast<qsizetype>(sizeof buffer - zs.avail_out));
    }
    inflateEnd(&zs);
    return ret == Z_STREAM_END ? out : QByteArray();
}

// The (from, to) pairs of a trace's links of one kind.
std::set<std::pair<std::uint32_t, std::uint32_t>> linkPairs(const Trace& trace, LinkKind kind)
{
    std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
    for (const Link& l : trace.links()) {
        if (l.kind == kind)
            pairs.emplace(l.from.value(), l.to.value());
    }
    return pairs;
}

QByteArray zstd(const QByteArray& text)
{
    QByteArray out(static_cast<qsizetype>(ZSTD_compressBound(text.size())), Qt::Uninitialized);
    const std::size_t n = ZSTD_compress(out.data(), out.size(), text.constData(), text.size(), 3);
    out.resize(ZSTD_isError(n) ? 0 : static_cast<qsizetype>(n));
    return out;
}

} // namespace

// Loads `text` written to `file` (in m_dir) into `var` (const Trace&), failing the test if it does not load.
#define LOAD_TRACE(var, file, text)                                                                                    \
    const std::string var##Path = writeFile(file, text);                                                               \
    Expected<TracePtr> var##Loaded = TraceLoader::load({ var##Path });                                                 \
    QVERIFY2(var##Loaded.hasValue(), var##Loaded.hasValue() ? "" : qPrintable(describe(var##Loaded.status())));        \
    const Trace& var = **var##Loaded

class TestChromeTraceImporter : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void completeEventsIntegerMicroseconds();
    void floatTimestampsWithBaseTime_data();
    void floatTimestampsWithBaseTime();
    void beginEndPairs();
    void unclosedBegin();
    void instantEvents();
    void streamStringTidIsNumericTid();
    void digitStringTidIsNumericTid();
    void metadataEvents();
    void overlappingKernelsOnOneStream();
    void launchLinkFromCorrelation();
    void forwardBackwardFlow();
    void autogradNodesAreBackward();
    void sequenceNumbersPairForwardAndBackward();
    void sequenceNumbersYieldToFlows();
    void sequenceLinksMatchFlows_data();
    void sequenceLinksMatchFlows();
    void ac2gFlowsAreDeduplicated();
    void profilerSteps();
    void communicationArguments();
    void argumentAbove2To63();
    void counterEvents();
    void legacyBareArray();
    void unterminatedArray_data();
    void unterminatedArray();
    void compressedInputs_data();
    void compressedInputs();

    void fileErrors_data();
    void fileErrors();
    void skippedEvents_data();
    void skippedEvents();
    void byteLevelErrors_data();
    void byteLevelErrors();
    void deepNestingLoads();
    void unusableArgumentsAreIgnored_data();
    void unusableArgumentsAreIgnored();
    void byteOrderMarkIsSkipped();
    void flowCyclesAreDropped_data();
    void flowCyclesAreDropped();
    void processGroupWithoutName();
    void baseTimeBeyondRangeKeepsTimesRelative();
    void tensorListShapesAreKept();
    void oversizedArgumentsAreUnknown();
    void onlyInvalidEventsFail();
    void memoryEventsAreKept();
    void unusableMemoryEvents_data();
    void unusableMemoryEvents();
    void deviceProperties();

private:
    std::string writeFile(const QString& name, const QByteArray& bytes);
    QTemporaryDir m_dir;
};

void TestChromeTraceImporter::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

std::string TestChromeTraceImporter::writeFile(const QString& name, const QByteArray& bytes)
{
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return toStd(path);
}

void TestChromeTraceImporter::completeEventsIntegerMicroseconds()
{
    LOAD_TRACE(trace, QStringLiteral("complete.json"),
        events({
            R"({"ph":"X","cat":"cpu_op","name":"aten::mm","pid":10,"tid":11,"ts":1694128201436255,"dur":120})",
            R"({"ph":"X","cat":"cpu_op","name":"aten::add","pid":10,"tid":11,"ts":1694128201436400,"dur":0})",
        }));
    QCOMPARE(trace.opCount(), std::size_t(2));
    QCOMPARE(trace.format(), std::string("chrome"));
    QCOMPARE(trace.worldSize(), 1);
    QCOMPARE(trace.ranks().size(), std::size_t(1));
    QCOMPARE(trace.string(trace.rankInfo(RankId(0)).sourceFile), std::string_view(tracePath));
    const OpId mm = opNamed(trace, "aten::mm");
    const OpId add = opNamed(trace, "aten::add");
    QVERIFY(mm.isValid() && add.isValid());
    QCOMPARE(trace.start(mm), TimeNs(1694128201436255000));
    QCOMPARE(trace.end(mm), TimeNs(1694128201436375000));
    QCOMPARE(trace.duration(mm), TimeNs(120000));
    QCOMPARE(trace.start(add), TimeNs(1694128201436400000));
    QCOMPARE(trace.duration(add), TimeNs(0));
    QCOMPARE(trace.string(trace.category(mm)), std::string_view("cpu_op"));
    QCOMPARE(trace.kind(mm), OpKind::CpuOp);
    QCOMPARE(trace.track(mm), trace.track(add));
    const TrackInfo& t = trace.trackInfo(trace.track(mm));
    QCOMPARE(t.kind, TrackKind::CpuThread);
    QCOMPARE(t.pid, std::int64_t(10));
    QCOMPARE(t.tid, std::int64_t(11));
    QCOMPARE(trace.beginTime(), TimeNs(1694128201436255000));
    QCOMPARE(trace.endTime(), TimeNs(1694128201436400000));
    QVERIFY(trace.diagnostics().empty());
}

void TestChromeTraceImporter::floatTimestampsWithBaseTime_data()
{
    QTest::addColumn<bool>("baseFirst");
    QTest::newRow("base before events") << true;
    QTest::newRow("base after events") << false;
}

void TestChromeTraceImporter::floatTimestampsWithBaseTime()
{
    QFETCH(bool, baseFirst);
    const QByteArray base = R"("baseTimeNanoseconds":1711964646000000000)";
    const QByteArray list
        = "\"traceEvents\":[\n"
          R"({"ph":"X","cat":"cpu_op","name":"a","pid":1,"tid":1,"ts":436255.123,"dur":1.5},)"
          "\n"
          R"({"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":4458677009853.422,"dur":2636.669},)"
          "\n"
          R"({"ph":"X","cat":"cpu_op","name":"b","pid":1,"tid":1,"ts":0.001,"dur":0.0005})"
          "\n]";
    const QByteArray text = "{\"schemaVersion\":1," + (baseFirst ? base + "," + list : list + "," + base)
        + ",\"distributedInfo\":{\"rank\":0,\"world_size\":1}}";
    LOAD_TRACE(trace, QStringLiteral("basetime.json"), text);
    QCOMPARE(trace.format(), std::string("kineto"));
    const TimeNs kBase = 1711964646000000000;
    const OpId a = opNamed(trace, "a");
    const OpId k = opNamed(trace, "k");
    const OpId b = opNamed(trace, "b");
    QVERIFY(a.isValid() && k.isValid() && b.isValid());
    QCOMPARE(trace.start(a), kBase + 436255123);
    QCOMPARE(trace.end(a), kBase + 436256623);
    QCOMPARE(trace.start(k), kBase + 4458677009853422);
    QCOMPARE(trace.duration(k), TimeNs(2636669));
    QCOMPARE(trace.start(b), kBase + 1);
    QCOMPARE(trace.duration(b), TimeNs(1)); // 0.5 ns rounds half away from zero
}

void TestChromeTraceImporter::beginEndPairs()
{
    const QByteArray unmatched = R"({"ph":"E","pid":1,"tid":2,"ts":60})";
    const QByteArray text = events({
        R"({"ph":"B","name":"outer","pid":1,"tid":1,"ts":10})",
        R"({"ph":"B","name":"inner","pid":1,"tid":1,"ts":20,"args":{"x":1}})",
        R"({"ph":"E","pid":1,"tid":1,"ts":30})",
        R"({"ph":"X","name":"sibling","pid":1,"tid":1,"ts":35,"dur":5})",
        R"({"ph":"E","pid":1,"tid":1,"ts":50})",
        unmatched,
    });
    LOAD_TRACE(trace, QStringLiteral("begin_end.json"), text);
    QCOMPARE(trace.opCount(), std::size_t(3));
    const OpId outer = opNamed(trace, "outer");
    const OpId inner = opNamed(trace, "inner");
    const OpId sibling = opNamed(trace, "sibling");
    QVERIFY(outer.isValid() && inner.isValid() && sibling.isValid());
    QCOMPARE(trace.start(outer), TimeNs(10000));
    QCOMPARE(trace.end(outer), TimeNs(50000));
    QCOMPARE(trace.start(inner), TimeNs(20000));
    QCOMPARE(trace.end(inner), TimeNs(30000));
    // Sorted by start within the track: outer, inner, sibling.
    QVERIFY(outer < inner && inner < sibling);
    QCOMPARE(diagnosticCount(trace, ErrorCode::UnmatchedEvent), std::int64_t(1));
    const Diagnostic* d = diagnostic(trace, ErrorCode::UnmatchedEvent);
    QVERIFY(d);
    QCOMPARE(d->file, tracePath);
    QCOMPARE(d->firstByteOffset, std::int64_t(text.indexOf(unmatched)));
}

void TestChromeTraceImporter::unclosedBegin()
{
    LOAD_TRACE(trace, QStringLiteral("unclosed.json"),
        events({
            R"({"ph":"B","name":"open","pid":1,"tid":1,"ts":10})",
            R"({"ph":"X","name":"later","pid":1,"tid":1,"ts":20,"dur":100})",
            R"({"ph":"X","name":"other thread","pid":1,"tid":2,"ts":5,"dur":50})",
        }));
    const OpId open = opNamed(trace, "open");
    QVERIFY(open.isValid());
    QCOMPARE(trace.start(open), TimeNs(10000));
    QCOMPARE(trace.end(open), TimeNs(120000)); // the end of the trace
    QCOMPARE(diagnosticCount(trace, ErrorCode::UnmatchedEvent), std::int64_t(1));
    QCOMPARE(diagnostic(trace, ErrorCode::UnmatchedEvent)->file, tracePath);
}

void TestChromeTraceImporter::instantEvents()
{
    LOAD_TRACE(trace, QStringLiteral("instant.json"),
        events({
            R"({"ph":"X","name":"slice","pid":1,"tid":1,"ts":10,"dur":10})",
            R"({"ph":"i","s":"t","name":"mark","pid":1,"tid":1,"ts":15})",
            R"({"ph":"I","name":"global mark","pid":1,"tid":1,"ts":25.5,"s":"g"})",
        }));
    QCOMPARE(trace.opCount(), std::size_t(3));
    const OpId mark = opNamed(trace, "mark");
    const OpId global = opNamed(trace, "global mark");
    QVERIFY(mark.isValid() && global.isValid());
    QCOMPARE(trace.start(mark), TimeNs(15000));
    QCOMPARE(trace.end(mark), TimeNs(15000));
    QCOMPARE(trace.start(global), TimeNs(25500));
    QCOMPARE(trace.duration(global), TimeNs(0));
    // A zero-length op is found by a query at its instant.
    const std::vector<OpId> hits = trace.opsOverlapping(trace.track(mark), 15000, 15001);
    QVERIFY(std::find(hits.begin(), hits.end(), mark) != hits.end());
    QVERIFY(std::find(hits.begin(), hits.end(), opNamed(trace, "slice")) != hits.end());
}

void TestChromeTraceImporter::streamStringTidIsNumericTid()
{
    LOAD_TRACE(trace, QStringLiteral("stream_tid.json"),
        events({
            R"({"ph":"X","cat":"Kernel","name":"k1","pid":0,"tid":"stream 7","ts":100,"dur":10})",
            R"({"ph":"X","cat":"kernel","name":"k2","pid":0,"tid":7,"ts":200,"dur":10})",
            R"({"ph":"X","cat":"kernel","name":"k3","pid":0,"tid":"stream 8","ts":150,"dur":10})",
        }));
    const OpId k1 = opNamed(trace, "k1");
    const OpId k2 = opNamed(trace, "k2");
    const OpId k3 = opNamed(trace, "k3");
    QVERIFY(k1.isValid() && k2.isValid() && k3.isValid());
    QCOMPARE(trace.track(k1), trace.track(k2));
    QVERIFY(trace.track(k1) != trace.track(k3));
    const TrackInfo& t = trace.trackInfo(trace.track(k1));
    QCOMPARE(t.kind, TrackKind::GpuStream);
    QCOMPARE(t.pid, std::int64_t(0));
    QCOMPARE(t.tid, std::int64_t(7));
    QCOMPARE(t.device, 0);
    QCOMPARE(t.opCount, 2u);
    QCOMPARE(trace.kind(k1), OpKind::ComputeKernel);
}

void TestChromeTraceImporter::digitStringTidIsNumericTid()
{
    LOAD_TRACE(trace, QStringLiteral("digit_tid.json"),
        events({
            R"({"ph":"X","cat":"Operator","name":"a","pid":25738,"tid":"25738","ts":100,"dur":10})",
            R"({"ph":"X","cat":"Operator","name":"b","pid":"25738","tid":25738,"ts":200,"dur":10})",
            R"({"ph":"X","cat":"Operator","name":"c","pid":25738,"tid":"main","ts":300,"dur":10})",
        }));
    const OpId a = opNamed(trace, "a");
    const OpId b = opNamed(trace, "b");
    const OpId c = opNamed(trace, "c");
    QVERIFY(a.isValid() && b.isValid() && c.isValid());
    QCOMPARE(trace.track(a), trace.track(b));
    QVERIFY(trace.track(a) != trace.track(c));
    const TrackInfo& t = trace.trackInfo(trace.track(a));
    QCOMPARE(t.kind, TrackKind::CpuThread);
    QCOMPARE(t.tid, std::int64_t(25738));
    QCOMPARE(t.pid, std::int64_t(25738));
    // A named thread keeps its name.
    QCOMPARE(trace.string(trace.trackInfo(trace.track(c)).name), std::string_view("main"));
}

void TestChromeTraceImporter::metadataEvents()
{
    LOAD_TRACE(trace, QStringLiteral("metadata.json"),
        events({
            R"({"ph":"M","name":"process_name","pid":1,"tid":0,"args":{"name":"python3"}})",
            R"({"ph":"M","name":"thread_name","pid":1,"tid":2,"args":{"name":"MainThread"}})",
            R"({"ph":"M","name":"thread_sort_index","pid":1,"tid":2,"args":{"sort_index":5}})",
            R"({"ph":"M","name":"process_labels","pid":3,"tid":0,"args":{"labels":"GPU 3"}})",
            R"({"ph":"M","name":"thread_name","pid":3,"tid":9,"args":{"name":"stream 9"}})",
            R"({"ph":"X","cat":"cpu_op","name":"a","pid":1,"tid":2,"ts":1,"dur":1})",
            R"({"ph":"X","cat":"cpu_op","name":"b","pid":1,"tid":4,"ts":1,"dur":1})",
            R"({"ph":"X","name":"k","pid":3,"tid":9,"ts":1,"dur":1})",
            R"({"ph":"X","name":"k other stream","pid":3,"tid":10,"ts":1,"dur":1})",
        }));
    const OpId a = opNamed(trace, "a");
    const OpId b = opNamed(trace, "b");
    const OpId k = opNamed(trace, "k");
    const OpId k2 = opNamed(trace, "k other stream");
    QVERIFY(a.isValid() && b.isValid() && k.isValid() && k2.isValid());
    const TrackInfo& main = trace.trackInfo(trace.track(a));
    QCOMPARE(trace.string(main.name), std::string_view("MainThread"));
    QCOMPARE(main.sortIndex, 5);
    QCOMPARE(main.kind, TrackKind::CpuThread);
    QCOMPARE(trace.string(trace.trackInfo(trace.track(b)).name), std::string_view("thread 4"));
    // "GPU 3" labels every track of pid 3 as a stream of device 3.
    for (OpId op : { k, k2 }) {
        const TrackInfo& t = trace.trackInfo(trace.track(op));
        QCOMPARE(t.kind, TrackKind::GpuStream);
        QCOMPARE(t.device, 3);
        QCOMPARE(trace.kind(op), OpKind::ComputeKernel);
    }
    QCOMPARE(trace.string(trace.trackInfo(trace.track(k)).name), std::string_view("stream 9"));
    const RankInfo& rank = trace.rankInfo(RankId(0));
    QCOMPARE(rank.pid, std::int64_t(1));
    QCOMPARE(trace.string(rank.processName), std::string_view("python3"));
    // CPU threads come before GPU streams.
    QVERIFY(trace.track(a) < trace.track(k));
    QVERIFY(trace.track(b) < trace.track(k2));
}

void TestChromeTraceImporter::overlappingKernelsOnOneStream()
{
    LOAD_TRACE(trace, QStringLiteral("overlap.json"),
        events({
            R"({"ph":"X","cat":"kernel","name":"A","pid":0,"tid":7,"ts":100,"dur":100})",
            R"({"ph":"X","cat":"kernel","name":"B","pid":0,"tid":7,"ts":150,"dur":100})",
            R"({"ph":"X","cat":"kernel","name":"C","pid":0,"tid":7,"ts":300,"dur":10})",
        }));
    QCOMPARE(trace.opCount(), std::size_t(3));
    const OpId a = opNamed(trace, "A");
    const OpId b = opNamed(trace, "B");
    QVERIFY(a.isValid() && b.isValid());
    QCOMPARE(trace.track(a), trace.track(b));
    QCOMPARE(trace.duration(a), TimeNs(100000));
    QCOMPARE(trace.duration(b), TimeNs(100000));
    QCOMPARE(trace.opsOverlapping(trace.track(a), 160000, 170000), (std::vector<OpId> { a, b }));
    QCOMPARE(trace.opsOverlapping(trace.track(a), 210000, 220000), (std::vector<OpId> { b }));
    QCOMPARE(trace.opsOverlapping(trace.track(a), 0, 1000000).size(), std::size_t(3));
    QCOMPARE(trace.opsOverlapping(trace.track(a), 260000, 300000).size(), std::size_t(0));
}

void TestChromeTraceImporter::launchLinkFromCorrelation()
{
    LOAD_TRACE(trace, QStringLiteral("launch.json"),
        events({
            R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":100,"dur":5,"args":{"correlation":42,"External id":7}})",
            R"({"ph":"X","cat":"kernel","name":"volta_sgemm","pid":0,"tid":7,"ts":110,"dur":50,"args":{"correlation":42,"device":0,"stream":7}})",
            R"({"ph":"X","cat":"kernel","name":"orphan kernel","pid":0,"tid":7,"ts":200,"dur":5,"args":{"correlation":43}})",
            R"({"ph":"X","cat":"cuda_runtime","name":"cudaMemcpyAsync","pid":1,"tid":1,"ts":120,"dur":5,"args":{"correlation":44}})",
            R"j({"ph":"X","cat":"gpu_memcpy","name":"Memcpy DtoH (Device -> Pinned)","pid":0,"tid":8,"ts":130,"dur":5,"args":{"correlation":44}})j",
            R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":140,"dur":5,"args":{"correlation":45}})",
        }));
    const OpId launch = opNamed(trace, "cudaLaunchKernel");
    const OpId kernel = opNamed(trace, "volta_sgemm");
    const OpId copy = opNamed(trace, "cudaMemcpyAsync");
    const OpId memcpy = opNamed(trace, "Memcpy DtoH (Device -> Pinned)");
    QVERIFY(launch.isValid() && kernel.isValid() && copy.isValid() && memcpy.isValid());
    QCOMPARE(trace.kind(launch), OpKind::Runtime);
    QCOMPARE(trace.kind(kernel), OpKind::ComputeKernel);
    QCOMPARE(trace.kind(memcpy), OpKind::Memcpy);

    const std::span<const Link> from = trace.linksFrom(launch);
    QCOMPARE(from.size(), std::size_t(1));
    QCOMPARE(from[0].from, launch);
    QCOMPARE(from[0].to, kernel);
    QCOMPARE(from[0].kind, LinkKind::Launch);
    const std::vector<Link> to = trace.linksTo(kernel);
    QCOMPARE(to.size(), std::size_t(1));
    QCOMPARE(to[0].from, launch);

    QCOMPARE(trace.linksFrom(copy).size(), std::size_t(1));
    QCOMPARE(trace.linksFrom(copy)[0].to, memcpy);
    QVERIFY(trace.linksTo(opNamed(trace, "orphan kernel")).empty());
    QVERIFY(trace.linksFrom(opNamed(trace, "cudaLaunchKernel", 1)).empty());
    QCOMPARE(trace.links().size(), std::size_t(2));
}

void TestChromeTraceImporter::forwardBackwardFlow()
{
    LOAD_TRACE(trace, QStringLiteral("fwdbwd.json"),
        events({
            R"({"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":100,"dur":100})",
            R"({"ph":"X","cat":"cpu_op","name":"MmBackward0","pid":1,"tid":2,"ts":300,"dur":100})",
            R"({"ph":"s","id":5,"pid":1,"tid":1,"ts":100,"cat":"fwdbwd","name":"fwdbwd"})",
            R"({"ph":"f","id":5,"pid":1,"tid":2,"ts":300,"cat":"fwdbwd","name":"fwdbwd","bp":"e"})",
            R"({"ph":"X","cat":"cpu_op","name":"unrelated","pid":1,"tid":1,"ts":500,"dur":10})",
        }));
    const OpId fwd = opNamed(trace, "aten::mm");
    const OpId bwd = opNamed(trace, "MmBackward0");
    QVERIFY(fwd.isValid() && bwd.isValid());
    const std::span<const Link> from = trace.linksFrom(fwd);
    QCOMPARE(from.size(), std::size_t(1));
    QCOMPARE(from[0].to, bwd);
    QCOMPARE(from[0].kind, LinkKind::ForwardBackward);
    QCOMPARE(trace.linksTo(bwd).size(), std::size_t(1));
    QCOMPARE(trace.phase(fwd), Phase::Forward);
    QCOMPARE(trace.phase(bwd), Phase::Backward);
    QCOMPARE(trace.phase(opNamed(trace, "unrelated")), Phase::Unknown);
}

void TestChromeTraceImporter::autogradNodesAreBackward()
{
    // Traces without evaluate_function spans (the 2021 schema) name autograd nodes alone; they and what
    // they nest are backward work. Names that merely contain "Backward" are not nodes.
    LOAD_TRACE(trace, QStringLiteral("nodes.json"),
        events({
            R"({"ph":"X","cat":"Operator","name":"aten::conv2d","pid":1,"tid":1,"ts":100,"dur":100})",
            R"({"ph":"X","cat":"Operator","name":"CudnnConvolutionBackward","pid":1,"tid":2,"ts":300,"dur":100})",
            R"({"ph":"X","cat":"Operator","name":"aten::cudnn_convolution_backward","pid":1,"tid":2,"ts":310,"dur":80})",
            R"({"ph":"X","cat":"Operator","name":"AddBackward0","pid":1,"tid":2,"ts":420,"dur":10})",
            R"({"ph":"X","cat":"Operator","name":"torch::autograd::AccumulateGrad","pid":1,"tid":2,"ts":440,"dur":10})",
            R"({"ph":"X","cat":"Operator","name":"my Backward","pid":1,"tid":3,"ts":500,"dur":10})",
            R"({"ph":"X","cat":"Operator","name":"Backward","pid":1,"tid":3,"ts":520,"dur":10})",
        }));
    for (const char* name : { "CudnnConvolutionBackward", "aten::cudnn_convolution_backward", "AddBackward0", "torch::autograd::AccumulateGrad" })
        QVERIFY2(trace.phase(opNamed(trace, name)) == Phase::Backward, name);
    QCOMPARE(trace.phase(opNamed(trace, "my Backward")), Phase::Unknown);
    QCOMPARE(trace.phase(opNamed(trace, "Backward")), Phase::Unknown);
}

void TestChromeTraceImporter::sequenceNumbersPairForwardAndBackward()
{
    // The 2021 schema has no fwdbwd flows. The autograd node (nonzero "Fwd thread id") pairs with the
    // forward op of its number that starts last: aten::add and the enclosing batch_norm read the same
    // number before cudnn_batch_norm created the node. Pairs stay within a step, and a number with
    // only one side makes no link.
    const auto op = [](const char* name, int tid, int ts, int dur, int seq, int fwd) -> QByteArray {
        return QByteArray(R"({"ph":"X","cat":"Operator","name":")") + name + R"(","pid":1,"tid":)" + QByteArray::number(tid)
            + R"(,"ts":)" + QByteArray::number(ts) + R"(,"dur":)" + QByteArray::number(dur)
            + R"(,"args":{"Fwd thread id":)" + QByteArray::number(fwd) + R"(,"Sequence number":)" + QByteArray::number(seq) + "}}";
    };
    LOAD_TRACE(trace, QStringLiteral("sequence.json"),
        events({
            R"({"ph":"X","cat":"Operator","name":"ProfilerStep#1","pid":1,"tid":1,"ts":0,"dur":1000})",
            R"({"ph":"X","cat":"Operator","name":"ProfilerStep#2","pid":1,"tid":1,"ts":1000,"dur":1000})",
            op("aten::add", 1, 100, 10, 7, 0),
            op("aten::batch_norm", 1, 120, 80, 7, 0),
            op("aten::cudnn_batch_norm", 1, 130, 60, 7, 0),
            op("aten::relu", 1, 220, 20, 8, 0),
            op("CudnnBatchNormBackward", 2, 500, 50, 7, 1),
            op("ReluBackward0", 2, 1500, 50, 8, 1), // its forward is a step earlier
            op("AddBackward0", 2, 1600, 50, 9, 1), // no forward has its number
        }));
    const OpId fwd = opNamed(trace, "aten::cudnn_batch_norm");
    const OpId bwd = opNamed(trace, "CudnnBatchNormBackward");
    QVERIFY(fwd.isValid() && bwd.isValid());
    const std::set<std::pair<std::uint32_t, std::uint32_t>> expected { { fwd.value(), bwd.value() } };
    QCOMPARE(linkPairs(trace, LinkKind::ForwardBackward), expected);
    QCOMPARE(trace.phase(fwd), Phase::Forward);
    QCOMPARE(trace.phase(bwd), Phase::Backward);
    QCOMPARE(trace.phase(opNamed(trace, "aten::batch_norm")), Phase::Forward);
}

void TestChromeTraceImporter::sequenceNumbersYieldToFlows()
{
    // A trace with fwdbwd flows says its pairs: numbers that would pair other ops are not read.
    LOAD_TRACE(trace, QStringLiteral("sequenceflows.json"),
        events({
            R"({"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":100,"dur":100,"args":{"Fwd thread id":0,"Sequence number":3}})",
            R"({"ph":"X","cat":"cpu_op","name":"aten::relu","pid":1,"tid":1,"ts":250,"dur":10,"args":{"Fwd thread id":0,"Sequence number":4}})",
            R"({"ph":"X","cat":"cpu_op","name":"MmBackward0","pid":1,"tid":2,"ts":300,"dur":100,"args":{"Fwd thread id":1,"Sequence number":3}})",
            R"({"ph":"X","cat":"cpu_op","name":"ReluBackward0","pid":1,"tid":2,"ts":450,"dur":10,"args":{"Fwd thread id":1,"Sequence number":4}})",
            R"({"ph":"s","id":5,"pid":1,"tid":1,"ts":100,"cat":"fwdbwd","name":"fwdbwd"})",
            R"({"ph":"f","id":5,"pid":1,"tid":2,"ts":300,"cat":"fwdbwd","name":"fwdbwd","bp":"e"})",
        }));
    const std::set<std::pair<std::uint32_t, std::uint32_t>> expected { { opNamed(trace, "aten::mm").value(), opNamed(trace, "MmBackward0").value() } };
    QCOMPARE(linkPairs(trace, LinkKind::ForwardBackward), expected);
}

void TestChromeTraceImporter::sequenceLinksMatchFlows_data()
{
    QTest::addColumn<QString>("path");
    const QString fixtures = QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/fixtures/groundtruth/");
    const QString traces = QStringLiteral(SIGHTLINE_TRACES_DIR "/kineto/");
    QTest::newRow("accumulation") << fixtures + QStringLiteral("accumulation/accum4/rank0.json.gz");
    QTest::newRow("bf16") << fixtures + QStringLiteral("amp/bf16/rank0.json.gz");
    QTest::newRow("checkpointed") << fixtures + QStringLiteral("checkpoint/every_block/rank0.json.gz");
    QTest::newRow("compiled") << fixtures + QStringLiteral("compile/compiled/rank0.json.gz");
    QTest::newRow("ddp") << fixtures + QStringLiteral("ddp/bucket1mb/rank0.json.gz");
    QTest::newRow("rocm-mi300-ckpt") << traces + QStringLiteral("rocm-mi300-ckpt/resnet_act_checkpoint.json.gz");
    QTest::newRow("hta-nccl-a100") << traces + QStringLiteral("hta-nccl-a100/nccl_data.json.gz");
    QTest::newRow("cpu-only gloo") << traces + QStringLiteral("edge-cases/cpu_only_rank34.json.gz");
}

void TestChromeTraceImporter::sequenceLinksMatchFlows()
{
    // Traces with both fwdbwd flows and sequence numbers: with the flows renamed to another category
    // (same length, so nothing else moves), the numbers give the very pairs the flows gave.
    QFETCH(QString, path);
    QFile file(path);
    if (!file.exists())
        QSKIP("../shared/traces is not here");
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = gunzip(file.readAll());
    QVERIFY(!text.isEmpty());
    LOAD_TRACE(withFlows, QStringLiteral("withflows.json"), text);
    QByteArray renamed = text;
    renamed.replace("\"fwdbwd\"", "\"fwdbwX\"");
    LOAD_TRACE(withoutFlows, QStringLiteral("withoutflows.json"), renamed);
    QCOMPARE(withoutFlows.opCount(), withFlows.opCount());
    const auto flows = linkPairs(withFlows, LinkKind::ForwardBackward);
    QVERIFY(!flows.empty());
    auto renamedFlows = linkPairs(withFlows, LinkKind::Flow);
    renamedFlows.insert(flows.begin(), flows.end());
    QCOMPARE(linkPairs(withoutFlows, LinkKind::Flow), renamedFlows);
    QCOMPARE(linkPairs(withoutFlows, LinkKind::ForwardBackward), flows);
}

void TestChromeTraceImporter::ac2gFlowsAreDeduplicated()
{
    const QByteArray s = R"({"ph":"s","id":42,"pid":1,"tid":1,"ts":100,"cat":"ac2g","name":"ac2g"})";
    const QByteArray f = R"({"ph":"f","id":42,"pid":0,"tid":7,"ts":110,"cat":"ac2g","name":"ac2g","bp":"e"})";
    LOAD_TRACE(trace, QStringLiteral("ac2g.json"),
        events({
            R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":100,"dur":5,"args":{"correlation":42}})",
            R"({"ph":"X","cat":"kernel","name":"kernel","pid":0,"tid":7,"ts":110,"dur":50,"args":{"correlation":42}})",
            s, f, s, f, // Kineto writes both the correlation and the flow; some versions write the flow twice
        }));
    const OpId launch = opNamed(trace, "cudaLaunchKernel");
    const OpId kernel = opNamed(trace, "kernel");
    QVERIFY(launch.isValid() && kernel.isValid());
    QCOMPARE(trace.links().size(), std::size_t(1));
    QCOMPARE(trace.linksFrom(launch).size(), std::size_t(1));
    QCOMPARE(trace.linksFrom(launch)[0].to, kernel);
    QCOMPARE(trace.linksFrom(launch)[0].kind, LinkKind::Launch);
    QCOMPARE(trace.linksTo(kernel).size(), std::size_t(1));
}

void TestChromeTraceImporter::profilerSteps()
{
    LOAD_TRACE(trace, QStringLiteral("steps.json"),
        events({
            R"({"ph":"X","cat":"user_annotation","name":"ProfilerStep#1","pid":1,"tid":1,"ts":1000,"dur":1000})",
            R"({"ph":"X","cat":"user_annotation","name":"ProfilerStep#2","pid":1,"tid":1,"ts":2000,"dur":1500.5})",
            R"({"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":1100,"dur":100})",
            R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":1900,"dur":5,"args":{"correlation":9}})",
            R"({"ph":"X","cat":"cpu_op","name":"aten::add","pid":1,"tid":1,"ts":2500,"dur":10})",
            R"({"ph":"X","cat":"cpu_op","name":"aten::relu","pid":1,"tid":1,"ts":4000,"dur":10})",
            R"({"ph":"X","cat":"kernel","name":"late kernel","pid":0,"tid":7,"ts":2100,"dur":50,"args":{"correlation":9}})",
            R"({"ph":"X","cat":"gpu_user_annotation","name":"ProfilerStep#1","pid":0,"tid":7,"ts":1950,"dur":200})",
            R"({"ph":"X","cat":"gpu_user_annotation","name":"ProfilerStep#3","pid":0,"tid":7,"ts":3600,"dur":20})",
        }));
    QCOMPARE(trace.steps().size(), std::size_t(2));
    const std::span<const StepSpan> steps = trace.steps(RankId(0));
    QCOMPARE(steps.size(), std::size_t(2));
    QCOMPARE(steps[0].number, std::int64_t(1));
    QCOMPARE(steps[0].start, TimeNs(1000000));
    QCOMPARE(steps[0].end - steps[0].start, TimeNs(1000000));
    QCOMPARE(steps[1].number, std::int64_t(2));
    QCOMPARE(steps[1].start, TimeNs(2000000));
    QCOMPARE(steps[1].end - steps[1].start, TimeNs(1500500));
    QVERIFY(steps[0].marker.isValid());
    QCOMPARE(trace.string(trace.name(steps[0].marker)), std::string_view("ProfilerStep#1"));
    QCOMPARE(trace.string(trace.category(steps[0].marker)), std::string_view("user_annotation"));
    QCOMPARE(trace.rankInfo(RankId(0)).stepMethod, StepMethod::ProfilerStepMarkers);
    // The GPU-side copies stay ops (annotations on the stream) but make no steps.
    QCOMPARE(countNamed(trace, "ProfilerStep#1"), 2);
    QCOMPARE(countNamed(trace, "ProfilerStep#3"), 1);
    QCOMPARE(trace.kind(opNamed(trace, "ProfilerStep#3")), OpKind::Annotation);

    QCOMPARE(trace.step(opNamed(trace, "aten::mm")), 1);
    QCOMPARE(trace.step(opNamed(trace, "cudaLaunchKernel")), 1);
    QCOMPARE(trace.step(opNamed(trace, "aten::add")), 2);
    QCOMPARE(trace.step(opNamed(trace, "aten::relu")), -1);
    // A kernel belongs to the step of the CPU call that launched it, even when it runs later.
    QCOMPARE(trace.step(opNamed(trace, "late kernel")), 1);
    QCOMPARE(trace.step(steps[1].marker), 2);
}

void TestChromeTraceImporter::communicationArguments()
{
    LOAD_TRACE(trace, QStringLiteral("comms.json"),
        events({
            R"({"ph":"X","cat":"cpu_op","name":"record_param_comms","pid":1,"tid":1,"ts":100,"dur":100,)"
            R"("args":{"Collective name":"allreduce","In msg nelems":1024,"Out msg nelems":1024,"dtype":"Float",)"
            R"("Group size":2,"Process Group Name":"0","Process Group Ranks":"[0, 1]","Comms Id":10159970886766084423}})",
            R"({"ph":"X","cat":"user_annotation","name":"nccl:all_reduce","pid":1,"tid":1,"ts":110,"dur":80})",
            R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":120,"dur":10,"args":{"correlation":7}})",
            R"j({"ph":"X","cat":"kernel","name":"ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)",)j"
            R"("pid":0,"tid":24,"ts":150,"dur":250,"args":{"correlation":7,"device":0,"stream":24}})",
            R"({"ph":"X","cat":"kernel","name":"volta_sgemm","pid":0,"tid":7,"ts":150,"dur":250})",
        }));
    const OpId kernel
        = opNamed(trace, "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)");
    QVERIFY(kernel.isValid());
    QCOMPARE(trace.kind(kernel), OpKind::Collective);
    QCOMPARE(trace.bytes(kernel), std::int64_t(4096));
    const CommArgs* args = trace.commArgs(kernel);
    QVERIFY(args);
    QCOMPARE(trace.string(args->collective), std::string_view("all_reduce"));
    QCOMPARE(trace.string(args->processGroup), std::string_view("0"));
    QCOMPARE(trace.string(args->groupRanks), std::string_view("[0, 1]"));
    QCOMPARE(trace.string(args->dtype), std::string_view("Float"));
    QCOMPARE(args->inNelems, std::int64_t(1024));
    QCOMPARE(args->outNelems, std::int64_t(1024));
    QCOMPARE(args->groupSize, 2);
    QCOMPARE(trace.trackInfo(trace.track(kernel)).kind, TrackKind::CommChannel);
    QCOMPARE(trace.trackInfo(trace.track(opNamed(trace, "volta_sgemm"))).kind, TrackKind::GpuStream);
    QVERIFY(!trace.commArgs(opNamed(trace, "volta_sgemm")));

    const OpId rpc = opNamed(trace, "record_param_comms");
    const OpId nccl = opNamed(trace, "nccl:all_reduce");
    QCOMPARE(trace.kind(rpc), OpKind::Collective);
    QCOMPARE(trace.kind(nccl), OpKind::Collective);
    QVERIFY(trace.commArgs(rpc));
    QCOMPARE(trace.string(trace.commArgs(rpc)->collective), std::string_view("all_reduce"));
    QCOMPARE(trace.kind(opNamed(trace, "cudaLaunchKernel")), OpKind::Runtime);
}

void TestChromeTraceImporter::argumentAbove2To63()
{
    LOAD_TRACE(trace, QStringLiteral("large_integer.json"),
        events({
            R"({"ph":"X","cat":"cpu_op","name":"record_param_comms","pid":1,"tid":1,"ts":100,"dur":10,"args":{"Comms Id":10159970886766084423,"seq":18446744073709551615}})",
            R"({"ph":"X","cat":"cpu_op","name":"big correlation","pid":1,"tid":1,"ts":200,"dur":10,"args":{"correlation":10159970886766084423,"External id":99999999999999999999999}})",
            R"({"ph":"X","cat":"cpu_op","name":"after","pid":1,"tid":1,"ts":300,"dur":10})",
        }));
    QCOMPARE(trace.opCount(), std::size_t(3));
    QVERIFY(opNamed(trace, "after").isValid());
    QCOMPARE(trace.start(opNamed(trace, "after")), TimeNs(300000));
}

void TestChromeTraceImporter::counterEvents()
{
    // A file of counters only is still a trace (memory timelines).
    LOAD_TRACE(trace, QStringLiteral("counters.json"),
        events({
            R"({"ph":"C","name":"Memory","pid":1,"tid":1,"ts":10,"args":{"allocated":100,"reserved":200.5}})",
            R"({"ph":"C","name":"Queue","pid":1,"ts":20.5,"args":{"value":3}})",
        }));
    QCOMPARE(trace.opCount(), std::size_t(0));
    QCOMPARE(trace.counters().size(), std::size_t(3));
    std::map<std::string, std::pair<TimeNs, double>> byName;
    for (const CounterSample& c : trace.counters()) {
        QCOMPARE(c.rank, RankId(0));
        byName[std::string(trace.string(c.name))] = { c.time, c.value };
    }
    QCOMPARE(byName["Memory.allocated"], (std::pair<TimeNs, double> { 10000, 100.0 }));
    QCOMPARE(byName["Memory.reserved"], (std::pair<TimeNs, double> { 10000, 200.5 }));
    QCOMPARE(byName["Queue"], (std::pair<TimeNs, double> { 20500, 3.0 }));

    // A counter is kept whatever its name begins with, also where an argument of ops begins the same
    // way (bytes, correlation, dtype, Group size, …): TensorFlow's allocators are named GPU_0_bfc.
    const QByteArray keys[] = { "GPU_0_bfc", "cuda_host_bfc", "Bytes in use", "bandwidth", "Collectives", "Inflight",
        "Outstanding", "dram", "PCIe", "link", "wait queue", "correlation2" };
    QByteArray args;
    for (const QByteArray& key : keys)
        args += (args.isEmpty() ? "" : ",") + ("\"" + key + "\":1");
    LOAD_TRACE(named, QStringLiteral("counternames.json"), events({ R"({"ph":"C","name":"Alloc","pid":1,"ts":1,"args":{)" + args + "}}" }));
    QCOMPARE(named.counters().size(), std::size(keys));
}

void TestChromeTraceImporter::legacyBareArray()
{
    LOAD_TRACE(trace, QStringLiteral("legacy.json"),
        QByteArray(R"([{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2},)"
                   "\n"
                   R"({"ph":"X","name":"b","pid":1,"tid":1,"ts":5,"dur":2}])"
                   "\n"));
    QCOMPARE(trace.opCount(), std::size_t(2));
    QCOMPARE(trace.format(), std::string("chrome"));
    QCOMPARE(trace.start(opNamed(trace, "b")), TimeNs(5000));
    QVERIFY(trace.diagnostics().empty());
}

void TestChromeTraceImporter::unterminatedArray_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("ops");
    const QByteArray a = R"({"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2})";
    const QByteArray b = R"({"ph":"B","name":"b","pid":1,"tid":1,"ts":5,"args":{"n":1}})";
    const QByteArray e = R"({"ph":"E","pid":1,"tid":1,"ts":9,"args":{"dtype":"float32"}})";
    QTest::newRow("ends after comma") << "[" + a + ",\n" + b + ",\n" + e + ",\n" << 2;
    QTest::newRow("ends after event") << "[" + a + ",\n" + b + ",\n" + e + "\n" << 2;
    // The text's last byte closes the last event: the ']' goes one byte past the text.
    QTest::newRow("ends at the event's brace") << "[" + a + ",\n" + b + ",\n" + e << 2;
    QTest::newRow("ends inside event") << "[" + a + ",\n" + b + ",\n" + e + ",\n{\"ph\":\"X\",\"na" << 2;
    // The incomplete last event holds a complete nested object: the last '}' is not an event's end.
    QTest::newRow("ends inside event after args")
        << "[" + a + ",\n" + b + ",\n" + e + ",\n{\"ph\":\"E\",\"args\":{\"x\":1},\"ts\":1" << 2;
}

void TestChromeTraceImporter::unterminatedArray()
{
    QFETCH(QByteArray, text);
    QFETCH(int, ops);
    LOAD_TRACE(trace, QStringLiteral("unterminated.json"), text);
    QCOMPARE(trace.opCount(), std::size_t(ops));
    const OpId b = opNamed(trace, "b");
    QVERIFY(b.isValid());
    QCOMPARE(trace.end(b), TimeNs(9000));
    QVERIFY(diagnosticCount(trace, ErrorCode::TruncatedJson) >= 1);
    const Diagnostic* d = diagnostic(trace, ErrorCode::TruncatedJson);
    QCOMPARE(d->file, tracePath);
    QVERIFY(d->firstByteOffset > 0 && d->firstByteOffset <= text.size());
}

void TestChromeTraceImporter::compressedInputs_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<int>("codec"); // 0 gzip, 1 zstd
    QTest::newRow("json.gz") << QStringLiteral("compressed.json.gz") << 0;
    QTest::newRow("json.zst") << QStringLiteral("compressed.json.zst") << 1;
    // Compression is recognised by magic bytes, not the name.
    QTest::newRow("gzip named .json") << QStringLiteral("really_gzip.json") << 0;
}

void TestChromeTraceImporter::compressedInputs()
{
    QFETCH(QString, fileName);
    QFETCH(int, codec);
    QList<QByteArray> list;
    for (int i = 0; i < 500; ++i)
        list << R"({"ph":"X","cat":"cpu_op","name":"op)" + QByteArray::number(i % 13) + R"(","pid":1,"tid":1,"ts":)"
                + QByteArray::number(1694128201436255 + i * 10) + ".5" + R"(,"dur":5})";
    const QByteArray text = events(list);
    const QByteArray bytes = codec == 0 ? gzip(text) : zstd(text);
    QVERIFY(!bytes.isEmpty());
    LOAD_TRACE(trace, fileName, bytes);
    QCOMPARE(trace.opCount(), std::size_t(500));
    QCOMPARE(trace.start(OpId(0)), TimeNs(1694128201436255500));
    QCOMPARE(trace.start(OpId(499)), TimeNs(1694128201436255500 + 4990000));
    QCOMPARE(trace.string(trace.name(OpId(14))), std::string_view("op1"));
}

void TestChromeTraceImporter::fileErrors_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<qint64>("minOffset"); // -1: any offset; otherwise byteOffset must be in [minOffset, file size]

    const QByteArray good = R"({"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2})";
    QTest::newRow("truncated in event") << "{\"traceEvents\":[" + good + ",\n{\"ph\":\"X\",\"na"
                                        << ErrorCode::TruncatedJson << qint64(0);
    QTest::newRow("truncated after comma") << "{\"traceEvents\":[" + good + ",\n"
                                           << ErrorCode::TruncatedJson << qint64(0);
    QTest::newRow("truncated in string") << "{\"traceEvents\":[" + good + ",{\"name\":\"abc" << ErrorCode::TruncatedJson
                                         << qint64(0);
    QTest::newRow("truncated after events")
        << "{\"traceEvents\":[" + good + "],\"distributedInfo\":{\"rank\":0" << ErrorCode::TruncatedJson << qint64(0);
    QTest::newRow("empty file") << QByteArray() << ErrorCode::EmptyFile << qint64(0);
    QTest::newRow("whitespace") << QByteArray(" \n\t\r\n   ") << ErrorCode::EmptyFile << qint64(0);
    QTest::newRow("lots of whitespace") << QByteArray(8192, ' ') << ErrorCode::EmptyFile << qint64(0);
    QTest::newRow("not json") << QByteArray("hello world\n") << ErrorCode::NotATrace << qint64(0);
    QTest::newRow("binary") << QByteArray("\x01\x02\x03garbage", 10) << ErrorCode::NotATrace << qint64(0);
    QTest::newRow("json scalar") << QByteArray("42") << ErrorCode::NotATrace << qint64(0);
    QTest::newRow("object without traceEvents")
        << QByteArray(R"({"foo":1,"bar":[1,2]})") << ErrorCode::NotATrace << qint64(0);
    QTest::newRow("array of numbers") << QByteArray("[1,2,3]") << ErrorCode::NotATrace << qint64(0);
    QTest::newRow("traceEvents is an object")
        << QByteArray(R"({"traceEvents":{"ph":"X"}})") << ErrorCode::WrongType << qint64(15);
    QTest::newRow("traceEvents is a number")
        << QByteArray(R"({"traceEvents":7})") << ErrorCode::WrongType << qint64(15);
    QTest::newRow("invalid json in events") << "{\"traceEvents\":[" + good + ",{\"ph\":\"X\",,\"name\":\"b\"}," + good
            + "]}" << ErrorCode::InvalidJson << qint64(0);
    // An event whose args leave brackets open stops the parse at any depth; it never ends the events
    // array quietly, losing every event after it.
    for (const char* open : { "[", "[[", "[[[", "{\"y\":[[" }) {
        QTest::newRow(qPrintable(QStringLiteral("args left open: %1").arg(QLatin1String(open))))
            << "{\"traceEvents\":[" + good + ",{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":5,\"dur\":1,\"args\":{\"x\":"
                + open + "}}," + good + "," + good + "]}"
            << ErrorCode::InvalidJson << qint64(16);
    }
    QTest::newRow("text after the document") << "{\"traceEvents\":[" + good + "]} {\"more\":1}" << ErrorCode::InvalidJson << qint64(10);
    QTest::newRow("NaN literal") << "{\"traceEvents\":[" + good + ",{\"ph\":\"X\",\"ts\":NaN}]}" << ErrorCode::InvalidJson << qint64(0);
    QTest::newRow("Infinity literal") << "{\"traceEvents\":[" + good + ",{\"ph\":\"X\",\"dur\":-Infinity}]}" << ErrorCode::InvalidJson << qint64(0);
    // Numbers and literals as JSON writes them, wherever an event holds them.
    for (const char* number : { "01", "1.", "1e", "1e+", "0x10", "-Infinity", "+1", ".5" }) {
        QTest::newRow(qPrintable(QStringLiteral("ts %1").arg(QLatin1String(number))))
            << "{\"traceEvents\":[" + good + ",{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":" + number + ",\"dur\":1}]}"
            << ErrorCode::InvalidJson << qint64(16);
    }
    QTest::newRow("bare word in an unread field") << "{\"traceEvents\":[" + good + ",{\"ph\":\"X\",\"x\":tru,\"ts\":1,\"dur\":1}]}"
                                                  << ErrorCode::InvalidJson << qint64(16);
    QTest::newRow("broken escape in a name") << "{\"traceEvents\":[" + good + ",{\"ph\":\"X\",\"name\":\"a\\x41\",\"ts\":1,\"dur\":1}]}"
                                             << ErrorCode::InvalidJson << qint64(16);
    QTest::newRow("open array, args left open") << "[" + good + ",{\"ph\":\"X\",\"name\":\"b\",\"ts\":1,\"dur\":1,\"args\":{\"x\":[[}}," + good + ",\n"
                                                << ErrorCode::InvalidJson << qint64(1);
    QTest::newRow("UTF-16 with mark") << QByteArray("\xFF\xFE{\0\"\0", 6) << ErrorCode::NotATrace << qint64(0);
    QTest::newRow("UTF-16 without mark") << QByteArray("{\0\"\0t\0", 6) << ErrorCode::NotATrace << qint64(0);
    QTest::newRow("no events") << QByteArray(R"({"traceEvents":[]})") << ErrorCode::NoEvents << qint64(-1);
    QTest::newRow("only metadata") << QByteArray(
        R"({"traceEvents":[{"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":"x"}}]})")
                                   << ErrorCode::NoEvents << qint64(-1);
}

void TestChromeTraceImporter::fileErrors()
{
    QFETCH(QByteArray, text);
    QFETCH(ErrorCode, code);
    QFETCH(qint64, minOffset);
    const std::string path = writeFile(QStringLiteral("broken.json"), text);
    Expected<TracePtr> loaded = TraceLoader::load({ path });
    QVERIFY(!loaded.hasValue());
    const Status& s = loaded.status();
    QVERIFY2(s.code() == code,
        qPrintable(QStringLiteral("got %1, expected %2").arg(describe(s), QLatin1String(errorCodeName(code)))));
    QCOMPARE(s.file(), path);
    if (minOffset >= 0) {
        QVERIFY2(s.byteOffset() >= minOffset, qPrintable(describe(s)));
        QVERIFY2(s.byteOffset() <= text.size(), qPrintable(describe(s)));
    }
    QVERIFY(s.toString().find(path) != std::string::npos);
}

void TestChromeTraceImporter::skippedEvents_data()
{
    QTest::addColumn<QByteArray>("bad");
    QTest::addColumn<ErrorCode>("code");
    QTest::newRow("negative dur") << QByteArray(R"({"ph":"X","name":"bad","pid":1,"tid":1,"ts":5,"dur":-3})")
                                  << ErrorCode::NegativeDuration;
    QTest::newRow("ts not a number") << QByteArray(R"({"ph":"X","name":"bad","pid":1,"tid":1,"ts":"abc","dur":3})")
                                     << ErrorCode::WrongType;
    QTest::newRow("ts is an object") << QByteArray(R"({"ph":"X","name":"bad","pid":1,"tid":1,"ts":{},"dur":3})")
                                     << ErrorCode::WrongType;
    QTest::newRow("pid is an array") << QByteArray(R"({"ph":"X","name":"bad","pid":[1],"tid":1,"ts":5,"dur":3})")
                                     << ErrorCode::WrongType;
    QTest::newRow("tid is an object") << QByteArray(R"({"ph":"X","name":"bad","pid":1,"tid":{},"ts":5,"dur":3})")
                                      << ErrorCode::WrongType;
    QTest::newRow("ph is a number") << QByteArray(R"({"ph":5,"name":"bad","pid":1,"tid":1,"ts":5,"dur":3})")
                                    << ErrorCode::WrongType;
    QTest::newRow("dur is a bool") << QByteArray(R"({"ph":"X","name":"bad","pid":1,"tid":1,"ts":5,"dur":true})")
                                   << ErrorCode::WrongType;
    QTest::newRow("no ph") << QByteArray(R"({"name":"bad","pid":1,"tid":1,"ts":5,"dur":3})") << ErrorCode::MissingField;
    QTest::newRow("no ts") << QByteArray(R"({"ph":"X","name":"bad","pid":1,"tid":1,"dur":3})")
                           << ErrorCode::MissingField;
    QTest::newRow("X without dur") << QByteArray(R"({"ph":"X","name":"bad","pid":1,"tid":1,"ts":5})")
                                   << ErrorCode::MissingField;
    QTest::newRow("ts out of range") << QByteArray(R"({"ph":"X","name":"bad","pid":1,"tid":1,"ts":1e30,"dur":3})")
                                     << ErrorCode::ValueOutOfRange;
    QTest::newRow("event is a number") << QByteArray("17") << ErrorCode::WrongType;
    // Times stay within ±2^62 ns, so that every sum and difference of two of them fits an int64.
    QTest::newRow("ts beyond 2^62 ns") << QByteArray(R"({"ph":"X","name":"bad","pid":1,"tid":1,"ts":4611686018427388,"dur":1})")
                                       << ErrorCode::ValueOutOfRange;
    QTest::newRow("ts below -2^62 ns") << QByteArray(R"({"ph":"X","name":"bad","pid":1,"tid":1,"ts":-4611686018427388,"dur":1})")
                                       << ErrorCode::ValueOutOfRange;
    QTest::newRow("end beyond 2^62 ns") << QByteArray(R"({"ph":"X","name":"bad","pid":1,"tid":1,"ts":4611686018427387,"dur":1000})")
                                        << ErrorCode::ValueOutOfRange;
    QTest::newRow("ts at int64 max") << QByteArray(R"({"ph":"X","name":"bad","pid":1,"tid":1,"ts":9223372036854775807,"dur":1})")
                                     << ErrorCode::ValueOutOfRange;
    QTest::newRow("flow at int64 max") << QByteArray(R"({"ph":"s","id":1,"name":"bad","pid":1,"tid":1,"ts":9223372036854775807})")
                                       << ErrorCode::ValueOutOfRange;
    QTest::newRow("30-digit dur") << QByteArray(R"({"ph":"X","name":"bad","pid":1,"tid":1,"ts":5,"dur":123456789012345678901234567890})")
                                  << ErrorCode::ValueOutOfRange;
}

void TestChromeTraceImporter::skippedEvents()
{
    QFETCH(QByteArray, bad);
    QFETCH(ErrorCode, code);
    const QByteArray text = events({
        R"({"ph":"X","name":"first","pid":1,"tid":1,"ts":1,"dur":2})",
        bad,
        R"({"ph":"X","name":"last","pid":1,"tid":1,"ts":10,"dur":2})",
    });
    LOAD_TRACE(trace, QStringLiteral("skipped.json"), text);
    QCOMPARE(trace.opCount(), std::size_t(2));
    QVERIFY(opNamed(trace, "first").isValid());
    QVERIFY(opNamed(trace, "last").isValid());
    QVERIFY(!opNamed(trace, "bad").isValid());
    QCOMPARE(trace.diagnostics().size(), std::size_t(1));
    const Diagnostic& d = trace.diagnostics()[0];
    QVERIFY2(d.code == code,
        qPrintable(QStringLiteral("got %1 (%2)")
                       .arg(QLatin1String(errorCodeName(d.code)), QString::fromStdString(d.detail.english()))));
    QCOMPARE(d.count, std::int64_t(1));
    QCOMPARE(d.file, tracePath);
    QCOMPARE(d.firstByteOffset, std::int64_t(text.indexOf(bad)));
}

void TestChromeTraceImporter::byteLevelErrors_data()
{
    // Errors of the text's bytes are named and placed at the offending byte, not taken for an early end.
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("marker"); // the offending bytes; the error's offset is where they start
    QTest::addColumn<QString>("detail");
    const QByteArray head = R"({"traceEvents":[{"ph":"X","pid":1,"tid":1,"ts":1,"dur":2,"name":"a)";
    const QByteArray tail = R"("},{"ph":"X","name":"b","pid":1,"tid":1,"ts":5,"dur":2}]})";
    QTest::newRow("invalid UTF-8") << head + "\xC3\x28" + tail << QByteArray("\xC3\x28") << QStringLiteral("UTF-8");
    QTest::newRow("overlong UTF-8") << head + "\xC0\xAF" + tail << QByteArray("\xC0\xAF") << QStringLiteral("UTF-8");
    QTest::newRow("NUL in a string") << head + QByteArray("x\0y", 3) + tail << QByteArray("\0y", 2) << QStringLiteral("NUL");
    QTest::newRow("raw control character") << head + "x\x01y" + tail << QByteArray("\x01y") << QStringLiteral("control character");
    QTest::newRow("escaped newline") << head + "x\\\ny" + tail << QByteArray("\ny") << QStringLiteral("control character");
    QTest::newRow("escaped NUL") << head + QByteArray("x\\\0y", 4) + tail << QByteArray("\0y", 2) << QStringLiteral("NUL");
    QTest::newRow("invalid escape") << head + "x\\qy" + tail << QByteArray("\\q") << QStringLiteral("invalid escape");
    QTest::newRow("escaped UTF-8") << head + "x\\\xC3\xA9y" + tail << QByteArray("\\\xC3") << QStringLiteral("invalid escape");
    const QByteArray wrong = R"({"traceEvents":[{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2,"args":{"x":[[)";
    QTest::newRow("bracket closed by a brace") << wrong + "}}]}" << QByteArray("}}]}") << QStringLiteral("closes the '['");
    QTest::newRow("NaN in an unread field") << head + R"(","x":NaN},{"ph":"X","name":"b","pid":1,"tid":1,"ts":5,"dur":2}]})"
                                            << QByteArray("NaN") << QStringLiteral("");
}

void TestChromeTraceImporter::byteLevelErrors()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, marker);
    QFETCH(QString, detail);
    const std::string path = writeFile(QStringLiteral("bytes.json"), text);
    Expected<TracePtr> loaded = TraceLoader::load({ path });
    QVERIFY(!loaded.hasValue());
    const Status& s = loaded.status();
    QVERIFY2(s.code() == ErrorCode::InvalidJson, qPrintable(describe(s)));
    QCOMPARE(s.file(), path);
    QVERIFY2(QString::fromStdString(s.detail()).contains(detail), qPrintable(describe(s)));
    QCOMPARE(s.byteOffset(), qint64(text.indexOf(marker)));
}

void TestChromeTraceImporter::deepNestingLoads()
{
    // Deep nesting is valid JSON: values the importer does not need are stepped over without recursion,
    // and shapes deeper than it keeps are left out.
    QByteArray deep = R"({"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2,"args":{"x":)";
    deep += QByteArray(5000, '[') + QByteArray(5000, ']') + R"(,"Input Dims":)" + QByteArray(3000, '[') + QByteArray(3000, ']') + "}}";
    LOAD_TRACE(trace, QStringLiteral("deep.json"), events({ deep, R"({"ph":"X","name":"b","pid":1,"tid":1,"ts":5,"dur":2})" }));
    QCOMPARE(trace.opCount(), std::size_t(2));
}

void TestChromeTraceImporter::unusableArgumentsAreIgnored_data()
{
    // An argument the importer reads that it cannot use is left out and said, the event kept.
    QTest::addColumn<QByteArray>("args");
    QTest::addColumn<ErrorCode>("code");
    QTest::newRow("bytes as text") << QByteArray(R"("bytes":"many")") << ErrorCode::WrongType;
    QTest::newRow("negative bytes") << QByteArray(R"("bytes":-1)") << ErrorCode::ValueOutOfRange;
    // Only an allocator event ("[memory]") records a free as negative "Bytes".
    QTest::newRow("negative Bytes off an allocator event") << QByteArray(R"("Bytes":-4096)") << ErrorCode::ValueOutOfRange;
    QTest::newRow("fractional correlation") << QByteArray(R"("correlation":1.5)") << ErrorCode::WrongType;
    QTest::newRow("30-digit correlation") << QByteArray(R"("correlation":123456789012345678901234567890)") << ErrorCode::ValueOutOfRange;
    QTest::newRow("group size zero") << QByteArray(R"("Group size":0)") << ErrorCode::ValueOutOfRange;
    QTest::newRow("group size beyond any job") << QByteArray(R"("Group size":9223372036854775807)") << ErrorCode::ValueOutOfRange;
    QTest::newRow("collective as number") << QByteArray(R"("Collective name":7)") << ErrorCode::WrongType;
    QTest::newRow("ranks as words") << QByteArray(R"("Process Group Ranks":"all of them")") << ErrorCode::WrongType;
    QTest::newRow("rank beyond 2^20") << QByteArray(R"("Process Group Ranks":"[0, 4294967297]")") << ErrorCode::ValueOutOfRange;
    QTest::newRow("negative rank") << QByteArray(R"("Process Group Ranks":"[0, -1]")") << ErrorCode::WrongType;
    QTest::newRow("dims as text") << QByteArray(R"("Input Dims":"2x3")") << ErrorCode::WrongType;
    QTest::newRow("sequence number as text") << QByteArray(R"("Sequence number":"7")") << ErrorCode::WrongType;
    QTest::newRow("negative forward thread") << QByteArray(R"("Fwd thread id":-1)") << ErrorCode::ValueOutOfRange;
    QTest::newRow("dims with an object") << QByteArray(R"("Input Dims":[[2],{"a":1}])") << ErrorCode::WrongType;
    QTest::newRow("dims beyond any tensor") << QByteArray(R"("Input Dims":[[4611686018427387904,4]])") << ErrorCode::ValueOutOfRange;
}

void TestChromeTraceImporter::unusableArgumentsAreIgnored()
{
    QFETCH(QByteArray, args);
    QFETCH(ErrorCode, code);
    const QByteArray event = R"({"ph":"X","cat":"cpu_op","name":"op","pid":1,"tid":1,"ts":1,"dur":2,"args":{)" + args + "}}";
    const QByteArray text = events({ event });
    LOAD_TRACE(trace, QStringLiteral("args.json"), text);
    QCOMPARE(trace.opCount(), std::size_t(1));
    const Diagnostic* d = diagnostic(trace, code);
    QVERIFY2(d, "no warning of the expected code");
    QCOMPARE(d->file, tracePath);
    QCOMPARE(trace.bytes(OpId(0)), std::int64_t(0));
}

void TestChromeTraceImporter::byteOrderMarkIsSkipped()
{
    LOAD_TRACE(trace, QStringLiteral("bom.json"),
        "\xEF\xBB\xBF" + events({ R"({"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2})" }));
    QCOMPARE(trace.opCount(), std::size_t(1));
    QVERIFY(trace.diagnostics().empty());
}

void TestChromeTraceImporter::flowCyclesAreDropped_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<int>("links"); // links left
    QTest::addColumn<bool>("placed"); // the warning has a byte offset
    // Forward and backward ops linked both ways: the link into the earlier op cannot be a dependency.
    QTest::newRow("fwdbwd both ways") << events({
        R"({"ph":"X","cat":"cpu_op","name":"fwd","pid":1,"tid":1,"ts":100,"dur":100})",
        R"({"ph":"X","cat":"cpu_op","name":"bwd","pid":1,"tid":2,"ts":300,"dur":100})",
        R"({"ph":"s","id":5,"pid":1,"tid":1,"ts":100,"cat":"fwdbwd","name":"fwdbwd"})",
        R"({"ph":"f","id":5,"pid":1,"tid":2,"ts":300,"cat":"fwdbwd","name":"fwdbwd","bp":"e"})",
        R"({"ph":"s","id":6,"pid":1,"tid":2,"ts":300,"cat":"fwdbwd","name":"fwdbwd"})",
        R"({"ph":"f","id":6,"pid":1,"tid":1,"ts":100,"cat":"fwdbwd","name":"fwdbwd","bp":"e"})",
    }) << QStringLiteral("starting before their source") << 1 << true;
    // A launch flow from the kernel back to its launch (the correlation id links them the right way).
    QTest::newRow("ac2g from kernel to launch") << events({
        R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":100,"dur":5,"args":{"correlation":42}})",
        R"({"ph":"X","cat":"kernel","name":"kernel","pid":0,"tid":7,"ts":110,"dur":50,"args":{"correlation":42}})",
        R"({"ph":"s","id":42,"pid":0,"tid":7,"ts":110,"cat":"ac2g","name":"ac2g"})",
        R"({"ph":"f","id":42,"pid":1,"tid":1,"ts":100,"cat":"ac2g","name":"ac2g","bp":"e"})",
    }) << QStringLiteral("do not lead from a host call to a device op") << 1 << true;
    // A flow from an op to itself says nothing; with it, a proper one.
    QTest::newRow("fwdbwd to itself") << events({
        R"({"ph":"X","cat":"cpu_op","name":"fwd","pid":1,"tid":1,"ts":100,"dur":100})",
        R"({"ph":"X","cat":"cpu_op","name":"bwd","pid":1,"tid":2,"ts":300,"dur":100})",
        R"({"ph":"s","id":5,"pid":1,"tid":1,"ts":100,"cat":"fwdbwd","name":"fwdbwd"})",
        R"({"ph":"f","id":5,"pid":1,"tid":2,"ts":300,"cat":"fwdbwd","name":"fwdbwd","bp":"e"})",
        R"({"ph":"s","id":6,"pid":1,"tid":1,"ts":120,"cat":"fwdbwd","name":"fwdbwd"})",
        R"({"ph":"f","id":6,"pid":1,"tid":1,"ts":150,"cat":"fwdbwd","name":"fwdbwd","bp":"e"})",
    }) << QStringLiteral("from an op to itself") << 1 << true;
    // A stream wait on a record the trace does not hold names an op that starts after the wait.
    QTest::newRow("stream wait on a later op") << events({
        R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":10,"dur":5,"args":{"correlation":1}})",
        R"({"ph":"X","cat":"kernel","name":"early","pid":0,"tid":8,"ts":20,"dur":5,"args":{"correlation":1}})",
        R"({"ph":"X","cat":"cuda_runtime","name":"cudaStreamWaitEvent","pid":1,"tid":1,"ts":30,"dur":5,"args":{"correlation":2}})",
        R"({"ph":"X","cat":"cuda_sync","name":"Wait on CUDA event","pid":0,"tid":7,"ts":40,"dur":1,"args":{"correlation":2,"wait_on_stream":8,"wait_on_cuda_event_record_corr_id":9}})",
        R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":50,"dur":5,"args":{"correlation":8}})",
        R"({"ph":"X","cat":"kernel","name":"late","pid":0,"tid":8,"ts":60,"dur":5,"args":{"correlation":8}})",
    }) << QStringLiteral("stream waits whose recorded op starts after the wait") << 3 << false;
}

void TestChromeTraceImporter::flowCyclesAreDropped()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, detail);
    QFETCH(int, links);
    QFETCH(bool, placed);
    LOAD_TRACE(trace, QStringLiteral("cycle.json"), text);
    // Every link left leads forward: from an op to one that starts later (or at once, later in order).
    for (const Link& l : trace.links())
        QVERIFY(trace.start(l.to) > trace.start(l.from) || (trace.start(l.to) == trace.start(l.from) && l.from < l.to));
    QCOMPARE(trace.links().size(), std::size_t(links));
    const auto diagnostics = trace.diagnostics();
    const auto d = std::find_if(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& x) {
        return x.code == ErrorCode::UnmatchedEvent && QString::fromStdString(x.detail.english()).contains(detail);
    });
    QVERIFY2(d != diagnostics.end(), "no warning that says so");
    QCOMPARE(d->file, tracePath);
    QCOMPARE(d->firstByteOffset > 0, placed);
    // The graph of what is left has no cycle.
    QVERIFY(DependencyGraph::build(*traceLoaded).hasValue());
}

void TestChromeTraceImporter::processGroupWithoutName()
{
    // pg_config entries may carry only some of their fields: a group without pg_name has an empty name.
    const QByteArray text = R"({"distributedInfo":{"rank":0,"world_size":2,"pg_config":[{"pg_desc":"default_pg","ranks":[0,1]},{"ranks":"x"},7]},)"
                            R"("traceEvents":[{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2}]})";
    LOAD_TRACE(trace, QStringLiteral("pg.json"), text);
    QCOMPARE(trace.processGroups().size(), std::size_t(2));
    QCOMPARE(trace.string(trace.processGroups()[0].name), std::string_view(""));
    QCOMPARE(trace.string(trace.processGroups()[0].description), std::string_view("default_pg"));
    QCOMPARE(trace.processGroups()[0].ranks, (std::vector<std::int32_t> { 0, 1 }));
    QVERIFY(diagnosticCount(trace, ErrorCode::WrongType) >= 2);
}

void TestChromeTraceImporter::baseTimeBeyondRangeKeepsTimesRelative()
{
    // Adding the base would move some times past 2^62 ns: it is applied to none of them, never to some.
    const QByteArray text = R"({"baseTimeNanoseconds":4611686018427387000,"traceEvents":[)"
                            R"({"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2},{"ph":"X","name":"b","pid":1,"tid":1,"ts":10,"dur":2}]})";
    LOAD_TRACE(trace, QStringLiteral("base.json"), text);
    QCOMPARE(trace.start(opNamed(trace, "a")), TimeNs(1000));
    QCOMPARE(trace.start(opNamed(trace, "b")), TimeNs(10000));
    QVERIFY(diagnostic(trace, ErrorCode::ValueOutOfRange));
}

void TestChromeTraceImporter::tensorListShapesAreKept()
{
    // A tensor list input is one level deeper; each of its tensors is checked alone, so three tensors
    // of 2^20 elements each are possible although together their dimensions multiply past 2^59.
    LOAD_TRACE(trace, QStringLiteral("foreach.json"),
        events({
            R"({"ph":"X","cat":"cpu_op","name":"aten::_foreach_add_","pid":1,"tid":1,"ts":1,"dur":10,)"
            R"("args":{"Input Dims":[[[1024,1024],[1024,1024],[1024,1024]],[]],"Input type":["TensorList",""]}})",
        }));
    QCOMPARE(trace.opCount(), std::size_t(1));
    const ShapeArgs* shapes = trace.shapes(OpId(0));
    QVERIFY(shapes);
    QCOMPARE(trace.string(shapes->dims), std::string_view("[[[1024,1024],[1024,1024],[1024,1024]],[]]"));
    QVERIFY(!diagnostic(trace, ErrorCode::ValueOutOfRange));
}

void TestChromeTraceImporter::oversizedArgumentsAreUnknown()
{
    // Element counts and shapes whose bytes do not fit an int64 are unknown sizes, with a warning.
    LOAD_TRACE(trace, QStringLiteral("sizes.json"),
        events({
            R"({"ph":"X","cat":"cpu_op","name":"record_param_comms","pid":1,"tid":1,"ts":1,"dur":10,)"
            R"("args":{"Collective name":"all_reduce","In msg nelems":4611686018427387904,"Out msg nelems":1,"dtype":"Float",)"
            R"("Input Dims":[[123456789012345678901234567890,2]],"Input type":["float"],"Process Group Ranks":"[0, 123456789012345678901234567890]"}})",
        }));
    QCOMPARE(trace.opCount(), std::size_t(1));
    QCOMPARE(trace.bytes(OpId(0)), std::int64_t(0));
    QVERIFY(diagnostic(trace, ErrorCode::ValueOutOfRange));
}

void TestChromeTraceImporter::onlyInvalidEventsFail()
{
    const QByteArray text = events({
        R"({"ph":"X","name":"bad1","pid":1,"tid":1,"ts":5,"dur":-3})",
        R"({"ph":"X","name":"bad2","pid":1,"tid":1,"ts":6,"dur":-3})",
        R"({"ph":"X","name":"bad3","pid":[1],"tid":1,"ts":7,"dur":3})",
    });
    const std::string path = writeFile(QStringLiteral("all_invalid.json"), text);
    Expected<TracePtr> loaded = TraceLoader::load({ path });
    QVERIFY(!loaded.hasValue());
    QCOMPARE(loaded.status().code(), ErrorCode::NegativeDuration);
    QCOMPARE(loaded.status().file(), path);
    QCOMPARE(loaded.status().byteOffset(), std::int64_t(text.indexOf("{\"ph\":\"X\",\"name\":\"bad1\"")));
}

void TestChromeTraceImporter::memoryEventsAreKept()
{
    // Allocator events keep their signed bytes, totals, address and device, each by the zero-length op
    // it became; a free's negative bytes are no range problem, and the op moves no bytes.
    LOAD_TRACE(trace, QStringLiteral("memory.json"),
        events({
            R"({"ph":"X","cat":"cpu_op","name":"aten::empty","pid":1,"tid":1,"ts":10,"dur":10})",
            R"({"ph":"i","s":"t","cat":"cpu_instant_event","name":"[memory]","pid":1,"tid":1,"ts":12,)"
            R"("args":{"Total Reserved":2097152,"Total Allocated":1049088,"Bytes":1048576,"Device Id":0,"Device Type":1,"Addr":140254170299392}})",
            R"({"ph":"i","s":"t","cat":"cpu_instant_event","name":"[memory]","pid":1,"tid":1,"ts":30,)"
            R"("args":{"Total Reserved":2097152,"Total Allocated":512,"Bytes":-1048576,"Device Id":0,"Device Type":1,"Addr":140254170299392}})",
            R"({"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":31,"args":{"Device Type":0,"Device Id":-1,"Bytes":-16}})",
        }));
    QVERIFY2(trace.diagnostics().empty(),
        trace.diagnostics().empty() ? "" : trace.diagnostics().front().detail.english().c_str());
    QCOMPARE(trace.memoryEvents().size(), std::size_t(3));
    const OpId alloc = opNamed(trace, "[memory]");
    const OpId free = opNamed(trace, "[memory]", 1);
    const OpId hostFree = opNamed(trace, "[memory]", 2);
    const MemoryArgs* a = trace.memory(alloc);
    const MemoryArgs* f = trace.memory(free);
    const MemoryArgs* h = trace.memory(hostFree);
    QVERIFY(a && f && h);
    QCOMPARE(a->bytes, std::int64_t(1048576));
    QCOMPARE(a->totalAllocated, std::int64_t(1049088));
    QCOMPARE(a->totalReserved, std::int64_t(2097152));
    QCOMPARE(a->address, std::uint64_t(140254170299392));
    QCOMPARE(a->device, std::int16_t(0));
    QCOMPARE(a->deviceType, std::uint8_t(1));
    QVERIFY(a->onDevice());
    QCOMPARE(f->bytes, std::int64_t(-1048576));
    QCOMPARE(f->address, a->address);
    QCOMPARE(h->bytes, std::int64_t(-16));
    QCOMPARE(h->totalAllocated, std::int64_t(-1));
    QVERIFY(!h->onDevice());
    QCOMPARE(trace.bytes(free), std::int64_t(0));
    QCOMPARE(trace.memory(opNamed(trace, "aten::empty")), nullptr);
}

void TestChromeTraceImporter::unusableMemoryEvents_data()
{
    // An allocator event with an argument it cannot use keeps its op; the argument is left out with a
    // warning, and without usable bytes the event is not counted.
    QTest::addColumn<QByteArray>("args");
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<int>("kept"); // allocator events kept
    QTest::newRow("bytes as text") << QByteArray(R"("Bytes":"4096","Device Type":1,"Device Id":0)") << ErrorCode::WrongType << 0;
    QTest::newRow("fractional bytes") << QByteArray(R"("Bytes":4096.5,"Device Type":1,"Device Id":0)") << ErrorCode::WrongType << 0;
    QTest::newRow("no bytes") << QByteArray(R"("Device Type":1,"Device Id":0)") << ErrorCode::MissingField << 0;
    QTest::newRow("a petabyte") << QByteArray(R"("Bytes":1125899906842624,"Device Type":1,"Device Id":0)") << ErrorCode::ValueOutOfRange << 0;
    QTest::newRow("free of a petabyte") << QByteArray(R"("Bytes":-1125899906842624,"Device Type":1,"Device Id":0)") << ErrorCode::ValueOutOfRange << 0;
    QTest::newRow("30-digit bytes") << QByteArray(R"("Bytes":-123456789012345678901234567890)") << ErrorCode::ValueOutOfRange << 0;
    QTest::newRow("negative total") << QByteArray(R"("Bytes":64,"Total Allocated":-5,"Device Type":1,"Device Id":0)") << ErrorCode::ValueOutOfRange << 1;
    QTest::newRow("total as text") << QByteArray(R"("Bytes":64,"Total Allocated":"lots","Device Type":1,"Device Id":0)") << ErrorCode::WrongType << 1;
    QTest::newRow("device beyond int16") << QByteArray(R"("Bytes":64,"Device Type":1,"Device Id":70000)") << ErrorCode::ValueOutOfRange << 1;
    QTest::newRow("device type 255") << QByteArray(R"("Bytes":64,"Device Type":255,"Device Id":0)") << ErrorCode::ValueOutOfRange << 1;
    QTest::newRow("address as list") << QByteArray(R"("Bytes":64,"Device Type":1,"Device Id":0,"Addr":[1])") << ErrorCode::WrongType << 1;
    QTest::newRow("address beyond 2^63") << QByteArray(R"("Bytes":64,"Device Type":1,"Device Id":0,"Addr":18446744073709551615)") << ErrorCode::ValueOutOfRange << 1;
}

void TestChromeTraceImporter::unusableMemoryEvents()
{
    QFETCH(QByteArray, args);
    QFETCH(ErrorCode, code);
    QFETCH(int, kept);
    const QByteArray event = R"({"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":1,"args":{)" + args + "}}";
    LOAD_TRACE(trace, QStringLiteral("memargs.json"), events({ event }));
    QCOMPARE(trace.opCount(), std::size_t(1));
    QVERIFY2(diagnostic(trace, code), "no warning of the expected code");
    QCOMPARE(trace.memoryEvents().size(), std::size_t(kept));
}

void TestChromeTraceImporter::deviceProperties()
{
    // Devices with a number and memory are kept; those without a usable number are skipped with a
    // warning, and a deviceProperties that is no array is ignored with one.
    const QByteArray events = R"("traceEvents":[{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2}])";
    LOAD_TRACE(trace, QStringLiteral("devices.json"),
        "{\"deviceProperties\":[{\"id\":1,\"name\":\"GPU B\",\"totalGlobalMem\":34087305216},"
        "{\"id\":0,\"name\":\"GPU A\",\"totalGlobalMem\":34084028416},{\"id\":2},{\"id\":\"x\"},{\"name\":\"no id\"},7]," + events + "}");
    QCOMPARE(trace.devices().size(), std::size_t(3));
    QCOMPARE(trace.devices()[0].index, 0);
    QCOMPARE(trace.devices()[0].memoryBytes, std::int64_t(34084028416));
    QCOMPARE(trace.string(trace.devices()[0].name), std::string_view("GPU A"));
    QCOMPARE(trace.devices()[1].index, 1);
    QCOMPARE(trace.devices()[2].index, 2);
    QCOMPARE(trace.devices()[2].memoryBytes, std::int64_t(-1));
    QCOMPARE(trace.devices()[2].rank, RankId(0));
    QCOMPARE(diagnosticCount(trace, ErrorCode::WrongType), std::int64_t(3));

    LOAD_TRACE(notArray, QStringLiteral("devices2.json"), "{\"deviceProperties\":{\"id\":0}," + events + "}");
    QVERIFY(notArray.devices().empty());
    QVERIFY(diagnostic(notArray, ErrorCode::WrongType));
}

QTEST_GUILESS_MAIN(TestChromeTraceImporter)
#include "tst_chrometraceimporter.moc"
