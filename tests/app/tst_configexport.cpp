// ConfigExport and ExportManifest: an export's files and manifest, written into a new folder or over
// a previous export as a whole, and never into a folder holding anything else.

#include "configexport.h"
#include "exportmanifest.h"

#include "core/analysis/steptimes.h"
#include "core/import/traceloader.h"
#include "core/session/jobsession.h"
#include "core/strategy/frameworkconfig.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace sightline;

namespace {

// One strategy's what-if of the bundled two-rank example, ready to export.
struct Exportable {
    Strategy strategy;
    FrameworkConfig config;
    std::shared_ptr<WhatIfResult> result;
};

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList namesIn(const QString& folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
}

} // namespace

class TestConfigExport : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<const JobSession> m_session;

    Exportable prepare(const std::string& pass, std::map<std::string, ParameterValue> params)
    {
        Exportable e;
        e.strategy = Strategy { { PassStep { pass, std::move(params) } } };
        Expected<WhatIfResult> r = m_session->whatIf({ e.strategy, {}, {} });
        if (!r)
            return e;
        e.result = std::make_shared<WhatIfResult>(std::move(*r));
        e.config = *FrameworkConfig::of(e.strategy, m_session->analyses());
        return e;
    }

    ConfigExport::Written write(const Exportable& e, const QString& folder)
    {
        const ExportManifest::Source source { &e.strategy, &m_session->trace(), e.result->baseline.get(), e.result->whatIf.get(),
            QStringLiteral("tst_configexport 1") };
        return ConfigExport::write(e.config, source, folder);
    }

