// The malformed-input corpus of the surfaces past the importers: strategy files and --set values,
// scenarios, export folders and repeated or extreme passes, given as a user with bad or hostile input
// would. Each row runs sightline-cli or the window (headless, --screenshot) as a child process under the
// corpus's bounds (10 s, 2 GB resident; more in the sanitizer stage, BoundedProcess::forCorpus) and checks
// its exit status, that its message names the file or step, and that nothing the user had was lost:
// a symlink's target, an earlier export, no empty files left behind.
//   tst_hostileinputs --cli PATH --window PATH --examples DIR [Qt Test options]
// Rows that need a file system of their own (a full or read-only tmpfs) mount one when the test runs as
// root with mount(8) allowed, and are skipped, saying so, where it cannot.

#include "boundedprocess.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace {

struct Options {
    QString cli;
    QString window;
    QString examples;
};

Options& options()
{
    static Options o;
    return o;
}

void write(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size(), qPrintable(path));
}

QByteArray strategyOf(const QJsonArray& steps)
{
    return QJsonDocument(QJsonObject { { QStringLiteral("strategy"), steps } }).toJson();
}

QJsonObject step(const QString& pass, const QJsonObject& params)
{
    return QJsonObject { { QStringLiteral("pass"), pass }, { QStringLiteral("params"), params } };
}

// Files of a folder (recursively) that are empty: what an export cut short would leave.
QStringList emptyFilesIn(const QString& folder)
{
    QStringList empty;
    const QFileInfoList entries = QDir(folder).entryInfoList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
    for (const QFileInfo& f : entries) {
        if (f.size() == 0)
            empty << f.fileName();
    }
    return empty;
}

