#include "exportmanifest.h"

#include "strategyjson.h"

#include "core/analysis/steptimes.h"
#include "core/base/inputfile.h"
#include "core/model/trace.h"
#include "core/session/jobsession.h"
#include "core/strategy/frameworkconfig.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <set>

namespace ExportManifest {

namespace {

constexpr int kFormatVersion = 1;

QString text(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

// One trace file: its name, path, size and the SHA-256 of its contents, or why it could not be read.
QJsonObject traceEntry(const QString& path)
{
    QJsonObject o { { QStringLiteral("file"), QFileInfo(path).fileName() }, { QStringLiteral("path"), QFileInfo(path).absoluteFilePath() } };
    // Opened as every input is (InputFile): a file replaced by a FIFO or a device since it was loaded is
    // refused, not waited on or read without end.
    sightline::FileDescriptor fd;
    std::int64_t size = 0;
    const sightline::Status opened = sightline::InputFile::openRegular(QFile::encodeName(path).toStdString(), fd, size);
    QFile file;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!opened.ok() || !file.open(fd.get(), QIODevice::ReadOnly, QFileDevice::DontCloseHandle) || !hash.addData(&file)) {
        o.insert(QStringLiteral("sha256"), QJsonValue());
        o.insert(QStringLiteral("error"),
            QString(QStringLiteral("cannot read it: ") + (opened.ok() ? file.errorString() : QString::fromStdString(opened.detail()))));
        return o;
    }
    o.insert(QStringLiteral("bytes"), file.size());
    o.insert(QStringLiteral("sha256"), QString::fromLatin1(hash.result().toHex()));
    return o;
}

// The job's trace files, once each, in rank order.
QJsonArray tracesOf(const sightline::Trace& trace)
{
    QJsonArray out;
    std::set<std::string_view> seen;
    for (const sightline::RankInfo& r : trace.ranks()) {
        const std::string_view file = trace.string(r.sourceFile);
        if (!file.empty() && seen.insert(file).second)
            out.append(traceEntry(text(file)));
    }
    return out;
}

QJsonObject predictionOf(const Source& source)
{
    const auto iterationMs = [](const sightline::ReplayResult& r) {
        return sightline::StepTimes::iteration(r.schedule).replayed / 1e6;
    };
    const sightline::MemoryEstimate& m = source.whatIf->memory;
    return QJsonObject { { QStringLiteral("baseline_iteration_ms"), iterationMs(*source.baseline) },
        { QStringLiteral("iteration_ms"), iterationMs(*source.whatIf) },
        { QStringLiteral("peak_memory_bytes"), m.highest < 0 ? QJsonValue() : QJsonValue(static_cast<qint64>(m.peakBytes())) },
        { QStringLiteral("out_of_memory"), m.outOfMemory } };
}

// The samples per rank and step the export assumed, and where that came from.
QJsonValue batchOf(const sightline::FrameworkConfig& config)
{
    if (!config.batch)
        return QJsonValue();
    return QJsonObject { { QStringLiteral("samples_per_rank"), static_cast<qint64>(*config.batch) },
        { QStringLiteral("source"), QString::fromStdString(config.batchSource) },
        { QStringLiteral("deepspeed_micro_batch"), config.microBatch ? QJsonValue(static_cast<qint64>(*config.microBatch)) : QJsonValue() } };
}

// Per framework, its files and what each step became there.
QJsonObject frameworksOf(const sightline::FrameworkConfig& config, const std::vector<sightline::FrameworkConfig::File>& files)
{
    QJsonObject out;
    for (const sightline::Framework f : sightline::kFrameworks) {
        QJsonArray written, steps;
        for (const std::string& name : sightline::FrameworkConfig::namesFor(files, f))
            written.append(QString::fromStdString(name));
        for (const sightline::FrameworkConfig::Translation& t : config.translations) {
            if (t.framework != f)
                continue;
            QJsonObject step { { QStringLiteral("step"), QString::fromStdString(t.step) }, { QStringLiteral("expressed"), t.expressed },
                { t.expressed ? QStringLiteral("becomes") : QStringLiteral("reason"), QString::fromStdString(t.text) } };
            if (t.expressed) {
                QJsonArray into;
                for (const std::string& name : t.files)
                    into.append(QString::fromStdString(name));
                step.insert(QStringLiteral("files"), into);
            }
            steps.append(step);
        }
        out.insert(text(sightline::frameworkName(f)), QJsonObject { { QStringLiteral("files"), written }, { QStringLiteral("steps"), steps } });
    }
    return out;
}

} // namespace

QByteArray build(const sightline::FrameworkConfig& config, const Source& source)
{
    const std::vector<sightline::FrameworkConfig::File> files = config.files();
    QJsonArray names;
    for (const sightline::FrameworkConfig::File& f : files)
        names.append(QString::fromStdString(f.name));
    const QJsonObject doc { { QStringLiteral("format"), QStringLiteral("sightline-export") }, { QStringLiteral("version"), kFormatVersion },
        { QStringLiteral("tool"), source.tool },
        { QStringLiteral("created_utc"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate) },
        { QStringLiteral("strategy"), StrategyJson::toJson(*source.strategy) }, { QStringLiteral("traces"), tracesOf(*source.trace) },
        { QStringLiteral("prediction"), predictionOf(source) }, { QStringLiteral("batch"), batchOf(config) }, { QStringLiteral("files"), names },
        { QStringLiteral("frameworks"), frameworksOf(config, files) } };
    return QJsonDocument(doc).toJson(QJsonDocument::Indented);
}

std::optional<QStringList> filesOf(const QByteArray& text, QString& error)
{
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &parse);
    if (parse.error != QJsonParseError::NoError) {
        error = QStringLiteral("it is not JSON: ") + parse.errorString();
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    if (o.value(QStringLiteral("format")).toString() != QStringLiteral("sightline-export") || !o.value(QStringLiteral("files")).isArray()) {
        error = QStringLiteral("it is not a Sightline export's manifest");
        return std::nullopt;
    }
    QStringList files;
    for (const QJsonValue& v : o.value(QStringLiteral("files")).toArray()) {
        const QString name = v.toString();
        // A manifest names files in its own folder only.
        if (name.isEmpty() || name.contains(u'/') || name.contains(u'\\') || name == QStringLiteral(".") || name == QStringLiteral("..")) {
            error = QStringLiteral("it lists a file that is not in its folder: ") + name;
            return std::nullopt;
        }
        files.append(name);
    }
    return files;
}

} // namespace ExportManifest
