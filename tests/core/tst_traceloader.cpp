// Multi-file jobs: which file is which rank, how ranks are merged into one Trace, and load-level errors.

#include "core/base/progress.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"

#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <mutex>
#include <set>

using namespace sightline;

namespace {

using TracePtr = std::shared_ptr<const Trace>;

QByteArray kinetoFile(int rank, int worldSize, const QList<QByteArray>& events, const QByteArray& pgConfig = {})
{
    QByteArray info;
    if (rank >= 0 || worldSize > 0) {
        QList<QByteArray> fields { "\"backend\":\"nccl\"" };
        if (rank >= 0)
            fields << "\"rank\":" + QByteArray::number(rank);
        if (worldSize > 0)
            fields << "\"world_size\":" + QByteArray::number(worldSize);
        if (!pgConfig.isEmpty())
            fields << "\"pg_config\":" + pgConfig;
        info = "\"distributedInfo\":{" + fields.join(',') + "},";
    }
    return "{\"schemaVersion\":1," + info + "\"traceEvents\":[\n" + events.join(",\n") + "\n]}\n";
}

QByteArray op(const char* name, int pid, int tid, qint64 ts, qint64 dur, const char* cat = "cpu_op")
{
    return "{\"ph\":\"X\",\"cat\":\"" + QByteArray(cat) + "\",\"name\":\"" + QByteArray(name)
        + "\",\"pid\":" + QByteArray::number(pid) + ",\"tid\":" + QByteArray::number(tid)
        + ",\"ts\":" + QByteArray::number(ts) + ",\"dur\":" + QByteArray::number(dur) + "}";
}

QList<QByteArray> simpleEvents()
{
    return { op("aten::mm", 1, 1, 100, 10), op("aten::add", 1, 1, 120, 5) };
}

class RecordingSink : public ProgressSink {
public:
    void setProgress(std::int64_t done, std::int64_t total) override
    {
        std::lock_guard lock(m_mutex);
        m_max = std::max(m_max, done);
        m_total = total;
        ++m_calls;
    }
    std::int64_t maxDone() const { return m_max; }
    std::int64_t total() const { return m_total; }
    int calls() const { return m_calls; }

private:
    std::mutex m_mutex;
    std::int64_t m_max = 0;
    std::int64_t m_total = 0;
    int m_calls = 0;
};

} // namespace

class TestTraceLoader : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();

    void rankFromDistributedInfo();
    void rankFromFileNames();
    void rankFromFileOrder();
    void rankSourcesMixed();
    void duplicateDeclaredRank();
    void folderInput();
    void folderWithoutTraces();
    void folderWithALayerwiseProfile();
    void folderWithSeveralWholeJobs();
    void folderWithTooManyOtherFiles();
    void sameFileTwice();
    void worldSize_data();
    void worldSize();
    void worldSizesDisagree();
    void opsGroupedByTrack();
    void stringsRemappedAcrossFiles();
    void processGroups();
    void linksAndStepsOffsetPerRank();
    void cancelled();
    void missingFile();
    void noInputs();
    void oneBadFileFailsTheJob();
    void progress();

private:
    std::string write(const QString& name, const QByteArray& bytes);
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestTraceLoader::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

