// The TensorFlow 1.x timeline dialect: tracks per device stream and executor, the repeated
// "/stream:all" rows left out, DataFlow flows as explicit dependencies, one step per timeline, on a
// hand-made timeline (two workers) and on the real one in ../shared/traces/tensorflow.
#include "core/analysis/steptimes.h"
#include "core/base/resourcelimits.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "core/session/jobsession.h"
#include "dialectsupport.h"
#include "replaysupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>

using namespace sightline;

namespace {

using TracePtr = std::shared_ptr<const Trace>;

// A worker's timeline: MatMul then Relu on stream 14, their copy of the result, the executor's row,
// and the same kernels again on "stream:all". A DataFlow flow runs from the CPU's AssignAdd (starting at
// its end, as TensorFlow writes it) to MatMul's launch (at its start).
QByteArray handMade(qint64 base)
{
    QByteArray t = R"({"traceEvents": [)";
    bool first = true;
    auto add = [&](const QByteArray& event) {
        t += (first ? "\n" : ",\n") + event;
        first = false;
    };
    const char* const processes[] = { "Allocators", "/device:GPU:0/stream:14 Compute", "/device:GPU:0/stream:all Compute",
        "/device:GPU:0/memcpy Compute", "/job:localhost/replica:0/task:0/device:GPU:0 Compute",
        "/job:localhost/replica:0/task:0/device:CPU:0 Compute" };
    for (int pid = 0; pid < 6; ++pid)
        add(R"({"name": "process_name", "ph": "M", "pid": )" + QByteArray::number(pid) + R"(, "args": {"name": ")" + processes[pid] + R"("}})");
    auto op = [&](int pid, const char* name, qint64 at, qint64 dur) {
        add(R"({"ph": "X", "cat": "Op", "name": ")" + QByteArray(name) + R"(", "pid": )" + QByteArray::number(pid) + R"(, "tid": 0, "ts": )"
            + QByteArray::number(base + at) + R"(, "dur": )" + QByteArray::number(dur) + R"(, "args": {"name": "dense/)" + name + R"("}})");
    };
    op(5, "AssignAdd", 0, 20);
    op(4, "MatMul", 25, 5);
    op(4, "Relu", 31, 3);
    for (int pid : { 1, 2 }) {
        op(pid, "MatMul", 40, 100);
        op(pid, "Relu", 141, 20);
    }
    op(3, "MEMCPYDtoH", 165, 10);
    add(R"({"ph": "s", "cat": "DataFlow", "name": "AssignAdd", "pid": 5, "tid": 0, "ts": )" + QByteArray::number(base + 20) + R"(, "id": 7})");
    add(R"({"ph": "t", "cat": "DataFlow", "name": "AssignAdd", "pid": 4, "tid": 0, "ts": )" + QByteArray::number(base + 25) + R"(, "id": 7})");
    add(R"({"ph": "C", "name": "GPU_0_bfc", "pid": 0, "ts": )" + QByteArray::number(base) + R"(, "args": {"GPU_0_bfc": 1024}})");
    t += "\n]}\n";
    return t;
}

// handMade's worker as show_memory=True writes it: the executor's tensors as objects on a "Tensors"
// process. a holds 1024 bytes of GPU 0 from 10 to 60 us, b 2048 bytes from 30 to 50 us (no pointer:
// paired by its id), c the host's, and d was never snapshot.
QByteArray withTensors()
{
    const qint64 base = 1000000;
    QByteArray t = handMade(base);
    t.chop(4); // "\n]}\n"
    auto add = [&](const QByteArray& event) { t += ",\n" + event; };
    add(R"({"name": "process_name", "ph": "M", "pid": 6, "args": {"name": "/job:localhost/replica:0/task:0/device:GPU:0 Tensors"}})");
    auto object = [&](char ph, int id, const char* name, qint64 at, const QByteArray& description = {}) {
        QByteArray e = R"({"ph": ")" + QByteArray(1, ph) + R"(", "cat": "Tensor", "name": ")" + name + R"(", "pid": 6, "tid": 0, "ts": )"
            + QByteArray::number(base + at) + R"(, "id": )" + QByteArray::number(id);
        if (!description.isEmpty())
            e += R"(, "args": {"snapshot": {"tensor_description": ")" + description + R"("}})";
        add(e + "}");
    };
    auto description = [](qint64 bytes, const char* allocator, qint64 ptr) -> QByteArray {
        QByteArray d = R"(dtype: DT_FLOAT\nshape {\n  dim {\n    size: 256\n  }\n}\nallocation_description {\n  requested_bytes: 1000\n  allocated_bytes: )"
            + QByteArray::number(bytes) + R"(\n  allocator_name: )" + allocator + R"(\n)";
        if (ptr)
            d += R"(  ptr: )" + QByteArray::number(ptr) + R"(\n)";
        return d + R"(}\n)";
    };
    object('N', 1, "a", 10);
    object('O', 1, "a", 10, description(1024, "GPU_0_bfc", 4096));
    object('N', 2, "b", 30);
    object('O', 2, "b", 30, description(2048, "GPU_0_bfc", 0));
    object('D', 2, "b", 50);
    object('D', 1, "a", 60);
    object('N', 3, "c", 12);
    object('O', 3, "c", 12, description(512, "cpu", 64));
    object('D', 3, "c", 14);
    object('N', 4, "d", 15);
    t += "\n]}\n";
    return t;
}

} // namespace

