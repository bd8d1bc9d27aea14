// The Horovod timeline dialect: the coordinator's tensors, their phases and readiness, tensor bytes,
// iterations from the tensors' periodicity, on a hand-made timeline and on the real one in
// ../shared/traces/horovod (MANIFEST: 110 iterations, a median period of about 1.655 s).
#include "core/analysis/steptimes.h"
#include "core/base/resourcelimits.h"
#include "core/exec/executiongraph.h"
#include "core/exec/analysiscache.h"
#include "core/exec/tensormodel.h"
#include "core/import/traceloader.h"
#include "core/session/jobsession.h"
#include "core/strategy/passparameter.h"
#include "core/model/trace.h"
#include "dialectsupport.h"
#include "replaysupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <vector>

using namespace sightline;

Q_DECLARE_METATYPE(ErrorCode)

namespace {

using TracePtr = std::shared_ptr<const Trace>;

// The bytes of every all-reduce and broadcast transfer an execution graph times, in item order.
std::vector<std::int64_t> transferSizes(const ExecutionGraph& g)
{
    std::vector<std::int64_t> sizes;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (const CommCost* c = g.comm(ItemId(i)))
            sizes.push_back(c->bytes);
    }
    return sizes;
}

// Two gradient tensors, three iterations 1000 us apart, negotiated by ranks 0 and 1, fused into one
// buffer (their MPI_ALLREDUCE at the same times), written as Horovod writes: an unterminated array,
// dtype and shape on the closing event of each ALLREDUCE. With instantTransfers, each MPI_ALLREDUCE
// takes no time, at its operation's start.
QByteArray handMade(bool instantTransfers = false)
{
    QByteArray t = "[\n";
    auto add = [&t](const QByteArray& event) { t += event + ",\n"; };
    add(R"({"name": "process_name", "ph": "M", "pid": 1, "args": {"name": "HorovodAllreduce_grad_w_0"}})");
    add(R"({"name": "process_name", "ph": "M", "pid": 2, "args": {"name": "HorovodAllreduce_grad_b_0"}})");
    for (int k = 0; k < 3; ++k) {
        const qint64 base = 1000000 + k * 1000;
        auto at = [base](qint64 us) { return QByteArray::number(base + us); };
        add(R"({"ph": "i", "name": "CYCLE_START", "ts": )" + at(0) + R"(, "s": "g"})");
        for (int pid = 1; pid <= 2; ++pid) {
            const QByteArray p = QByteArray::number(pid);
            add(R"({"ph": "B", "name": "NEGOTIATE_ALLREDUCE", "ts": )" + at(pid) + R"(, "pid": )" + p + "}");
            add(R"({"ph": "X", "name": "0", "ts": )" + at(pid + 1) + R"(, "pid": )" + p + R"(, "dur": 0})");
            add(R"({"ph": "X", "name": "1", "ts": )" + at(pid + 10) + R"(, "pid": )" + p + R"(, "dur": 0})");
            add(R"({"ph": "E", "ts": )" + at(20) + R"(, "pid": )" + p + "}");
        }
        for (int pid = 1; pid <= 2; ++pid) {
            const QByteArray p = QByteArray::number(pid);
            add(R"({"ph": "B", "name": "ALLREDUCE", "ts": )" + at(30) + R"(, "pid": )" + p + "}");
            add(R"({"ph": "B", "name": "MEMCPY_IN_FUSION_BUFFER", "ts": )" + at(31) + R"(, "pid": )" + p + "}");
            add(R"({"ph": "E", "ts": )" + at(35) + R"(, "pid": )" + p + "}");
            add(R"({"ph": "B", "name": "MPI_ALLREDUCE", "ts": )" + at(instantTransfers ? 30 : 36) + R"(, "pid": )" + p + "}");
            add(R"({"ph": "E", "ts": )" + at(instantTransfers ? 30 : 90) + R"(, "pid": )" + p + "}");
            add(R"({"ph": "B", "name": "MEMCPY_OUT_FUSION_BUFFER", "ts": )" + at(91) + R"(, "pid": )" + p + "}");
            add(R"({"ph": "E", "ts": )" + at(95) + R"(, "pid": )" + p + "}");
            const QByteArray shape = pid == 1 ? "[64, 32]" : "[32]";
            add(R"({"ph": "E", "ts": )" + at(96) + R"(, "pid": )" + p + R"(, "args": {"dtype": "float32", "shape": ")" + shape + R"("}})");
        }
    }
    return t;
}

