// Layer-wise profiles (CSV, B-Caffe comm logs, PipeDream graph.txt) and the synchronous-SGD DAG job
// built from them (seed 002, Fig. 1). The real files under ../shared/traces/layerwise are used when
// present; the bundled AlexNet example always is.

#include "core/import/layerwisejob.h"
#include "core/import/layerwiseprofile.h"
#include "core/model/trace.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <map>
#include <set>
#include <string>
#include <tuple>

using namespace sightline;

namespace {

constexpr TimeNs kNsPerUs = 1000;

QString tracesDir()
{
    return QStringLiteral(SIGHTLINE_TRACES_DIR "/layerwise");
}

std::string tracePath(const QString& relative)
{
    return QFile::encodeName(QDir(tracesDir()).filePath(relative)).toStdString();
}

std::string examplePath()
{
    return SIGHTLINE_SOURCE_DIR "/resources/examples/alexnet-k80/alexnet_k80.csv";
}

const char* describe(const Status& s)
{
    static thread_local std::string text;
    text = s.toString();
    return text.c_str();
}

// Byte offset of 1-based line `line` in text, counted independently of the parsers.
std::int64_t offsetOfLine(const QByteArray& text, int line)
{
    std::int64_t offset = 0;
    for (int n = 1; n < line; ++n)
        offset = text.indexOf('\n', offset) + 1;
    return offset;
}

// The op of a rank with this name in this iteration; invalid when there is none (or several).
OpId findOp(const Trace& trace, std::uint32_t rank, std::string_view name, std::int32_t step)
{
    OpId found;
    const RankInfo& r = trace.rankInfo(RankId(rank));
    for (std::uint32_t t = r.firstTrack; t < r.firstTrack + r.trackCount; ++t) {
        const TrackInfo& info = trace.trackInfo(TrackId(t));
        for (std::uint32_t i = info.firstOp; i < info.firstOp + info.opCount; ++i) {
            if (trace.step(OpId(i)) == step && trace.string(trace.name(OpId(i))) == name) {
                if (found.isValid())
                    return OpId();
                found = OpId(i);
            }
        }
    }
    return found;
}

bool hasLink(const Trace& trace, OpId from, OpId to)
{
    for (const Link& l : trace.linksFrom(from)) {
        if (l.to == to && l.kind == LinkKind::Dependency)
            return true;
    }
    return false;
}

std::size_t countOps(const Trace& trace, std::uint32_t rank, std::int32_t step, OpKind kind)
{
    std::size_t n = 0;
    const RankInfo& r = trace.rankInfo(RankId(rank));
    for (std::uint32_t t = r.firstTrack; t < r.firstTrack + r.trackCount; ++t) {
        const TrackInfo& info = trace.trackInfo(TrackId(t));
        for (std::uint32_t i = info.firstOp; i < info.firstOp + info.opCount; ++i)
            n += trace.step(OpId(i)) == step && trace.kind(OpId(i)) == kind;
    }
    return n;
}

// The structural invariants every Trace relies on, plus what a layer-wise job promises.
void verifyInvariants(const Trace& trace, std::int32_t workers, std::int32_t iterations)
{
    QCOMPARE(trace.format(), std::string("layerwise"));
    QCOMPARE(trace.worldSize(), workers);
    QCOMPARE(trace.ranks().size(), std::size_t(workers));
    std::uint32_t nextOp = 0;
    std::uint32_t nextTrack = 0;
    for (std::uint32_t r = 0; r < std::uint32_t(workers); ++r) {
        const RankInfo& rank = trace.rankInfo(RankId(r));
        QCOMPARE(rank.rank, std::int32_t(r));
        QCOMPARE(rank.firstTrack, nextTrack);
        QVERIFY(rank.trackCount == 2 || rank.trackCount == 3);
        nextTrack += rank.trackCount;
        QCOMPARE(trace.trackInfo(TrackId(rank.firstTrack)).kind, TrackKind::CpuThread);
        QCOMPARE(trace.trackInfo(TrackId(rank.firstTrack + 1)).kind, TrackKind::GpuStream);
        if (rank.trackCount == 3)
            QCOMPARE(trace.trackInfo(TrackId(rank.firstTrack + 2)).kind, TrackKind::CommChannel);
        for (std::uint32_t t = rank.firstTrack; t < rank.firstTrack + rank.trackCount; ++t) {
            const TrackInfo& track = trace.trackInfo(TrackId(t));
            QCOMPARE(track.rank, RankId(r));
            QCOMPARE(track.firstOp, nextOp);
            nextOp += track.opCount;
            for (std::uint32_t i = track.firstOp; i < track.firstOp + track.opCount; ++i) {
                QCOMPARE(trace.track(OpId(i)), TrackId(t));
                QVERIFY(trace.end(OpId(i)) >= trace.start(OpId(i)));
                if (i > track.firstOp) {
                    // Sorted by start; the chains of the model also keep one track's ops from overlapping.
                    QVERIFY(trace.start(OpId(i - 1)) <= trace.start(OpId(i)));
                    QVERIFY(trace.end(OpId(i - 1)) <= trace.start(OpId(i))
                        || trace.start(OpId(i - 1)) == trace.end(OpId(i - 1))
                        || trace.start(OpId(i)) == trace.end(OpId(i)));
                }
            }
        }
        const auto steps = trace.steps(RankId(r));
        QCOMPARE(steps.size(), std::size_t(iterations));
        for (std::size_t s = 0; s < steps.size(); ++s) {
            QCOMPARE(steps[s].rank, RankId(r));
            QCOMPARE(steps[s].number, std::int64_t(s));
            QVERIFY(!steps[s].marker.isValid());
            if (s > 0)
                QCOMPARE(steps[s].start, steps[s - 1].end);
        }
    }
    QCOMPARE(std::size_t(nextTrack), trace.tracks().size());
    QCOMPARE(std::size_t(nextOp), trace.opCount());
    // A dependency never runs backwards in time.
    for (const Link& l : trace.links()) {
        QCOMPARE(l.kind, LinkKind::Dependency);
        QVERIFY(trace.end(l.from) <= trace.start(l.to));
    }
    for (std::uint32_t i = 0; i < trace.opCount(); ++i) {
        if (trace.kind(OpId(i)) == OpKind::Collective) {
            const CommArgs* args = trace.commArgs(OpId(i));
            QVERIFY(args);
            QCOMPARE(trace.string(args->collective), std::string_view("all_reduce"));
            QCOMPARE(args->groupSize, workers);
            QVERIFY(trace.bytes(OpId(i)) > 0);
        }
    }
}

// Two layers A (first) and B, times in ms; job-level I/O 1, H2D 0.5, update 0.25 ms.
const char* const kTinyCsv = "# io: 1\n"
                             "# h2d: 0.5\n"
                             "# update: 0.25\n"
                             "layer,forward,backward,communication,gradient_bytes\n"
                             "A,1,2,3,400\n"
                             "B,1.5,1,2.5,800\n";

} // namespace

