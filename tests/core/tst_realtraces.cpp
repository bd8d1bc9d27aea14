// The importer against real traces from other people's training runs (../shared/traces, see its
// MANIFEST.md for the ground truth). Skips when the corpus is absent.

#include "core/analysis/tracesummary.h"
#include "core/import/traceloader.h"
#include "core/model/opclassifier.h"
#include "core/model/trace.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QTest>

#include <map>
#include <set>

using namespace sightline;

namespace {

using TracePtr = std::shared_ptr<const Trace>;

QString tracesDir()
{
    return QStringLiteral(SIGHTLINE_TRACES_DIR);
}

std::string corpusPath(const QString& relative)
{
    return QFile::encodeName(QDir(tracesDir()).filePath(relative)).toStdString();
}

QString describe(const Status& s)
{
    return QString::fromStdString(s.toString());
}

constexpr double kNsPerMs = 1e6;

} // namespace

class TestRealTraces : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void dlrmEightRanks();
    void stepDurations_data();
    void stepDurations();
    void rocmGpuStepCopiesAddNoSteps();
    void sampled128Ranks();
    void dlrmCollectives();
    void htaNcclCommArgs();
    void cpuOnlyGlooRank();
    void resnet2021PairsBySequenceNumbers();
    void horovodUnterminatedArray();
    void otherTimelinesAreNamed_data();
    void otherTimelinesAreNamed();
    void mixedFormatsAreRefused();
    void loadsOrFailsCleanly_data();
    void loadsOrFailsCleanly();

private:
    Expected<TracePtr> load(const QString& relative);
};

void TestRealTraces::initTestCase()
{
    if (!QFileInfo(tracesDir() + QStringLiteral("/kineto")).isDir())
        QSKIP("the real trace corpus (../shared/traces) is not present");
}

Expected<TracePtr> TestRealTraces::load(const QString& relative)
{
    return TraceLoader::load({ corpusPath(relative) });
}

void TestRealTraces::dlrmEightRanks()
{
    const Expected<TracePtr> loaded = load(QStringLiteral("kineto/dlrm-8xV100"));
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    QCOMPARE(trace.ranks().size(), std::size_t(8));
    QCOMPARE(trace.worldSize(), 8);
    const double expectedMs[8] = { 14.455, 19.901, 13.02, 19.31, 17.98, 17.80, 13.09, 12.51 };
    for (std::uint32_t r = 0; r < 8; ++r) {
        const RankInfo& info = trace.rankInfo(RankId(r));
        QCOMPARE(info.rank, int(r));
        // worker<r>_step_12.<timestamp>.pt.trace.json
        QVERIFY(
            trace.string(info.sourceFile).find("worker" + std::to_string(r) + "_step_12") != std::string_view::npos);
        QCOMPARE(info.stepMethod, StepMethod::ProfilerStepMarkers);
        const StepSpan* step10 = nullptr;
        for (const StepSpan& s : trace.steps(RankId(r))) {
            if (s.number == 10)
                step10 = &s;
        }
        QVERIFY2(step10, qPrintable(QStringLiteral("rank %1 has no ProfilerStep#10").arg(r)));
        const double ms = double(step10->end - step10->start) / kNsPerMs;
        QVERIFY2(std::abs(ms - expectedMs[r]) <= 0.01,
            qPrintable(QStringLiteral("rank %1: ProfilerStep#10 lasts %2 ms, expected %3")
                           .arg(r)
                           .arg(ms, 0, 'f', 4)
                           .arg(expectedMs[r])));
        QCOMPARE(trace.string(trace.name(step10->marker)), std::string_view("ProfilerStep#10"));
    }
}

void TestRealTraces::stepDurations_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("firstStep");
    QTest::addColumn<QList<double>>("expectedMs");
    QTest::addColumn<double>("toleranceMs");
    QTest::newRow("hta-nccl-a100") << QStringLiteral("kineto/hta-nccl-a100/nccl_data.json.gz") << 4
                                   << QList<double> { 222.442, 219.727, 224.936 } << 0.001;
    QTest::newRow("hta-alltoall-a100") << QStringLiteral("kineto/hta-alltoall-a100/rank0.json.gz") << 550
                                       << QList<double> { 209.748, 216.483, 216.119, 215.467, 216.216 } << 0.001;
    QTest::newRow("tb-resnet50-v100 (2021)")
        << QStringLiteral("kineto/tb-resnet50-v100/worker0.1623143089861.pt.trace.json.gz") << 5
        << QList<double> { 176.078, 173.992, 176.918, 181.259, 176.468, 164.261 } << 0.001;
    QTest::newRow("rocm-mi300-ckpt") << QStringLiteral("kineto/rocm-mi300-ckpt/resnet_act_checkpoint.json.gz") << 15
                                     << QList<double> { 16.799, 15.951, 15.887 } << 0.001;
}

