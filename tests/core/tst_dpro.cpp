// dPRO trace folders: a generated folder of 2 hosts x 2 GPUs round-trips, with its ops, phases,
// tensors, steps and dependencies; the layout, its metadata and its graph refused clearly when broken.
#include "core/import/gmlgraph.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "replaysupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <set>

using namespace sightline;

Q_DECLARE_METATYPE(ErrorCode)

namespace {

using TracePtr = std::shared_ptr<const Trace>;

// The ops of one GPU's step, in order: name, start and duration (us, from the step's start).
struct Op {
    const char* name;
    int at;
    int dur;
};
const Op kStep[] = {
    { "FW.dense1.MatMul", 0, 100 },
    { "FW.dense2.MatMul", 110, 80 },
    { "BW.dense2.MatMulGrad", 200, 120 },
    { "Comm.1.NCCL_ALLREDUCE", 330, 60 },
    { "BW.dense1.MatMulGrad", 330, 150 },
    { "Comm.0.MEMCPY_IN_FUSION_BUFFER", 490, 5 },
    { "Comm.0.NCCL_ALLREDUCE", 500, 90 },
    { "UPDATE_0", 600, 20 },
};

QByteArray traceOf(int rank, int steps)
{
    QByteArray t = R"({"traceEvents": [)";
    bool first = true;
    for (int s = 0; s < steps; ++s) {
        const qint64 base = 1000000 + s * 1000 + rank * 3;
        for (const Op& op : kStep) {
            const bool comm = QByteArray(op.name).startsWith("Comm.");
            t += (first ? "\n" : ",\n") + QByteArray(R"({"ph": "X", "name": ")") + op.name + R"(", "ts": )" + QByteArray::number(base + op.at)
                + R"(, "dur": )" + QByteArray::number(op.dur) + R"(, "pid": "host)" + QByteArray::number(rank / 2) + ".rank" + QByteArray::number(rank % 2)
                + R"(", "tid": ")" + (comm ? "comm" : "compute") + R"(", "args": {"name": ")" + op.name + R"(", "cnt": 1, "step": )" + QByteArray::number(s) + "}}";
            first = false;
        }
    }
    return t + "\n]}\n";
}

const QByteArray kMetadata = R"({"gradient_name_list": ["dense1/kernel", "dense2/kernel"], "other": {"x": [1, 2]}})";

// The GPU's dependencies as dPRO's dag.gml holds them.
QByteArray graphOf(int rank)
{
    const QByteArray pid = "host" + QByteArray::number(rank / 2) + ".rank" + QByteArray::number(rank % 2);
    const char* const nodes[] = { "FW.dense1.MatMul", "FW.dense2.MatMul", "BW.dense2.MatMulGrad", "BW.dense1.MatMulGrad",
        "Comm.1.NCCL_ALLREDUCE", "Comm.0.NCCL_ALLREDUCE", "UPDATE_0" };
    QByteArray g = "graph [\n  directed 1\n";
    for (int i = 0; i < 7; ++i)
        g += "  node [\n    id " + QByteArray::number(i) + "\n    label \"" + pid + "->" + nodes[i] + "\"\n  ]\n";
    const int edges[][2] = { { 0, 1 }, { 1, 2 }, { 2, 3 }, { 2, 4 }, { 3, 5 }, { 4, 6 }, { 5, 6 } };
    for (const auto& e : edges)
        g += "  edge [\n    source " + QByteArray::number(e[0]) + "\n    target " + QByteArray::number(e[1]) + "\n  ]\n";
    return g + "]\n";
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// host<h>/<g>/ for 2 hosts x 2 GPUs.
bool writeFolder(const QString& root, int steps = 2)
{
    for (int rank = 0; rank < 4; ++rank) {
        const QString dir = root + QStringLiteral("/host%1/%2").arg(rank / 2).arg(rank % 2);
        if (!writeFile(dir + QStringLiteral("/trace.json"), traceOf(rank, steps)) || !writeFile(dir + QStringLiteral("/metadata.json"), kMetadata)
            || !writeFile(dir + QStringLiteral("/dag.gml"), graphOf(rank)))
            return false;
    }
    return true;
}

std::string path(const QString& p)
{
    return QFile::encodeName(p).toStdString();
}

} // namespace

class TestDpro : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void roundTrip();
    void replaysAsMeasured();
    void broken_data();
    void broken();
    void gml_data();
    void gml();

private:
    QTemporaryDir m_dir;
    int m_folders = 0;
    QString freshFolder();
};

