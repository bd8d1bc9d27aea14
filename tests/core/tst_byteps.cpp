// The BytePS dialect: a tensor's partitions as tracks of their stages, the worker's GPUs joined in its
// local reduce and broadcast, iterations from the tensors' totals, on hand-made traces and on the real
// ones in ../shared/traces/byteps (MANIFEST: 11 iterations, a period of about 518 ms).
#include "bytepsjobs.h"
#include "core/analysis/steptimes.h"
#include "core/base/resourcelimits.h"
#include "core/exec/partitionmodel.h"
#include "core/graph/dependencygraph.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "core/session/jobsession.h"
#include "core/strategy/passparameter.h"
#include "dialectsupport.h"
#include "replaysupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>

using namespace sightline;
using sightline::bytepsjobs::handMade;

namespace {

using TracePtr = std::shared_ptr<const Trace>;

// The what-if of a re-partition to pieceBytes (measured partitions taken to hold measuredBytes).
Expected<WhatIfResult> repartitioned(const JobSession& session, double pieceBytes, double measuredBytes)
{
    return session.whatIf(
        { Strategy { { PassStep { "tensor_partition",
              { { "partition_bytes", pieceBytes }, { "measured_partition_bytes", measuredBytes } } } } },
            {}, { CommSource::Measured, true, std::nullopt } });
}

// How many items of a replayed graph are pieces of the stage (names "<tensor>.<STAGE> (piece ...").
std::size_t piecesOf(const ExecutionGraph& g, std::string_view stage)
{
    const std::string mark = "." + std::string(stage) + " (piece ";
    std::size_t n = 0;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i)
        n += g.name(ItemId(i)).find(mark) != std::string_view::npos;
    return n;
}

double iterationOf(const ReplayResult& r)
{
    return StepTimes::iteration(r.schedule).replayed;
}

std::string_view stageOf(const Trace& trace, OpId op)
{
    const std::string_view name = trace.string(trace.name(op));
    return name.substr(name.rfind('.') + 1);
}

} // namespace

class TestBytePS : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void handMadeModel();
    void workerOfTwoGpus();
    void handMadeRepartition();
    void realTraces();
    void realTracesFollowTheirTransfers();
    void waitersAloneMoveNothing();

private:
    QTemporaryDir m_dir;
    std::string write(const QString& name, const QByteArray& text);
};

std::string TestBytePS::write(const QString& name, const QByteArray& text)
{
    return writeTrace(m_dir, name, text);
}