class TestLayerwise : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void csvParses();
    void csvHeaderSpellings_data();
    void csvHeaderSpellings();
    void detectsFormat();
    void badInput_data();
    void badInput();

    void dagTimes_data();
    void dagTimes();
    void dependencyLinks();
    void singleWorkerHasNoAggregation();
    void bandwidthModel();
    void rejectsBadOptions();

    void bundledAlexNet();

    void realBCaffe_data();
    void realBCaffe();
    void realPipeDream();
};

void TestLayerwise::csvParses()
{
    // A byte-order mark, CRLF line ends, directives with units, comments and an ignored id column.
    const std::string text = "\xEF\xBB\xBF# io: 2\r\n"
                             "# a plain comment\r\n"
                             "# update_us = 500\r\n"
                             "# workers: 8\r\n"
                             "id,layer,forward,backward,communication,gradient bytes\r\n"
                             "\r\n"
                             "0,conv1,1.5,0.25,0.125,139776\r\n"
                             "1,relu1,0.001,0.000002,0,0\r\n";
    const Expected<LayerwiseProfile> p = LayerwiseProfile::parse(text, "t.csv");
    QVERIFY2(p.hasValue(), p.hasValue() ? "" : describe(p.status()));
    QCOMPARE(p->format, LayerwiseProfile::Format::Csv);
    QCOMPARE(p->file, std::string("t.csv"));
    QCOMPARE(p->layers.size(), std::size_t(2));
    QCOMPARE(p->layers[0].name, std::string("conv1"));
    QCOMPARE(p->layers[0].forwardNs, TimeNs(1500000));
    QCOMPARE(p->layers[0].backwardNs, TimeNs(250000));
    QCOMPARE(p->layers[0].communicationNs, TimeNs(125000));
    QCOMPARE(p->layers[0].gradientBytes, std::int64_t(139776));
    QCOMPARE(p->layers[1].forwardNs, TimeNs(1000));
    QCOMPARE(p->layers[1].backwardNs, TimeNs(2));
    QCOMPARE(p->ioNs.value_or(-1), TimeNs(2000000));
    QVERIFY(!p->h2dNs.has_value());
    QCOMPARE(p->updateNs.value_or(-1), TimeNs(500000));
    QCOMPARE(p->measuredWorkers, 8);
    QCOMPARE(p->totalForwardNs(), TimeNs(1501000));
    QCOMPARE(p->totalGradientBytes(), std::int64_t(139776));
}

void TestLayerwise::csvHeaderSpellings_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("forwardNs");
    QTest::addColumn<qint64>("backwardNs");
    QTest::addColumn<qint64>("commNs");
    QTest::addColumn<qint64>("bytes");

    QTest::newRow("paper-like, units in brackets")
        << QByteArray("Id,Name,Forward (ms),Backward [us],Comm.,Size\n7,c,1.5,250,0.5,1024\n") << QStringLiteral("c")
        << qint64(1500000) << qint64(250000) << qint64(500000) << qint64(1024);
    QTest::newRow("semicolons, suffixed units")
        << QByteArray("name;fwd_ns;bwd_ns;allreduce_s;gradient bytes\nc;10;20;0.001;8\n") << QStringLiteral("c")
        << qint64(10) << qint64(20) << qint64(1000000) << qint64(8);
    QTest::newRow("tabs, compute-only") << QByteArray("layer\tforward_compute_time\tbackward_compute_time\nc\t2\t3\n")
                                        << QStringLiteral("c") << qint64(2000000) << qint64(3000000) << qint64(0)
                                        << qint64(0);
    QTest::newRow("quoted, exponents") << QByteArray(
        "\"layer\",\"forward\",\"backward\",\"communication\",\"gradient_bytes\"\n\"conv, 1\",1e-3,2E+0,0,1.2e3\n")
                                       << QStringLiteral("conv, 1") << qint64(1000) << qint64(2000000) << qint64(0)
                                       << qint64(1200);
    QTest::newRow("micro signs") << QByteArray(
        "LAYER,forward_\xc2\xb5s,backward (\xce\xbcs),communication-us,parameter_size\nc,3.886e+06,1,0.5,4\n")
                                 << QStringLiteral("c") << qint64(3886000000) << qint64(1000) << qint64(500)
                                 << qint64(4);
}

