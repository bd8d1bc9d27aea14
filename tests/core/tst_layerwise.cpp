// Layer-wise profiles (CSV, B-Caffe comm logs, PipeDream graph.txt) and the synchronous-SGD DAG job
// built from them (seed 002, Fig. 1). The real files under ../shared/traces/layerwise are used when
// present; the bundled AlexNet example always is.

#include "core/base/checkedmath.h"
#include "core/base/resourcelimits.h"
#include "core/graph/dependencygraph.h"
#include "core/import/layerwisejob.h"
#include "core/import/layerwiseprofile.h"
#include "core/model/trace.h"
#include "core/replay/replayer.h"

#include "opreplay.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <algorithm>
#include <limits>
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

// Byte offset of 1-based line `line` in text, counted independently of the parsers: a line ends at
// "\n", "\r\n" or a lone "\r".
std::int64_t offsetOfLine(const QByteArray& text, int line)
{
    qsizetype offset = 0;
    for (int n = 1; n < line && offset < text.size(); ++n) {
        while (offset < text.size() && text[offset] != '\n' && text[offset] != '\r')
            ++offset;
        if (offset + 1 < text.size() && text[offset] == '\r' && text[offset + 1] == '\n')
            ++offset;
        ++offset;
    }
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
    void robustLoads_data();
    void robustLoads();
    void bCaffeDumpChoice_data();
    void bCaffeDumpChoice();
    void largeGraph();
    void totalsSaturate();

    void dagTimes_data();
    void dagTimes();
    void dependencyLinks();
    void replayReproducesJob_data();
    void replayReproducesJob();
    void largeJobIsLinear();
    void singleWorkerHasNoAggregation();
    void memoryEvents();
    void bandwidthModel();
    void rejectsBadOptions();
    void jobTimesStayInRange();

    void bundledAlexNet();

    void realBCaffe_data();
    void realBCaffe();
    void realOsuTablesAreNotProfiles();
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
    // A first row of numbers names no columns: no CSV's header.
    QCOMPARE(LayerwiseProfile::detectFormat("# Size  Avg Latency(us)\n8,4      82.28\n"), std::optional<F>());
    QCOMPARE(LayerwiseProfile::detectFormat("1;2;3\n"), std::optional<F>());
    QCOMPARE(LayerwiseProfile::detectFormat("l,1,2\n"), std::optional<F>(F::Csv));
    QCOMPARE(LayerwiseProfile::formatName(F::BCaffeLog), std::string_view("b-caffe"));
    // A byte-order mark is skipped by every format.
    const Expected<LayerwiseProfile> bom = LayerwiseProfile::parse(
        "\xEF\xBB\xBFnode1 -- Input -- forward_compute_time=1.0, backward_compute_time=0.0\n", "g.txt");
    QVERIFY2(bom.hasValue(), bom.hasValue() ? "" : describe(bom.status()));
    QCOMPARE(bom->layers.front().name, std::string("node1 Input"));
}