void TestBytePS::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestBytePS::handMadeModel()
{
    Expected<TracePtr> loaded = TraceLoader::load({ write(QStringLiteral("comm.json"), handMade(true)) });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : loaded.status().toString().c_str());
    const Trace& trace = **loaded;
    QCOMPARE(trace.format(), std::string("byteps"));
    const auto tracks = tracksByName(trace);
    QCOMPARE(tracks.size(), std::size_t(3));
    // The total first, then the partitions in order.
    QCOMPARE(tracks.at("Comm.byteps.Gradient.w total"), 0u);
    QCOMPARE(tracks.at("Comm.byteps.Gradient.w partition 0"), 1u);
    QCOMPARE(tracks.at("Comm.byteps.Gradient.w partition 1"), 2u);
    std::map<std::string_view, OpKind> kinds;
    for (std::uint32_t op = 0; op < trace.opCount(); ++op) {
        const OpId id(op);
        if (trace.track(id).value() == 0) {
            QCOMPARE(trace.kind(id), OpKind::Annotation);
            continue;
        }
        kinds[stageOf(trace, id)] = trace.kind(id);
        if (trace.kind(id) == OpKind::Collective) {
            const CommArgs* args = trace.commArgs(id);
            QVERIFY(args);
            std::string stage(stageOf(trace, id));
            std::transform(stage.begin(), stage.end(), stage.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            QCOMPARE(std::string(trace.string(args->collective)), stage);
            // A group per tensor, partition and stage.
            const std::string partition = trace.track(id).value() == tracks.at("Comm.byteps.Gradient.w partition 0") ? "0" : "1";
            QCOMPARE(std::string(trace.string(args->processGroup)), "Comm.byteps.Gradient.w/" + partition + "/" + std::string(stageOf(trace, id)));
        }
    }
    QCOMPARE(kinds["COORDINATE_REDUCE"], OpKind::Sync);
    QCOMPARE(kinds["REDUCE"], OpKind::Collective);
    QCOMPARE(kinds["COPYD2H"], OpKind::Memcpy);
    QCOMPARE(kinds["PUSH"], OpKind::Collective);
    QCOMPARE(kinds["PULL"], OpKind::Collective);
    QCOMPARE(kinds["BROADCAST"], OpKind::Collective);
    // Iterations from the totals: 10 ms apart, the last to the end of its total.
    const auto steps = trace.steps();
    QCOMPARE(steps.size(), std::size_t(3));
    QCOMPARE(trace.ranks().front().stepMethod, StepMethod::TensorPeriodicity);
    for (std::size_t k = 0; k < 2; ++k)
        QCOMPARE(steps[k].end - steps[k].start, TimeNs(10'000'000));
    QCOMPARE(steps[2].start, TimeNs(5'020'000'000));
    QVERIFY(steps[2].end > steps[2].start);
}

// Two GPUs of one worker are one job: a rank each, their local reduces and broadcasts joined.
void TestBytePS::workerOfTwoGpus()
{
    const std::string a = write(QStringLiteral("comm.json"), handMade(false));
    const std::string b = write(QStringLiteral("comm3.json"), handMade(true));
    Expected<TracePtr> loaded = TraceLoader::load({ a, b });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : loaded.status().toString().c_str());
    QCOMPARE((*loaded)->ranks().size(), std::size_t(2));
    QCOMPARE((*loaded)->format(), std::string("byteps"));
    const RankStepTime iteration = replayedIteration(*loaded);
    QVERIFY2(replaysAsMeasured(iteration), qPrintable(QStringLiteral("%1 against %2").arg(iteration.replayed).arg(iteration.measured)));
}

// Each stage of the hand-made tensor takes 40 us a partition, 10 us after the stage before; the
// second partition runs 100 us behind the first. Re-cut, the pieces queue stage by stage.
void TestBytePS::handMadeRepartition()
{
    const std::string a = write(QStringLiteral("comm.json"), handMade(false));
    const std::string b = write(QStringLiteral("comm3.json"), handMade(true));
    Expected<TracePtr> loaded = TraceLoader::load({ a, b });
    QVERIFY(loaded.hasValue());
    const auto session = JobSession::open(*loaded, {}, ResourceLimits {});
    QVERIFY(session.hasValue());
    const Expected<PartitionModel> model = PartitionModel::of(*(*session)->measured());
    QVERIFY(model.hasValue());
    QCOMPARE(model->tensors().size(), std::size_t(2)); // one tensor on each GPU
    for (const PartitionModel::Tensor& t : model->tensors()) {
        QCOMPARE(t.name, std::string("Comm.byteps.Gradient.w"));
        QCOMPARE(t.tracks.size(), std::size_t(2));
        QCOMPARE(t.iterations.size(), std::size_t(3));
        QCOMPARE(t.stages.size(), std::size_t(t.rank == RankId(1) ? 8 : 7)); // the root pushes and pulls
        for (std::size_t j = 0; j < t.stages.size(); ++j) {
            // The partitions end 100 us apart, but a stage takes 40 us: its service is its duration.
            QCOMPARE(t.stages[j].first, 40 * 1000);
            QCOMPARE(t.stages[j].service, 40 * 1000);
            QCOMPARE(t.stages[j].gap, j == 0 ? 0 : 10 * 1000);
        }
    }
    // As measured: two pieces a tensor iteration, on the partitions' tracks; half the size: four,
    // two of them on tracks of their own, and a shorter iteration; twice the size: one, longer.
    const auto measured = repartitioned(**session, 4096, 4096);
    QVERIFY2(measured.hasValue(), measured ? "" : measured.status().detail().c_str());
    QCOMPARE(piecesOf(*measured->whatIf->graph, "BROADCAST"), std::size_t(2 * 2 * 3));
    QCOMPARE(piecesOf(*measured->whatIf->graph, "PUSH"), std::size_t(2 * 3)); // the root's
    const auto halves = repartitioned(**session, 2048, 4096);
    QVERIFY(halves.hasValue());
    QCOMPARE(piecesOf(*halves->whatIf->graph, "PUSH"), std::size_t(4 * 3));
    std::size_t pieceTracks = 0;
    for (const ExecTrack& t : halves->whatIf->graph->tracks())
        pieceTracks += t.name.starts_with("Comm.byteps.Gradient.w piece ");
    QCOMPARE(pieceTracks, std::size_t(2 * 2));
    const auto whole = repartitioned(**session, 8192, 4096);
    QVERIFY(whole.hasValue());
    QCOMPARE(piecesOf(*whole->whatIf->graph, "PUSH"), std::size_t(1 * 3));
    QVERIFY(iterationOf(*halves->whatIf) < iterationOf(*measured->whatIf));
    QVERIFY(iterationOf(*measured->whatIf) < iterationOf(*whole->whatIf));
    // Only the smaller pieces are timed past what one partition size can tell, and say so.
    const auto finer = [](const WhatIfResult& r) {
        const auto it = std::find_if(r.warnings.begin(), r.warnings.end(), [](const Message& w) {
            return w.english().find("smaller than the 12 partitions of 4096 bytes the trace measured")
                != std::string::npos;
        });
        return it == r.warnings.end() ? std::string() : it->english();
    };
    QVERIFY2(finer(*halves).find("the 24 pieces of 2048 bytes") != std::string::npos, finer(*halves).c_str());
    QVERIFY2(finer(*halves).find("up to 2.0 times as long") != std::string::npos, finer(*halves).c_str());
    QVERIFY(finer(*measured).empty());
    QVERIFY(finer(*whole).empty());

    // A trace cut mid-iteration: that iteration stays as measured, and the others are re-cut.
    Expected<TracePtr> cut = TraceLoader::load({ write(QStringLiteral("cut3.json"), handMade(true, true)) });
    QVERIFY(cut.hasValue());
    const auto cutSession = JobSession::open(*cut, {}, ResourceLimits {});
    QVERIFY(cutSession.hasValue());
    const Expected<PartitionModel> cutModel = PartitionModel::of(*(*cutSession)->measured());
    QVERIFY(cutModel.hasValue());
    QCOMPARE(cutModel->tensors().front().iterations.size(), std::size_t(2));
    QCOMPARE(cutModel->tensors().front().incomplete, std::size_t(1));
    const auto cutHalves = repartitioned(**cutSession, 2048, 4096);
    QVERIFY(cutHalves.hasValue());
    QCOMPARE(piecesOf(*cutHalves->whatIf->graph, "PUSH"), std::size_t(4 * 2));
    QVERIFY(std::any_of(cutHalves->warnings.begin(), cutHalves->warnings.end(),
        [](const Message& w) { return w.english().find("1 tensor iterations without a total or with a partition cut short") != std::string::npos; }));
}

void TestBytePS::realTraces()
{
    const QDir dir(QDir(QStringLiteral(SIGHTLINE_TRACES_DIR)).filePath(QStringLiteral("byteps/2gpu-ps")));
    if (!dir.exists())
        QSKIP("the real trace corpus (../shared/traces) is not present");
    Expected<TracePtr> loaded = TraceLoader::load({ QFile::encodeName(dir.path()).toStdString() });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : loaded.status().toString().c_str());
    const Trace& trace = **loaded;
    QCOMPARE(trace.format(), std::string("byteps"));
    QCOMPARE(trace.ranks().size(), std::size_t(2));
    // MANIFEST.md: 11 iterations, tid "total" spans 490–516 ms, a period of about 518 ms.
    for (std::uint32_t r = 0; r < 2; ++r) {
        std::vector<TimeNs> periods;
        for (const StepSpan& s : trace.steps()) {
            if (s.rank == RankId(r))
                periods.push_back(s.end - s.start);
        }
        QCOMPARE(periods.size(), std::size_t(11));
        std::sort(periods.begin(), periods.end());
        const double medianMs = static_cast<double>(periods[5]) / 1e6;
        QVERIFY2(std::abs(medianMs - 518.0) < 5.18, qPrintable(QString::number(medianMs)));
    }
    // 60 partitions and the total per GPU; only the local root (comm3) pushes and pulls.
    std::map<std::pair<std::uint32_t, std::string_view>, int> collectives;
    for (std::uint32_t op = 0; op < trace.opCount(); ++op) {
        if (const CommArgs* args = trace.commArgs(OpId(op)))
            ++collectives[{ trace.rank(OpId(op)).value(), trace.string(args->collective) }];
    }
    for (std::uint32_t r = 0; r < 2; ++r) {
        QCOMPARE(trace.rankInfo(RankId(r)).trackCount, 61u);
        QCOMPARE((collectives[{ r, "reduce" }]), 660);
        QCOMPARE((collectives[{ r, "broadcast" }]), 660);
    }
    QCOMPARE((collectives[{ 0, "push" }]), 0);
    QCOMPARE((collectives[{ 1, "push" }]), 660);
    QCOMPARE((collectives[{ 1, "pull" }]), 660);
    const RankStepTime iteration = replayedIteration(*loaded);
    QVERIFY2(replaysAsMeasured(iteration), qPrintable(QStringLiteral("%1 against %2").arg(iteration.replayed).arg(iteration.measured)));

    // Re-partitioned: the measured size (BytePS's default) replays within 1% of the measured job;
    // half of it gives twice the pushes and pulls, twice of it half as many and a longer iteration.
    const auto session = JobSession::open(*loaded, {}, ResourceLimits {});
    QVERIFY(session.hasValue());
    const auto measured = repartitioned(**session, 4096000, 4096000);
    QVERIFY2(measured.hasValue(), measured ? "" : measured.status().detail().c_str());
    const double baseline = iterationOf(*measured->baseline);
    QVERIFY2(std::abs(iterationOf(*measured->whatIf) - baseline) <= 0.01 * baseline,
        qPrintable(QStringLiteral("%1 against %2").arg(iterationOf(*measured->whatIf)).arg(baseline)));
    QCOMPARE(piecesOf(*measured->whatIf->graph, "PUSH"), std::size_t(660));
    QCOMPARE(piecesOf(*measured->whatIf->graph, "PULL"), std::size_t(660));
    const auto smaller = repartitioned(**session, 2048000, 4096000);
    QVERIFY(smaller.hasValue());
    QCOMPARE(piecesOf(*smaller->whatIf->graph, "PUSH"), std::size_t(2 * 660));
    QCOMPARE(piecesOf(*smaller->whatIf->graph, "PULL"), std::size_t(2 * 660));
    const auto larger = repartitioned(**session, 8192000, 4096000);
    QVERIFY(larger.hasValue());
    QCOMPARE(piecesOf(*larger->whatIf->graph, "PUSH"), std::size_t(660 / 2));
    QVERIFY(iterationOf(*larger->whatIf) > iterationOf(*measured->whatIf));
    // More workers: with a server per worker, as measured; with one server for 4 workers (8 GPUs),
    // pushes and pulls take 4 times their service, and the iteration grows with them.
    const auto workers = [&](std::map<std::string, ParameterValue> params) {
        const auto r = (*session)->whatIf({ Strategy { { PassStep { "worker_count", std::move(params) } } }, {},
            { CommSource::Measured, true, std::nullopt } });
        return r ? iterationOf(*r->whatIf) : -1.0;
    };
    const double scaled = workers({ { "workers", 8.0 } });
    QVERIFY2(std::abs(scaled - baseline) <= 0.01 * baseline, qPrintable(QString::number(scaled)));
    const double oneServer = workers({ { "workers", 8.0 }, { "servers", 1.0 } });
    const double twoServers = workers({ { "workers", 8.0 }, { "servers", 2.0 } });
    QVERIFY2(oneServer > twoServers && twoServers > 1.2 * baseline, qPrintable(QStringLiteral("%1 %2").arg(oneServer).arg(twoServers)));
    // 7 GPUs are no whole number of the measured 2-GPU workers: the what-if runs 4 workers, and says so.
    const auto odd
        = (*session)->whatIf({ Strategy { { PassStep { "worker_count", { { "workers", 7.0 }, { "servers", 1.0 } } } } },
            {}, { CommSource::Measured, true, std::nullopt } });
    QVERIFY(odd.hasValue());
    QCOMPARE(iterationOf(*odd->whatIf), oneServer);
    const auto says = [](const WhatIfResult& r, const std::string& text) {
        return std::any_of(r.warnings.begin(), r.warnings.end(),
            [&](const Message& m) { return m.english().find(text) != std::string::npos; });
    };
    QVERIFY(says(*odd,
        "7 GPUs are not whole BytePS workers of 2 GPUs (the measured worker's): the what-if runs 4 workers, 8 GPUs"));
    const auto whole = (*session)->whatIf({ Strategy { { PassStep { "worker_count", { { "workers", 8.0 } } } } }, {},
        { CommSource::Measured, true, std::nullopt } });
    QVERIFY(whole.hasValue());
    QVERIFY(!says(*whole, "not whole BytePS workers"));
    // The re-cut's queues move the non-root GPU's wait for the root into its reduces and broadcasts:
    // at the measured size the iteration stays, the exposed communication does not, and every re-cut
    // says so. A job left as measured says nothing of it.
    const std::string queues = "the exposed communication counts those waits";
    QVERIFY2(std::abs(static_cast<double>(measured->exposedWhatIf - measured->exposedBaseline))
            > 0.2 * static_cast<double>(measured->exposedBaseline),
        qPrintable(QStringLiteral("%1 against %2").arg(measured->exposedWhatIf).arg(measured->exposedBaseline)));
    QVERIFY(says(*measured, queues));
    QVERIFY(says(*odd, queues));
    QVERIFY(!says(*whole, queues));
    // A global batch shared among the workers is refused: the stages are re-cut from the measured ones.
    // So is it, and the asynchronous mode, after tensor_partition (which re-cuts them first).
    QCOMPARE(workers({ { "workers", 8.0 }, { "batch", std::string("global") } }), -1.0);
    for (const auto& [param, value] :
        std::vector<std::pair<std::string, std::string>> { { "batch", "global" }, { "mode", "async_ps" } }) {
        const auto refused
            = (*session)->whatIf({ Strategy { { PassStep { "tensor_partition", { { "partition_bytes", 2048000.0 } } },
                                       PassStep { "worker_count", { { "workers", 8.0 }, { param, value } } } } },
                {}, { CommSource::Measured, true, std::nullopt } });
        QVERIFY2(!refused, qPrintable(QString::fromStdString(param)));
        QVERIFY(refused.status().message().english().find("not modelled for BytePS jobs") != std::string::npos);
    }
    // Pieces of 1 KiB would make 34 million items: refused, naming the size, before any is made.
    const auto tiny = repartitioned(**session, 1024, 4096000);
    QVERIFY(!tiny.hasValue());
    QVERIFY(tiny.status().detail().find("pieces of 1024 bytes would add") != std::string::npos);
}