void TestLayerwise::csvHeaderSpellings()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, name);
    QFETCH(qint64, forwardNs);
    QFETCH(qint64, backwardNs);
    QFETCH(qint64, commNs);
    QFETCH(qint64, bytes);
    const Expected<LayerwiseProfile> p = LayerwiseProfile::parseCsv(text.toStdString(), "h.csv");
    QVERIFY2(p.hasValue(), p.hasValue() ? "" : describe(p.status()));
    QCOMPARE(p->layers.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(p->layers[0].name), name);
    QCOMPARE(p->layers[0].forwardNs, TimeNs(forwardNs));
    QCOMPARE(p->layers[0].backwardNs, TimeNs(backwardNs));
    QCOMPARE(p->layers[0].communicationNs, TimeNs(commNs));
    QCOMPARE(p->layers[0].gradientBytes, std::int64_t(bytes));
}

void TestLayerwise::detectsFormat()
{
    using F = LayerwiseProfile::Format;
    QCOMPARE(LayerwiseProfile::detectFormat("# c\nlayer,forward,backward\n"), std::optional<F>(F::Csv));
    QCOMPARE(
        LayerwiseProfile::detectFormat("I0207 16:23:08.165047 35803 distributed.cpp:112] [0, 9408, 14744.1, 408]\n"),
        std::optional<F>(F::BCaffeLog));
    QCOMPARE(LayerwiseProfile::detectFormat("node1 -- Input -- forward_compute_time=1.0, backward_compute_time=0.0\n"),
        std::optional<F>(F::PipeDreamGraph));
    QCOMPARE(LayerwiseProfile::detectFormat("hello\n"), std::optional<F>());
    QCOMPARE(LayerwiseProfile::formatName(F::BCaffeLog), std::string_view("b-caffe"));
    // A byte-order mark is skipped by every format.
    const Expected<LayerwiseProfile> bom = LayerwiseProfile::parse(
        "\xEF\xBB\xBFnode1 -- Input -- forward_compute_time=1.0, backward_compute_time=0.0\n", "g.txt");
    QVERIFY2(bom.hasValue(), bom.hasValue() ? "" : describe(bom.status()));
    QCOMPARE(bom->layers.front().name, std::string("node1 Input"));
}