class TestTfTimeline : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void handMadeModel();
    void twoWorkers();
    void onlyRepeatedRows();
    void tensorObjects();
    void realTimeline();

private:
    QTemporaryDir m_dir;
    std::string write(const QString& name, const QByteArray& text);
};

std::string TestTfTimeline::write(const QString& name, const QByteArray& text)
{
    return writeTrace(m_dir, name, text);
}

void TestTfTimeline::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestTfTimeline::handMadeModel()
{
    Expected<TracePtr> loaded = TraceLoader::load({ write(QStringLiteral("timeline.json"), handMade(1000000)) });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : loaded.status().toString().c_str());
    const Trace& trace = **loaded;
    QCOMPARE(trace.format(), std::string("tf-timeline"));
    // Six ops: the repeated stream:all rows are left out.
    QCOMPARE(trace.opCount(), std::size_t(6));
    const auto tracks = tracksByName(trace);
    QVERIFY(!tracks.count("/device:GPU:0/stream:all Compute"));
    const TrackInfo& stream = trace.trackInfo(TrackId(tracks.at("/device:GPU:0/stream:14 Compute")));
    QCOMPARE(stream.kind, TrackKind::GpuStream);
    QCOMPARE(stream.device, 0);
    QCOMPARE(trace.trackInfo(TrackId(tracks.at("/device:GPU:0/memcpy Compute"))).kind, TrackKind::GpuStream);
    QCOMPARE(trace.trackInfo(TrackId(tracks.at("/job:localhost/replica:0/task:0/device:GPU:0 Compute"))).kind, TrackKind::CpuThread);
    std::map<std::string_view, OpKind> kinds;
    for (std::uint32_t op = 0; op < trace.opCount(); ++op) {
        if (isGpuTrack(trace.trackInfo(trace.track(OpId(op))).kind))
            kinds[trace.string(trace.name(OpId(op)))] = trace.kind(OpId(op));
    }
    QCOMPARE(kinds["MatMul"], OpKind::ComputeKernel);
    QCOMPARE(kinds["MEMCPYDtoH"], OpKind::Memcpy);
    // The DataFlow flow: AssignAdd (which ends where the flow starts) -> the MatMul launch.
    int dependencies = 0;
    for (const Link& l : trace.links()) {
        if (l.kind != LinkKind::Dependency)
            continue;
        ++dependencies;
        QCOMPARE(trace.string(trace.name(l.from)), std::string_view("AssignAdd"));
        QCOMPARE(trace.string(trace.name(l.to)), std::string_view("MatMul"));
        QVERIFY(!isGpuTrack(trace.trackInfo(trace.track(l.to)).kind));
    }
    QCOMPARE(dependencies, 1);
    // The executor's MatMul and Relu launch theirs on stream 14 (the copy has no node there).
    int launches = 0;
    for (const Link& l : trace.links()) {
        if (l.kind != LinkKind::Launch)
            continue;
        ++launches;
        QCOMPARE(trace.string(trace.name(l.from)), trace.string(trace.name(l.to)));
        QCOMPARE(trace.trackInfo(trace.track(l.from)).kind, TrackKind::CpuThread);
        QVERIFY(isGpuTrack(trace.trackInfo(trace.track(l.to)).kind));
    }
    QCOMPARE(launches, 2);
    // One step, the whole run: from AssignAdd's start to the copy's end.
    QCOMPARE(trace.steps().size(), std::size_t(1));
    QCOMPARE(trace.ranks().front().stepMethod, StepMethod::WholeRun);
    QCOMPARE(trace.steps()[0].end - trace.steps()[0].start, TimeNs(175'000));
    QCOMPARE(trace.counters().size(), std::size_t(1)); // the allocator's counter
}

// One file per worker: a rank each.
void TestTfTimeline::twoWorkers()
{
    Expected<TracePtr> loaded = TraceLoader::load(
        { write(QStringLiteral("worker0.json"), handMade(1000000)), write(QStringLiteral("worker1.json"), handMade(1000050)) });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : loaded.status().toString().c_str());
    QCOMPARE((*loaded)->ranks().size(), std::size_t(2));
    QCOMPARE((*loaded)->ranks()[1].rank, 1);
    QVERIFY(replaysAsMeasured(replayedIteration(*loaded)));
}