// The totals replay as long as the stages they cover, and the GPU that is not the local root waits for
// the root's pull from its COORDINATE_PUSH on: the critical path runs through the pushes and pulls,
// and faster communication shortens the iteration. Before, the totals held the path at their measured
// lengths (all of it host time) and halving every transfer's time changed nothing.
void TestBytePS::realTracesFollowTheirTransfers()
{
    const QDir dir(QDir(QStringLiteral(SIGHTLINE_TRACES_DIR)).filePath(QStringLiteral("byteps/2gpu-ps")));
    if (!dir.exists())
        QSKIP("the real trace corpus (../shared/traces) is not present");
    Expected<TracePtr> loaded = TraceLoader::load({ QFile::encodeName(dir.path()).toStdString() });
    QVERIFY(loaded.hasValue());
    const Trace& trace = **loaded;
    const std::size_t encloses = static_cast<std::size_t>(std::count_if(
        trace.links().begin(), trace.links().end(), [](const Link& l) { return l.kind == LinkKind::Encloses; }));
    QVERIFY2(encloses > 2 * 11 * 60 * 4, qPrintable(QString::number(encloses)));
    const Expected<std::shared_ptr<const DependencyGraph>> graph = DependencyGraph::build(*loaded);
    QVERIFY(graph.hasValue());
    std::size_t waiters = 0;
    for (std::uint32_t op = 0; op < trace.opCount(); ++op) {
        if (trace.rank(OpId(op)) != RankId(0) || stageOf(trace, OpId(op)) != "COORDINATE_PUSH")
            continue;
        const std::uint32_t v = (*graph)->collectiveOf(OpId(op));
        QVERIFY(v != DependencyGraph::kNoVertex);
        const LogicalCollective& c = (*graph)->collective(v);
        QCOMPARE(c.participants.size(), std::size_t(2));
        QVERIFY(DependencyGraph::isWaiter(trace, c.participants[0]));
        QCOMPARE(stageOf(trace, c.participants[1]), std::string_view("PULL"));
        ++waiters;
    }
    QCOMPARE(waiters, std::size_t(660));

    const auto session = JobSession::open(*loaded, {}, ResourceLimits {});
    QVERIFY(session.hasValue());
    const auto faster = (*session)->whatIf(
        { Strategy { { PassStep { "speedup", { { "percent", 50.0 }, { "kind", std::string("communication") } } } } },
            {}, { CommSource::Measured, true, std::nullopt } });
    QVERIFY2(faster.hasValue(), faster ? "" : faster.status().detail().c_str());
    const double before = iterationOf(*faster->baseline), after = iterationOf(*faster->whatIf);
    QVERIFY2(std::abs(before - 516.8e6) < 0.01 * 516.8e6, qPrintable(QString::number(before)));
    QVERIFY2(after < 0.7 * before, qPrintable(QStringLiteral("%1 against %2").arg(after).arg(before)));
    const CriticalPath& path = faster->baseline->criticalPath;
    const TimeNs communication = path.total[static_cast<std::size_t>(PathCategory::Communication)];
    QVERIFY2(communication > 0.8 * static_cast<double>(path.length),
        qPrintable(QStringLiteral("%1 of %2").arg(communication).arg(path.length)));
}