void TestLayerwise::badInput_data()
{
    QTest::addColumn<int>("format"); // -1: detect
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("code");
    QTest::addColumn<int>("line");

    const int csv = int(LayerwiseProfile::Format::Csv);
    const int caffe = int(LayerwiseProfile::Format::BCaffeLog);
    const int pipe = int(LayerwiseProfile::Format::PipeDreamGraph);
    const QByteArray header("layer,forward,backward,communication,gradient_bytes\n");
    const QByteArray glog("I0207 16:23:08.165047 35803 distributed.cpp:112] ");
    const QByteArray node1("node1 -- Input -- forward_compute_time=1.0, backward_compute_time=0.000, "
                           "activation_size=8.0, parameter_size=0.000\n");

    QTest::newRow("csv empty") << csv << QByteArray() << int(ErrorCode::EmptyFile) << 1;
    QTest::newRow("csv blank") << csv << QByteArray("\n  \n") << int(ErrorCode::EmptyFile) << 1;
    QTest::newRow("detect empty") << -1 << QByteArray() << int(ErrorCode::EmptyFile) << 1;
    QTest::newRow("csv header lacks backward")
        << csv << QByteArray("layer,forward,communication\nconv1,1,2\n") << int(ErrorCode::MissingField) << 1;
    QTest::newRow("csv row lacks a field")
        << csv << QByteArray(header + "conv1,1,2,3,4\nconv2,1,2\n") << int(ErrorCode::MissingField) << 3;
    QTest::newRow("csv non-numeric") << csv << QByteArray(header + "conv1,1,abc,3,4\n") << int(ErrorCode::WrongType)
                                     << 2;
    QTest::newRow("csv negative time") << csv << QByteArray(header + "# comment\nconv1,1,2,3,4\nconv2,1,-2,3,4\n")
                                       << int(ErrorCode::NegativeDuration) << 4;
    QTest::newRow("csv negative bytes") << csv << QByteArray(header + "conv1,1,2,3,-4\n")
                                        << int(ErrorCode::ValueOutOfRange) << 2;
    QTest::newRow("csv header only") << csv << QByteArray("\n" + header) << int(ErrorCode::NoEvents) << 2;
    QTest::newRow("csv bad directive") << csv << QByteArray("# io: fast\n" + header + "a,1,1,1,1\n")
                                       << int(ErrorCode::WrongType) << 1;
    QTest::newRow("csv bad unit") << csv << QByteArray("layer,forward (h),backward\na,1,1\n")
                                  << int(ErrorCode::WrongType) << 1;

    QTest::newRow("b-caffe empty") << caffe << QByteArray(" \n") << int(ErrorCode::EmptyFile) << 1;
    QTest::newRow("b-caffe non-numeric") << -1
                                         << QByteArray(
                                                glog + "[0, 9408, 14744.1, 408]\n" + glog + "[1, 64, abc, 139]\n")
                                         << int(ErrorCode::WrongType) << 2;
    QTest::newRow("b-caffe negative time")
        << -1 << QByteArray(glog + "[0, 9408, 14744.1, 408]\n" + glog + "[1, 64, 14744.1, -139]\n")
        << int(ErrorCode::NegativeDuration) << 2;
    QTest::newRow("b-caffe missing field")
        << -1 << QByteArray(glog + "[0, 9408, 14744.1, 408]\n\n" + glog + "[1, 64, 14744.1]\n")
        << int(ErrorCode::MissingField) << 3;
    QTest::newRow("b-caffe id gap") << -1
                                    << QByteArray(glog + "[0, 9408, 14744.1, 408]\n" + glog + "[2, 64, 14744.1, 1]\n")
                                    << int(ErrorCode::ValueOutOfRange) << 2;
    QTest::newRow("b-caffe no records") << caffe << QByteArray("just a log line\n") << int(ErrorCode::NoEvents) << 1;

    QTest::newRow("pipedream empty") << pipe << QByteArray() << int(ErrorCode::EmptyFile) << 1;
    QTest::newRow("pipedream non-numeric")
        << -1 << QByteArray("node1 -- Input -- forward_compute_time=x, backward_compute_time=0.0, parameter_size=0.0\n")
        << int(ErrorCode::WrongType) << 1;
    QTest::newRow("pipedream negative")
        << -1
        << QByteArray(node1
               + "node2 -- Conv2d(3, 64) -- forward_compute_time=1.0, backward_compute_time=-1.0, parameter_size=4.0\n")
        << int(ErrorCode::NegativeDuration) << 2;
    QTest::newRow("pipedream missing backward")
        << -1 << QByteArray(node1 + "node2 -- Conv2d(3, 64) -- forward_compute_time=1.0, parameter_size=4.0\n")
        << int(ErrorCode::MissingField) << 2;
    QTest::newRow("pipedream undeclared node")
        << -1 << QByteArray(node1 + "\tnode1 -- node9\n") << int(ErrorCode::UnmatchedEvent) << 2;
    QTest::newRow("pipedream garbage line")
        << -1 << QByteArray(node1 + "what is this\n") << int(ErrorCode::WrongType) << 2;
    QTest::newRow("pipedream cycle") << -1
                                     << QByteArray(node1
                                            + "node2 -- ReLU -- forward_compute_time=1.0, backward_compute_time=1.0\n"
                                            + "node3 -- ReLU -- forward_compute_time=1.0, backward_compute_time=1.0\n"
                                            + "\tnode1 -- node2\n\tnode2 -- node3\n\tnode3 -- node2\n")
                                     << int(ErrorCode::WrongType) << 2;

    QTest::newRow("unknown format") << -1 << QByteArray("\nhello world\n") << int(ErrorCode::NotATrace) << 2;
}

void TestLayerwise::badInput()
{
    QFETCH(int, format);
    QFETCH(QByteArray, text);
    QFETCH(int, code);
    QFETCH(int, line);
    std::optional<LayerwiseProfile::Format> f;
    if (format >= 0)
        f = LayerwiseProfile::Format(format);
    const Expected<LayerwiseProfile> p = LayerwiseProfile::parse(text.toStdString(), "bad.txt", f);
    QVERIFY(!p.hasValue());
    const Status& s = p.status();
    QCOMPARE(errorCodeName(s.code()), errorCodeName(ErrorCode(code)));
    QCOMPARE(s.file(), std::string("bad.txt"));
    QCOMPARE(s.byteOffset(), offsetOfLine(text, line));
    const std::string prefix = "line " + std::to_string(line) + ": ";
    QVERIFY2(s.detail().compare(0, prefix.size(), prefix) == 0, describe(s));
}

