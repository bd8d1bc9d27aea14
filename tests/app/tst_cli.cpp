// Runs the real sightline-cli binary and checks its output, as scripts and CI would use it.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(SIGHTLINE_BIN_DIR "/sightline-cli"), args);
    Run r;
    if (!p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString example()
{
    return QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank");
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void infoJson()
    {
        const Run r = runCli({ QStringLiteral("info"), example(), QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        QJsonParseError error;
        const QJsonObject doc = QJsonDocument::fromJson(r.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(doc.value(QStringLiteral("format")).toString(), QStringLiteral("kineto"));
        QCOMPARE(doc.value(QStringLiteral("world_size")).toInt(), 2);
        const QJsonArray ranks = doc.value(QStringLiteral("ranks")).toArray();
        QCOMPARE(ranks.size(), 2);
        const QJsonObject r0 = ranks.at(0).toObject();
        QCOMPARE(r0.value(QStringLiteral("rank")).toInt(), 0);
        QCOMPARE(r0.value(QStringLiteral("tracks")).toInt(), 3);
        QVERIFY(r0.value(QStringLiteral("ops")).toInt() > 3000);
        QCOMPARE(r0.value(QStringLiteral("collectives")).toInt(), 24);
        const QJsonArray steps = r0.value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), 3);
        QCOMPARE(steps.at(0).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("ProfilerStep#0"));
        QVERIFY(qAbs(steps.at(0).toObject().value(QStringLiteral("duration_ms")).toDouble() - 14.771) < 0.001);
        QVERIFY(doc.value(QStringLiteral("warnings")).isArray());
        QCOMPARE(doc.value(QStringLiteral("process_groups")).toArray().size(), 1);
    }

    void infoText()
    {
        const Run r = runCli({ QStringLiteral("info"), example() });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("World size: 2"));
        QVERIFY(r.out.contains("ProfilerStep#1"));
    }

    void realDlrmJson()
    {
        const QString dlrm = QStringLiteral(SIGHTLINE_TRACES_DIR "/kineto/dlrm-8xV100");
        if (!QDir(dlrm).exists())
            QSKIP("the shared trace corpus is not beside the project");
        const Run r = runCli({ QStringLiteral("info"), dlrm, QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.value(QStringLiteral("world_size")).toInt(), 8);
        const double expected[] = { 14.455, 19.901, 13.02, 19.31, 17.98, 17.80, 13.09, 12.51 };
        const QJsonArray ranks = doc.value(QStringLiteral("ranks")).toArray();
        QCOMPARE(ranks.size(), 8);
        for (int i = 0; i < 8; ++i) {
            const QJsonObject rank = ranks.at(i).toObject();
            QCOMPARE(rank.value(QStringLiteral("rank")).toInt(), i);
            const QJsonObject step = rank.value(QStringLiteral("steps")).toArray().at(0).toObject();
            QCOMPARE(step.value(QStringLiteral("name")).toString(), QStringLiteral("ProfilerStep#10"));
            QVERIFY2(qAbs(step.value(QStringLiteral("duration_ms")).toDouble() - expected[i]) <= 0.01, qPrintable(QString::number(i)));
        }
    }

    void errorsNameTheFile()
    {
        QTemporaryDir dir;
        const QString truncated = dir.filePath(QStringLiteral("rank0.json"));
        QFile f(truncated);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 2}, {\"ph\": \"X\", \"na");
        f.close();
        Run r = runCli({ QStringLiteral("info"), truncated, QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains(truncated.toUtf8()));
        const QJsonObject error = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("truncated-json"));
        QCOMPARE(error.value(QStringLiteral("file")).toString(), truncated);
        QVERIFY(error.value(QStringLiteral("byte_offset")).toInt() > 0);

        r = runCli({ QStringLiteral("info"), dir.filePath(QStringLiteral("absent.json")) });
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("file-not-found"));
    }

    void usageErrors()
    {
        QCOMPARE(runCli({}).exitCode, 2);
        QCOMPARE(runCli({ QStringLiteral("info") }).exitCode, 2);
        QCOMPARE(runCli({ QStringLiteral("frobnicate") }).exitCode, 2);
        const Run help = runCli({ QStringLiteral("--help") });
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("info"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