void TestLayerwise::memoryEvents()
{
    // Each forward allocates what its layer keeps, on device 0; the layer's backward frees it by the
    // same address. The ranks state the parameters (the gradient bytes) and the optimizer's states.
    const std::string text = "# optimizer_states: 2\n"
                             "layer,forward,backward,communication,gradient_bytes,activation_bytes\n"
                             "A,1,2,0,400,1000\n"
                             "B,1,2,0,800,0\n"
                             "C,1,2,0,0,3000\n";
    const Expected<LayerwiseProfile> profile = LayerwiseProfile::parseCsv(text, "m.csv");
    QVERIFY(profile.hasValue());
    QCOMPARE(profile->optimizerStates, 2);
    QCOMPARE(profile->layers[2].activationBytes, std::int64_t(3000));
    LayerwiseJobOptions options;
    options.workers = 2;
    options.iterations = 2;
    const auto trace = LayerwiseJob::build(*profile, options);
    QVERIFY(trace.hasValue());
    const Trace& t = **trace;
    for (const RankInfo& r : t.ranks()) {
        QCOMPARE(r.parameterBytes, std::int64_t(1200));
        QCOMPARE(r.optimizerStates, 2);
    }
    // Two layers with activations, two workers, two iterations: 8 allocations and 8 frees.
    QCOMPARE(t.memoryEvents().size(), std::size_t(16));
    std::map<std::pair<std::uint32_t, std::uint64_t>, std::int64_t> open; // (rank, address) -> bytes
    std::int64_t allocated = 0;
    for (const auto& [op, m] : t.memoryEvents()) {
        QVERIFY(m.onDevice());
        QCOMPARE(m.device, std::int16_t(0));
        const std::string name(t.string(t.name(op)));
        const auto key = std::pair(t.rank(op).value(), m.address);
        if (m.bytes > 0) {
            QVERIFY(name.ends_with(" forward"));
            allocated += m.bytes;
            QVERIFY(open.emplace(key, m.bytes).second);
        } else {
            QVERIFY(name.ends_with(" backward"));
            QCOMPARE(open.at(key), -m.bytes);
            open.erase(key);
        }
    }
    QVERIFY(open.empty());
    QCOMPARE(allocated, std::int64_t(2 * 2 * 4000));
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
    QTest::newRow("csv activation unit")
        << csv << QByteArray("layer,forward,backward,activation (ms)\nconv1,1,2,3\n") << int(ErrorCode::WrongType) << 1;
    QTest::newRow("csv optimizer states text")
        << csv << QByteArray("# optimizer_states: adam\n" + header + "conv1,1,2,3,4\n") << int(ErrorCode::WrongType) << 1;
    QTest::newRow("csv optimizer states range")
        << csv << QByteArray("# optimizer_states: 17\n" + header + "conv1,1,2,3,4\n") << int(ErrorCode::ValueOutOfRange) << 1;
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
                                     << int(ErrorCode::DependencyCycle) << 2;

    QTest::newRow("unknown format") << -1 << QByteArray("\nhello world\n") << int(ErrorCode::NotATrace) << 2;

    // Arbitrary bytes: each a clear error at its line, with a short message.
    const QByteArray megabyte(1 << 20, 'x');
    QTest::newRow("csv CR-only line ends")
        << -1 << QByteArray("# io: 1\r" + header.chopped(1) + "\ra,1,1,1,1\rb,1,x,1,1\r") << int(ErrorCode::WrongType)
        << 4;
    QTest::newRow("csv NUL in a number") << csv
                                         << QByteArray(header + "a,1,1,1,1\nb,1," + QByteArray("2\0", 2) + ",1,1\n")
                                         << int(ErrorCode::WrongType) << 3;
    QTest::newRow("csv invalid UTF-8 number")
        << csv << QByteArray(header + "a,\xff\xfe,1,1,1\n") << int(ErrorCode::WrongType) << 2;
    QTest::newRow("csv 30 digits") << csv << QByteArray(header + "a,1,1,1,123456789012345678901234567890\n")
                                   << int(ErrorCode::ValueOutOfRange) << 2;
    QTest::newRow("csv NaN") << csv << QByteArray(header + "a,NaN,1,1,1\n") << int(ErrorCode::WrongType) << 2;
    QTest::newRow("csv Infinity") << csv << QByteArray(header + "a,1,Infinity,1,1\n") << int(ErrorCode::WrongType) << 2;
    QTest::newRow("csv 1e400") << csv << QByteArray(header + "a,1,1,1e400,1\n") << int(ErrorCode::ValueOutOfRange) << 2;
    QTest::newRow("csv time of 2^62 ns") << csv << QByteArray("layer,forward_ns,backward\na,4611686018427387904,1\n")
                                         << int(ErrorCode::ValueOutOfRange) << 2;
    QTest::newRow("csv time of 2^62 ns in a directive")
        << csv << QByteArray("# update_ns: 4611686018427387904\n" + header + "a,1,1,1,1\n")
        << int(ErrorCode::ValueOutOfRange) << 1;
    QTest::newRow("csv huge worker count") << csv << QByteArray("\n# workers: 99999999999\n" + header + "a,1,1,1,1\n")
                                           << int(ErrorCode::ValueOutOfRange) << 2;
    QTest::newRow("csv 30-digit worker count")
        << csv << QByteArray("# workers: 123456789012345678901234567890\n" + header + "a,1,1,1,1\n")
        << int(ErrorCode::ValueOutOfRange) << 1;
    QTest::newRow("csv unterminated quote")
        << csv << QByteArray(header + "\"a,1,1,1,1\n") << int(ErrorCode::WrongType) << 2;
    QTest::newRow("csv megabyte non-number")
        << csv << QByteArray(header + "a,1,1,1,1\nb,1," + megabyte + ",1,1\n") << int(ErrorCode::WrongType) << 3;
    QTest::newRow("csv megabyte layer name")
        << csv << QByteArray(header + "a,1,1,1,1\n" + megabyte + ",1,1,1,1\n") << int(ErrorCode::ValueOutOfRange) << 3;
    QTest::newRow("csv megabyte of delimiters lacks a field")
        << csv << QByteArray("x" + QByteArray(1 << 20, ',') + "layer,forward,backward\na,1\n")
        << int(ErrorCode::MissingField) << 2;

    QTest::newRow("b-caffe huge param_id")
        << -1 << QByteArray(glog + "[0, 9408, 14744.1, 408]\n" + glog + "[9223372036854775807, 64, 14744.1, 1]\n")
        << int(ErrorCode::ValueOutOfRange) << 2;
    QTest::newRow("b-caffe 30-digit param_id")
        << -1 << QByteArray(glog + "[123456789012345678901234567890, 9408, 14744.1, 408]\n")
        << int(ErrorCode::ValueOutOfRange) << 1;
    QTest::newRow("b-caffe size times 4 overflows")
        << -1 << QByteArray(glog + "[0, 2305843009213693952, 14744.1, 408]\n") << int(ErrorCode::ValueOutOfRange) << 1;
    QTest::newRow("b-caffe layer bytes overflow")
        << -1 << QByteArray(glog + "[0, 2305843009213693951, 1, 1]\n" + glog + "[1, 2305843009213693951, 1, 1]\n")
        << int(ErrorCode::ValueOutOfRange) << 2;
    QTest::newRow("b-caffe layer communication beyond 2^62 ns")
        << -1 << QByteArray(glog + "[0, 1, 1, 3000000000000000]\n" + glog + "[1, 1, 1, 3000000000000000]\n")
        << int(ErrorCode::ValueOutOfRange) << 2;
    QTest::newRow("b-caffe NaN time") << -1 << QByteArray(glog + "[0, 9408, nan, 408]\n") << int(ErrorCode::WrongType)
                                      << 1;
    QTest::newRow("b-caffe too many fields")
        << -1 << QByteArray(glog + "[0, 9408, 1, 2, 3, 4]\n") << int(ErrorCode::MissingField) << 1;

    QTest::newRow("pipedream self-loop") << -1 << QByteArray(node1 + "\tnode1 -- node1\n")
                                         << int(ErrorCode::DependencyCycle) << 1;
    // The first node left over (node4) is not on the cycle but after it; the error names the cycle's
    // first node in the file, node2.
    QTest::newRow("pipedream cycle upstream")
        << -1
        << QByteArray(node1 + "node4 -- ReLU -- forward_compute_time=1.0, backward_compute_time=1.0\n"
               + "node2 -- ReLU -- forward_compute_time=1.0, backward_compute_time=1.0\n"
               + "node3 -- ReLU -- forward_compute_time=1.0, backward_compute_time=1.0\n"
               + "\tnode1 -- node2\n\tnode2 -- node3\n\tnode3 -- node2\n\tnode3 -- node4\n")
        << int(ErrorCode::DependencyCycle) << 3;
    QTest::newRow("pipedream 1e400") << -1
                                     << QByteArray("node1 -- Input -- forward_compute_time=1e400, "
                                                   "backward_compute_time=0.0\n")
                                     << int(ErrorCode::ValueOutOfRange) << 1;
    QTest::newRow("pipedream megabyte type")
        << -1 << QByteArray("node1 -- " + megabyte + " -- forward_compute_time=1, backward_compute_time=0\n")
        << int(ErrorCode::ValueOutOfRange) << 1;
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
    // Messages quote a short prefix of what they refer to, and only printable text.
    QVERIFY2(s.detail().size() < 400, describe(s));
    for (char c : s.detail())
        QVERIFY2(static_cast<unsigned char>(c) >= 0x20 && c != 0x7F, describe(s));
}

