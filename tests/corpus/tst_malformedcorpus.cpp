// Pushes every case of the generated malformed-input corpus through sightline-cli info, sightline-cli
// replay and the window's load job (sightline_windowloaddriver), one child process per run, and fails a
// row when the run dies by a signal, takes over 10 s, exceeds 2 GB resident, or ends other than its case
// expects (manifest.json, written by sightline_makecorpus).
//   tst_malformedcorpus --corpus DIR --cli PATH --driver PATH [--category NAME] [Qt Test options]
// In the sanitizer stage both limits grow (BoundedProcess::forCorpus).

#include "boundedprocess.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <csignal>
#include <cstring>
#include <sys/stat.h>

namespace {

struct Options {
    QString corpus;
    QString cli;
    QString driver;
    QString category;
};

// What a run ended with, read from its exit status and output.
struct Observed {
    enum class Kind { Error, Load, Other };
    Kind kind = Kind::Other;
    QString what; // for Other: why the output is neither
    QString code;
    QString file;
    double offset = -1;
    QString detail;
    QJsonObject doc; // the load's document (info or replay JSON, or the driver's line)
};

QString describe(const Observed& o)
{
    switch (o.kind) {
    case Observed::Kind::Error:
        return QStringLiteral("error %1 file '%2' byte %3: %4")
            .arg(o.code, o.file, QString::number(o.offset, 'f', 0), o.detail.left(200));
    case Observed::Kind::Load:
        return QStringLiteral("load");
    case Observed::Kind::Other:
        break;
    }
    return o.what;
}

QStringList stringList(const QJsonValue& v)
{
    QStringList out;
    for (const QJsonValue& s : v.toArray())
        out.append(s.toString());
    return out;
}

bool finiteNonNegative(const QJsonValue& v)
{
    return v.isDouble() && std::isfinite(v.toDouble()) && v.toDouble() >= 0;
}

// Every number in o (recursively), other than the keys listed, must be finite and >= 0.
void checkNonNegative(const QJsonValue& v, const QString& where, const QStringList& exempt, QStringList& problems)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (!exempt.contains(it.key()))
                checkNonNegative(it.value(), where + QLatin1Char('.') + it.key(), exempt, problems);
        }
    } else if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            checkNonNegative(a[i], where + QLatin1Char('[') + QString::number(i) + QLatin1Char(']'), exempt, problems);
    } else if (v.isDouble() && !finiteNonNegative(v)) {
        problems.append(QStringLiteral("%1 is %2").arg(where, QString::number(v.toDouble())));
    }
}

QString signalName(int signal)
{
    const char* name = sigabbrev_np(signal);
    return name ? QStringLiteral("SIG") + QString::fromLatin1(name) : QString::number(signal);
}

} // namespace

class TestMalformedCorpus : public QObject {
    Q_OBJECT
public:
    explicit TestMalformedCorpus(Options options)
        : m_options(std::move(options))
    {
    }

private Q_SLOTS:
    void initTestCase()
    {
        QFile file(m_options.corpus + QStringLiteral("/manifest.json"));
        QVERIFY2(
            file.open(QIODevice::ReadOnly), qPrintable(file.fileName() + QStringLiteral(": ") + file.errorString()));
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        for (const QJsonValue& c : doc.object().value(QStringLiteral("cases")).toArray())
            m_cases.append(c.toObject());
        QVERIFY(QFileInfo(m_options.cli).isExecutable());
        QVERIFY(QFileInfo(m_options.driver).isExecutable());
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }

    // The corpus itself: big enough, every category well represented, ids unique, every input present
    // (a deliberately missing file only where file-not-found is expected).
    void manifest()
    {
        QVERIFY2(m_cases.size() >= 300, qPrintable(QStringLiteral("%1 cases").arg(m_cases.size())));
        QMap<QString, int> perCategory;
        QSet<QString> ids;
        for (const QJsonObject& c : std::as_const(m_cases)) {
            const QString id = c.value(QStringLiteral("id")).toString();
            QVERIFY2(!ids.contains(id), qPrintable(id));
            ids.insert(id);
            ++perCategory[c.value(QStringLiteral("category")).toString()];
            const QJsonObject load = c.value(QStringLiteral("load")).toObject();
            const bool missingExpected
                = stringList(load.value(QStringLiteral("codes"))) == QStringList { QStringLiteral("file-not-found") };
            for (const QString& input : stringList(c.value(QStringLiteral("inputs")))) {
                struct stat st { };
                const bool present = ::lstat(QFile::encodeName(absolute(input)).constData(), &st) == 0;
                QVERIFY2(present || missingExpected, qPrintable(id + QStringLiteral(": missing input ") + input));
            }
        }
        for (auto it = perCategory.begin(); it != perCategory.end(); ++it)
            QVERIFY2(it.value() >= 10,
                qPrintable(QStringLiteral("category %1 has only %2 cases").arg(it.key()).arg(it.value())));
        if (!m_options.category.isEmpty())
            QVERIFY2(perCategory.value(m_options.category) > 0,
                qPrintable(QStringLiteral("no case in category ") + m_options.category));
    }

    void run_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("kind");
        for (qsizetype i = 0; i < m_cases.size(); ++i) {
            const QJsonObject& c = m_cases[i];
            if (!m_options.category.isEmpty() && c.value(QStringLiteral("category")).toString() != m_options.category)
                continue;
            for (const char* kind : { "info", "replay", "window" }) {
                const QString tag = c.value(QStringLiteral("id")).toString() + QLatin1Char('/') + QLatin1String(kind);
                QTest::newRow(qPrintable(tag)) << static_cast<int>(i) << QString::fromLatin1(kind);
            }
        }
    }

    void run()
    {
        QFETCH(int, index);
        QFETCH(QString, kind);
        const QJsonObject& c = m_cases[index];
        const QString id = c.value(QStringLiteral("id")).toString();
        QStringList args;
        QString program = m_options.cli;
        if (kind == QLatin1String("window"))
            program = m_options.driver;
        else
            args << kind;
        for (const QString& input : stringList(c.value(QStringLiteral("inputs"))))
            args << absolute(input);
        if (kind != QLatin1String("window"))
            args << QStringLiteral("--json");
        args << stringList(c.value(QStringLiteral("args")));

        const QString work = m_options.corpus + QStringLiteral("/../runs/") + id + QLatin1Char('/') + kind;
        QVERIFY(QDir().mkpath(work));
        const BoundedProcess::Result r = m_bounded.run(program, args, work);
        QVERIFY2(
            r.started, qPrintable(QStringLiteral("cannot start ") + program + QStringLiteral(": ") + r.startError));
        const QString resources
            = QStringLiteral(" [%1 s, %2 MB]").arg(r.seconds, 0, 'f', 2).arg(r.maxRssBytes / 1000000);
        // What each run took, for finding slow or large cases.
        QFile result(work + QStringLiteral("/result"));
        if (result.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            result.write(QStringLiteral("%1 %2 %3 %4\n")
                             .arg(r.seconds, 0, 'f', 3)
                             .arg(r.maxRssBytes)
                             .arg(r.exitCode)
                             .arg(r.signal)
                             .toUtf8());
        }
        if (r.timedOut)
            QFAIL(qPrintable(
                QStringLiteral("observed: timeout (killed after %1 s)").arg(m_bounded.timeLimitSeconds()) + resources));
        if (r.memoryExceeded)
            QFAIL(qPrintable(
                QStringLiteral("observed: over %1 MB resident (killed)").arg(m_bounded.memoryLimitBytes() / 1000000)
                + resources));
        if (r.signal != 0)
            QFAIL(qPrintable(
                QStringLiteral("observed: crash, %1; stderr: %2").arg(signalName(r.signal), tail(r.err)) + resources));
        if (r.maxRssBytes > m_bounded.memoryLimitBytes())
            QFAIL(qPrintable(QStringLiteral("observed: peak resident %1 MB, over %2 MB")
                                 .arg(r.maxRssBytes / 1000000)
                                 .arg(m_bounded.memoryLimitBytes() / 1000000)
                + resources));

        const QJsonObject load = c.value(QStringLiteral("load")).toObject();
        const QJsonObject replay = replayExpectation(c);
        const Observed observed = kind == QLatin1String("window") ? observeDriver(r) : observeCli(r);
        QStringList problems;
        if (kind == QLatin1String("info"))
            check(c, load, observed, Run::Info, problems);
        else if (kind == QLatin1String("replay"))
            check(c, replay, observed, Run::Replay, problems);
        else
            checkWindow(c, load, replay, observed, problems);
        if (!problems.isEmpty()) {
            QFAIL(qPrintable(QStringLiteral("observed: %1; expected: %2; problems: %3")
                                 .arg(describe(observed), summary(kind == QLatin1String("replay") ? replay : load),
                                     problems.join(QStringLiteral("; ")))
                + resources));
        }
    }