std::vector<OpId> opsNamed(const Trace& trace, std::string_view name)
{
    std::vector<OpId> out;
    for (std::uint32_t op = 0; op < trace.opCount(); ++op) {
        if (trace.string(trace.name(OpId(op))) == name)
            out.push_back(OpId(op));
    }
    return out;
}

} // namespace

class TestHorovod : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void handMadeModel();
    void handMadeIterations();
    void handMadeProtocol();
    void handMadeWhatIf();
    void malformed_data();
    void malformed();
    void truncated();
    void realTimeline();

private:
    void realWhatIf(const TracePtr& trace);

private:
    QTemporaryDir m_dir;
    TracePtr load(const QString& name, const QByteArray& text);
};

TracePtr TestHorovod::load(const QString& name, const QByteArray& text)
{
    const std::string path = writeTrace(m_dir, name, text);
    if (path.empty())
        return {};
    Expected<TracePtr> trace = TraceLoader::load({ path });
    if (!trace) {
        qWarning("%s", trace.status().toString().c_str());
        return {};
    }
    return *trace;
}

void TestHorovod::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestHorovod::handMadeModel()
{
    const TracePtr trace = load(QStringLiteral("horovod_timeline.json"), handMade());
    QVERIFY(trace);
    QCOMPARE(trace->format(), std::string("horovod"));
    QCOMPARE(trace->worldSize(), 2); // ranks 0 and 1 reported readiness
    const auto tracks = tracksByName(*trace);
    for (const char* name : { "HorovodAllreduce_grad_w_0", "HorovodAllreduce_grad_b_0", "rank 0 ready", "rank 1 ready" })
        QVERIFY2(tracks.count(name), name);
    QCOMPARE(tracks.size(), std::size_t(4));
    // Each rank's track holds its readiness, one tick per tensor and iteration, named by the tensor.
    for (const char* rank : { "rank 0 ready", "rank 1 ready" }) {
        const TrackInfo& info = trace->trackInfo(TrackId(tracks.at(rank)));
        QCOMPARE(info.opCount, 6u);
        for (std::uint32_t op = info.firstOp; op < info.firstOp + info.opCount; ++op) {
            QCOMPARE(trace->kind(OpId(op)), OpKind::Annotation);
            QVERIFY(trace->string(trace->name(OpId(op))).starts_with("HorovodAllreduce_grad_"));
        }
    }
    // Kinds of the phases.
    for (OpId op : opsNamed(*trace, "NEGOTIATE_ALLREDUCE"))
        QCOMPARE(trace->kind(op), OpKind::Sync);
    for (OpId op : opsNamed(*trace, "MEMCPY_IN_FUSION_BUFFER"))
        QCOMPARE(trace->kind(op), OpKind::Memcpy);
    for (OpId op : opsNamed(*trace, "ALLREDUCE"))
        QCOMPARE(trace->kind(op), OpKind::Annotation);
    // The collective carries its tensor's bytes and arguments: [64, 32] float32 = 8192 bytes.
    const std::vector<OpId> calls = opsNamed(*trace, "MPI_ALLREDUCE");
    QCOMPARE(calls.size(), std::size_t(6));
    std::map<std::string, int> byTensor;
    for (OpId op : calls) {
        QCOMPARE(trace->kind(op), OpKind::Collective);
        const std::string tensor(trace->string(trace->trackInfo(trace->track(op)).name));
        const bool weights = tensor == "HorovodAllreduce_grad_w_0";
        QCOMPARE(trace->bytes(op), std::int64_t(weights ? 64 * 32 * 4 : 32 * 4));
        const CommArgs* args = trace->commArgs(op);
        QVERIFY(args);
        QCOMPARE(trace->string(args->collective), std::string_view("all_reduce"));
        QCOMPARE(trace->string(args->dtype), std::string_view("float32"));
        QCOMPARE(args->inNelems, std::int64_t(weights ? 64 * 32 : 32));
        QCOMPARE(args->groupSize, 2);
        ++byTensor[tensor];
    }
    QCOMPARE(byTensor.size(), std::size_t(2));
    // The cycles are a counter of their lengths (1 ms each), not ops.
    QVERIFY(opsNamed(*trace, "CYCLE_START").empty());
    QCOMPARE(trace->counters().size(), std::size_t(2));
    for (const CounterSample& c : trace->counters()) {
        QCOMPARE(trace->string(c.name), std::string_view("Horovod cycle (ms)"));
        QCOMPARE(c.value, 1.0);
    }
    QVERIFY(trace->diagnostics().size() == 1); // the open array, which Horovod leaves so
}