void TestLayerwise::robustLoads_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QStringList>("names"); // the layers, in order
    QTest::addColumn<int>("diagnostic"); // code of the one diagnostic the load carries, -1 for none
    QTest::addColumn<int>("line"); // ... and the line it points at
    QTest::addColumn<qint64>("count");

    const QByteArray header("layer,forward,backward,communication,gradient_bytes\n");
    const QString replacement = QString(QChar(0xFFFD));
    QTest::newRow("BOM and CR-only line ends")
        << QByteArray("\xEF\xBB\xBF# io: 1\r" + header.chopped(1) + "\ra,1,1,1,1\r\rb,-0,0,-0.0,0\r")
        << QStringList { QStringLiteral("a"), QStringLiteral("b") } << -1 << 0 << qint64(0);
    QTest::newRow("NUL in a name") << QByteArray(header + "a,1,1,1,1\n" + QByteArray("b\0c", 3)
        + ",1,1,1,1\n") << QStringList { QStringLiteral("a"), QStringLiteral("b") + replacement + QStringLiteral("c") }
                                   << int(ErrorCode::WrongType) << 3 << qint64(1);
    QTest::newRow("invalid UTF-8 names") << QByteArray(
        header + "\xff,1,1,1,1\n\xc3\xa9t\xc3\xa9,1,1,1,1\n\xed\xa0\x80,1,1,1,1\n")
                                         << QStringList { replacement, QStringLiteral("\u00e9t\u00e9"),
                                                replacement + replacement + replacement }
                                         << int(ErrorCode::WrongType) << 2 << qint64(2);
    QTest::newRow("duplicate names") << QByteArray(header + "relu,1,1,1,1\nconv,1,1,1,1\nrelu,1,1,1,1\nrelu,1,1,1,1\n")
                                     << QStringList { QStringLiteral("relu"), QStringLiteral("conv"),
                                            QStringLiteral("relu"), QStringLiteral("relu") }
                                     << int(ErrorCode::InvalidArgument) << 4 << qint64(2);
    QTest::newRow("megabyte of ignored columns")
        << QByteArray("layer,forward,backward" + QByteArray(1 << 20, ',') + "\na,1,1" + QByteArray(1 << 20, ',')
               + "\nb,1,1,\"" + QByteArray(1 << 20, 'x') + "\"\n")
        << QStringList { QStringLiteral("a"), QStringLiteral("b") } << -1 << 0 << qint64(0);
    QTest::newRow("quoted name with quotes") << QByteArray(header + "\"say \"\"hi\"\"\",1,1,1,1\n")
                                             << QStringList { QStringLiteral("say \"hi\"") } << -1 << 0 << qint64(0);
    QTest::newRow("name at the length limit")
        << QByteArray(header + QByteArray(int(LayerwiseProfile::kMaxNameBytes), 'n') + ",1,1,1,1\n")
        << QStringList { QString(int(LayerwiseProfile::kMaxNameBytes), QLatin1Char('n')) } << -1 << 0 << qint64(0);
    QTest::newRow("pipedream NUL in a type")
        << QByteArray(
               "node1 -- " + QByteArray("In\0put", 6) + "(x) -- forward_compute_time=1, backward_compute_time=0\n")
        << QStringList { QStringLiteral("node1 In") + replacement + QStringLiteral("put") } << int(ErrorCode::WrongType)
        << 1 << qint64(1);
}