void TestRealTraces::stepDurations()
{
    QFETCH(QString, file);
    QFETCH(int, firstStep);
    QFETCH(QList<double>, expectedMs);
    QFETCH(double, toleranceMs);
    const Expected<TracePtr> loaded = load(file);
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    QCOMPARE(trace.ranks().size(), std::size_t(1));
    const TraceSummary summary = TraceSummary::compute(trace);
    QCOMPARE(summary.ranks.size(), std::size_t(1));
    QCOMPARE(summary.ranks[0].stepMethod, StepMethod::ProfilerStepMarkers);
    std::map<std::int64_t, double> byNumber;
    for (const TraceSummary::Step& s : summary.ranks[0].steps) {
        QVERIFY2(byNumber.find(s.number) == byNumber.end(),
            qPrintable(QStringLiteral("step %1 appears twice").arg(s.number)));
        byNumber[s.number] = double(s.durationNs) / kNsPerMs;
        QCOMPARE(QString::fromStdString(s.name), QStringLiteral("ProfilerStep#%1").arg(s.number));
    }
    for (int k = 0; k < expectedMs.size(); ++k) {
        const auto it = byNumber.find(firstStep + k);
        QVERIFY2(it != byNumber.end(), qPrintable(QStringLiteral("no ProfilerStep#%1").arg(firstStep + k)));
        QVERIFY2(std::abs(it->second - expectedMs[k]) <= toleranceMs,
            qPrintable(QStringLiteral("ProfilerStep#%1 lasts %2 ms, expected %3")
                           .arg(firstStep + k)
                           .arg(it->second, 0, 'f', 4)
                           .arg(expectedMs[k])));
    }
    // Ops inside a step carry its number.
    for (const StepSpan& s : trace.steps(RankId(0)))
        QCOMPARE(trace.step(s.marker), int(s.number));
}

void TestRealTraces::rocmGpuStepCopiesAddNoSteps()
{
    // The file has ProfilerStep#15..17 on the CPU and a gpu_user_annotation copy of each on the GPU.
    const Expected<TracePtr> loaded = load(QStringLiteral("kineto/rocm-mi300-ckpt/resnet_act_checkpoint.json.gz"));
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    const std::span<const StepSpan> steps = trace.steps(RankId(0));
    QCOMPARE(steps.size(), std::size_t(3));
    for (std::size_t k = 0; k < steps.size(); ++k) {
        QCOMPARE(steps[k].number, std::int64_t(15 + k));
        QCOMPARE(trace.string(trace.category(steps[k].marker)), std::string_view("user_annotation"));
    }
    QCOMPARE(trace.worldSize(), 8);
    QCOMPARE(trace.ranks()[0].rank, 0);
    // RCCL's generic kernel is communication even though its name names no collective.
    int generic = 0;
    for (std::uint32_t i = 0; i < trace.opCount(); ++i) {
        if (trace.string(trace.name(OpId(i))).starts_with("ncclDevKernel_Generic")) {
            ++generic;
            QVERIFY(isCommunication(trace.kind(OpId(i))));
        }
    }
    QVERIFY(generic > 0);
}

void TestRealTraces::sampled128Ranks()
{
    const Expected<TracePtr> loaded = load(QStringLiteral("kineto/hta-sampled-128rank"));
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    QCOMPARE(trace.ranks().size(), std::size_t(2));
    QCOMPARE(trace.worldSize(), 128);
    QCOMPARE(trace.ranks()[0].rank, 0);
    QCOMPARE(trace.ranks()[1].rank, 1);
    QVERIFY(trace.string(trace.ranks()[0].sourceFile).ends_with("sampled_rank-0.json.gz"));
    QVERIFY(trace.string(trace.ranks()[1].sourceFile).ends_with("sampled_rank-1.json.gz"));
    // Ground truth is given to 0.1 ms.
    const std::map<std::pair<int, int>, double> expected { { { 0, 551 }, 607.3 }, { { 0, 552 }, 622.9 },
        { { 1, 551 }, 607.9 }, { { 1, 552 }, 630.6 } };
    for (const auto& [key, ms] : expected) {
        const StepSpan* found = nullptr;
        for (const StepSpan& s : trace.steps(RankId(key.first))) {
            if (s.number == key.second)
                found = &s;
        }
        QVERIFY2(found, qPrintable(QStringLiteral("rank %1 lacks step %2").arg(key.first).arg(key.second)));
        const double got = double(found->end - found->start) / kNsPerMs;
        QVERIFY2(std::abs(got - ms) <= 0.05,
            qPrintable(
                QStringLiteral("rank %1 step %2: %3 ms, expected %4").arg(key.first).arg(key.second).arg(got).arg(ms)));
    }
}