void TestLayerwise::dagTimes_data()
{
    QTest::addColumn<bool>("wfbp");
    QTest::addColumn<QString>("op");
    QTest::addColumn<int>("step");
    QTest::addColumn<qint64>("startUs");
    QTest::addColumn<qint64>("endUs");

    // Hand-evaluated: every task starts at the latest end of its predecessors (kTinyCsv, 2 workers).
    // With WFBP, B's aggregation starts after B's backward (5 ms) and overlaps A's backward; A's waits
    // for its backward (7) and for B's aggregation (7.5). Iteration 1 starts H2D after update 0; its
    // I/O was prefetched right after I/O 0. Steady state: H2D + forward + backward + the 0.5 ms of B's
    // aggregation that A's backward does not hide + A's aggregation + update
    // = 0.5 + 2.5 + 3 + 0.5 + 3 + 0.25 = 9.75 ms; without WFBP all 5.5 ms of aggregation: 11.75 ms.
    struct Row {
        const char* op;
        int step;
        qint64 startUs;
        qint64 endUs;
    };
    const Row on[] = {
        { "I/O", 0, 0, 1000 },
        { "H2D", 0, 1000, 1500 },
        { "A forward", 0, 1500, 2500 },
        { "B forward", 0, 2500, 4000 },
        { "B backward", 0, 4000, 5000 },
        { "A backward", 0, 5000, 7000 },
        { "B allreduce", 0, 5000, 7500 },
        { "A allreduce", 0, 7500, 10500 },
        { "update", 0, 10500, 10750 },
        { "I/O", 1, 1000, 2000 },
        { "H2D", 1, 10750, 11250 },
        { "A forward", 1, 11250, 12250 },
        { "B forward", 1, 12250, 13750 },
        { "B backward", 1, 13750, 14750 },
        { "A backward", 1, 14750, 16750 },
        { "B allreduce", 1, 14750, 17250 },
        { "A allreduce", 1, 17250, 20250 },
        { "update", 1, 20250, 20500 },
    };
    // Without WFBP both aggregations wait for the end of the backward pass (A's backward, 7 ms).
    const Row off[] = {
        { "I/O", 0, 0, 1000 },
        { "H2D", 0, 1000, 1500 },
        { "A forward", 0, 1500, 2500 },
        { "B forward", 0, 2500, 4000 },
        { "B backward", 0, 4000, 5000 },
        { "A backward", 0, 5000, 7000 },
        { "B allreduce", 0, 7000, 9500 },
        { "A allreduce", 0, 9500, 12500 },
        { "update", 0, 12500, 12750 },
        { "I/O", 1, 1000, 2000 },
        { "H2D", 1, 12750, 13250 },
        { "A forward", 1, 13250, 14250 },
        { "B forward", 1, 14250, 15750 },
        { "B backward", 1, 15750, 16750 },
        { "A backward", 1, 16750, 18750 },
        { "B allreduce", 1, 18750, 21250 },
        { "A allreduce", 1, 21250, 24250 },
        { "update", 1, 24250, 24500 },
    };
    for (const Row& r : on)
        QTest::addRow("wfbp %s #%d", r.op, r.step)
            << true << QString::fromLatin1(r.op) << r.step << r.startUs << r.endUs;
    for (const Row& r : off)
        QTest::addRow("no-wfbp %s #%d", r.op, r.step)
            << false << QString::fromLatin1(r.op) << r.step << r.startUs << r.endUs;
}

void TestLayerwise::dagTimes()
{
    QFETCH(bool, wfbp);
    QFETCH(QString, op);
    QFETCH(int, step);
    QFETCH(qint64, startUs);
    QFETCH(qint64, endUs);
    const Expected<LayerwiseProfile> profile = LayerwiseProfile::parseCsv(kTinyCsv, "tiny.csv");
    QVERIFY2(profile.hasValue(), profile.hasValue() ? "" : describe(profile.status()));
    LayerwiseJobOptions options;
    options.workers = 2;
    options.iterations = 2;
    options.wfbp = wfbp;
    const Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(*profile, options);
    QVERIFY2(job.hasValue(), job.hasValue() ? "" : describe(job.status()));
    const Trace& trace = **job;
    verifyInvariants(trace, 2, 2);
    for (std::uint32_t w = 0; w < 2; ++w) {
        const OpId id = findOp(trace, w, op.toStdString(), step);
        QVERIFY(id.isValid());
        QCOMPARE(trace.start(id), TimeNs(startUs) * kNsPerUs);
        QCOMPARE(trace.end(id), TimeNs(endUs) * kNsPerUs);
    }
    const auto steps = trace.steps(RankId(1));
    QCOMPARE(steps[0].start, TimeNs(0));
    QCOMPARE(steps[1].end - steps[1].start, TimeNs(wfbp ? 9750 : 11750) * kNsPerUs);
}