void TestLayerwise::robustLoads()
{
    QFETCH(QByteArray, text);
    QFETCH(QStringList, names);
    QFETCH(int, diagnostic);
    QFETCH(int, line);
    QFETCH(qint64, count);
    const Expected<LayerwiseProfile> p = LayerwiseProfile::parse(text.toStdString(), "odd.csv");
    QVERIFY2(p.hasValue(), p.hasValue() ? "" : describe(p.status()));
    QCOMPARE(p->layers.size(), std::size_t(names.size()));
    for (qsizetype i = 0; i < names.size(); ++i)
        QCOMPARE(QString::fromStdString(p->layers[std::size_t(i)].name), names[i]);
    if (diagnostic < 0) {
        QVERIFY(p->diagnostics.empty());
        return;
    }
    QCOMPARE(p->diagnostics.size(), std::size_t(1));
    const Diagnostic& d = p->diagnostics.front();
    QCOMPARE(errorCodeName(d.code), errorCodeName(ErrorCode(diagnostic)));
    QCOMPARE(d.file, std::string("odd.csv"));
    QCOMPARE(d.firstByteOffset, offsetOfLine(text, line));
    QCOMPARE(d.count, std::int64_t(count));
    // The job keeps the profile's diagnostics.
    LayerwiseJobOptions options;
    options.workers = 2;
    options.iterations = 1;
    const Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(*p, options);
    QVERIFY2(job.hasValue(), job.hasValue() ? "" : describe(job.status()));
    QCOMPARE((*job)->diagnostics().size(), std::size_t(1));
    QCOMPARE((*job)->diagnostics().front().detail.english(), d.detail.english());
}

void TestLayerwise::bCaffeDumpChoice_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QList<qint64>>("backwardUs"); // per layer of the dump used
    QTest::addColumn<int>("line"); // where that dump starts

    const QByteArray g("I0207 16:23:08.165047 35803 distributed.cpp:112] ");
    auto dump = [&](const char* a, const char* b, const char* c) {
        QByteArray d = g + "[0, 4, " + a + ", 1]\n" + g + "[1, 4, " + b + ", 1]\n";
        if (c)
            d += g + "[2, 4, " + c + ", 1]\n";
        return d;
    };
    QTest::newRow("warm-up, measured, cut short")
        << QByteArray(dump("0", "0", "0") + dump("5", "5", "7") + dump("9", "8", nullptr)) << QList<qint64> { 5, 7 }
        << 4;
    QTest::newRow("latest of equal measured dumps")
        << QByteArray(dump("5", "6", "7") + "other output\n" + dump("1", "1", "1")) << QList<qint64> { 1 } << 5;
    QTest::newRow("longest wins over measured")
        << QByteArray(dump("5", "6", nullptr) + dump("0", "0", "0")) << QList<qint64> { 0 } << 3;
}

void TestLayerwise::bCaffeDumpChoice()
{
    QFETCH(QByteArray, text);
    QFETCH(QList<qint64>, backwardUs);
    QFETCH(int, line);
    const Expected<LayerwiseProfile> p = LayerwiseProfile::parseBCaffeLog(text.toStdString(), "tmp2comm.log");
    QVERIFY2(p.hasValue(), p.hasValue() ? "" : describe(p.status()));
    QCOMPARE(p->measuredWorkers, 2);
    QCOMPARE(p->layers.size(), std::size_t(backwardUs.size()));
    std::int64_t blobs = 0;
    for (qsizetype i = 0; i < backwardUs.size(); ++i) {
        QCOMPARE(p->layers[std::size_t(i)].backwardNs, TimeNs(backwardUs[i]) * kNsPerUs);
        blobs += p->layers[std::size_t(i)].gradientBytes / 16; // 4 elements of 4 bytes per blob
    }
    QCOMPARE(p->totalCommunicationNs(), TimeNs(blobs) * kNsPerUs);
    QCOMPARE(p->diagnostics.front().firstByteOffset, offsetOfLine(text, line));
}

