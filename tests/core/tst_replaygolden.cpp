// Golden dumps of whole replays: for the bundled examples and the real traces of ../shared/traces, each
// replayed with measured durations, with step-mean durations, with the fitted cost model, and with the
// overlap slowdown, the dump holds the replayed step durations, the makespan, the critical path's length
// and breakdown, and digests of every replayed op's and collective's times and of the path's segments.
// Ops are named by their trace OpId and collectives by their first participant, so the dumps do not
// depend on how the replayer numbers its work: a change of the replay's data model must reproduce them
// to the nanosecond. Real traces skip when ../shared/traces is absent.
//
// To write the dumps anew after a deliberate change of the replay's results:
//   SIGHTLINE_UPDATE_GOLDEN=1 build/default/tests/core/tst_replaygolden

#include "core/base/resourcelimits.h"
#include "core/graph/dependencygraph.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "core/session/jobsession.h"

#include "replaydigest.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <cinttypes>

using namespace sightline;

namespace {

struct Mode {
    const char* name;
    DurationSource durations;
    CommSource communication;
    double gamma;
};

constexpr Mode kModes[] = {
    { "measured", DurationSource::Measured, CommSource::Measured, 0 },
    { "step-mean", DurationSource::StepMean, CommSource::Measured, 0 },
    { "cost-model", DurationSource::Measured, CommSource::CostModel, 0 },
    { "overlap-slowdown", DurationSource::Measured, CommSource::Measured, 0.2 },
};

// The dump of one replay of the measured job of graph in mode.
std::string dumpReplay(const std::shared_ptr<const Trace>& trace, const Mode& mode)
{
    SessionOptions sessionOptions;
    sessionOptions.extract.durationSource = mode.durations;
    const Expected<std::shared_ptr<const JobSession>> session = JobSession::open(trace, sessionOptions, {});
    if (!session)
        return std::string("[") + mode.name + "]\nerror: " + session.status().toString() + "\n";
    ReplayOptions options;
    options.communication = mode.communication;
    options.overlapSlowdown = mode.gamma;
    if (mode.communication == CommSource::CostModel)
        (*session)->fitCostModel(options.topology, options.costModel);
    const Expected<ReplayResult> replayed = (*session)->replay(options);
    std::string out = std::string("[") + mode.name + "]\n";
    if (!replayed)
        return out + "error: " + replayed.status().toString() + "\n";
    const Schedule& s = replayed->schedule;
    const CriticalPath& path = replayed->criticalPath;
    const ExecutionGraph& g = *replayed->graph;
    const DependencyGraph& measured = *(*session)->graph();

    char line[160];
    std::snprintf(line, sizeof line, "makespan %" PRId64 " ns, from %" PRId64 "\n", s.finish - s.begin, s.begin);
    out += line;
    for (const ReplayedStep& step : s.steps) {
        std::snprintf(line, sizeof line, "rank %d step %" PRId64 ": measured %" PRId64 " ns, replayed %" PRId64 " ns\n",
            g.ranks()[step.rank.value()].rank, step.number, step.measured, step.replayed);
        out += line;
    }
    std::snprintf(line, sizeof line, "critical path %" PRId64 " ns:", path.length);
    out += line;
    for (int c = 0; c < kPathCategoryCount; ++c) {
        std::snprintf(line, sizeof line, " %s %" PRId64, pathCategoryName(static_cast<PathCategory>(c)), path.total[c]);
        out += line;
    }
    out += "\n";

    std::size_t replayedCount = 0;
    const Digest times = scheduleDigest(g, s, &replayedCount);
    Digest segments;
    for (const PathSegment& seg : path.segments) {
        segments.add(opOf(g, seg.item));
        segments.add(acrossRanks(g, seg.item));
        segments.add(seg.from);
        segments.add(seg.to);
        segments.add(static_cast<std::int64_t>(seg.category));
    }
    out += "replayed " + std::to_string(replayedCount) + " of " + std::to_string(measured.vertexCount()) + " vertices; times "
        + times.text() + "\n";
    out += "path " + std::to_string(path.segments.size()) + " segments; " + segments.text() + "\n";
    return out;
}

} // namespace

class TestReplayGolden : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void replaysMatchTheirDumps_data()
    {
        QTest::addColumn<QStringList>("inputs"); // files or folders
        QTest::addColumn<QString>("golden"); // file name under tests/golden/replay
        const QString examples = QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/");
        const QString traces = QStringLiteral(SIGHTLINE_TRACES_DIR "/");
        QTest::newRow("ddp-2rank") << QStringList { examples + QStringLiteral("ddp-2rank") } << QStringLiteral("ddp-2rank.txt");
        QTest::newRow("alexnet-k80") << QStringList { examples + QStringLiteral("alexnet-k80/alexnet_k80.csv") }
                                     << QStringLiteral("alexnet-k80.txt");
        QTest::newRow("dlrm-8xV100") << QStringList { traces + QStringLiteral("kineto/dlrm-8xV100") } << QStringLiteral("dlrm-8xV100.txt");
        QTest::newRow("hta-nccl-a100") << QStringList { traces + QStringLiteral("kineto/hta-nccl-a100/nccl_data.json.gz") }
                                       << QStringLiteral("hta-nccl-a100.txt");
        QTest::newRow("hta-alltoall-a100") << QStringList { traces + QStringLiteral("kineto/hta-alltoall-a100/rank0.json.gz") }
                                           << QStringLiteral("hta-alltoall-a100.txt");
        QTest::newRow("tb-resnet50-v100")
            << QStringList { traces + QStringLiteral("kineto/tb-resnet50-v100/worker0.1623143089861.pt.trace.json.gz") }
            << QStringLiteral("tb-resnet50-v100.txt");
        QTest::newRow("rocm-mi300-ckpt") << QStringList { traces + QStringLiteral("kineto/rocm-mi300-ckpt/resnet_act_checkpoint.json.gz") }
                                         << QStringLiteral("rocm-mi300-ckpt.txt");
        QTest::newRow("pipedream-resnet50") << QStringList { traces + QStringLiteral("layerwise/pipedream-resnet50/graph.txt") }
                                            << QStringLiteral("pipedream-resnet50.txt");
    }

    void replaysMatchTheirDumps()
    {
        QFETCH(QStringList, inputs);
        QFETCH(QString, golden);
        std::vector<std::string> paths;
        for (const QString& input : inputs) {
            if (!QFileInfo::exists(input))
                QSKIP(qPrintable(input + QStringLiteral(" is absent")));
            paths.push_back(QFile::encodeName(input).toStdString());
        }
        const Expected<std::shared_ptr<const Trace>> trace = TraceLoader::load(paths);
        QVERIFY2(trace, trace ? "" : trace.status().toString().c_str());
        std::string dump;
        for (const Mode& mode : kModes)
            dump += dumpReplay(*trace, mode);

        const QString file = QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/golden/replay/") + golden;
        if (qEnvironmentVariableIsSet("SIGHTLINE_UPDATE_GOLDEN")) {
            QVERIFY(QDir().mkpath(QFileInfo(file).path()));
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(dump.data(), static_cast<qint64>(dump.size()));
            return;
        }
        QFile in(file);
        QVERIFY2(in.open(QIODevice::ReadOnly), qPrintable(file + QStringLiteral(" is missing")));
        QCOMPARE(QString::fromStdString(dump), QString::fromUtf8(in.readAll()));
    }
};

QTEST_GUILESS_MAIN(TestReplayGolden)
#include "tst_replaygolden.moc"