void TestLayerwise::dependencyLinks()
{
    const Expected<LayerwiseProfile> profile = LayerwiseProfile::parseCsv(kTinyCsv, "tiny.csv");
    QVERIFY(profile.hasValue());
    for (bool wfbp : { true, false }) {
        LayerwiseJobOptions options;
        options.workers = 2;
        options.iterations = 2;
        options.wfbp = wfbp;
        const Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(*profile, options);
        QVERIFY(job.hasValue());
        const Trace& trace = **job;
        auto op = [&](std::uint32_t w, const char* name, int step) {
            const OpId id = findOp(trace, w, name, step);
            if (!id.isValid())
                qFatal("no op %s #%d on worker %u", name, step, w);
            return id;
        };
        for (std::uint32_t w = 0; w < 2; ++w) {
            const std::uint32_t other = 1 - w;
            QVERIFY(hasLink(trace, op(w, "I/O", 0), op(w, "I/O", 1)));
            QVERIFY(hasLink(trace, op(w, "I/O", 1), op(w, "H2D", 1)));
            QVERIFY(hasLink(trace, op(w, "update", 0), op(w, "H2D", 1)));
            QVERIFY(hasLink(trace, op(w, "update", 0), op(w, "A forward", 1)));
            QVERIFY(hasLink(trace, op(w, "H2D", 1), op(w, "A forward", 1)));
            QVERIFY(hasLink(trace, op(w, "A forward", 1), op(w, "B forward", 1)));
            QVERIFY(hasLink(trace, op(w, "B forward", 1), op(w, "B backward", 1)));
            QVERIFY(hasLink(trace, op(w, "B backward", 1), op(w, "A backward", 1)));
            // The aggregation of a layer waits for that layer's gradients on every worker.
            QVERIFY(hasLink(trace, op(w, "B backward", 0), op(w, "B allreduce", 0)));
            QVERIFY(hasLink(trace, op(other, "B backward", 0), op(w, "B allreduce", 0)));
            QVERIFY(hasLink(trace, op(other, "A backward", 0), op(w, "A allreduce", 0)));
            QVERIFY(hasLink(trace, op(w, "B allreduce", 0), op(w, "A allreduce", 0)));
            QCOMPARE(hasLink(trace, op(other, "A backward", 0), op(w, "B allreduce", 0)), !wfbp);
            QVERIFY(hasLink(trace, op(w, "A backward", 0), op(w, "update", 0)));
            QVERIFY(hasLink(trace, op(w, "A allreduce", 0), op(w, "update", 0)));
            QVERIFY(hasLink(trace, op(w, "B allreduce", 0), op(w, "update", 0)));
            QCOMPARE(trace.phase(op(w, "A forward", 0)), Phase::Forward);
            QCOMPARE(trace.phase(op(w, "A backward", 0)), Phase::Backward);
            QCOMPARE(trace.phase(op(w, "update", 0)), Phase::Optimizer);
            QCOMPARE(trace.kind(op(w, "H2D", 0)), OpKind::Memcpy);
            QCOMPARE(trace.kind(op(w, "I/O", 0)), OpKind::Io);
            QCOMPARE(trace.kind(op(w, "B allreduce", 0)), OpKind::Collective);
            QCOMPARE(trace.bytes(op(w, "B allreduce", 0)), std::int64_t(800));
            QCOMPARE(trace.commArgs(op(w, "B allreduce", 0))->inNelems, std::int64_t(200));
            QCOMPARE(trace.trackInfo(trace.track(op(w, "A allreduce", 0))).kind, TrackKind::CommChannel);
        }
        // Per worker: iteration 0 has 13 edges (H2D<-I/O, 2 forward, 2 backward, B's aggregation from
        // 2 workers, A's from 2 workers and B's, update from A backward and 2 aggregations); iteration
        // 1 adds I/O<-I/O, H2D<-update and A forward<-update. Without WFBP B's aggregation also waits
        // for A's backward on both workers.
        const std::size_t perWorker = 13 + 16 + (wfbp ? 0 : 4);
        QCOMPARE(trace.links().size(), 2 * perWorker);
        const std::set<std::tuple<OpId, OpId>> unique = [&] {
            std::set<std::tuple<OpId, OpId>> s;
            for (const Link& l : trace.links())
                s.emplace(l.from, l.to);
            return s;
        }();
        QCOMPARE(unique.size(), trace.links().size());
    }
}

void TestLayerwise::singleWorkerHasNoAggregation()
{
    const Expected<LayerwiseProfile> profile = LayerwiseProfile::parseCsv(kTinyCsv, "tiny.csv");
    QVERIFY(profile.hasValue());
    LayerwiseJobOptions options;
    options.workers = 1;
    options.iterations = 3;
    const Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(*profile, options);
    QVERIFY(job.hasValue());
    const Trace& trace = **job;
    verifyInvariants(trace, 1, 3);
    QCOMPARE(trace.rankInfo(RankId(0)).trackCount, 2u);
    QCOMPARE(countOps(trace, 0, 1, OpKind::Collective), std::size_t(0));
    QVERIFY(trace.processGroups().empty());
    // Single GPU: H2D + forward + backward + update, eq. (1) of the paper with I/O hidden.
    const auto steps = trace.steps(RankId(0));
    QCOMPARE(steps[2].end - steps[2].start, TimeNs(500 + 2500 + 3000 + 250) * kNsPerUs);
}

void TestLayerwise::bandwidthModel()
{
    // No communication column: 0 ns aggregations and a diagnostic, or alpha + bytes / beta.
    const Expected<LayerwiseProfile> bare
        = LayerwiseProfile::parseCsv("layer,forward,backward,gradient_bytes\na,1,1,1000000\nb,1,1,0\n", "bw.csv");
    QVERIFY(bare.hasValue());
    LayerwiseJobOptions options;
    options.workers = 2;
    options.iterations = 1;
    {
        const Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(*bare, options);
        QVERIFY(job.hasValue());
        const OpId a = findOp(**job, 0, "a allreduce", 0);
        QVERIFY(a.isValid());
        QCOMPARE((*job)->duration(a), TimeNs(0));
        QVERIFY(!findOp(**job, 0, "b allreduce", 0).isValid());
        QCOMPARE((*job)->diagnostics().size(), std::size_t(1));
    }
    options.bandwidthGBps = 10;
    options.latencyNs = 5000;
    {
        const Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(*bare, options);
        QVERIFY(job.hasValue());
        verifyInvariants(**job, 2, 1);
        const OpId a = findOp(**job, 1, "a allreduce", 0);
        QVERIFY(a.isValid());
        QCOMPARE((*job)->duration(a), TimeNs(5000 + 100000)); // 1 MB at 10 GB/s is 100 us
        QVERIFY(!findOp(**job, 1, "b allreduce", 0).isValid());
        QVERIFY((*job)->diagnostics().empty());
    }
    // Measured times win unless the model is preferred.
    const Expected<LayerwiseProfile> measured = LayerwiseProfile::parseCsv(kTinyCsv, "tiny.csv");
    QVERIFY(measured.hasValue());
    QCOMPARE(LayerwiseJob::communicationNs(*measured, measured->layers[0], options), TimeNs(3000000));
    options.preferBandwidthModel = true;
    QCOMPARE(LayerwiseJob::communicationNs(*measured, measured->layers[0], options), TimeNs(5000 + 40));
}