void TestLayerwise::largeGraph()
{
    // 200 000 nodes numbered against the order of their chain, and every node also waits for node 1:
    // the topological order and the cycle check stay O((N + E) log N), where a quadratic pass would not
    // finish.
    constexpr int kNodes = 200000;
    std::string text;
    text.reserve(std::size_t(kNodes) * 100);
    for (int k = 1; k <= kNodes; ++k)
        text += "node" + std::to_string(k) + " -- ReLU -- forward_compute_time=1, backward_compute_time=2\n";
    for (int k = kNodes; k > 2; --k)
        text += "\tnode" + std::to_string(k) + " -- node" + std::to_string(k - 1) + "\n";
    for (int k = 2; k <= kNodes; ++k)
        text += "\tnode1 -- node" + std::to_string(k) + "\n";
    const Expected<LayerwiseProfile> p = LayerwiseProfile::parse(text, "graph.txt");
    QVERIFY2(p.hasValue(), p.hasValue() ? "" : describe(p.status()));
    QCOMPARE(p->layers.size(), std::size_t(kNodes));
    QCOMPARE(p->layers[0].name, std::string("node1 ReLU"));
    QCOMPARE(p->layers[1].name, "node" + std::to_string(kNodes) + " ReLU");
    QCOMPARE(p->layers.back().name, std::string("node2 ReLU"));
    QCOMPARE(p->totalBackwardNs(), TimeNs(2000000) * kNodes);

    // Closing the chain into a cycle: named at its first node in the file.
    text += "\tnode2 -- node" + std::to_string(kNodes) + "\n";
    const Expected<LayerwiseProfile> cyclic = LayerwiseProfile::parse(text, "graph.txt");
    QVERIFY(!cyclic.hasValue());
    QCOMPARE(cyclic.status().code(), ErrorCode::DependencyCycle);
    QCOMPARE(cyclic.status().byteOffset(), std::int64_t(text.find("node2 -- ReLU")));
    QVERIFY2(cyclic.status().detail().find("'node2'") != std::string::npos, describe(cyclic.status()));
}

void TestLayerwise::totalsSaturate()
{
    LayerwiseProfile p;
    p.file = "sum.csv";
    for (int i = 0; i < 3; ++i) {
        LayerProfile l;
        l.name = "l" + std::to_string(i);
        l.forwardNs = CheckedMath::kTimeLimit - 1;
        l.gradientBytes = std::numeric_limits<std::int64_t>::max() / 2;
        p.layers.push_back(l);
    }
    QCOMPARE(p.totalForwardNs(), std::numeric_limits<TimeNs>::max());
    QCOMPARE(p.totalBackwardNs(), TimeNs(0));
    QCOMPARE(p.totalGradientBytes(), std::numeric_limits<std::int64_t>::max());
    // Such a profile is no job: it would outlast the ±2^62 ns of a Trace.
    const Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(p);
    QVERIFY(!job.hasValue());
    QCOMPARE(job.status().code(), ErrorCode::ValueOutOfRange);
    QCOMPARE(job.status().file(), std::string("sum.csv"));
}

void TestLayerwise::dagTimes_data()
{
    QTest::addColumn<int>("workers");
    QTest::addColumn<bool>("wfbp");
    QTest::addColumn<QString>("op");
    QTest::addColumn<int>("step");
    QTest::addColumn<qint64>("startUs");
    QTest::addColumn<qint64>("endUs");

    // Hand-evaluated: every task starts at the latest end of its predecessors (kTinyCsv, 2 or 5 workers:
    // an all-reduce waits for its layer's backward on every worker, which the workers all end at once).
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
    for (int workers : { 2, 5 }) {
        for (const Row& r : on)
            QTest::addRow("%d workers, wfbp %s #%d", workers, r.op, r.step)
                << workers << true << QString::fromLatin1(r.op) << r.step << r.startUs << r.endUs;
        for (const Row& r : off)
            QTest::addRow("%d workers, no-wfbp %s #%d", workers, r.op, r.step)
                << workers << false << QString::fromLatin1(r.op) << r.step << r.startUs << r.endUs;
    }
}