QString TestDpro::freshFolder()
{
    return m_dir.filePath(QStringLiteral("job%1").arg(m_folders++));
}

void TestDpro::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestDpro::roundTrip()
{
    const QString root = freshFolder();
    QVERIFY(writeFolder(root));
    Expected<TracePtr> loaded = TraceLoader::load({ path(root) });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : loaded.status().toString().c_str());
    const Trace& trace = **loaded;
    QCOMPARE(trace.format(), std::string("dpro"));
    QCOMPARE(trace.ranks().size(), std::size_t(4));
    QCOMPARE(trace.worldSize(), 4);
    for (std::uint32_t r = 0; r < 4; ++r) {
        const RankInfo& info = trace.rankInfo(RankId(r));
        QCOMPARE(info.rank, static_cast<std::int32_t>(r));
        QCOMPARE(trace.string(info.rankSource), std::string_view("dpro_layout"));
        QCOMPARE(trace.string(info.host), std::string_view(r < 2 ? "host0" : "host1"));
        QCOMPARE(info.stepMethod, StepMethod::DeclaredSteps);
    }
    // Every op of every GPU and step, with its phase and kind.
    QCOMPARE(trace.opCount(), std::size(kStep) * 2 * 4);
    std::map<std::string_view, std::pair<OpKind, Phase>> seen;
    std::map<std::string, int> tensors;
    for (std::uint32_t op = 0; op < trace.opCount(); ++op) {
        const OpId id(op);
        seen[trace.string(trace.name(id))] = { trace.kind(id), trace.phase(id) };
        QVERIFY(trace.step(id) == 0 || trace.step(id) == 1);
        if (const CommArgs* args = trace.commArgs(id)) {
            ++tensors[std::string(trace.string(args->processGroup))];
            QCOMPARE(trace.string(args->collective), std::string_view("all_reduce"));
        }
    }
    QCOMPARE(seen["FW.dense1.MatMul"], std::make_pair(OpKind::ComputeKernel, Phase::Forward));
    QCOMPARE(seen["BW.dense2.MatMulGrad"], std::make_pair(OpKind::ComputeKernel, Phase::Backward));
    QCOMPARE(seen["UPDATE_0"], std::make_pair(OpKind::ComputeKernel, Phase::Optimizer));
    QCOMPARE(seen["Comm.0.NCCL_ALLREDUCE"].first, OpKind::Collective);
    QCOMPARE(seen["Comm.0.MEMCPY_IN_FUSION_BUFFER"].first, OpKind::Memcpy);
    // The tensors by the metadata's names: each GPU's all-reduce of each, in each step.
    QCOMPARE(tensors, (std::map<std::string, int> { { "dense1/kernel/NCCL_ALLREDUCE", 8 }, { "dense2/kernel/NCCL_ALLREDUCE", 8 } }));
    // Two steps per GPU: the first until the second begins (1 ms), the second to its last op.
    QCOMPARE(trace.steps().size(), std::size_t(8));
    for (const StepSpan& s : trace.steps())
        QCOMPARE(s.end - s.start, TimeNs(s.number == 0 ? 1'000'000 : 620'000));
    // The graph's 7 edges, within each of the 2 steps, on each of the 4 GPUs.
    std::set<std::pair<std::string_view, std::string_view>> edges;
    int dependencies = 0;
    for (const Link& l : trace.links()) {
        if (l.kind != LinkKind::Dependency)
            continue;
        ++dependencies;
        QCOMPARE(trace.rank(l.from), trace.rank(l.to));
        QCOMPARE(trace.step(l.from), trace.step(l.to));
        edges.emplace(trace.string(trace.name(l.from)), trace.string(trace.name(l.to)));
    }
    QCOMPARE(dependencies, 7 * 2 * 4);
    QVERIFY(edges.count({ "BW.dense2.MatMulGrad", "Comm.1.NCCL_ALLREDUCE" }));
    QVERIFY(edges.count({ "Comm.0.NCCL_ALLREDUCE", "UPDATE_0" }));
}

void TestDpro::replaysAsMeasured()
{
    const QString root = freshFolder();
    QVERIFY(writeFolder(root, 3));
    Expected<TracePtr> loaded = TraceLoader::load({ path(root) });
    QVERIFY(loaded.hasValue());
    const RankStepTime iteration = replayedIteration(*loaded);
    QVERIFY2(::replaysAsMeasured(iteration), qPrintable(QStringLiteral("%1 against %2").arg(iteration.replayed).arg(iteration.measured)));
}

void TestDpro::broken_data()
{
    QTest::addColumn<QString>("file"); // under host1/0/
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<ErrorCode>("code");
    QTest::newRow("metadata cut short") << QStringLiteral("metadata.json") << QByteArray("{\"gradient_name_list\": [") << ErrorCode::TruncatedJson;
    QTest::newRow("metadata not JSON") << QStringLiteral("metadata.json") << QByteArray("{\"gradient_name_list\": [\"a\" \"b\"]}") << ErrorCode::InvalidJson;
    QTest::newRow("names not a list") << QStringLiteral("metadata.json") << QByteArray(R"({"gradient_name_list": 3})") << ErrorCode::WrongType;
    QTest::newRow("a name not a string") << QStringLiteral("metadata.json") << QByteArray(R"({"gradient_name_list": ["a", 3]})") << ErrorCode::WrongType;
    QTest::newRow("graph not GML") << QStringLiteral("dag.gml") << QByteArray("graph [ node [ id 0 label \"x\" ] %%% ]") << ErrorCode::WrongType;
    QTest::newRow("graph edge to nowhere") << QStringLiteral("dag.gml") << QByteArray("graph [ node [ id 0 ] edge [ source 0 target 9 ] ]") << ErrorCode::UnmatchedEvent;
    QTest::newRow("trace truncated") << QStringLiteral("trace.json") << QByteArray(R"({"traceEvents": [{"ph": "X", "name": "FW.a")") << ErrorCode::TruncatedJson;
    QTest::newRow("a second trace") << QStringLiteral("other.json") << traceOf(2, 1) << ErrorCode::InvalidArgument;
}

// A broken file of one GPU fails the job, naming that file (or the GPU's folder).
void TestDpro::broken()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, text);
    QFETCH(ErrorCode, code);
    const QString root = freshFolder();
    QVERIFY(writeFolder(root));
    QVERIFY(writeFile(root + QStringLiteral("/host1/0/") + file, text));
    Expected<TracePtr> loaded = TraceLoader::load({ path(root) });
    QVERIFY(!loaded.hasValue());
    QCOMPARE(loaded.status().code(), code);
    QVERIFY2(loaded.status().file().find("host1/0") != std::string::npos, loaded.status().toString().c_str());
}