bool mountTmpfs(const QString& at, const QString& mountOptions)
{
    if (::geteuid() != 0)
        return false;
    QProcess mount;
    mount.start(QStringLiteral("mount"), { QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"), mountOptions, QStringLiteral("tmpfs"), at });
    return mount.waitForFinished(10000) && mount.exitStatus() == QProcess::NormalExit && mount.exitCode() == 0;
}

} // namespace

class TestHostileInputs : public QObject {
    Q_OBJECT

    // One run, bounded; fails the row when it is killed, crashes or runs past the bounds.
    BoundedProcess::Result run(const QString& program, const QStringList& arguments, int fileSizeLimitKb = 0)
    {
        const QString work = m_dir->filePath(QStringLiteral("runs/") + QString::number(m_runs++));
        QDir().mkpath(work);
        if (fileSizeLimitKb <= 0)
            return m_bounded.run(program, arguments, work);
        // A full disk to write(): the file-size limit, with SIGXFSZ ignored so that write() fails
        // instead of the signal ending the run (an ignored signal stays ignored across exec).
        return m_bounded.run(QStringLiteral("/bin/sh"),
            QStringList { QStringLiteral("-c"),
                QStringLiteral("ulimit -f %1; trap '' XFSZ; exec \"$0\" \"$@\"").arg(fileSizeLimitKb), program }
                + arguments,
            work);
    }

    void checkBounded(const BoundedProcess::Result& r)
    {
        QVERIFY2(r.started, qPrintable(r.startError));
        QVERIFY2(!r.timedOut, qPrintable(QStringLiteral("ran past %1 s").arg(m_bounded.timeLimitSeconds())));
        QVERIFY2(!r.memoryExceeded,
            qPrintable(QStringLiteral("passed %1 MB resident, over %2 MB")
                           .arg(r.maxRssBytes / 1000000)
                           .arg(m_bounded.memoryLimitBytes() / 1000000)));
        QVERIFY2(r.signal == 0, qPrintable(QStringLiteral("ended by signal %1: %2").arg(r.signal).arg(QString::fromUtf8(r.err.right(2000)))));
    }

    // The run ends with a non-zero status and a message on stderr holding every text of says.
    void checkRefused(const BoundedProcess::Result& r, const QStringList& says)
    {
        checkBounded(r);
        QVERIFY2(r.exitCode != 0, qPrintable(QStringLiteral("exited 0: ") + QString::fromUtf8(r.out.left(2000))));
        const QString err = QString::fromUtf8(r.err);
        for (const QString& s : says)
            QVERIFY2(err.contains(s), qPrintable(QStringLiteral("stderr lacks '%1': %2").arg(s, err.left(2000))));
        QVERIFY2(!QString::fromUtf8(r.out).contains(QStringLiteral("exported: ")), "reports a file as exported");
    }

    QString path(const QString& name) const { return m_dir->filePath(name); }
    QStringList ddpJob() const
    {
        return { options().examples + QStringLiteral("/ddp-2rank/rank0.json.gz"), options().examples + QStringLiteral("/ddp-2rank/rank1.json.gz") };
    }
    QStringList whatIf(const QStringList& more) const { return QStringList { QStringLiteral("whatif") } + ddpJob() + more; }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFileInfo(options().cli).isExecutable(), "--cli PATH: sightline-cli");
        QVERIFY2(QFileInfo(options().window).isExecutable(), "--window PATH: the sightline window");
        QVERIFY2(QFileInfo::exists(options().examples + QStringLiteral("/ddp-2rank/rank0.json.gz")), "--examples DIR: resources/examples");
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        QCOMPARE(::mkfifo(QFile::encodeName(path(QStringLiteral("fifo"))).constData(), 0600), 0);
        m_socket = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address {};
        address.sun_family = AF_UNIX;
        std::snprintf(address.sun_path, sizeof address.sun_path, "%s", QFile::encodeName(path(QStringLiteral("socket"))).constData());
        QCOMPARE(::bind(m_socket, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
        QDir().mkpath(path(QStringLiteral("folder")));
    }

    void cleanupTestCase()
    {
        for (const QString& mount : m_mounts)
            QProcess::execute(QStringLiteral("umount"), { mount });
        if (m_socket >= 0)
            ::close(m_socket);
    }

    // A strategy path that is not a regular file is refused at once, naming it and what it is; so is one
    // past the 4 MiB a strategy may hold.
    void strategyPaths_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("says");
        QTest::newRow("zero device") << "/dev/zero" << "character device";
        QTest::newRow("random device") << "/dev/urandom" << "character device";
        QTest::newRow("fifo") << "fifo" << "FIFO";
        QTest::newRow("socket") << "socket" << "socket";
        QTest::newRow("folder") << "folder" << "folder";
        QTest::newRow("5 MB") << "big.json" << "4194304";
        QTest::newRow("missing") << "none.json" << "No such file";
    }

    void strategyPaths()
    {
        QFETCH(QString, file);
        QFETCH(QString, says);
        const QString p = file.startsWith(u'/') ? file : path(file);
        if (file == QLatin1String("big.json"))
            write(p, QByteArray(5 << 20, ' '));
        for (const QString& program : { options().cli, options().window }) {
            const QStringList args = program == options().cli ? whatIf({ QStringLiteral("--strategy"), p })
                                                               : ddpJob() + QStringList { QStringLiteral("--strategy"), p, QStringLiteral("--screenshot"), path(QStringLiteral("shot.png")) };
            checkRefused(run(program, args), { p, says });
        }
    }

    // A scenario the headless window cannot open ends the run with a message, never a dialog waiting for
    // a click.
    void scenarios_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("says");
        const QByteArray traces = "\"traces\": [\"" + options().examples.toUtf8() + "/ddp-2rank/rank0.json.gz\", \"" + options().examples.toUtf8()
            + "/ddp-2rank/rank1.json.gz\"]";
        // The window tells a scenario by its extension: the device and the FIFO are given such names.
        QTest::newRow("zero device") << "zero.sightline" << QByteArray() << "character device";
        QTest::newRow("fifo") << "pipe.sightline" << QByteArray() << "FIFO";
        QTest::newRow("missing trace") << "missing.sightline" << QByteArray("{\"version\": 1, \"traces\": [\"gone/rank0.json\"]}") << "not there any more";
        QTest::newRow("version 2") << "v2.sightline" << QByteArray("{\"version\": 2, " + traces + "}") << "newer";
        QTest::newRow("not JSON") << "text.sightline" << QByteArray("version 1") << "not a scenario";
        QTest::newRow("offset past a day") << "offset.sightline"
                                           << QByteArray("{\"version\": 1, " + traces + ", \"alignment\": {\"offsets_ns\": [\"0\", \"9223372036854775000\"]}}")
                                           << "at most a day";
        QTest::newRow("offsets for more ranks") << "ranks.sightline"
                                                << QByteArray("{\"version\": 1, " + traces + ", \"alignment\": {\"offsets_ns\": [\"0\", \"0\", \"5\"]}}")
                                                << "the job has 2 ranks";
        QTest::newRow("steps past the job") << "far.sightline" << QByteArray("{\"version\": 1, " + traces + ", \"steps\": {\"first\": 900, \"last\": 1000}}")
                                            << "has no step in 900-1000";
        QTest::newRow("steps reversed") << "steps.sightline" << QByteArray("{\"version\": 1, " + traces + ", \"steps\": {\"first\": 5, \"last\": 2}}")
                                        << "steps.first";
    }

    void scenarios()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, text);
        QFETCH(QString, says);
        const QString p = path(file);
        if (file == QLatin1String("zero.sightline"))
            QVERIFY(QFile::exists(p) || QFile::link(QStringLiteral("/dev/zero"), p));
        else if (file == QLatin1String("pipe.sightline"))
            QVERIFY(QFile::exists(p) || ::mkfifo(QFile::encodeName(p).constData(), 0600) == 0);
        else
            write(p, text);
        checkRefused(run(options().window, { p, QStringLiteral("--screenshot"), path(QStringLiteral("shot.png")) }), { says });
    }

    // Strategies that go past what a model can mean: refused by the step that does, named.
    void strategies_data()
    {
        QTest::addColumn<QByteArray>("strategy");
        QTest::addColumn<QStringList>("says");
        QJsonArray sevenNetworks;
        for (int k = 0; k < 7; ++k)
            sevenNetworks.append(step(QStringLiteral("network"), { { QStringLiteral("bandwidth_scale"), 0.001 } }));
        QTest::newRow("bandwidth 0.001 seven times") << strategyOf(sevenNetworks) << QStringList { QStringLiteral("(network)"), QStringLiteral("bandwidth falls") };
        const QJsonObject recompute = step(QStringLiteral("recompute"), { { QStringLiteral("layers"), QStringLiteral("*") } });
        QTest::newRow("mixed precision twice") << strategyOf({ step(QStringLiteral("mixed_precision"), {}), step(QStringLiteral("mixed_precision"), {}) })
                                               << QStringList { QStringLiteral("step 2 (mixed_precision)"), QStringLiteral("one already") };
        QTest::newRow("a pattern of 1 MiB")
            << strategyOf({ step(QStringLiteral("op_fusion"), { { QStringLiteral("match"), QString(1 << 20, u'*') } }) })
            << QStringList { QStringLiteral("step 1 (op_fusion)"), QStringLiteral("4096") };
        QJsonArray slowdowns;
        for (int k = 0; k < 12; ++k)
            slowdowns.append(step(QStringLiteral("speedup"), { { QStringLiteral("percent"), -900 } }));
        QTest::newRow("slow-downs past any time") << strategyOf(slowdowns) << QStringList { QStringLiteral("(speedup)"), QStringLiteral("2^62") };
        // Extremes that may be answered: bounded, and a refusal names its step.
        QTest::newRow("workers at the maximum") << strategyOf({ step(QStringLiteral("worker_count"), { { QStringLiteral("workers"), 65536 } }) }) << QStringList();
        QTest::newRow("partitions of 1024 bytes") << strategyOf({ step(QStringLiteral("tensor_partition"), { { QStringLiteral("partition_bytes"), 1024 } }) })
                                                  << QStringList();
        QTest::newRow("accumulation at the maximum") << strategyOf({ step(QStringLiteral("grad_accumulation"), { { QStringLiteral("micro_batches"), 1024 } }) })
                                                     << QStringList();
    }

    void strategies()
    {
        QFETCH(QByteArray, strategy);
        QFETCH(QStringList, says);
        const QString file = path(QStringLiteral("strategy-%1.json").arg(QString::fromUtf8(QTest::currentDataTag())).replace(u' ', u'_'));
        write(file, strategy);
        const BoundedProcess::Result r = run(options().cli, whatIf({ QStringLiteral("--strategy"), file }));
        if (!says.isEmpty()) {
            checkRefused(r, says);
            return;
        }
        checkBounded(r);
        if (r.exitCode != 0)
            QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("step 1 (")), r.err.constData());
    }

    // Two recompute steps compose; a layer the first recomputes is left to it by the second, which says
    // so, rather than copying its copies into a cycle.
    void recomputeTwice()
    {
        const QJsonObject recompute = step(QStringLiteral("recompute"), { { QStringLiteral("layers"), QStringLiteral("*") } });
        const QString file = path(QStringLiteral("recompute-twice.json"));
        write(file, strategyOf({ recompute, recompute }));
        const BoundedProcess::Result r = run(options().cli,
            { QStringLiteral("whatif"), options().examples + QStringLiteral("/alexnet-k80/alexnet_k80.csv"), QStringLiteral("--strategy"), file });
        checkBounded(r);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray said = r.out + r.err;
        QVERIFY2(said.contains("step 2 (recompute): ") && said.contains("earlier step"), said.constData());
    }

    // --set: a parameter given twice is refused, not the last taken; text past the pattern limit too.
    void setValues()
    {
        checkRefused(run(options().cli, whatIf({ QStringLiteral("--set"), QStringLiteral("network.bandwidth_scale=0.5"), QStringLiteral("--set"),
                                                QStringLiteral("network.bandwidth_scale=2") })),
            { QStringLiteral("network.bandwidth_scale twice") });
        checkRefused(run(options().cli, whatIf({ QStringLiteral("--set"), QStringLiteral("op_fusion.match=") + QString(5000, u'?') })),
            { QStringLiteral("op_fusion"), QStringLiteral("4096") });
    }

    // tensor_partition at its documented minimum answers, or refuses naming its step, within the bounds.
    void partitionAtItsMinimum()
    {
        const BoundedProcess::Result r = run(options().cli,
            { QStringLiteral("whatif"), options().examples + QStringLiteral("/alexnet-k80/alexnet_k80.csv"), QStringLiteral("--set"),
                QStringLiteral("tensor_partition.partition_bytes=1024") });
        checkBounded(r);
        if (r.exitCode != 0)
            QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("(tensor_partition)")), r.err.constData());
    }

    // Exports: a full disk, a read-only folder, a device and a symlink each end in an error naming the
    // file; nothing is reported as exported, no empty file is left, and what was there stays.
    void exportIntoAFullDisk()
    {
        const QString folder = path(QStringLiteral("export-fsize"));
        checkRefused(run(options().cli, whatIf({ QStringLiteral("--set"), QStringLiteral("tensor_fusion.bucket_cap_mb=4"), QStringLiteral("--export-config"), folder }), 4),
            { QStringLiteral("cannot write"), folder });
        QCOMPARE(emptyFilesIn(folder), QStringList());
        const QString full = path(QStringLiteral("full"));
        QDir().mkpath(full);
        if (!mountTmpfs(full, QStringLiteral("size=8k")))
            QSKIP("no tmpfs could be mounted here (not root, or mount not allowed): the file-size limit above stands in for a full disk");
        m_mounts << full;
        checkRefused(run(options().cli, whatIf({ QStringLiteral("--set"), QStringLiteral("tensor_fusion.bucket_cap_mb=4"), QStringLiteral("--export-config"), full })),
            { QStringLiteral("cannot write"), full });
        QCOMPARE(emptyFilesIn(full), QStringList());
        checkRefused(run(options().cli, whatIf({ QStringLiteral("--set"), QStringLiteral("tensor_fusion.bucket_cap_mb=4"), QStringLiteral("--export-chrome"), full + QStringLiteral("/replay.json") })),
            { QStringLiteral("cannot write"), full });
        QCOMPARE(emptyFilesIn(full), QStringList());
    }

    void exportIntoAReadOnlyFolder()
    {
        const QString folder = path(QStringLiteral("readonly"));
        QDir().mkpath(folder);
        if (!mountTmpfs(folder, QStringLiteral("ro,size=64k"))) {
            if (::geteuid() == 0)
                QSKIP("running as root without mount: a read-only folder cannot be made here");
            QVERIFY(QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        } else {
            m_mounts << folder;
        }
        checkRefused(run(options().cli, whatIf({ QStringLiteral("--set"), QStringLiteral("tensor_fusion.bucket_cap_mb=4"), QStringLiteral("--export-config"), folder })),
            { folder });
    }

    void exportsToADevice()
    {
        checkRefused(run(options().cli, whatIf({ QStringLiteral("--set"), QStringLiteral("tensor_fusion.bucket_cap_mb=4"), QStringLiteral("--export-chrome"), QStringLiteral("/dev/full") })),
            { QStringLiteral("/dev/full") });
        checkRefused(run(options().cli, QStringList { QStringLiteral("replay") } + ddpJob() + QStringList { QStringLiteral("--export-chrome"), QStringLiteral("/dev/full") }),
            { QStringLiteral("/dev/full") });
        // The window's screenshot: to a device, and into a full disk, where no cut file is left.
        checkRefused(run(options().window, ddpJob() + QStringList { QStringLiteral("--screenshot"), QStringLiteral("/dev/full") }), { QStringLiteral("/dev/full") });
        const QString shot = path(QStringLiteral("shots/full.png"));
        QDir().mkpath(path(QStringLiteral("shots")));
        checkRefused(run(options().window, ddpJob() + QStringList { QStringLiteral("--screenshot"), shot }, 8), { shot });
        QCOMPARE(emptyFilesIn(path(QStringLiteral("shots"))), QStringList());
        QVERIFY(!QFile::exists(shot));
    }

    // An export folder whose file is a symlink: refused, and the link's target keeps what it held.
    void exportThroughASymlink()
    {
        const QString folder = path(QStringLiteral("export-link"));
        const QStringList exportArgs = { QStringLiteral("--set"), QStringLiteral("tensor_fusion.bucket_cap_mb=4"), QStringLiteral("--export-config"), folder };
        const BoundedProcess::Result first = run(options().cli, whatIf(exportArgs));
        checkBounded(first);
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const QString victim = path(QStringLiteral("victim.txt"));
        write(victim, "precious");
        const QString target = folder + QStringLiteral("/ddp_args.json");
        QVERIFY(QFile::exists(target));
        QVERIFY(QFile::remove(target));
        QVERIFY(QFile::link(victim, target));
        checkRefused(run(options().cli, whatIf(exportArgs)), { target });
        QFile v(victim);
        QVERIFY(v.open(QIODevice::ReadOnly));
        QCOMPARE(v.readAll(), QByteArray("precious"));
    }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QStringList m_mounts;
    int m_socket = -1;
    int m_runs = 0;
    const BoundedProcess m_bounded = BoundedProcess::forCorpus();
};

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList rest { QString::fromLocal8Bit(argv[0]) };
    const QStringList args = app.arguments();
    for (qsizetype k = 1; k < args.size(); ++k) {
        if (args[k] == QLatin1String("--cli") && k + 1 < args.size())
            options().cli = args[++k];
        else if (args[k] == QLatin1String("--window") && k + 1 < args.size())
            options().window = args[++k];
        else if (args[k] == QLatin1String("--examples") && k + 1 < args.size())
            options().examples = args[++k];
        else
            rest << args[k];
    }
    TestHostileInputs test;
    return QTest::qExec(&test, rest);
}

#include "tst_hostileinputs.moc"