private:
    enum class Run { Info, Replay, Window };

    QString absolute(const QString& input) const
    {
        return input.startsWith(QLatin1Char('/')) ? input
                                                  : QDir::cleanPath(m_options.corpus + QLatin1Char('/') + input);
    }

    static QString tail(const QByteArray& text) { return QString::fromUtf8(text.right(300)).trimmed(); }

    static QString summary(const QJsonObject& e)
    {
        QString s = e.value(QStringLiteral("outcome")).toString();
        const QStringList codes = stringList(e.value(QStringLiteral("codes")));
        if (!codes.isEmpty())
            s += QLatin1Char(' ') + codes.join(QLatin1Char('|'));
        if (e.value(QStringLiteral("offset")).toBool())
            s += QStringLiteral(" with offset");
        if (e.contains(QStringLiteral("offset_min")))
            s += QStringLiteral(" in [%1, %2]")
                     .arg(e.value(QStringLiteral("offset_min")).toDouble(), 0, 'f', 0)
                     .arg(e.value(QStringLiteral("offset_max")).toDouble(), 0, 'f', 0);
        if (e.value(QStringLiteral("warn")).toBool()) {
            s += QStringLiteral(" with warning");
            const QStringList w = stringList(e.value(QStringLiteral("warn_codes")));
            if (!w.isEmpty())
                s += QLatin1Char(' ') + w.join(QLatin1Char('|'));
        }
        if (e.value(QStringLiteral("clean")).toBool())
            s += QStringLiteral(" clean");
        return s;
    }

    // The replay's expectation: the load's when loading cannot succeed, else the case's (a sane replay
    // by default).
    static QJsonObject replayExpectation(const QJsonObject& c)
    {
        const QJsonObject load = c.value(QStringLiteral("load")).toObject();
        const QString outcome = load.value(QStringLiteral("outcome")).toString();
        if (outcome == QLatin1String("error"))
            return load;
        if (c.contains(QStringLiteral("replay")))
            return c.value(QStringLiteral("replay")).toObject();
        if (outcome == QLatin1String("any")) {
            QJsonObject any { { QStringLiteral("outcome"), QStringLiteral("any") } };
            return any;
        }
        return QJsonObject { { QStringLiteral("outcome"), QStringLiteral("load") } };
    }

    static Observed observeCli(const BoundedProcess::Result& r)
    {
        Observed o;
        QJsonParseError error;
        const QJsonObject doc = QJsonDocument::fromJson(r.out, &error).object();
        if (r.exitCode == 0) {
            if (error.error != QJsonParseError::NoError || doc.isEmpty()) {
                o.what = QStringLiteral("exit 0 without a JSON document (%1)").arg(error.errorString());
                return o;
            }
            o.kind = Observed::Kind::Load;
            o.doc = doc;
            return o;
        }
        if (r.exitCode == 1 && error.error == QJsonParseError::NoError
            && doc.value(QStringLiteral("error")).isObject()) {
            const QJsonObject e = doc.value(QStringLiteral("error")).toObject();
            o.kind = Observed::Kind::Error;
            o.code = e.value(QStringLiteral("code")).toString();
            o.file = e.value(QStringLiteral("file")).toString();
            o.offset = e.value(QStringLiteral("byte_offset")).toDouble(-2);
            o.detail = e.value(QStringLiteral("detail")).toString();
            return o;
        }
        o.what = QStringLiteral("exit %1 (%2)").arg(r.exitCode).arg(tail(r.err));
        return o;
    }

    static Observed observeDriver(const BoundedProcess::Result& r)
    {
        Observed o;
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QJsonParseError error;
        const QJsonObject doc = QJsonDocument::fromJson(lines.last(), &error).object();
        if (r.exitCode != 0 || error.error != QJsonParseError::NoError) {
            o.what = QStringLiteral("driver exit %1 (%2)").arg(r.exitCode).arg(tail(r.err));
            return o;
        }
        if (doc.value(QStringLiteral("outcome")).toString() == QLatin1String("failed")) {
            o.kind = Observed::Kind::Error;
            o.code = doc.value(QStringLiteral("code")).toString();
            o.file = doc.value(QStringLiteral("file")).toString();
            o.offset = doc.value(QStringLiteral("byte_offset")).toDouble(-2);
            o.detail = doc.value(QStringLiteral("detail")).toString();
        } else {
            o.kind = Observed::Kind::Load;
            o.doc = doc;
        }
        return o;
    }

    // Whether file is one of the case's: an input, or inside an input folder.
    bool belongsToCase(const QJsonObject& c, const QString& file) const
    {
        const QString f = QDir::cleanPath(file);
        for (const QString& input : stringList(c.value(QStringLiteral("inputs")))) {
            const QString in = absolute(input);
            if (f == in || f.startsWith(in + QLatin1Char('/')))
                return true;
        }
        return false;
    }

    void checkError(const QJsonObject& c, const QJsonObject& e, const Observed& o, QStringList& problems) const
    {
        const QStringList codes = stringList(e.value(QStringLiteral("codes")));
        if (!codes.isEmpty() && !codes.contains(o.code))
            problems.append(QStringLiteral("code %1 is not %2").arg(o.code, codes.join(QLatin1Char('|'))));
        if (o.detail.isEmpty())
            problems.append(QStringLiteral("no detail"));
        // A dependency cycle is named by its ops, not by a file.
        if (o.code != QLatin1String("dependency-cycle") && o.code != QLatin1String("cancelled")) {
            const QString expected = e.value(QStringLiteral("file")).toString();
            if (!expected.isEmpty() && QDir::cleanPath(o.file) != absolute(expected))
                problems.append(QStringLiteral("names '%1', not '%2'").arg(o.file, absolute(expected)));
            else if (expected.isEmpty() && !belongsToCase(c, o.file))
                problems.append(QStringLiteral("names '%1', none of the case's files").arg(o.file));
        }
        if (o.offset < -1)
            problems.append(QStringLiteral("byte_offset %1").arg(o.offset));
        if (e.value(QStringLiteral("offset")).toBool()) {
            const double min = e.value(QStringLiteral("offset_min")).toDouble(0);
            const double max = e.value(QStringLiteral("offset_max")).toDouble(-1);
            if (o.offset < 0)
                problems.append(QStringLiteral("no byte offset"));
            else if (o.offset < min || (max >= 0 && o.offset > max))
                problems.append(QStringLiteral("byte offset %1 outside [%2, %3]")
                                    .arg(o.offset, 0, 'f', 0)
                                    .arg(min, 0, 'f', 0)
                                    .arg(max, 0, 'f', 0));
        }
    }

    // Warning checks on a load: count warnings, and the code of each where the run reports codes.
    static void checkWarnings(const QJsonObject& e, qsizetype count, const QStringList& codes, bool haveCodes,
        const QStringList& texts, QStringList& problems)
    {
        if (e.value(QStringLiteral("clean")).toBool() && count > 0)
            problems.append(QStringLiteral("%1 warnings where none were expected (%2)")
                                .arg(count)
                                .arg((haveCodes ? codes : texts).join(QStringLiteral(" | ")).left(300)));
        if (!e.value(QStringLiteral("warn")).toBool())
            return;
        if (count == 0) {
            problems.append(QStringLiteral("no warning"));
            return;
        }
        const QStringList wanted = stringList(e.value(QStringLiteral("warn_codes")));
        if (!haveCodes || wanted.isEmpty())
            return;
        for (const QString& w : wanted) {
            if (codes.contains(w))
                return;
        }
        problems.append(QStringLiteral("no warning coded %1 (got %2)")
                            .arg(wanted.join(QLatin1Char('|')), codes.join(QLatin1Char(','))));
    }

    void checkInfo(const QJsonObject& e, const QJsonObject& doc, QStringList& problems) const
    {
        QStringList codes;
        QStringList texts;
        const bool haveCodes = doc.contains(QStringLiteral("diagnostics"));
        for (const QJsonValue& d : doc.value(QStringLiteral("diagnostics")).toArray())
            codes.append(d.toObject().value(QStringLiteral("code")).toString());
        texts = stringList(doc.value(QStringLiteral("warnings")));
        checkWarnings(e, haveCodes ? codes.size() : texts.size(), codes, haveCodes, texts, problems);
        const QJsonArray ranks = doc.value(QStringLiteral("ranks")).toArray();
        if (doc.value(QStringLiteral("world_size")).toInt() < 1 || ranks.isEmpty())
            problems.append(QStringLiteral("world size %1 with %2 ranks")
                                .arg(doc.value(QStringLiteral("world_size")).toInt())
                                .arg(ranks.size()));
        checkNonNegative(
            doc.value(QStringLiteral("ranks")), QStringLiteral("ranks"), { QStringLiteral("rank") }, problems);
        checkNonNegative(doc.value(QStringLiteral("ops")), QStringLiteral("ops"), {}, problems);
        if (e.contains(QStringLiteral("world_size"))
            && doc.value(QStringLiteral("world_size")).toInt() != e.value(QStringLiteral("world_size")).toInt())
            problems.append(QStringLiteral("world size %1, not %2")
                                .arg(doc.value(QStringLiteral("world_size")).toInt())
                                .arg(e.value(QStringLiteral("world_size")).toInt()));
        QList<int> rankNumbers;
        QStringList sources;
        for (const QJsonValue& r : ranks) {
            rankNumbers.append(r.toObject().value(QStringLiteral("rank")).toInt());
            sources.append(r.toObject().value(QStringLiteral("rank_source")).toString());
        }
        if (e.contains(QStringLiteral("ranks"))) {
            QList<int> expected;
            for (const QJsonValue& r : e.value(QStringLiteral("ranks")).toArray())
                expected.append(r.toInt());
            if (rankNumbers != expected)
                problems.append(
                    QStringLiteral("ranks %1")
                        .arg(QString::fromUtf8(
                            QJsonDocument(doc.value(QStringLiteral("ranks")).toArray()).toJson(QJsonDocument::Compact))
                                 .left(200)));
        }
        if (e.contains(QStringLiteral("rank_sources"))
            && sources != stringList(e.value(QStringLiteral("rank_sources"))))
            problems.append(QStringLiteral("rank sources %1").arg(sources.join(QLatin1Char(','))));
    }

    static void checkReplay(const QJsonObject& doc, QStringList& problems)
    {
        // Percentages may be negative; times may not.
        const QStringList exempt { QStringLiteral("rank"), QStringLiteral("error_pct"), QStringLiteral("share_pct"),
            QStringLiteral("alignment_offsets_us") };
        checkNonNegative(doc.value(QStringLiteral("iteration")), QStringLiteral("iteration"), exempt, problems);
        checkNonNegative(doc.value(QStringLiteral("ranks")), QStringLiteral("ranks"), exempt, problems);
        checkNonNegative(doc.value(QStringLiteral("critical_path")), QStringLiteral("critical_path"), exempt, problems);
        for (const QString& key : { QStringLiteral("iteration"), QStringLiteral("critical_path") }) {
            if (!doc.value(key).isObject())
                problems.append(QStringLiteral("no %1 in the replay").arg(key));
        }
    }

    void check(const QJsonObject& c, const QJsonObject& e, const Observed& o, Run run, QStringList& problems) const
    {
        const QString outcome = e.value(QStringLiteral("outcome")).toString();
        if (o.kind == Observed::Kind::Other) {
            problems.append(o.what);
            return;
        }
        if (o.kind == Observed::Kind::Error) {
            if (outcome == QLatin1String("load"))
                problems.append(QStringLiteral("failed where a load was expected"));
            else
                checkError(c, e, o, problems);
            return;
        }
        if (outcome == QLatin1String("error")) {
            problems.append(QStringLiteral("exit 0 where an error was expected"));
            return;
        }
        if (run == Run::Info)
            checkInfo(e, o.doc, problems);
        else if (run == Run::Replay)
            checkReplay(o.doc, problems);
    }

    void checkWindow(const QJsonObject& c, const QJsonObject& load, const QJsonObject& replay, const Observed& o,
        QStringList& problems) const
    {
        const QString outcome = load.value(QStringLiteral("outcome")).toString();
        if (o.kind != Observed::Kind::Load) {
            check(c, load, o, Run::Window, problems);
            return;
        }
        if (outcome == QLatin1String("error")) {
            problems.append(QStringLiteral("loaded where an error was expected"));
            return;
        }
        const QJsonObject& d = o.doc;
        checkWarnings(load, static_cast<qsizetype>(d.value(QStringLiteral("diagnostics")).toDouble()),
            stringList(d.value(QStringLiteral("diagnostic_codes"))), true, {}, problems);
        const QString status = d.value(QStringLiteral("analysis_status")).toString();
        const QString replayOutcome = replay.value(QStringLiteral("outcome")).toString();
        const QStringList codes = stringList(replay.value(QStringLiteral("codes")));
        if (replayOutcome == QLatin1String("load") && status != QLatin1String("ok"))
            problems.append(QStringLiteral("analysis failed: %1: %2")
                                .arg(status, d.value(QStringLiteral("analysis_detail")).toString().left(200)));
        if (replayOutcome == QLatin1String("error")
            && (status == QLatin1String("ok") || (!codes.isEmpty() && !codes.contains(status))))
            problems.append(QStringLiteral("analysis status %1, not %2").arg(status, codes.join(QLatin1Char('|'))));
        if (status == QLatin1String("ok") && !finiteNonNegative(d.value(QStringLiteral("critical_path_ns"))))
            problems.append(
                QStringLiteral("critical path of %1 ns").arg(d.value(QStringLiteral("critical_path_ns")).toDouble()));
    }

    Options m_options;
    const BoundedProcess m_bounded = BoundedProcess::forCorpus();
    QList<QJsonObject> m_cases;
};

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    Options options;
    QStringList testArgs { QCoreApplication::arguments().first() };
    const QStringList args = QCoreApplication::arguments();
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString& a = args[i];
        QString* target = a == QLatin1String("--corpus") ? &options.corpus
            : a == QLatin1String("--cli")                ? &options.cli
            : a == QLatin1String("--driver")             ? &options.driver
            : a == QLatin1String("--category")           ? &options.category
                                                         : nullptr;
        if (target && i + 1 < args.size())
            *target = args[++i];
        else
            testArgs.append(a);
    }
    if (options.corpus.isEmpty() || options.cli.isEmpty() || options.driver.isEmpty()) {
        std::fprintf(stderr,
            "usage: tst_malformedcorpus --corpus DIR --cli PATH --driver PATH [--category NAME] [Qt Test options]\n");
        return 2;
    }
    options.corpus = QDir::cleanPath(QDir(options.corpus).absolutePath());
    TestMalformedCorpus test(options);
    return QTest::qExec(&test, testArgs);
}

#include "tst_malformedcorpus.moc"