void TestRealTraces::dlrmCollectives()
{
    const Expected<TracePtr> loaded = load(QStringLiteral("kineto/dlrm-8xV100"));
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    std::map<std::string, int> byCollective;
    std::vector<int> perRank(trace.ranks().size(), 0);
    for (std::uint32_t i = 0; i < trace.opCount(); ++i) {
        const OpId op(i);
        if (!OpClassifier::isCommKernel(trace.string(trace.name(op))))
            continue;
        const TrackInfo& track = trace.trackInfo(trace.track(op));
        QVERIFY(track.kind == TrackKind::GpuStream || track.kind == TrackKind::CommChannel);
        QVERIFY2(trace.kind(op) == OpKind::Collective,
            qPrintable(QStringLiteral("%1 is %2")
                           .arg(QString::fromUtf8(trace.string(trace.name(op)).data(),
                                    qsizetype(trace.string(trace.name(op)).size())),
                               QLatin1String(
                                   opKindName(trace.kind(op)).data(), qsizetype(opKindName(trace.kind(op)).size())))));
        const CommArgs* args = trace.commArgs(op);
        QVERIFY(args);
        const std::string collective(trace.string(args->collective));
        QVERIFY2(collective == "all_reduce" || collective == "all_to_all",
            qPrintable(QStringLiteral("unexpected collective '%1'").arg(QString::fromStdString(collective))));
        QVERIFY2(trace.bytes(op) > 0,
            qPrintable(QStringLiteral("op %1 (%2) has no bytes").arg(i).arg(QString::fromStdString(collective))));
        ++byCollective[collective];
        ++perRank[trace.rank(op).value()];
    }
    QVERIFY(byCollective["all_reduce"] > 0);
    QVERIFY(byCollective["all_to_all"] > 0);
    for (std::size_t r = 0; r < perRank.size(); ++r)
        QVERIFY2(perRank[r] > 0, qPrintable(QStringLiteral("rank %1 has no NCCL kernels").arg(r)));
    // The summary counts the same device-side collectives.
    const TraceSummary summary = TraceSummary::compute(trace);
    for (std::size_t r = 0; r < summary.ranks.size(); ++r) {
        QCOMPARE(summary.ranks[r].collectives, std::int64_t(perRank[r]));
        QVERIFY(summary.ranks[r].communicationBytes > 0);
    }
}

void TestRealTraces::htaNcclCommArgs()
{
    const Expected<TracePtr> loaded = load(QStringLiteral("kineto/hta-nccl-a100/nccl_data.json.gz"));
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    QCOMPARE(trace.worldSize(), 2);
    QCOMPARE(trace.string(trace.ranks()[0].rankSource), std::string_view("distributed_info"));
    QCOMPARE(trace.processGroups().size(), std::size_t(1));
    QCOMPARE(trace.string(trace.processGroups()[0].name), std::string_view("0"));
    QCOMPARE(trace.processGroups()[0].ranks, (std::vector<std::int32_t> { 0, 1 }));
    int kernels = 0;
    for (std::uint32_t i = 0; i < trace.opCount(); ++i) {
        const OpId op(i);
        if (!trace.string(trace.name(op)).starts_with("ncclKernel_"))
            continue;
        ++kernels;
        QCOMPARE(trace.kind(op), OpKind::Collective);
        const CommArgs* args = trace.commArgs(op);
        QVERIFY(args);
        QCOMPARE(trace.string(args->processGroup), std::string_view("0"));
        QCOMPARE(args->groupSize, 2);
        QVERIFY(!trace.string(args->collective).empty());
        QVERIFY(trace.bytes(op) > 0);
    }
    QCOMPARE(kernels, 21);
    // First kernel in the file: all_reduce of 6637568 floats.
    bool sawFirst = false;
    for (std::uint32_t i = 0; i < trace.opCount(); ++i) {
        const CommArgs* args = trace.commArgs(OpId(i));
        if (args && args->inNelems == 6637568
            && trace.string(trace.name(OpId(i))).starts_with("ncclKernel_AllReduce")) {
            QCOMPARE(trace.string(args->collective), std::string_view("all_reduce"));
            QCOMPARE(trace.string(args->dtype), std::string_view("Float"));
            QCOMPARE(trace.bytes(OpId(i)), std::int64_t(6637568) * 4);
            sawFirst = true;
        }
    }
    QVERIFY(sawFirst);
}