// With nothing else to repeat, the stream:all rows are the timeline.
void TestTfTimeline::onlyRepeatedRows()
{
    QByteArray text = handMade(1000000);
    for (const char* p : { "\"pid\": 1,", "\"pid\": 3,", "\"pid\": 4,", "\"pid\": 5," })
        text.replace(p, "\"pid\": 2,");
    Expected<TracePtr> loaded = TraceLoader::load({ write(QStringLiteral("all.json"), text) });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : loaded.status().toString().c_str());
    QVERIFY((*loaded)->opCount() > 0);
}

// Tensor objects of a GPU allocator become allocator events: an allocation where each was created, a
// free where it was deleted, with the allocator's total; the memory estimate then sees both tensors.
void TestTfTimeline::tensorObjects()
{
    Expected<TracePtr> loaded = TraceLoader::load({ write(QStringLiteral("memory.json"), withTensors()) });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : loaded.status().toString().c_str());
    const Trace& trace = **loaded;
    const auto memory = trace.memoryEvents();
    QCOMPARE(memory.size(), std::size_t(4));
    const std::vector<std::pair<std::string_view, std::int64_t>> expected { { "a", 1024 }, { "b", 2048 }, { "b", -2048 }, { "a", -1024 } };
    const std::int64_t totals[] = { 1024, 3072, 1024, 0 };
    std::vector<std::pair<TimeNs, std::size_t>> order;
    for (std::size_t k = 0; k < memory.size(); ++k)
        order.emplace_back(trace.start(memory[k].first), k);
    std::sort(order.begin(), order.end());
    for (std::size_t k = 0; k < order.size(); ++k) {
        const auto& [op, m] = memory[order[k].second];
        QCOMPARE(trace.string(trace.name(op)), expected[k].first);
        QCOMPARE(m.bytes, expected[k].second);
        QCOMPARE(m.totalAllocated, totals[k]);
        QCOMPARE(m.device, std::int16_t(0));
        QVERIFY(m.onDevice());
        QCOMPARE(trace.kind(op), OpKind::Annotation);
        QCOMPARE(trace.start(op), trace.end(op));
    }
    // a's pointer pairs it; b, without one, is paired by its object id.
    QCOMPARE(memory[order[0].second].second.address, memory[order[3].second].second.address);
    QCOMPARE(memory[order[1].second].second.address, memory[order[2].second].second.address);
    QVERIFY(std::any_of(trace.diagnostics().begin(), trace.diagnostics().end(), [](const Diagnostic& d) {
        return d.detail.english().find("1 tensor objects without a usable snapshot") != std::string::npos;
    }));
    // The replay's memory estimate holds both at once: 3072 bytes at its peak.
    const auto session = JobSession::open(*loaded, {}, ResourceLimits {});
    QVERIFY(session.hasValue());
    const Expected<ReplayResult> replay = (*session)->replay({});
    QVERIFY(replay.hasValue());
    QVERIFY2(replay->memory.peakBytes() >= 3072, qPrintable(QString::number(replay->memory.peakBytes())));
    QVERIFY(replay->memory.peakBytes() < 3072 + 1024);
}