std::string TestTraceLoader::write(const QString& name, const QByteArray& bytes)
{
    const QString path = m_dir->filePath(name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return toStd(path);
}

void TestTraceLoader::rankFromDistributedInfo()
{
    // The declared rank wins over both the file name and the order of the inputs.
    const std::string a = write(QStringLiteral("rank-0.json"), kinetoFile(1, 4, simpleEvents()));
    const std::string b = write(QStringLiteral("rank-1.json"), kinetoFile(0, 4, simpleEvents()));
    Expected<TracePtr> loaded = TraceLoader::load({ a, b });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    QCOMPARE(trace.ranks().size(), std::size_t(2));
    QCOMPARE(trace.worldSize(), 4);
    QCOMPARE(trace.ranks()[0].rank, 0);
    QCOMPARE(trace.string(trace.ranks()[0].sourceFile), std::string_view(b));
    QCOMPARE(trace.string(trace.ranks()[0].rankSource), std::string_view("distributed_info"));
    QCOMPARE(trace.ranks()[1].rank, 1);
    QCOMPARE(trace.string(trace.ranks()[1].sourceFile), std::string_view(a));
    QCOMPARE(trace.format(), std::string("kineto"));
}

void TestTraceLoader::rankFromFileNames()
{
    const std::string r3 = write(QStringLiteral("rank-3.json"), kinetoFile(-1, 0, simpleEvents()));
    const std::string r1 = write(QStringLiteral("rank-1.json"), kinetoFile(-1, 0, simpleEvents()));
    Expected<TracePtr> loaded = TraceLoader::load({ r3, r1 });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    QCOMPARE(trace.ranks().size(), std::size_t(2));
    QCOMPARE(trace.ranks()[0].rank, 1);
    QCOMPARE(trace.string(trace.ranks()[0].sourceFile), std::string_view(r1));
    QCOMPARE(trace.string(trace.ranks()[0].rankSource), std::string_view("file_name"));
    QCOMPARE(trace.ranks()[1].rank, 3);
    QCOMPARE(trace.string(trace.ranks()[1].sourceFile), std::string_view(r3));
    QVERIFY(trace.worldSize() >= 4); // rank 3 exists, so at least 4 ranks
}

void TestTraceLoader::rankFromFileOrder()
{
    const std::string b = write(QStringLiteral("bravo.json"), kinetoFile(-1, 0, simpleEvents()));
    const std::string a = write(QStringLiteral("alpha.json"), kinetoFile(-1, 0, simpleEvents()));
    Expected<TracePtr> loaded = TraceLoader::load({ b, a });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    QCOMPARE(trace.ranks().size(), std::size_t(2));
    QCOMPARE(trace.worldSize(), 2);
    QCOMPARE(trace.ranks()[0].rank, 0);
    QCOMPARE(trace.string(trace.ranks()[0].sourceFile), std::string_view(b));
    QCOMPARE(trace.string(trace.ranks()[0].rankSource), std::string_view("file_order"));
    QCOMPARE(trace.ranks()[1].rank, 1);
    QCOMPARE(trace.string(trace.ranks()[1].sourceFile), std::string_view(a));
}

void TestTraceLoader::rankSourcesMixed()
{
    // Declared 0; the name says 0 too but 0 is taken, so it gets the first free number; a plain name follows.
    const std::string declared = write(QStringLiteral("x.json"), kinetoFile(0, 0, simpleEvents()));
    const std::string named = write(QStringLiteral("rank-0.json"), kinetoFile(-1, 0, simpleEvents()));
    const std::string named2 = write(QStringLiteral("worker2.json"), kinetoFile(-1, 0, simpleEvents()));
    const std::string plain = write(QStringLiteral("z.json"), kinetoFile(-1, 0, simpleEvents()));
    Expected<TracePtr> loaded = TraceLoader::load({ plain, named, declared, named2 });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    QCOMPARE(trace.ranks().size(), std::size_t(4));
    std::map<int, std::pair<std::string, std::string>> byRank;
    for (const RankInfo& r : trace.ranks())
        byRank[r.rank] = { std::string(trace.string(r.sourceFile)), std::string(trace.string(r.rankSource)) };
    QCOMPARE(byRank.size(), std::size_t(4));
    QCOMPARE(byRank[0].first, declared);
    QCOMPARE(byRank[0].second, std::string("distributed_info"));
    QCOMPARE(byRank[2].first, named2);
    QCOMPARE(byRank[2].second, std::string("file_name"));
    // The rest take 1 and 3 in input order.
    QCOMPARE(byRank[1].first, plain);
    QCOMPARE(byRank[1].second, std::string("file_order"));
    QCOMPARE(byRank[3].first, named);
    // Ranks are stored in rank order.
    for (std::size_t i = 1; i < trace.ranks().size(); ++i)
        QVERIFY(trace.ranks()[i - 1].rank < trace.ranks()[i].rank);
}

void TestTraceLoader::duplicateDeclaredRank()
{
    const std::string a = write(QStringLiteral("a.json"), kinetoFile(3, 8, simpleEvents()));
    const std::string b = write(QStringLiteral("b.json"), kinetoFile(3, 8, simpleEvents()));
    Expected<TracePtr> loaded = TraceLoader::load({ a, b });
    QVERIFY(!loaded.hasValue());
    QCOMPARE(loaded.status().code(), ErrorCode::DuplicateRank);
    QCOMPARE(loaded.status().file(), b);
    QVERIFY(loaded.status().detail().find(a) != std::string::npos);
}

void TestTraceLoader::folderInput()
{
    write(QStringLiteral("job/rank1.json"), kinetoFile(-1, 0, simpleEvents()));
    write(QStringLiteral("job/rank0.json"), kinetoFile(-1, 0, simpleEvents()));
    write(QStringLiteral("job/notes.txt"), "not a trace");
    write(QStringLiteral("job/summary.csv"), "a,b\n");
    const std::string folder = toStd(m_dir->filePath(QStringLiteral("job")));
    Expected<std::vector<std::string>> files = TraceLoader::expandInputs({ folder });
    QVERIFY(files.hasValue());
    QCOMPARE(files->size(), std::size_t(2));
    QVERIFY((*files)[0] < (*files)[1]); // sorted by name
    Expected<TracePtr> loaded = TraceLoader::load({ folder });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    QCOMPARE((*loaded)->ranks().size(), std::size_t(2));
    QCOMPARE((*loaded)->opCount(), std::size_t(4));
}

void TestTraceLoader::folderWithoutTraces()
{
    write(QStringLiteral("empty/notes.txt"), "x");
    const std::string folder = toStd(m_dir->filePath(QStringLiteral("empty")));
    Expected<TracePtr> loaded = TraceLoader::load({ folder });
    QVERIFY(!loaded.hasValue());
    QCOMPARE(loaded.status().file(), folder);
}

// A layer-wise profile is one file, often beside its logs: a folder without JSON traces loads the one
// file in it that an importer recognises (not those in its subfolders).
void TestTraceLoader::folderWithALayerwiseProfile()
{
    const QByteArray graph = "node1 -- Input -- forward_compute_time=0.0, backward_compute_time=0.0, "
                             "activation_size=4.0, parameter_size=0.0\n"
                             "node2 -- Conv2d() -- forward_compute_time=1.0, backward_compute_time=2.0, "
                             "activation_size=4.0, parameter_size=8.0\n"
                             "\tnode1 -- node2\n";
    const std::string profile = write(QStringLiteral("pipedream/graph.txt"), graph);
    write(QStringLiteral("pipedream/train.log"), "epoch 1\n");
    write(QStringLiteral("pipedream/old/graph.txt"), graph);
    const std::string folder = toStd(m_dir->filePath(QStringLiteral("pipedream")));
    Expected<std::vector<std::string>> files = TraceLoader::expandInputs({ folder });
    QVERIFY2(files.hasValue(), files.hasValue() ? "" : qPrintable(describe(files.status())));
    QCOMPARE(*files, std::vector<std::string> { profile });
    Expected<TracePtr> loaded = TraceLoader::load({ folder });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    QVERIFY((*loaded)->opCount() > 0);
}

// Several profiles of whole jobs in one folder are several jobs: the error names the folder and them.
void TestTraceLoader::folderWithSeveralWholeJobs()
{
    const QByteArray graph = "node1 -- Conv2d() -- forward_compute_time=1.0, backward_compute_time=2.0, "
                             "activation_size=4.0, parameter_size=8.0\n";
    write(QStringLiteral("two/a.txt"), graph);
    write(QStringLiteral("two/b.txt"), graph);
    const std::string folder = toStd(m_dir->filePath(QStringLiteral("two")));
    Expected<TracePtr> loaded = TraceLoader::load({ folder });
    QVERIFY(!loaded.hasValue());
    QCOMPARE(loaded.status().code(), ErrorCode::InvalidArgument);
    QCOMPARE(loaded.status().file(), folder);
    QVERIFY2(loaded.status().detail().find("2 profiles (a.txt, b.txt)") != std::string::npos,
        loaded.status().detail().c_str());
}

// Past a bound, the files of a folder without JSON traces are not read one by one: the error says to
// open the profile itself.
void TestTraceLoader::folderWithTooManyOtherFiles()
{
    for (int i = 0; i < 257; ++i)
        write(QStringLiteral("many/%1.txt").arg(i), "x");
    const std::string folder = toStd(m_dir->filePath(QStringLiteral("many")));
    Expected<TracePtr> loaded = TraceLoader::load({ folder });
    QVERIFY(!loaded.hasValue());
    QCOMPARE(loaded.status().code(), ErrorCode::NoEvents);
    QCOMPARE(loaded.status().file(), folder);
    QVERIFY2(loaded.status().detail().find("too many other files (257)") != std::string::npos,
        loaded.status().detail().c_str());
}

void TestTraceLoader::sameFileTwice()
{
    const std::string a = write(QStringLiteral("a.json"), kinetoFile(-1, 0, simpleEvents()));
    const std::string alias = toStd(m_dir->path() + QStringLiteral("/./a.json"));
    Expected<TracePtr> loaded = TraceLoader::load({ a, alias });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    QCOMPARE((*loaded)->ranks().size(), std::size_t(1));
}

void TestTraceLoader::worldSize_data()
{
    QTest::addColumn<int>("declared");
    QTest::addColumn<int>("files");
    QTest::addColumn<int>("expected");
    QTest::newRow("declared larger") << 128 << 2 << 128;
    QTest::newRow("none declared") << 0 << 3 << 3;
    QTest::newRow("declared smaller than count") << 1 << 2 << 2;
}

void TestTraceLoader::worldSize()
{
    QFETCH(int, declared);
    QFETCH(int, files);
    QFETCH(int, expected);
    std::vector<std::string> inputs;
    for (int i = 0; i < files; ++i)
        inputs.push_back(
            write(QStringLiteral("part%1.json").arg(QChar(u'a' + i)), kinetoFile(-1, declared, simpleEvents())));
    Expected<TracePtr> loaded = TraceLoader::load(inputs);
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    QCOMPARE((*loaded)->worldSize(), expected);
    QCOMPARE((*loaded)->ranks().size(), std::size_t(files));
}

void TestTraceLoader::worldSizesDisagree()
{
    // Files of one job that declare different world sizes: the larger is taken, and the load says so.
    const std::string a = write(QStringLiteral("a.json"), kinetoFile(0, 4, simpleEvents()));
    const std::string b = write(QStringLiteral("b.json"), kinetoFile(1, 8, simpleEvents()));
    Expected<TracePtr> loaded = TraceLoader::load({ a, b });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    QCOMPARE((*loaded)->worldSize(), 8);
    const auto diagnostics = (*loaded)->diagnostics();
    QVERIFY(std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) {
        return d.code == ErrorCode::ValueOutOfRange && d.file == b
            && d.detail.english().find("world size") != std::string::npos;
    }));
}