void TestRealTraces::cpuOnlyGlooRank()
{
    const Expected<TracePtr> loaded = load(QStringLiteral("kineto/edge-cases/cpu_only_rank34.json.gz"));
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    QCOMPARE(trace.ranks().size(), std::size_t(1));
    QCOMPARE(trace.ranks()[0].rank, 34);
    QCOMPARE(trace.worldSize(), 300);
    QCOMPARE(trace.processGroups().size(), std::size_t(11));
    QCOMPARE(trace.processGroups()[0].ranks.size(), std::size_t(300));
    for (const TrackInfo& t : trace.tracks())
        QVERIFY(t.kind != TrackKind::GpuStream && t.kind != TrackKind::CommChannel);
    int gloo = 0, c10d = 0;
    for (std::uint32_t i = 0; i < trace.opCount(); ++i) {
        const std::string_view name = trace.string(trace.name(OpId(i)));
        if (name != "gloo:all_reduce" && name != "c10d::allreduce_")
            continue;
        (name == "gloo:all_reduce" ? gloo : c10d)++;
        QCOMPARE(trace.kind(OpId(i)), OpKind::Collective);
        const CommArgs* args = trace.commArgs(OpId(i));
        QVERIFY(args);
        QCOMPARE(trace.string(args->collective), std::string_view("all_reduce"));
    }
    QCOMPARE(gloo, 10);
    QCOMPARE(c10d, 10);
    const std::span<const StepSpan> steps = trace.steps(RankId(0));
    QCOMPARE(steps.size(), std::size_t(5));
    for (std::size_t k = 0; k < steps.size(); ++k)
        QCOMPARE(steps[k].number, std::int64_t(551 + k));
}

void TestRealTraces::resnet2021PairsBySequenceNumbers()
{
    // PyTorch 1.8 wrote no fwdbwd flows: every one of the 1068 autograd nodes of the six steps (178 a
    // step) pairs with a forward op of its step by sequence number.
    const Expected<TracePtr> loaded = load(QStringLiteral("kineto/tb-resnet50-v100"));
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    std::set<std::uint32_t> backward;
    for (const Link& l : trace.links()) {
        if (l.kind != LinkKind::ForwardBackward)
            continue;
        QCOMPARE(trace.phase(l.from), Phase::Forward);
        QCOMPARE(trace.phase(l.to), Phase::Backward);
        QCOMPARE(trace.step(l.from), trace.step(l.to));
        std::string_view node = trace.string(trace.name(l.to));
        while (!node.empty() && node.back() >= '0' && node.back() <= '9')
            node.remove_suffix(1);
        QVERIFY(node.ends_with("Backward"));
        backward.insert(l.to.value());
    }
    QCOMPARE(backward.size(), std::size_t(1068));
}

void TestRealTraces::horovodUnterminatedArray()
{
    // Older Horovod writes no closing ']': the file loads, with a warning that says so.
    const Expected<TracePtr> loaded = load(QStringLiteral("horovod/tf-4rank-mpi/horovod_timeline.json"));
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    QCOMPARE(trace.format(), std::string("horovod"));
    QVERIFY(trace.opCount() > 1000);
    bool truncated = false;
    for (const Diagnostic& d : trace.diagnostics())
        truncated = truncated || d.code == ErrorCode::TruncatedJson;
    QVERIFY(truncated);
    int negotiate = 0;
    for (std::uint32_t i = 0; i < trace.opCount(); ++i)
        negotiate += trace.string(trace.name(OpId(i))) == "NEGOTIATE_ALLREDUCE";
    QVERIFY(negotiate >= 110); // 110 iterations, each tensor negotiates once per iteration
}

