// Which importer reads a file: content probes over the first bytes, never the file's name, the error
// for text no importer claims, and the loader's choice and refusals built on them.
#include "core/import/filereader.h"
#include "core/import/importer.h"
#include "core/import/importerregistry.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace sightline;

namespace {

QString tracesDir()
{
    return QStringLiteral(SIGHTLINE_TRACES_DIR);
}

std::string encoded(const QString& path)
{
    return QFile::encodeName(path).toStdString();
}

const QByteArray kKineto = R"({"schemaVersion":1,"distributedInfo":{"rank":0,"world_size":1},"traceEvents":[)"
                           R"({"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":10,"dur":5}]})";
const QByteArray kChrome = R"({"traceEvents":[{"ph":"X","name":"work","pid":1,"tid":1,"ts":10,"dur":5}]})";
const QByteArray kHorovod = "[\n{\"ph\": \"i\", \"name\": \"CYCLE_START\", \"ts\": 1, \"s\": \"g\"},\n"
                            "{\"ph\": \"B\", \"name\": \"NEGOTIATE_ALLREDUCE\", \"ts\": 2, \"pid\": 1},\n"
                            "{\"ph\": \"E\", \"ts\": 9, \"pid\": 1},\n";
const QByteArray kBytePS = R"({"traceEvents":[{"ph":"X","pid":"Comm.byteps.Gradient.w","tid":"0",)"
                           R"("name":"Comm.byteps.Gradient.w.PUSH","ts":1,"dur":4,"cat":"Comm"}]})";
const QByteArray kTf = R"({"traceEvents":[{"name":"process_name","ph":"M","pid":1,"args":{"name":"/device:GPU:0/stream:14 Compute"}},)"
                       R"({"ph":"X","cat":"Op","name":"MatMul","pid":1,"tid":0,"ts":1,"dur":4}]})";
const QByteArray kCsv = "# workers: 4\nlayer,forward,backward,communication,gradient_bytes\nconv1,3.27,0.288,0.123,139776\n";
const QByteArray kBCaffe = "I0101 00:00:00.000 1 solver.cpp:1] [0, 34848, 120.5, 30.25]\n";
const QByteArray kPipeDream = "node1 -- Conv2d() -- forward_compute_time=1.0, backward_compute_time=2.0, activation_size=4.0, parameter_size=8.0\n";

} // namespace

class TestImporterRegistry : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void detects_data();
    void detects();
    void unrecognised_data();
    void unrecognised();
    void everyFormatListed();
    void realTraces_data();
    void realTraces();
    void loaderIgnoresNames();
    void loaderRefusesMixedImporters();

private:
    QTemporaryDir m_dir;
    std::string write(const QString& name, const QByteArray& bytes);
};

std::string TestImporterRegistry::write(const QString& name, const QByteArray& bytes)
{
    QFile f(m_dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return encoded(f.fileName());
}

void TestImporterRegistry::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestImporterRegistry::detects_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<QString>("format");
    QTest::newRow("kineto") << kKineto << QStringLiteral("kineto");
    QTest::newRow("plain chrome object") << kChrome << QStringLiteral("kineto");
    QTest::newRow("plain chrome array") << QByteArray(R"([{"ph":"X","name":"a","ts":1,"dur":1}])") << QStringLiteral("kineto");
    QTest::newRow("UTF-16 text (the tokenizer names the encoding)") << QByteArray("{\0\"\0t\0", 6) << QStringLiteral("kineto");
    QTest::newRow("horovod") << kHorovod << QStringLiteral("horovod");
    QTest::newRow("byteps") << kBytePS << QStringLiteral("byteps");
    QTest::newRow("tf timeline") << kTf << QStringLiteral("tf-timeline");
    // Kineto's own fields make a Kineto trace, whatever names its events use.
    QTest::newRow("kineto naming a horovod phase") << QByteArray(R"({"schemaVersion":1,"traceEvents":[{"ph":"X","name":"CYCLE_START"}]})")
                                                   << QStringLiteral("kineto");
    QTest::newRow("layer-wise csv") << kCsv << QStringLiteral("layerwise");
    QTest::newRow("b-caffe log") << kBCaffe << QStringLiteral("layerwise");
    QTest::newRow("pipedream graph") << kPipeDream << QStringLiteral("layerwise");
    // JSON is the Chrome family's even where its lines look like a CSV's.
    QTest::newRow("json with commas") << QByteArray("{\"a\":1,\"b\":2}") << QStringLiteral("kineto");
}