void TestLayerwise::dagTimes()
{
    QFETCH(int, workers);
    QFETCH(bool, wfbp);
    QFETCH(QString, op);
    QFETCH(int, step);
    QFETCH(qint64, startUs);
    QFETCH(qint64, endUs);
    const Expected<LayerwiseProfile> profile = LayerwiseProfile::parseCsv(kTinyCsv, "tiny.csv");
    QVERIFY2(profile.hasValue(), profile.hasValue() ? "" : describe(profile.status()));
    LayerwiseJobOptions options;
    options.workers = workers;
    options.iterations = 2;
    options.wfbp = wfbp;
    const Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(*profile, options);
    QVERIFY2(job.hasValue(), job.hasValue() ? "" : describe(job.status()));
    const Trace& trace = **job;
    verifyInvariants(trace, workers, 2);
    for (std::uint32_t w = 0; w < std::uint32_t(workers); ++w) {
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
            // The aggregation of a layer links to that layer's gradients on its own worker only: the
            // dependency graph joins the workers' aggregations (below).
            QVERIFY(hasLink(trace, op(w, "B backward", 0), op(w, "B allreduce", 0)));
            QVERIFY(hasLink(trace, op(w, "A backward", 0), op(w, "A allreduce", 0)));
            QVERIFY(!hasLink(trace, op(other, "B backward", 0), op(w, "B allreduce", 0)));
            QVERIFY(!hasLink(trace, op(other, "A backward", 0), op(w, "A allreduce", 0)));
            QVERIFY(hasLink(trace, op(w, "B allreduce", 0), op(w, "A allreduce", 0)));
            QCOMPARE(hasLink(trace, op(w, "A backward", 0), op(w, "B allreduce", 0)), !wfbp);
            QVERIFY(!hasLink(trace, op(other, "A backward", 0), op(w, "B allreduce", 0)));
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
        // Per worker: iteration 0 has 11 edges (H2D<-I/O, 2 forward, 2 backward, B's aggregation from
        // B's backward, A's from A's backward and B's aggregation, update from A backward and 2
        // aggregations); iteration 1 adds I/O<-I/O, H2D<-update and A forward<-update. Without WFBP B's
        // aggregation also waits for A's backward, in each iteration.
        const std::size_t perWorker = 11 + 14 + (wfbp ? 0 : 2);
        QCOMPARE(trace.links().size(), 2 * perWorker);
        const std::set<std::tuple<OpId, OpId>> unique = [&] {
            std::set<std::tuple<OpId, OpId>> s;
            for (const Link& l : trace.links())
                s.emplace(l.from, l.to);
            return s;
        }();
        QCOMPARE(unique.size(), trace.links().size());

        // The dependency graph joins the two workers' aggregations of a layer, in order, into one
        // collective per layer and iteration.
        const Expected<std::shared_ptr<const DependencyGraph>> graph = DependencyGraph::build(*job);
        QVERIFY2(graph.hasValue(), graph.hasValue() ? "" : describe(graph.status()));
        QVERIFY((*graph)->lint().empty());
        QCOMPARE((*graph)->collectives().size(), std::size_t(4));
        for (const char* name : { "B allreduce", "A allreduce" }) {
            for (int step : { 0, 1 }) {
                const std::uint32_t c = (*graph)->collectiveOf(op(0, name, step));
                QVERIFY(c != DependencyGraph::kNoVertex);
                QCOMPARE((*graph)->collectiveOf(op(1, name, step)), c);
                QCOMPARE((*graph)->collective(c).participants.size(), std::size_t(2));
            }
        }
    }
}

void TestLayerwise::replayReproducesJob_data()
{
    QTest::addColumn<QString>("file"); // empty: kTinyCsv
    QTest::addColumn<int>("workers");
    QTest::addColumn<bool>("wfbp");
    QTest::addColumn<double>("bandwidthGBps");

    QTest::newRow("tiny, 3 workers, wfbp") << QString() << 3 << true << 0.0;
    QTest::newRow("tiny, 3 workers, no wfbp") << QString() << 3 << false << 0.0;
    QTest::newRow("alexnet, 4 workers, wfbp") << QString::fromStdString(examplePath()) << 4 << true << 0.0;
    QTest::newRow("alexnet, 8 workers, no wfbp, modelled")
        << QString::fromStdString(examplePath()) << 8 << false << 1.25;
}

void TestLayerwise::replayReproducesJob()
{
    // The workers' aggregations are tied together by the graph's collectives, not by links: the replay
    // must still wait for every worker and reproduce every time of the job exactly.
    QFETCH(QString, file);
    QFETCH(int, workers);
    QFETCH(bool, wfbp);
    QFETCH(double, bandwidthGBps);
    const Expected<LayerwiseProfile> profile = file.isEmpty() ? LayerwiseProfile::parseCsv(kTinyCsv, "tiny.csv")
                                                              : LayerwiseProfile::load(file.toStdString());
    QVERIFY2(profile.hasValue(), profile.hasValue() ? "" : describe(profile.status()));
    LayerwiseJobOptions options;
    options.workers = workers;
    options.iterations = 3;
    options.wfbp = wfbp;
    options.bandwidthGBps = bandwidthGBps;
    options.preferBandwidthModel = bandwidthGBps > 0;
    const Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(*profile, options);
    QVERIFY2(job.hasValue(), job.hasValue() ? "" : describe(job.status()));
    const Trace& trace = **job;
    verifyInvariants(trace, workers, 3);
    const Expected<std::shared_ptr<const DependencyGraph>> graph = DependencyGraph::build(*job);
    QVERIFY2(graph.hasValue(), graph.hasValue() ? "" : describe(graph.status()));
    QVERIFY((*graph)->lint().empty());
    const std::size_t aggregations = countOps(trace, 0, 0, OpKind::Collective);
    QVERIFY(aggregations > 0);
    QCOMPARE((*graph)->collectives().size(), aggregations * 3);
    for (const LogicalCollective& c : (*graph)->collectives())
        QCOMPARE(c.participants.size(), std::size_t(workers));
    const Expected<OpReplay> s = OpReplay::run(**graph);
    QVERIFY2(s.hasValue(), s.hasValue() ? "" : describe(s.status()));
    std::size_t outside = 0;
    for (std::uint32_t v = 0; v < trace.opCount(); ++v) {
        if (!s->replayed(OpId(v))) {
            // The replay takes ops that start within a step; a 0 ns update (AlexNet's) at the very
            // end of the last step is not one of them.
            QCOMPARE(trace.duration(OpId(v)), TimeNs(0));
            QCOMPARE(trace.start(OpId(v)), trace.steps(trace.rank(OpId(v))).back().end);
            ++outside;
            continue;
        }
        QCOMPARE(s->start(OpId(v)), trace.start(OpId(v)));
        QCOMPARE(s->end(OpId(v)), trace.end(OpId(v)));
    }
    QVERIFY(outside <= std::size_t(workers));
    QCOMPARE(s->schedule.steps.size(), std::size_t(workers) * 3);
    for (const ReplayedStep& step : s->schedule.steps)
        QCOMPARE(step.replayed, step.measured);
    if (!file.isEmpty())
        return;

    // What if worker 1's backward of B took 1 ms longer in iteration 1: worker 0 has no link to it,
    // yet the collective of B starts 1 ms later, with its last participant, and worker 0's
    // aggregation of B (which arrives on time) ends 1 ms later.
    const OpId slow = findOp(trace, 1, "B backward", 1);
    const OpId waiting = findOp(trace, 0, "B allreduce", 1);
    const OpId ownBackward = findOp(trace, 0, "B backward", 1);
    QVERIFY(slow.isValid() && waiting.isValid() && ownBackward.isValid());
    const Expected<OpReplay> delayed = OpReplay::run(**graph, {}, {}, { { slow, trace.duration(slow) + 1000 * kNsPerUs } });
    QVERIFY2(delayed.hasValue(), delayed.hasValue() ? "" : describe(delayed.status()));
    QCOMPARE(delayed->end(ownBackward), trace.end(ownBackward));
    const ItemId collective = delayed->collectiveOf(waiting);
    QVERIFY(collective.isValid());
    QCOMPARE(delayed->schedule.start[collective.value()], s->schedule.start[collective.value()] + 1000 * kNsPerUs);
    QCOMPARE(delayed->start(waiting), trace.start(waiting));
    QCOMPARE(delayed->end(waiting), trace.end(waiting) + 1000 * kNsPerUs);
}