void TestHorovod::handMadeProtocol()
{
    const TracePtr trace = load(QStringLiteral("horovod_timeline.json"), handMade());
    QVERIFY(trace);
    // The background loop: each operation of iterations 1 and 2 waits for the transfer that ended
    // last before it, the iteration before's (none ended before iteration 0's). Iterations: the first negotiation of each
    // tensor and the first readiness of each rank in iterations 1 and 2 wait for the iteration
    // before's last transfer.
    std::size_t loop = 0, iterations = 0;
    for (const Link& l : trace->links()) {
        QCOMPARE(l.kind, LinkKind::Dependency);
        QCOMPARE(trace->kind(l.from), OpKind::Collective);
        QVERIFY(trace->end(l.from) <= trace->start(l.to));
        QCOMPARE(trace->step(l.to), trace->step(l.from) + 1); // here, the loop's previous response is the iteration before's
        (trace->string(trace->name(l.to)) == "ALLREDUCE" ? loop : iterations) += 1;
    }
    QCOMPARE(loop, std::size_t(2 * 2));
    QCOMPARE(iterations, std::size_t(2 * (2 + 2)));
    QVERIFY(replaysAsMeasured(replayedIteration(trace)));
    // Transfers that take no time at their operations' starts are not taken for the loop's previous
    // response: the operation would wait for its own transfer, a cycle.
    const TracePtr instant = load(QStringLiteral("instant.json"), handMade(true));
    QVERIFY(instant);
    QVERIFY(replaysAsMeasured(replayedIteration(instant)));
}

void TestHorovod::handMadeWhatIf()
{
    const TracePtr trace = load(QStringLiteral("horovod_timeline.json"), handMade());
    QVERIFY(trace);
    const auto session = JobSession::open(trace, {}, ResourceLimits {});
    QVERIFY(session.hasValue());
    // The coordinator's fused buffer, one per iteration, carries both tensors: 8192 + 128 bytes.
    const Expected<TensorModel>& model = (*session)->analyses().tensors();
    QVERIFY2(model.hasValue(), model ? "" : model.status().detail().c_str());
    QVERIFY(model->partial());
    QCOMPARE(model->steps().size(), std::size_t(3));
    for (const TensorModel::Step& step : model->steps()) {
        QCOMPARE(step.buckets.size(), std::size_t(1));
        QCOMPARE(step.buckets.front().bytes, std::int64_t(8192 + 128));
        QCOMPARE(step.buckets.front().fused.size(), std::size_t(1));
        QCOMPARE(step.tensors.size(), std::size_t(2));
    }
    // A threshold below the larger tensor splits each buffer in two; the one measured keeps one.
    const auto buckets = [&](double threshold) {
        const auto r = (*session)->whatIf({ Strategy { { PassStep { "tensor_fusion", { { "threshold_bytes", threshold } } } } }, {}, { CommSource::Measured, true } });
        return r ? transferSizes(*r->whatIf->graph) : std::vector<std::int64_t> {};
    };
    QCOMPARE(buckets(64.0 * 1024 * 1024), std::vector<std::int64_t>(3, 8192 + 128));
    std::vector<std::int64_t> split = buckets(4096);
    std::sort(split.begin(), split.end());
    QCOMPARE(split, (std::vector<std::int64_t> { 128, 128, 128, 8192, 8192, 8192 }));
}