void TestLayerwise::rejectsBadOptions()
{
    const Expected<LayerwiseProfile> profile = LayerwiseProfile::parseCsv(kTinyCsv, "tiny.csv");
    QVERIFY(profile.hasValue());
    LayerwiseJobOptions options;
    options.workers = LayerwiseJob::kMaxWorkers + 1;
    QCOMPARE(LayerwiseJob::build(*profile, options).status().code(), ErrorCode::ValueOutOfRange);
    options.workers = 2;
    options.iterations = 0;
    QCOMPARE(LayerwiseJob::build(*profile, options).status().code(), ErrorCode::ValueOutOfRange);
    options.iterations = 2;
    options.bandwidthGBps = -1;
    QCOMPARE(LayerwiseJob::build(*profile, options).status().code(), ErrorCode::ValueOutOfRange);
    // workers = 0: the profile's measured count, else the default of 4.
    const Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(*profile);
    QVERIFY(job.hasValue());
    QCOMPARE((*job)->worldSize(), LayerwiseJob::kDefaultWorkers);
    QCOMPARE((*job)->steps(RankId(0)).size(), std::size_t(3));
}

void TestLayerwise::bundledAlexNet()
{
    const Expected<LayerwiseProfile> p = LayerwiseProfile::load(examplePath());
    QVERIFY2(p.hasValue(), p.hasValue() ? "" : describe(p.status()));
    QCOMPARE(p->layers.size(), std::size_t(22));
    QCOMPARE(p->layers.front().name, std::string("data"));
    QCOMPARE(p->layers.back().name, std::string("loss"));
    QCOMPARE(p->layers[7].name, std::string("conv3"));
    QCOMPARE(p->layers[7].forwardNs, TimeNs(3886000000)); // 3.886e+06 us
    QCOMPARE(p->layers[1].communicationNs, TimeNs(123424)); // 123.424 us
    QCOMPARE(p->layers[14].gradientBytes, std::int64_t(151011328)); // fc6
    // Column sums of Table VI, in ns.
    const TimeNs forward = 14670834790;
    const TimeNs backward = 3362143960;
    QCOMPARE(p->totalForwardNs(), forward);
    QCOMPARE(p->totalBackwardNs(), backward);
    QCOMPARE(p->totalCommunicationNs(), TimeNs(2649091456));
    QCOMPARE(p->totalGradientBytes(), std::int64_t(243860896));

    // 4 workers over 10GbE (the paper's K80 cluster). The table has no I/O, H2D or update times. The
    // paper prints no absolute iteration time for this setting (Fig. 4 only plots it), so the check is
    // against the model's closed form, Section IV-C: with WFBP every aggregation but the last (conv1's,
    // 123.424 us, which can only start when the whole backward is done) hides behind the remaining
    // backward, so t_iter = t_f + t_b + t_c(conv1); without WFBP t_iter = t_f + t_b + sum t_c (eq. 2).
    // Both are exact: times are integer ns.
    LayerwiseJobOptions options;
    options.workers = 4;
    options.iterations = 3;
    const Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(*p, options);
    QVERIFY2(job.hasValue(), job.hasValue() ? "" : describe(job.status()));
    verifyInvariants(**job, 4, 3);
    QCOMPARE(countOps(**job, 3, 2, OpKind::Collective), std::size_t(8)); // 5 conv + 3 fc layers
    for (const StepSpan& s : (*job)->steps(RankId(2)))
        QCOMPARE(s.end - s.start, forward + backward + TimeNs(123424)); // 18.033102174 s
    options.wfbp = false;
    const Expected<std::shared_ptr<const Trace>> naive = LayerwiseJob::build(*p, options);
    QVERIFY(naive.hasValue());
    for (const StepSpan& s : (*naive)->steps(RankId(0)))
        QCOMPARE(s.end - s.start, forward + backward + TimeNs(2649091456)); // 20.682070206 s
}

void TestLayerwise::realBCaffe_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("workers");
    QTest::addColumn<qint64>("firstBackwardNs");
    QTest::addColumn<qint64>("firstCommNs");
    QTest::addColumn<qint64>("backwardNs");
    QTest::addColumn<qint64>("commNs");

    // Expected values from the last complete, non-zero dump of each file (64 layers of 2 blobs each,
    // 13 379 136 fp32 parameters); the first layer's two blobs are 9408 + 64 elements.
    QTest::newRow("tmpcomm") << QStringLiteral("tmpcomm.log") << 0 << qint64(14744100) << qint64(547000)
                             << qint64(201531926) << qint64(166846000);
    QTest::newRow("tmp2comm") << QStringLiteral("tmp2comm.log") << 2 << qint64(14690200) << qint64(404000)
                              << qint64(200329300) << qint64(153993000);
    QTest::newRow("tmp4comm") << QStringLiteral("tmp4comm.log") << 4 << qint64(14839900) << qint64(603000)
                              << qint64(206782922) << qint64(261512000);
    QTest::newRow("tmp4ocomm") << QStringLiteral("tmp4ocomm.log") << 4 << qint64(14893200) << qint64(15315000)
                               << qint64(201959010) << qint64(257556000);
    QTest::newRow("tmp8comm") << QStringLiteral("tmp8comm.log") << 8 << qint64(15143700) << qint64(1169000)
                              << qint64(205334312) << qint64(310738000);
    QTest::newRow("tmp8ocomm") << QStringLiteral("tmp8ocomm.log") << 8 << qint64(15161700) << qint64(1746000)
                               << qint64(202303250) << qint64(319427000);
}