// A file where each GPU both coordinates its push and pulls, in that order: the first ops of the pull's
// group on both GPUs are waiters, joined with no transfer to wait for. They take no time of their
// own, and the job still replays as measured, within the range of real times.
void TestBytePS::waitersAloneMoveNothing()
{
    const QByteArray tensor = "Comm.byteps.Gradient.w";
    QByteArray text = R"({"traceEvents": [)";
    for (int k = 0; k < 2; ++k) {
        const QByteArray base = QByteArray::number(5000000 + k * 10000);
        const QByteArray at = QByteArray::number(5000000 + k * 10000 + 50);
        if (k > 0)
            text += ",";
        text += R"({"ph": "X", "pid": ")" + tensor + R"(", "tid": "0", "name": ")" + tensor
            + R"(.COORDINATE_PUSH", "ts": )" + base + R"(, "dur": 40, "cat": "Comm"}, {"ph": "X", "pid": ")" + tensor
            + R"(", "tid": "0", "name": ")" + tensor + R"(.PULL", "ts": )" + at
            + R"(, "dur": 40, "cat": "Comm"}, {"ph": "X", "pid": ")" + tensor + R"(", "tid": "total", "name": ")"
            + tensor + R"(", "ts": )" + base + R"(, "dur": 100, "cat": "Comm"})";
    }
    text += "]}\n";
    Expected<TracePtr> loaded
        = TraceLoader::load({ write(QStringLiteral("both0.json"), text), write(QStringLiteral("both1.json"), text) });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : loaded.status().toString().c_str());
    const RankStepTime iteration = replayedIteration(*loaded);
    QVERIFY2(replaysAsMeasured(iteration),
        qPrintable(QStringLiteral("%1 against %2").arg(iteration.replayed).arg(iteration.measured)));
    QVERIFY(iteration.replayed < 1e9);
}

QTEST_GUILESS_MAIN(TestBytePS)
#include "tst_byteps.moc"