void TestTraceLoader::opsGroupedByTrack()
{
    // Events out of order and interleaved across threads and streams, in both files.
    auto events = [](int salt) {
        QList<QByteArray> list;
        for (int i = 0; i < 60; ++i) {
            const int tid = (i * 7 + salt) % 4;
            const qint64 ts = 1000 + ((i * 37 + salt * 11) % 60) * 10;
            if (tid == 3)
                list << op("kernel", 0, 7, ts, 15, "kernel");
            else
                list << op("cpu", 1, tid, ts, 5 + (i % 3));
        }
        return list;
    };
    const std::string a = write(QStringLiteral("rank-0.json"), kinetoFile(-1, 0, events(1)));
    const std::string b = write(QStringLiteral("rank-1.json"), kinetoFile(-1, 0, events(2)));
    Expected<TracePtr> loaded = TraceLoader::load({ b, a });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    QCOMPARE(trace.opCount(), std::size_t(120));
    std::uint32_t nextOp = 0;
    std::uint32_t nextTrack = 0;
    for (std::uint32_t r = 0; r < trace.ranks().size(); ++r) {
        const RankInfo& rank = trace.rankInfo(RankId(r));
        QCOMPARE(rank.firstTrack, nextTrack);
        QVERIFY(rank.trackCount >= 2);
        std::size_t rankOps = 0;
        for (std::uint32_t t = rank.firstTrack; t < rank.firstTrack + rank.trackCount; ++t) {
            const TrackInfo& track = trace.trackInfo(TrackId(t));
            QCOMPARE(track.rank, RankId(r));
            QCOMPARE(track.firstOp, nextOp); // tracks tile the op table without gaps
            QVERIFY(track.opCount > 0);
            for (std::uint32_t i = track.firstOp; i < track.firstOp + track.opCount; ++i) {
                QCOMPARE(trace.track(OpId(i)), TrackId(t));
                QCOMPARE(trace.rank(OpId(i)), RankId(r));
                if (i > track.firstOp)
                    QVERIFY(trace.start(OpId(i - 1)) <= trace.start(OpId(i)));
            }
            nextOp += track.opCount;
            rankOps += track.opCount;
        }
        QCOMPARE(rankOps, std::size_t(60));
        nextTrack += rank.trackCount;
    }
    QCOMPARE(std::size_t(nextOp), trace.opCount());
    QCOMPARE(std::size_t(nextTrack), trace.tracks().size());
}