private Q_SLOTS:
    void initTestCase()
    {
        auto trace = TraceLoader::load({ SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank" });
        QVERIFY(trace);
        auto session = JobSession::open(*trace, {}, {});
        QVERIFY(session);
        m_session = *session;
    }

    void newFolderGetsTheFilesAndTheirManifest()
    {
        const Exportable e = prepare("tensor_fusion", { { "bucket_cap_mb", 4.0 } });
        QVERIFY(e.result);
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("new/configs"));
        const ConfigExport::Written w = write(e, folder);
        QVERIFY2(w.error.isEmpty(), qPrintable(w.error));
        QVERIFY(w.files.last().endsWith(QStringLiteral("/sightline-export.json")));
        QCOMPARE(namesIn(folder),
            QStringList({ QStringLiteral("ddp_args.json"), QStringLiteral("deepspeed_config.json"), QStringLiteral("horovod.env"),
                QStringLiteral("horovodrun_args.txt"), QStringLiteral("sightline-export.json"), QStringLiteral("sightline_strategy.py"),
                QStringLiteral("tensor_groups.json"), QStringLiteral("xla.env") }));

        const QJsonObject m = QJsonDocument::fromJson(readAll(QDir(folder).filePath(QStringLiteral("sightline-export.json")))).object();
        QCOMPARE(m.value(QStringLiteral("format")).toString(), QStringLiteral("sightline-export"));
        QCOMPARE(m.value(QStringLiteral("tool")).toString(), QStringLiteral("tst_configexport 1"));
        const QJsonObject step = m.value(QStringLiteral("strategy")).toArray().first().toObject();
        QCOMPARE(step.value(QStringLiteral("pass")).toString(), QStringLiteral("tensor_fusion"));
        QCOMPARE(step.value(QStringLiteral("params")).toObject().value(QStringLiteral("bucket_cap_mb")).toDouble(), 4.0);
        // Each trace file once, with the SHA-256 of what is on disk.
        const QJsonArray traces = m.value(QStringLiteral("traces")).toArray();
        QCOMPARE(traces.size(), 2);
        for (const QJsonValue& t : traces) {
            const QString path = t.toObject().value(QStringLiteral("path")).toString();
            QCOMPARE(t.toObject().value(QStringLiteral("sha256")).toString(),
                QString::fromLatin1(QCryptographicHash::hash(readAll(path), QCryptographicHash::Sha256).toHex()));
            QCOMPARE(t.toObject().value(QStringLiteral("bytes")).toInteger(), QFileInfo(path).size());
        }
        const QJsonObject prediction = m.value(QStringLiteral("prediction")).toObject();
        QCOMPARE(prediction.value(QStringLiteral("iteration_ms")).toDouble(), StepTimes::iteration(e.result->whatIf->schedule).replayed / 1e6);
        QCOMPARE(prediction.value(QStringLiteral("peak_memory_bytes")).toInteger(), static_cast<qint64>(e.result->whatIf->memory.peakBytes()));
        // The batch DeepSpeed's micro-batch comes from, and where it was read.
        const QJsonObject batch = m.value(QStringLiteral("batch")).toObject();
        QCOMPARE(batch.value(QStringLiteral("samples_per_rank")).toInteger(), *e.config.batch);
        QVERIFY(batch.value(QStringLiteral("source")).toString().startsWith(QStringLiteral("dimension 0 of aten::")));
        QCOMPARE(batch.value(QStringLiteral("deepspeed_micro_batch")).toInteger(), *e.config.batch);
        // Per framework, its files and what the step became or why not.
        const QJsonObject frameworks = m.value(QStringLiteral("frameworks")).toObject();
        QCOMPARE(frameworks.keys().size(), 5);
        QCOMPARE(frameworks.value(QStringLiteral("DeepSpeed")).toObject().value(QStringLiteral("files")).toArray(),
            QJsonArray({ QStringLiteral("deepspeed_config.json") }));
        const QJsonObject byteps = frameworks.value(QStringLiteral("BytePS")).toObject();
        QVERIFY(byteps.value(QStringLiteral("files")).toArray().isEmpty());
        const QJsonObject why = byteps.value(QStringLiteral("steps")).toArray().first().toObject();
        QCOMPARE(why.value(QStringLiteral("expressed")).toBool(), false);
        QVERIFY(why.value(QStringLiteral("reason")).toString().contains(QStringLiteral("does not fuse")));
        QCOMPARE(frameworks.value(QStringLiteral("PyTorch")).toObject().value(QStringLiteral("files")).toArray(),
            QJsonArray({ QStringLiteral("ddp_args.json"), QStringLiteral("sightline_strategy.py"), QStringLiteral("tensor_groups.json") }));
        QCOMPARE(m.value(QStringLiteral("files")).toArray().size(), 7);
    }

    // A second export into the folder replaces the first as a whole: nothing of the first stays.
    void secondExportReplacesTheFirst()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("configs"));
        QVERIFY(write(prepare("tensor_fusion", { { "bucket_cap_mb", 4.0 } }), folder).error.isEmpty());
        const ConfigExport::Written w = write(prepare("tensor_partition", { { "partition_bytes", 1048576.0 } }), folder);
        QVERIFY2(w.error.isEmpty(), qPrintable(w.error));
        QCOMPARE(namesIn(folder), QStringList({ QStringLiteral("byteps.env"), QStringLiteral("sightline-export.json") }));
        const QJsonObject m = QJsonDocument::fromJson(readAll(QDir(folder).filePath(QStringLiteral("sightline-export.json")))).object();
        QCOMPARE(m.value(QStringLiteral("files")).toArray(), QJsonArray({ QStringLiteral("byteps.env") }));
    }

    // A folder holding what no export wrote is refused, naming it, and nothing in it changes.
    void foldersItDidNotMakeAreRefused()
    {
        const Exportable e = prepare("tensor_fusion", { { "bucket_cap_mb", 4.0 } });
        QTemporaryDir dir;
        const QString mine = dir.filePath(QStringLiteral("mine"));
        QVERIFY(QDir().mkpath(mine));
        QFile notes(QDir(mine).filePath(QStringLiteral("notes.txt")));
        QVERIFY(notes.open(QIODevice::WriteOnly) && notes.write("keep") == 4);
        notes.close();
        ConfigExport::Written w = write(e, mine);
        QVERIFY(w.error.contains(QStringLiteral("is not empty and holds no export's sightline-export.json")));
        QCOMPARE(namesIn(mine), QStringList({ QStringLiteral("notes.txt") }));

        // A previous export with a file of the user's beside it.
        const QString exported = dir.filePath(QStringLiteral("exported"));
        QVERIFY(write(e, exported).error.isEmpty());
        const QByteArray before = readAll(QDir(exported).filePath(QStringLiteral("ddp_args.json")));
        QVERIFY(QFile::copy(notes.fileName(), QDir(exported).filePath(QStringLiteral("notes.txt"))));
        w = write(prepare("tensor_fusion", { { "bucket_cap_mb", 8.0 } }), exported);
        QVERIFY2(w.error.contains(QStringLiteral("holds notes.txt, which the export there did not write")), qPrintable(w.error));
        QCOMPARE(readAll(QDir(exported).filePath(QStringLiteral("ddp_args.json"))), before);

        // A file of the previous export replaced by a link: the link's target is never written.
        QVERIFY(QFile::remove(QDir(exported).filePath(QStringLiteral("notes.txt"))));
        QVERIFY(QFile::remove(QDir(exported).filePath(QStringLiteral("ddp_args.json"))));
        QVERIFY(QFile::link(notes.fileName(), QDir(exported).filePath(QStringLiteral("ddp_args.json"))));
        w = write(e, exported);
        QVERIFY2(w.error.contains(QStringLiteral("is not a plain file")), qPrintable(w.error));
        QCOMPARE(readAll(notes.fileName()), QByteArray("keep"));

        // A manifest that is not one, or names a file outside its folder.
        QFile manifest(QDir(exported).filePath(QStringLiteral("sightline-export.json")));
        QVERIFY(manifest.open(QIODevice::WriteOnly | QIODevice::Truncate) && manifest.write("{ not json") > 0);
        manifest.close();
        w = write(e, exported);
        QVERIFY2(w.error.contains(QStringLiteral("sightline-export.json: it is not JSON")), qPrintable(w.error));
        QString error;
        QVERIFY(!ExportManifest::filesOf(R"({ "format": "sightline-export", "files": ["../outside.json"] })", error));
        QVERIFY(error.contains(QStringLiteral("not in its folder")));
    }
};

QTEST_GUILESS_MAIN(TestConfigExport)
#include "tst_configexport.moc"