void TestRealTraces::otherTimelinesAreNamed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("format");
    QTest::newRow("horovod") << QStringLiteral("horovod/tf-4rank-mpi/horovod_timeline.json") << QStringLiteral("horovod");
    QTest::newRow("byteps") << QStringLiteral("byteps/2gpu-ps/comm.json") << QStringLiteral("byteps");
    QTest::newRow("tensorflow") << QStringLiteral("tensorflow/tf1-timeline/timeline_test0.json") << QStringLiteral("tf-timeline");
    QTest::newRow("kineto") << QStringLiteral("kineto/kineto-h100-tiny/after_fix_trace.json") << QStringLiteral("kineto");
}

void TestRealTraces::otherTimelinesAreNamed()
{
    // Timelines of other frameworks share the Chrome trace syntax; each is told apart by what it holds.
    QFETCH(QString, file);
    QFETCH(QString, format);
    const Expected<TracePtr> loaded = load(file);
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    QCOMPARE(QString::fromStdString((*loaded)->format()), format);
}

void TestRealTraces::mixedFormatsAreRefused()
{
    // A Horovod timeline next to a PyTorch profiler trace is not one job of two ranks.
    const std::string kineto = corpusPath(QStringLiteral("kineto/kineto-h100-tiny/after_fix_trace.json"));
    const std::string horovod = corpusPath(QStringLiteral("horovod/tf-4rank-mpi/horovod_timeline.json"));
    const Expected<TracePtr> loaded = TraceLoader::load({ kineto, horovod });
    QVERIFY(!loaded.hasValue());
    QCOMPARE(loaded.status().code(), ErrorCode::InvalidArgument);
    QCOMPARE(loaded.status().file(), horovod);
    QVERIFY(loaded.status().detail().find(kineto) != std::string::npos);
    QVERIFY(loaded.status().detail().find("Horovod") != std::string::npos);
}

void TestRealTraces::loadsOrFailsCleanly_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("mustLoad");
    if (!QFileInfo(tracesDir()).isDir())
        return;
    // Every Chrome-format file of the corpus. The edge cases may fail, but only with a Status naming the file.
    QDirIterator it(tracesDir(), { QStringLiteral("*.json"), QStringLiteral("*.json.gz") }, QDir::Files,
        QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext())
        files << QDir(tracesDir()).relativeFilePath(it.next());
    files.sort();
    for (const QString& f : files)
        QTest::newRow(qPrintable(f)) << f
                                     << (f.startsWith(QLatin1String("kineto/"))
                                            && !f.startsWith(QLatin1String("kineto/edge-cases/")));
}

void TestRealTraces::loadsOrFailsCleanly()
{
    QFETCH(QString, file);
    QFETCH(bool, mustLoad);
    const std::string path = corpusPath(file);
    const Expected<TracePtr> loaded = TraceLoader::load({ path });
    if (loaded.hasValue()) {
        const Trace& trace = **loaded;
        QVERIFY(trace.opCount() > 0);
        QCOMPARE(trace.ranks().size(), std::size_t(1));
        QVERIFY(trace.worldSize() >= 1);
        QVERIFY(trace.beginTime() <= trace.endTime());
        for (const Diagnostic& d : trace.diagnostics()) {
            QCOMPARE(d.file, path);
            QVERIFY(d.count > 0);
        }
        // Structural invariants hold on real data too.
        for (const TrackInfo& t : trace.tracks()) {
            for (std::uint32_t i = t.firstOp + 1; i < t.firstOp + t.opCount; ++i)
                QVERIFY(trace.start(OpId(i - 1)) <= trace.start(OpId(i)));
        }
        for (const Link& l : trace.links())
            QVERIFY(l.from.value() < trace.opCount() && l.to.value() < trace.opCount());
        const TraceSummary summary = TraceSummary::compute(trace);
        QCOMPARE(summary.ops, std::int64_t(trace.opCount()));
    } else {
        QVERIFY2(!mustLoad, qPrintable(describe(loaded.status())));
        QVERIFY(loaded.status().code() != ErrorCode::Ok);
        QCOMPARE(loaded.status().file(), path);
        QVERIFY(!loaded.status().detail().empty());
        qInfo("%s: %s", qPrintable(file), qPrintable(describe(loaded.status())));
    }
}

QTEST_GUILESS_MAIN(TestRealTraces)
#include "tst_realtraces.moc"