void TestTfTimeline::realTimeline()
{
    const QString path = QDir(QStringLiteral(SIGHTLINE_TRACES_DIR)).filePath(QStringLiteral("tensorflow/tf1-timeline/timeline_test0.json"));
    if (!QFile::exists(path))
        QSKIP("the real trace corpus (../shared/traces) is not present");
    Expected<TracePtr> loaded = TraceLoader::load({ QFile::encodeName(path).toStdString() });
    QVERIFY(loaded.hasValue());
    const Trace& trace = **loaded;
    QCOMPARE(trace.format(), std::string("tf-timeline"));
    // 642 ops, of which the 152 on "/device:GPU:0/stream:all Compute" repeat the per-stream rows.
    QCOMPARE(trace.opCount(), std::size_t(490));
    const auto tracks = tracksByName(trace);
    for (const char* name : { "/device:GPU:0/stream:13 Compute", "/device:GPU:0/stream:14 Compute", "/device:GPU:0/stream:15 Compute",
             "/device:GPU:0/memcpy Compute", "/job:localhost/replica:0/task:0/device:GPU:0 Compute",
             "/job:localhost/replica:0/task:0/device:CPU:0 Compute" })
        QVERIFY2(tracks.count(name), name);
    // 13 DataFlow flows, each from the op that made a tensor to the op that used it, and 44 copies of
    // an edge ("edge_43_Cast") after their producer; 170 of the 214 stream and copy ops launched by
    // their node's op on the GPU's executor row (the others, copies of edges, have none there).
    int dependencies = 0, launches = 0;
    for (const Link& l : trace.links()) {
        dependencies += l.kind == LinkKind::Dependency;
        if (l.kind == LinkKind::Launch) {
            ++launches;
            QCOMPARE(trace.string(trace.name(l.from)), trace.string(trace.name(l.to)));
            QCOMPARE(trace.trackInfo(trace.track(l.from)).kind, TrackKind::CpuThread);
        }
    }
    QCOMPARE(dependencies, 13 + 44);
    QCOMPARE(launches, 170);
    for (const Diagnostic& d : trace.diagnostics())
        QVERIFY2(d.code != ErrorCode::UnmatchedEvent, d.detail.english().c_str());
    QCOMPARE(trace.steps().size(), std::size_t(1));
    const RankStepTime iteration = replayedIteration(*loaded);
    QVERIFY(std::abs(iteration.measured - 69.541e6) < 1e3);
    QVERIFY(replaysAsMeasured(iteration));

    // The input pipeline's IteratorGetNext (45.7 ms on the CPU) feeds the GPU through a copy: it holds
    // the critical path, and everything 20 % faster shortens the run by most of that. Before, the
    // kernels and copies waited only for their row, and the run moved by 0.03 %.
    const auto session = JobSession::open(*loaded, {}, ResourceLimits {});
    QVERIFY(session.hasValue());
    const auto faster
        = (*session)->whatIf({ Strategy { { PassStep { "speedup", { { "percent", 20.0 } } } } }, {}, {} });
    QVERIFY(faster.hasValue());
    const CriticalPath& critical = faster->baseline->criticalPath;
    QVERIFY2(critical.total[static_cast<std::size_t>(PathCategory::Host)] > 0.8 * static_cast<double>(critical.length),
        qPrintable(QString::number(critical.total[static_cast<std::size_t>(PathCategory::Host)])));
    const double before = StepTimes::iteration(faster->baseline->schedule).replayed;
    const double after = StepTimes::iteration(faster->whatIf->schedule).replayed;
    QVERIFY2(after < 0.88 * before, qPrintable(QStringLiteral("%1 against %2").arg(after).arg(before)));
}

QTEST_GUILESS_MAIN(TestTfTimeline)
#include "tst_tftimeline.moc"