void TestImporterRegistry::detects()
{
    QFETCH(QByteArray, head);
    QFETCH(QString, format);
    // The name says nothing: a layer-wise name on a trace, a trace name on a profile.
    Expected<const Importer*> importer = ImporterRegistry::detect(FileHead { "model.csv", head.toStdString() });
    QVERIFY2(importer.hasValue(), importer.hasValue() ? "" : importer.status().toString().c_str());
    QCOMPARE(QString::fromUtf8((*importer)->format()), format);
    QCOMPARE(ImporterRegistry::byFormat((*importer)->format()), *importer);
}

void TestImporterRegistry::unrecognised_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::newRow("prose") << QByteArray("hello world\n");
    QTest::newRow("binary") << QByteArray("\x01\x02\x03garbage", 10);
    QTest::newRow("json scalar") << QByteArray("42");
    QTest::newRow("comments only") << QByteArray("# io: 1.0\n# nothing else\n");
    QTest::newRow("nothing") << QByteArray();
}

void TestImporterRegistry::unrecognised()
{
    QFETCH(QByteArray, head);
    Expected<const Importer*> importer = ImporterRegistry::detect(FileHead { "notes.json", head.toStdString() });
    QVERIFY(!importer.hasValue());
    QCOMPARE(importer.status().code(), ErrorCode::NotATrace);
    QCOMPARE(importer.status().file(), std::string("notes.json"));
    QCOMPARE(importer.status().byteOffset(), std::int64_t(0));
    const std::string& detail = importer.status().detail();
    QVERIFY2(detail.find("unrecognised format") != std::string::npos, detail.c_str());
    for (const Importer* i : ImporterRegistry::importers())
        QVERIFY2(detail.find(std::string(i->description())) != std::string::npos, detail.c_str());
}

void TestImporterRegistry::everyFormatListed()
{
    std::set<std::string> formats;
    for (const Importer* i : ImporterRegistry::importers()) {
        QVERIFY(formats.insert(std::string(i->format())).second);
        QVERIFY(*i->description() != 0);
    }
    QCOMPARE(formats, (std::set<std::string> { "kineto", "horovod", "byteps", "tf-timeline", "layerwise", "dpro" }));
    QCOMPARE(ImporterRegistry::byFormat("chrome"), ImporterRegistry::byFormat("kineto"));
    QVERIFY(!ImporterRegistry::byFormat("nonsense"));
}

void TestImporterRegistry::realTraces_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("format");
    QTest::newRow("horovod") << QStringLiteral("horovod/tf-4rank-mpi/horovod_timeline.json") << QStringLiteral("horovod");
    QTest::newRow("byteps worker") << QStringLiteral("byteps/2gpu-ps/comm.json") << QStringLiteral("byteps");
    QTest::newRow("byteps root") << QStringLiteral("byteps/2gpu-ps/comm3.json") << QStringLiteral("byteps");
    QTest::newRow("tf1 timeline") << QStringLiteral("tensorflow/tf1-timeline/timeline_test0.json") << QStringLiteral("tf-timeline");
    QTest::newRow("pipedream graph") << QStringLiteral("layerwise/pipedream-resnet50/graph.txt") << QStringLiteral("layerwise");
    const QDir kineto(tracesDir() + QStringLiteral("/kineto"));
    for (const QString& job : kineto.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QStringList files = QDir(kineto.filePath(job)).entryList({ QStringLiteral("*.json"), QStringLiteral("*.json.gz") }, QDir::Files);
        if (!files.isEmpty())
            QTest::newRow(qPrintable(job)) << QStringLiteral("kineto/") + job + u'/' + files.front() << QStringLiteral("kineto");
    }
}