void TestDpro::gml_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("nodes"); // -1: an error
    QTest::addColumn<int>("edges");
    QTest::newRow("networkx") << graphOf(0) << 7 << 7;
    QTest::newRow("comments and unused keys") << QByteArray("# made by hand\nCreator \"me\"\ngraph [ directed 1 name \"g\" attrs [ a 1 b [ c 2 ] ]\n"
                                                            "node [ id 5 label \"a\" weight 1.5 ] node [ id 7 ] edge [ source 5 target 7 label \"e\" ] ]")
                                              << 2 << 1;
    QTest::newRow("empty graph") << QByteArray("graph [ ]") << 0 << 0;
    QTest::newRow("no graph") << QByteArray("node [ id 0 ]") << -1 << 0;
    QTest::newRow("unclosed") << QByteArray("graph [ node [ id 0 ]") << -1 << 0;
    QTest::newRow("unclosed string") << QByteArray("graph [ node [ id 0 label \"x ] ]") << -1 << 0;
    QTest::newRow("id not a number") << QByteArray("graph [ node [ id \"a\" ] ]") << -1 << 0;
    QTest::newRow("duplicate id") << QByteArray("graph [ node [ id 0 ] node [ id 0 ] ]") << -1 << 0;
    QTest::newRow("deep") << QByteArray("graph [ x " + QByteArray(200, '[') + " ]") << -1 << 0;
}

void TestDpro::gml()
{
    QFETCH(QByteArray, text);
    QFETCH(int, nodes);
    QFETCH(int, edges);
    Expected<GmlGraph> graph = GmlGraph::parse(std::string_view(text.constData(), static_cast<std::size_t>(text.size())), "dag.gml");
    if (nodes < 0) {
        QVERIFY(!graph.hasValue());
        QCOMPARE(graph.status().file(), std::string("dag.gml"));
        QVERIFY(graph.status().byteOffset() >= 0);
        return;
    }
    QVERIFY2(graph.hasValue(), graph.hasValue() ? "" : graph.status().toString().c_str());
    QCOMPARE(graph->nodes.size(), std::size_t(nodes));
    QCOMPARE(graph->edges.size(), std::size_t(edges));
}

QTEST_GUILESS_MAIN(TestDpro)
#include "tst_dpro.moc"