void TestTraceLoader::stringsRemappedAcrossFiles()
{
    const std::string a = write(QStringLiteral("rank-0.json"),
        kinetoFile(-1, 0, { op("alpha", 1, 1, 100, 10), op("beta", 1, 1, 200, 10, "user_annotation") }));
    const std::string b = write(QStringLiteral("rank-1.json"),
        kinetoFile(-1, 0,
            { op("gamma", 5, 1, 100, 10, "python_function"), op("alpha", 5, 1, 200, 10), op("delta", 5, 1, 300, 10),
                op("beta", 5, 2, 400, 10, "kernel") }));
    Expected<TracePtr> loaded = TraceLoader::load({ b, a });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    auto namesOf = [&trace](std::uint32_t rank) {
        std::vector<std::pair<std::string, std::string>> out;
        for (std::uint32_t i = 0; i < trace.opCount(); ++i) {
            if (trace.rank(OpId(i)) == RankId(rank))
                out.emplace_back(trace.string(trace.name(OpId(i))), trace.string(trace.category(OpId(i))));
        }
        std::sort(out.begin(), out.end());
        return out;
    };
    using P = std::pair<std::string, std::string>;
    QCOMPARE(namesOf(0), (std::vector<P> { { "alpha", "cpu_op" }, { "beta", "user_annotation" } }));
    QCOMPARE(namesOf(1),
        (std::vector<P> {
            { "alpha", "cpu_op" }, { "beta", "kernel" }, { "delta", "cpu_op" }, { "gamma", "python_function" } }));
    // One pool: equal names are equal ids across ranks.
    StringId alpha0, alpha1;
    for (std::uint32_t i = 0; i < trace.opCount(); ++i) {
        if (trace.string(trace.name(OpId(i))) == "alpha")
            (trace.rank(OpId(i)) == RankId(0) ? alpha0 : alpha1) = trace.name(OpId(i));
    }
    QVERIFY(alpha0.isValid());
    QCOMPARE(alpha0, alpha1);
    QCOMPARE(trace.strings().find("alpha"), alpha0);
    // Track names and source files of the second rank read back right too.
    QCOMPARE(trace.string(trace.rankInfo(RankId(1)).sourceFile), std::string_view(b));
    const RankInfo& r1 = trace.rankInfo(RankId(1));
    std::set<std::string> trackNames;
    for (std::uint32_t t = r1.firstTrack; t < r1.firstTrack + r1.trackCount; ++t)
        trackNames.insert(std::string(trace.string(trace.trackInfo(TrackId(t)).name)));
    QCOMPARE(trackNames, (std::set<std::string> { "thread 1", "stream 2" }));
}