// The head of every real trace picks its importer, and the loaded model says the same format.
void TestImporterRegistry::realTraces()
{
    QFETCH(QString, file);
    QFETCH(QString, format);
    const std::string path = encoded(QDir(tracesDir()).filePath(file));
    if (!QFile::exists(QString::fromStdString(path)))
        QSKIP("the real trace corpus (../shared/traces) is not present");
    Expected<std::string> head = FileReader::readHead(path, FileHead::kBytes);
    QVERIFY(head.hasValue());
    Expected<const Importer*> importer = ImporterRegistry::detect(FileHead { path, *head });
    QVERIFY2(importer.hasValue(), importer.hasValue() ? "" : importer.status().toString().c_str());
    QCOMPARE(QString::fromUtf8((*importer)->format()), format);
    if (format == QLatin1String("layerwise") || format == QLatin1String("kineto"))
        return; // their models are checked by their own tests
    Expected<std::shared_ptr<const Trace>> trace = TraceLoader::load({ path });
    QVERIFY2(trace.hasValue(), trace.hasValue() ? "" : trace.status().toString().c_str());
    QCOMPARE(QString::fromStdString((*trace)->format()), format);
}

void TestImporterRegistry::loaderIgnoresNames()
{
    // A trace named like a layer-wise profile is a trace; a profile named like a trace is a profile.
    Expected<std::shared_ptr<const Trace>> trace = TraceLoader::load({ write(QStringLiteral("graph.txt"), kChrome) });
    QVERIFY2(trace.hasValue(), trace.hasValue() ? "" : trace.status().toString().c_str());
    QCOMPARE((*trace)->format(), std::string("chrome"));
    Expected<std::shared_ptr<const Trace>> profile = TraceLoader::load({ write(QStringLiteral("trace.json"), kCsv) });
    QVERIFY2(profile.hasValue(), profile.hasValue() ? "" : profile.status().toString().c_str());
    QCOMPARE((*profile)->format(), std::string("layerwise"));
    QCOMPARE((*profile)->worldSize(), 4);
}

void TestImporterRegistry::loaderRefusesMixedImporters()
{
    const std::string kineto = write(QStringLiteral("rank0.json"), kKineto);
    const std::string horovod = write(QStringLiteral("horovod.json"), kHorovod);
    const std::string csv = write(QStringLiteral("model.csv"), kCsv);
    Expected<std::shared_ptr<const Trace>> mixed = TraceLoader::load({ kineto, horovod });
    QVERIFY(!mixed.hasValue());
    QCOMPARE(mixed.status().code(), ErrorCode::InvalidArgument);
    QCOMPARE(mixed.status().file(), horovod);
    QVERIFY(mixed.status().detail().find("Horovod") != std::string::npos);
    // A whole job's file is named, whichever comes first.
    for (const auto& files : { std::vector<std::string> { csv, kineto }, std::vector<std::string> { kineto, csv } }) {
        Expected<std::shared_ptr<const Trace>> job = TraceLoader::load(files);
        QVERIFY(!job.hasValue());
        QCOMPARE(job.status().code(), ErrorCode::InvalidArgument);
        QCOMPARE(job.status().file(), csv);
        QVERIFY(job.status().detail().find("whole job") != std::string::npos);
    }
    Expected<std::shared_ptr<const Trace>> unknown = TraceLoader::load({ kineto, write(QStringLiteral("notes.json"), "hello\n") });
    QVERIFY(!unknown.hasValue());
    QCOMPARE(unknown.status().code(), ErrorCode::NotATrace);
    QCOMPARE(unknown.status().file(), encoded(m_dir.filePath(QStringLiteral("notes.json"))));
}

QTEST_GUILESS_MAIN(TestImporterRegistry)
#include "tst_importerregistry.moc"