void TestHorovod::handMadeIterations()
{
    const TracePtr trace = load(QStringLiteral("horovod_timeline.json"), handMade());
    QVERIFY(trace);
    QCOMPARE(trace->ranks().front().stepMethod, StepMethod::TensorPeriodicity);
    const auto steps = trace->steps();
    QCOMPARE(steps.size(), std::size_t(3));
    // Iteration k: from the first negotiation of iteration k (tensor 1 at +1 us) to that of k + 1;
    // the last to the end of its operations (+96 us).
    for (std::size_t k = 0; k < 3; ++k) {
        QCOMPARE(steps[k].number, std::int64_t(k));
        QCOMPARE(steps[k].start, TimeNs((1000000 + std::int64_t(k) * 1000 + 1) * 1000));
        const TimeNs end = k < 2 ? steps[k + 1].start : TimeNs((1002000 + 96) * 1000);
        QCOMPARE(steps[k].end, end);
    }
    for (OpId op : opsNamed(*trace, "MPI_ALLREDUCE"))
        QVERIFY(trace->step(op) >= 0);
}

void TestHorovod::malformed_data()
{
    QTest::addColumn<QByteArray>("closing");
    QTest::addColumn<ErrorCode>("warning");
    QTest::newRow("shape not a string") << QByteArray(R"("args": {"dtype": "float32", "shape": 42})") << ErrorCode::WrongType;
    QTest::newRow("shape not numbers") << QByteArray(R"("args": {"dtype": "float32", "shape": "[a, 3]"})") << ErrorCode::WrongType;
    QTest::newRow("shape with a trailing comma") << QByteArray(R"("args": {"dtype": "float32", "shape": "[3,]"})") << ErrorCode::WrongType;
    QTest::newRow("unknown dtype") << QByteArray(R"("args": {"dtype": "quaternion", "shape": "[3]"})") << ErrorCode::WrongType;
}

// A closing event whose tensor cannot be read keeps the operation, without bytes, and says why.
void TestHorovod::malformed()
{
    QFETCH(QByteArray, closing);
    QFETCH(ErrorCode, warning);
    QByteArray text = handMade();
    text.replace(R"("args": {"dtype": "float32", "shape": "[32]"})", closing);
    const TracePtr trace = load(QStringLiteral("bad.json"), text);
    QVERIFY(trace);
    QCOMPARE(trace->format(), std::string("horovod"));
    bool warned = false;
    for (const Diagnostic& d : trace->diagnostics())
        warned = warned || d.code == warning;
    QVERIFY(warned);
    for (OpId op : opsNamed(*trace, "MPI_ALLREDUCE")) {
        if (trace->string(trace->trackInfo(trace->track(op)).name) == "HorovodAllreduce_grad_b_0")
            QCOMPARE(trace->bytes(op), std::int64_t(0));
    }
    // An end without its begin is a warning too, not an error.
    const TracePtr extraEnd = load(QStringLiteral("end.json"), handMade() + R"({"ph": "E", "ts": 1, "pid": 7},)" + "\n");
    QVERIFY(extraEnd);
}