void TestTraceLoader::processGroups()
{
    const QByteArray pg
        = R"([{"pg_name":"0","pg_desc":"default_pg","backend_config":"cuda:nccl","pg_size":2,"ranks":[0,1]},)"
          R"({"pg_name":"1","pg_desc":"dp","backend_config":"cuda:nccl","pg_size":1,"ranks":[1]}])";
    const std::string a = write(QStringLiteral("a.json"), kinetoFile(0, 2, simpleEvents(), pg));
    const std::string b = write(QStringLiteral("b.json"), kinetoFile(1, 2, simpleEvents(), pg));
    Expected<TracePtr> loaded = TraceLoader::load({ a, b });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    // Both files declare the same groups: each appears once.
    QCOMPARE(trace.processGroups().size(), std::size_t(2));
    const ProcessGroup* world = nullptr;
    const ProcessGroup* dp = nullptr;
    for (const ProcessGroup& g : trace.processGroups()) {
        if (trace.string(g.name) == "0")
            world = &g;
        else if (trace.string(g.name) == "1")
            dp = &g;
    }
    QVERIFY(world && dp);
    QCOMPARE(trace.string(world->description), std::string_view("default_pg"));
    QCOMPARE(trace.string(world->backend), std::string_view("cuda:nccl"));
    QCOMPARE(world->ranks, (std::vector<std::int32_t> { 0, 1 }));
    QCOMPARE(trace.string(dp->description), std::string_view("dp"));
    QCOMPARE(dp->ranks, (std::vector<std::int32_t> { 1 }));
}