void TestLayerwise::realBCaffe()
{
    QFETCH(QString, file);
    QFETCH(int, workers);
    QFETCH(qint64, firstBackwardNs);
    QFETCH(qint64, firstCommNs);
    QFETCH(qint64, backwardNs);
    QFETCH(qint64, commNs);
    if (!QFileInfo(tracesDir() + QStringLiteral("/b-caffe/") + file).isFile())
        QSKIP("the real layer-wise traces (../shared/traces/layerwise/b-caffe) are not present");
    const std::string path = tracePath(QStringLiteral("b-caffe/") + file);
    const Expected<LayerwiseProfile> p = LayerwiseProfile::load(path);
    QVERIFY2(p.hasValue(), p.hasValue() ? "" : describe(p.status()));
    QCOMPARE(p->format, LayerwiseProfile::Format::BCaffeLog);
    QCOMPARE(p->measuredWorkers, workers);
    QCOMPARE(p->layers.size(), std::size_t(64));
    QCOMPARE(p->layers[0].name, std::string("layer0"));
    QCOMPARE(p->layers[0].forwardNs, TimeNs(0));
    QCOMPARE(p->layers[0].backwardNs, TimeNs(firstBackwardNs));
    QCOMPARE(p->layers[0].communicationNs, TimeNs(firstCommNs));
    QCOMPARE(p->layers[0].gradientBytes, std::int64_t((9408 + 64) * 4));
    QCOMPARE(p->totalBackwardNs(), TimeNs(backwardNs));
    QCOMPARE(p->totalCommunicationNs(), TimeNs(commNs));
    QCOMPARE(p->totalGradientBytes(), std::int64_t(53516544));
    QCOMPARE(p->diagnostics.size(), std::size_t(1)); // no forward times

    LayerwiseJobOptions options;
    options.iterations = 2;
    const Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(*p, options);
    QVERIFY2(job.hasValue(), job.hasValue() ? "" : describe(job.status()));
    const std::int32_t n = workers > 0 ? workers : LayerwiseJob::kDefaultWorkers;
    verifyInvariants(**job, n, 2);
    QCOMPARE(countOps(**job, 0, 1, OpKind::Collective), std::size_t(64));
    // An iteration lasts at least the backward pass and at least the chain of aggregations.
    const StepSpan s = (*job)->steps(RankId(0))[1];
    QVERIFY(s.end - s.start >= TimeNs(std::max(backwardNs, commNs)));
}

void TestLayerwise::realPipeDream()
{
    const QString file = tracesDir() + QStringLiteral("/pipedream-resnet50/graph.txt");
    if (!QFileInfo(file).isFile())
        QSKIP("the real layer-wise traces (../shared/traces/layerwise/pipedream-resnet50) are not present");
    const Expected<LayerwiseProfile> p
        = LayerwiseProfile::load(tracePath(QStringLiteral("pipedream-resnet50/graph.txt")));
    QVERIFY2(p.hasValue(), p.hasValue() ? "" : describe(p.status()));
    QCOMPARE(p->format, LayerwiseProfile::Format::PipeDreamGraph);
    QCOMPARE(p->layers.size(), std::size_t(177));
    QCOMPARE(p->layers.front().name, std::string("node1 Input"));
    QCOMPARE(p->layers.front().forwardNs, TimeNs(18962000));
    QCOMPARE(p->layers.front().activationBytes, std::int64_t(77070336));
    QCOMPARE(p->layers[1].name, std::string("node2 Conv2d"));
    QCOMPARE(p->layers.back().name, std::string("node177 Linear"));
    QCOMPARE(p->layers.back().gradientBytes, std::int64_t(8196000));
    QCOMPARE(p->totalForwardNs(), TimeNs(201450000));
    QCOMPARE(p->totalBackwardNs(), TimeNs(260931000));
    QCOMPARE(p->totalCommunicationNs(), TimeNs(0));
    QCOMPARE(p->totalGradientBytes(), std::int64_t(102228128)); // ResNet-50: 25.6 M fp32 parameters

    // Layers come in an order that respects every edge of the file.
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    std::map<std::string, std::size_t> position;
    for (std::size_t i = 0; i < p->layers.size(); ++i) {
        const std::string& name = p->layers[i].name;
        position[name.substr(0, name.find(' '))] = i;
    }
    int edges = 0;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        const QList<QByteArray> parts = line.split(' ');
        if (parts.size() == 3 && parts[1] == "--") {
            QVERIFY(position.at(parts[0].toStdString()) < position.at(parts[2].toStdString()));
            ++edges;
        }
    }
    QCOMPARE(edges, 193);

    LayerwiseJobOptions options;
    options.workers = 8;
    options.iterations = 2;
    options.bandwidthGBps = 10;
    const Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(*p, options);
    QVERIFY2(job.hasValue(), job.hasValue() ? "" : describe(job.status()));
    verifyInvariants(**job, 8, 2);
    QCOMPARE(countOps(**job, 5, 0, OpKind::Collective), std::size_t(107)); // layers with parameters
}

QTEST_GUILESS_MAIN(TestLayerwise)
#include "tst_layerwise.moc"