// Horovod leaves its array open and may stop mid-event when the job dies: the events up to the last
// whole one load, and the load says so. Text that is broken before its end is an error naming the file.
void TestHorovod::truncated()
{
    QByteArray text = handMade();
    text.chop(25); // in the middle of the last event, the closing event of an ALLREDUCE
    const TracePtr trace = load(QStringLiteral("cut.json"), text);
    QVERIFY(trace);
    QCOMPARE(trace->format(), std::string("horovod"));
    std::map<ErrorCode, std::string> warnings;
    for (const Diagnostic& d : trace->diagnostics())
        warnings[d.code] = d.detail.english();
    QVERIFY(warnings[ErrorCode::TruncatedJson].find("incomplete event") != std::string::npos);
    QVERIFY(warnings.count(ErrorCode::UnmatchedEvent)); // the operation it left open runs to the end
    QCOMPARE(trace->steps().size(), std::size_t(3));

    QByteArray broken = handMade();
    broken.replace(R"("ts": 1000001, "pid": 1})", R"("ts": 1000001, "pid": 1])"); // an event closed by the wrong bracket
    const QString path = m_dir.filePath(QStringLiteral("broken.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(broken);
    f.close();
    Expected<TracePtr> refused = TraceLoader::load({ QFile::encodeName(path).toStdString() });
    QVERIFY(!refused.hasValue());
    QCOMPARE(refused.status().code(), ErrorCode::InvalidJson);
    QCOMPARE(refused.status().file(), QFile::encodeName(path).toStdString());
    QVERIFY(refused.status().byteOffset() > 0);
}

void TestHorovod::realTimeline()
{
    const QString path = QDir(QStringLiteral(SIGHTLINE_TRACES_DIR)).filePath(QStringLiteral("horovod/tf-4rank-mpi/horovod_timeline.json"));
    if (!QFile::exists(path))
        QSKIP("the real trace corpus (../shared/traces) is not present");
    Expected<TracePtr> loaded = TraceLoader::load({ QFile::encodeName(path).toStdString() });
    QVERIFY(loaded.hasValue());
    const Trace& trace = **loaded;
    QCOMPARE(trace.format(), std::string("horovod"));
    QCOMPARE(trace.worldSize(), 4);
    // MANIFEST.md: 110 iterations; each tensor's negotiation repeats every 1.655 s (median).
    const auto steps = trace.steps();
    QCOMPARE(steps.size(), std::size_t(110));
    std::vector<TimeNs> periods;
    for (const StepSpan& s : steps)
        periods.push_back(s.end - s.start);
    std::nth_element(periods.begin(), periods.begin() + 55, periods.end());
    const double medianMs = static_cast<double>(periods[55]) / 1e6;
    QVERIFY2(std::abs(medianMs - 1655.0) < 16.55, qPrintable(QString::number(medianMs)));
    // 13 broadcast tensors (once, at the start) and 6 gradient tensors, one track each; four ranks'
    // readiness. The 13 999 cycles are a counter.
    const auto tracks = tracksByName(trace);
    QCOMPARE(tracks.size(), std::size_t(19 + 4));
    QCOMPARE(trace.counters().size(), std::size_t(13999 - 1));
    QVERIFY(tracks.count("tower_0/v0/HorovodAllreduce_tower_0_v0_gradients_AddN_1_0"));
    std::map<std::string_view, int> collectives;
    for (std::uint32_t op = 0; op < trace.opCount(); ++op) {
        if (trace.kind(OpId(op)) != OpKind::Collective)
            continue;
        const CommArgs* args = trace.commArgs(OpId(op));
        QVERIFY(args);
        ++collectives[trace.string(args->collective)];
        if (trace.string(trace.trackInfo(trace.track(OpId(op))).name) == "tower_0/v0/HorovodAllreduce_tower_0_v0_gradients_AddN_1_0")
            QCOMPARE(trace.bytes(OpId(op)), std::int64_t(4096) * 1001 * 4); // shape [4096, 1001], float32
    }
    QCOMPARE(collectives["all_reduce"], 660);
    QCOMPARE(collectives["broadcast"], 13);
    // The measured configuration replays as measured.
    const RankStepTime iteration = replayedIteration(*loaded);
    QVERIFY2(replaysAsMeasured(iteration), qPrintable(QStringLiteral("%1 against %2").arg(iteration.replayed).arg(iteration.measured)));
    realWhatIf(*loaded);
}

// Tensor fusion and worker count on the coordinator's job, against its own replay with the cost model.
void TestHorovod::realWhatIf(const TracePtr& trace)
{
    const auto session = JobSession::open(trace, {}, ResourceLimits {});
    QVERIFY(session.hasValue());
    const auto run = [&](const std::string& pass, std::map<std::string, ParameterValue> params) {
        Expected<WhatIfResult> r = (*session)->whatIf({ Strategy { { PassStep { pass, std::move(params) } } }, {}, { CommSource::Measured, true } });
        if (!r)
            qWarning("%s", r.status().detail().c_str());
        return r;
    };
    const auto iterationOf = [](const ReplayResult& r) { return StepTimes::iteration(r.schedule).replayed; };
    // Horovod's defaults (64 MiB, 5 ms) re-bucket the gradients as measured: 553 buffers, 107 of them
    // two tensors fused, and the same iteration.
    const auto measured = run("tensor_fusion", { { "threshold_bytes", 64.0 * 1024 * 1024 }, { "cycle_time_ms", 5.0 } });
    QVERIFY(measured.hasValue());
    const std::vector<std::int64_t> before = transferSizes(*measured->baseline->graph);
    const std::vector<std::int64_t> asMeasured = transferSizes(*measured->whatIf->graph);
    QCOMPARE(before.size(), std::size_t(660)); // the broadcasts come before the first iteration
    QCOMPARE(asMeasured.size(), std::size_t(553));
    const double baseline = iterationOf(*measured->baseline);
    QVERIFY2(std::abs(iterationOf(*measured->whatIf) - baseline) <= 0.01 * baseline, qPrintable(QString::number(iterationOf(*measured->whatIf))));
    // A larger threshold and cycle: fewer, larger all-reduces.
    const auto larger = run("tensor_fusion", { { "threshold_bytes", 256.0 * 1024 * 1024 }, { "cycle_time_ms", 50.0 } });
    QVERIFY(larger.hasValue());
    const std::vector<std::int64_t> fused = transferSizes(*larger->whatIf->graph);
    QVERIFY(fused.size() < asMeasured.size());
    QVERIFY(*std::max_element(fused.begin(), fused.end()) > *std::max_element(asMeasured.begin(), asMeasured.end()));
    // More ranks in each all-reduce take longer; fewer, less (ring all-reduce: 2 (n - 1) / n of the bytes).
    const auto workers = [&](double n) {
        const auto r = (*session)->whatIf({ Strategy { { PassStep { "network", { { "allreduce", std::string("ring") } } }, PassStep { "worker_count", { { "workers", n } } } } }, {}, { CommSource::Measured, true } });
        return r ? iterationOf(*r->whatIf) : -1.0;
    };
    const double two = workers(2), four = workers(4), sixteen = workers(16);
    QVERIFY2(two < four && four < sixteen, qPrintable(QStringLiteral("%1 %2 %3").arg(two).arg(four).arg(sixteen)));
    // The trace holds 1 of the job's 4 ranks: 4 workers add none, so nothing shares the host's cores;
    // 16 add 12.
    const auto sharesCores = [&](double n) {
        const auto r = run("worker_count", { { "workers", n } });
        return r && std::any_of(r->warnings.begin(), r->warnings.end(), [](const Message& m) {
            return m.english().find("share the host's cores") != std::string::npos;
        });
    };
    QVERIFY(!sharesCores(4));
    QVERIFY(sharesCores(16));
}

QTEST_GUILESS_MAIN(TestHorovod)
#include "tst_horovod.moc"