void TestLayerwise::largeJobIsLinear()
{
    // 256 workers and 3 000 layers, all with gradients: one link per worker to its own backward, not
    // one per worker pair, so the job has O(N L) links and replays in memory linear in its ops.
    constexpr int kWorkers = 256;
    constexpr int kLayers = 3000;
    std::string text
        = "# workers: " + std::to_string(kWorkers) + "\nlayer,forward,backward,communication,gradient_bytes\n";
    for (int l = 0; l < kLayers; ++l)
        text += "layer" + std::to_string(l) + ",0.5,0.75,0.125," + std::to_string(4 * (l + 1)) + "\n";
    const Expected<LayerwiseProfile> profile = LayerwiseProfile::parse(text, "big.csv");
    QVERIFY2(profile.hasValue(), profile.hasValue() ? "" : describe(profile.status()));
    QCOMPARE(profile->measuredWorkers, kWorkers);
    QCOMPARE(profile->layers.size(), std::size_t(kLayers));

    LayerwiseJobOptions options;
    options.iterations = 1;
    options.limits.maxMemoryBytes = 64 * ResourceLimits::kGB; // independent of this machine
    const Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(*profile, options);
    QVERIFY2(job.hasValue(), job.hasValue() ? "" : describe(job.status()));
    const Trace& trace = **job;
    QCOMPARE(trace.worldSize(), kWorkers);
    // Per worker: I/O, H2D, 3 000 forward, 3 000 backward, 3 000 all-reduces and the update.
    QCOMPARE(trace.opCount(), std::size_t(kWorkers) * (3 * kLayers + 3));
    // Per worker: H2D <- I/O; 3 000 forward links (the first from H2D); 3 000 backward links; each
    // all-reduce <- its own backward, and <- the previous all-reduce but for the first; the update <-
    // the end of backward and the 3 000 all-reduces.
    const std::size_t perWorker = 1 + kLayers + kLayers + (2 * kLayers - 1) + (1 + kLayers);
    QCOMPARE(perWorker, std::size_t(15001));
    QCOMPARE(trace.links().size(), std::size_t(kWorkers) * perWorker);
    // The last all-reduce (layer0's, 0.125 ms) starts when the backward is over, 3 000 * 1.25 ms in;
    // every other one hides behind the backward.
    const OpId last = findOp(trace, kWorkers - 1, "layer0 allreduce", 0);
    QVERIFY(last.isValid());
    QCOMPARE(trace.start(last), TimeNs(kLayers) * 1250000);
    QCOMPARE(trace.end(last), TimeNs(kLayers) * 1250000 + 125000);

    // Three iterations under a 1 GB limit: refused before anything is built, naming the file, the
    // job and the limit.
    options.iterations = 3;
    options.limits.maxMemoryBytes = ResourceLimits::kGB;
    const Expected<std::shared_ptr<const Trace>> refused = LayerwiseJob::build(*profile, options);
    QVERIFY(!refused.hasValue());
    const Status& s = refused.status();
    QCOMPARE(s.code(), ErrorCode::TooLarge);
    QCOMPARE(s.file(), std::string("big.csv"));
    QVERIFY2(s.detail().find("the layer-wise job of 256 workers, 3000 layers and 3 iterations") != std::string::npos,
        describe(s));
    QVERIFY2(s.detail().find("above the limit of 1.0 GB") != std::string::npos, describe(s));
    // 256 * 9 003 * 3 ops at about 250 bytes each.
    QVERIFY2(s.detail().find("about 1.7 GB") != std::string::npos, describe(s));
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
    // The default is an assumption the job's figures rest on, and it says so; a count given does not.
    const auto assumed = [](const Trace& t) {
        return std::count_if(t.diagnostics().begin(), t.diagnostics().end(), [](const Diagnostic& d) {
            return d.detail.english().find("a job of 4 data-parallel workers is assumed") != std::string::npos;
        });
    };
    QCOMPARE(assumed(**job), 1);
    options.bandwidthGBps = 0;
    options.workers = 4;
    const Expected<std::shared_ptr<const Trace>> given = LayerwiseJob::build(*profile, options);
    QVERIFY(given.hasValue());
    QCOMPARE(assumed(**given), 0);
}