void TestTraceLoader::linksAndStepsOffsetPerRank()
{
    auto events = [] {
        return QList<QByteArray> {
            R"({"ph":"X","cat":"user_annotation","name":"ProfilerStep#4","pid":1,"tid":1,"ts":100,"dur":100})",
            R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":110,"dur":5,"args":{"correlation":1}})",
            R"({"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":120,"dur":50,"args":{"correlation":1}})",
        };
    };
    const std::string a = write(QStringLiteral("rank-0.json"), kinetoFile(-1, 0, events()));
    const std::string b = write(QStringLiteral("rank-1.json"), kinetoFile(-1, 0, events()));
    Expected<TracePtr> loaded = TraceLoader::load({ a, b });
    QVERIFY2(loaded.hasValue(), loaded.hasValue() ? "" : qPrintable(describe(loaded.status())));
    const Trace& trace = **loaded;
    QCOMPARE(trace.links().size(), std::size_t(2));
    for (const Link& l : trace.links()) {
        QCOMPARE(trace.rank(l.from), trace.rank(l.to));
        QCOMPARE(trace.string(trace.name(l.from)), std::string_view("cudaLaunchKernel"));
        QCOMPARE(trace.string(trace.name(l.to)), std::string_view("k"));
    }
    for (std::uint32_t r = 0; r < 2; ++r) {
        const std::span<const StepSpan> steps = trace.steps(RankId(r));
        QCOMPARE(steps.size(), std::size_t(1));
        QCOMPARE(steps[0].rank, RankId(r));
        QCOMPARE(steps[0].number, std::int64_t(4));
        QCOMPARE(trace.rank(steps[0].marker), RankId(r));
        QCOMPARE(trace.string(trace.name(steps[0].marker)), std::string_view("ProfilerStep#4"));
    }
}

void TestTraceLoader::cancelled()
{
    const std::string a = write(QStringLiteral("a.json"), kinetoFile(-1, 0, simpleEvents()));
    const std::string b = write(QStringLiteral("b.json"), kinetoFile(-1, 0, simpleEvents()));
    CancellationToken token;
    token.cancel();
    Expected<TracePtr> loaded = TraceLoader::load({ a, b }, &token);
    QVERIFY(!loaded.hasValue());
    QCOMPARE(loaded.status().code(), ErrorCode::Cancelled);
}

void TestTraceLoader::missingFile()
{
    const std::string good = write(QStringLiteral("good.json"), kinetoFile(-1, 0, simpleEvents()));
    const std::string missing = toStd(m_dir->filePath(QStringLiteral("missing.json")));
    for (const std::vector<std::string>& inputs :
        { std::vector<std::string> { missing }, std::vector<std::string> { good, missing } }) {
        Expected<TracePtr> loaded = TraceLoader::load(inputs);
        QVERIFY(!loaded.hasValue());
        QCOMPARE(loaded.status().code(), ErrorCode::FileNotFound);
        QCOMPARE(loaded.status().file(), missing);
    }
}

void TestTraceLoader::noInputs()
{
    Expected<TracePtr> loaded = TraceLoader::load({});
    QVERIFY(!loaded.hasValue());
    QCOMPARE(loaded.status().code(), ErrorCode::FileNotFound);
}

void TestTraceLoader::oneBadFileFailsTheJob()
{
    const std::string good = write(QStringLiteral("rank-0.json"), kinetoFile(-1, 0, simpleEvents()));
    const std::string bad = write(QStringLiteral("rank-1.json"), "{\"traceEvents\":[{\"ph\":\"X\",");
    Expected<TracePtr> loaded = TraceLoader::load({ good, bad });
    QVERIFY(!loaded.hasValue());
    QCOMPARE(loaded.status().code(), ErrorCode::TruncatedJson);
    QCOMPARE(loaded.status().file(), bad);
}

void TestTraceLoader::progress()
{
    QList<QByteArray> many;
    for (int i = 0; i < 2000; ++i)
        many << op("aten::mm", 1, 1, 100 + i * 10, 5);
    const std::string a = write(QStringLiteral("rank-0.json"), kinetoFile(-1, 0, many));
    const std::string b = write(QStringLiteral("rank-1.json"), kinetoFile(-1, 0, simpleEvents()));
    const std::int64_t total
        = QFileInfo(QString::fromStdString(a)).size() + QFileInfo(QString::fromStdString(b)).size();
    RecordingSink sink;
    Expected<TracePtr> loaded = TraceLoader::load({ a, b }, nullptr, &sink);
    QVERIFY(loaded.hasValue());
    QVERIFY(sink.calls() >= 2);
    QCOMPARE(sink.total(), total);
    QCOMPARE(sink.maxDone(), total);
}

QTEST_GUILESS_MAIN(TestTraceLoader)
#include "tst_traceloader.moc"