void TestLayerwise::jobTimesStayInRange()
{
    // Every time of a Trace lies within ±2^62 ns: a job that would outlast that is refused, whatever
    // makes it long, and a modelled time saturates instead of wrapping around.
    const Expected<LayerwiseProfile> profile = LayerwiseProfile::parseCsv(kTinyCsv, "tiny.csv");
    QVERIFY(profile.hasValue());
    LayerwiseJobOptions options;
    options.workers = 2;
    options.iterations = LayerwiseJob::kMaxIterations;
    options.updateNs = CheckedMath::kTimeLimit / LayerwiseJob::kMaxIterations;
    Expected<std::shared_ptr<const Trace>> job = LayerwiseJob::build(*profile, options);
    QVERIFY(!job.hasValue());
    QCOMPARE(job.status().code(), ErrorCode::ValueOutOfRange);
    QCOMPARE(job.status().file(), std::string("tiny.csv"));

    options.updateNs.reset();
    options.iterations = 2;
    options.bandwidthGBps = 1e-300;
    options.preferBandwidthModel = true;
    QCOMPARE(LayerwiseJob::communicationNs(*profile, profile->layers[0], options), std::numeric_limits<TimeNs>::max());
    job = LayerwiseJob::build(*profile, options);
    QVERIFY(!job.hasValue());
    QCOMPARE(job.status().code(), ErrorCode::ValueOutOfRange);

    // Just inside: the last update ends below 2^62 ns.
    options.bandwidthGBps = 0;
    options.preferBandwidthModel = false;
    options.iterations = 1;
    const TimeNs perIteration = TimeNs(1000 + 500 + 250 + 2500 + 3000 + 5500) * kNsPerUs; // I/O, H2D, update, layers
    options.updateNs = CheckedMath::kTimeLimit - 1 - perIteration + 250 * kNsPerUs;
    job = LayerwiseJob::build(*profile, options);
    QVERIFY2(job.hasValue(), job.hasValue() ? "" : describe(job.status()));
    QVERIFY((*job)->steps(RankId(0)).front().end < CheckedMath::kTimeLimit);

    // A worker count no job has, from the profile: refused, saying where it came from.
    LayerwiseProfile many = *profile;
    many.measuredWorkers = LayerwiseJob::kMaxWorkers + 1;
    job = LayerwiseJob::build(many);
    QVERIFY(!job.hasValue());
    QCOMPARE(job.status().code(), ErrorCode::ValueOutOfRange);
    QVERIFY2(job.status().detail().find("the profile's") != std::string::npos, describe(job.status()));
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

// B-Caffe's logs come with OSU all-reduce latency tables (allreduce{2,4,8}.log: sizes and latencies,
// "8,4   82.28" on 8 nodes, "4   54.50" on 4). They are no profile, whether their rows hold commas
// or not: each is refused alike, as not-a-trace.
void TestLayerwise::realOsuTablesAreNotProfiles()
{
    for (const char* name : { "allreduce2.log", "allreduce4.log", "allreduce8.log" }) {
        const QString file = tracesDir() + QStringLiteral("/b-caffe/") + QLatin1String(name);
        if (!QFileInfo(file).isFile())
            QSKIP("the real layer-wise traces (../shared/traces/layerwise/b-caffe) are not present");
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(LayerwiseProfile::detectFormat(f.readAll().toStdString()), std::optional<LayerwiseProfile::Format>());
        const Expected<LayerwiseProfile> p = LayerwiseProfile::load(file.toStdString());
        QVERIFY(!p.hasValue());
        QCOMPARE(p.status().code(), ErrorCode::NotATrace);
    }
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
    // PipeDream times its Input layer as the loading of a batch: the job's I/O, not work on the device.
    QCOMPARE(p->layers.front().forwardNs, TimeNs(0));
    QCOMPARE(p->ioNs, std::optional<TimeNs>(18962000));
    QVERIFY(std::any_of(p->diagnostics.begin(), p->diagnostics.end(),
        [](const Diagnostic& d) { return d.detail.english().find("18.962 ms") != std::string::npos; }));
    QCOMPARE(p->layers.front().activationBytes, std::int64_t(77070336));
    QCOMPARE(p->layers[1].name, std::string("node2 Conv2d"));
    QCOMPARE(p->layers.back().name, std::string("node177 Linear"));
    QCOMPARE(p->layers.back().gradientBytes, std::int64_t(8196000));
    QCOMPARE(p->totalForwardNs(), TimeNs(201450000 - 18962000));
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
