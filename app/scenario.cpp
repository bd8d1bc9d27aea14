#include "scenario.h"

#include "strategyjson.h"

#include "core/align/clockalignment.h"
#include "core/base/inputfile.h"
#include "core/base/outputfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <utility>

namespace {

const qint64 kMaxScenarioBytes = sightline::InputFile::sizeLimit(sightline::InputFile::Role::Scenario);

QString where(const QString& path)
{
    return QDir::toNativeSeparators(path) + QStringLiteral(": ");
}

} // namespace

std::optional<Scenario> Scenario::read(const QString& path, QString& error)
{
    const sightline::Expected<std::string> text = sightline::InputFile::read(QFile::encodeName(path).toStdString(), sightline::InputFile::Role::Scenario);
    if (!text) {
        error = where(path) + QString::fromStdString(text.status().detail());
        return std::nullopt;
    }
    return parse(QByteArray::fromStdString(*text), path, error);
}

std::optional<Scenario> Scenario::parse(const QByteArray& text, const QString& path, QString& error)
{
    if (text.size() > kMaxScenarioBytes) {
        error = where(path) + QCoreApplication::translate("Scenario", "too large for a scenario file");
        return std::nullopt;
    }
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &parse);
    if (parse.error != QJsonParseError::NoError || !doc.isObject()) {
        error = where(path) + QCoreApplication::translate("Scenario", "not a scenario (not a JSON object: %1)").arg(parse.errorString());
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    const QJsonValue version = o.value(QStringLiteral("version"));
    if (!version.isDouble() || version.toInt() < 1) {
        error = where(path) + QCoreApplication::translate("Scenario", "not a scenario (no \"version\")");
        return std::nullopt;
    }
    if (version.toInt() > kVersion) {
        error = where(path) + QCoreApplication::translate("Scenario", "made by a newer Sightline (format version %1; this one reads %2)").arg(version.toInt()).arg(kVersion);
        return std::nullopt;
    }
    Scenario s;
    const QJsonValue traces = o.value(QStringLiteral("traces"));
    if (!traces.isArray() || traces.toArray().isEmpty()) {
        error = where(path) + QCoreApplication::translate("Scenario", "\"traces\" wants a list of trace files");
        return std::nullopt;
    }
    const QDir base = QFileInfo(path).absoluteDir();
    for (const QJsonValue& t : traces.toArray()) {
        if (!t.isString() || t.toString().isEmpty()) {
            error = where(path) + QCoreApplication::translate("Scenario", "\"traces\" holds something that is not a file name");
            return std::nullopt;
        }
        s.traceFiles << QDir::cleanPath(base.absoluteFilePath(t.toString()));
    }
    const QJsonObject alignment = o.value(QStringLiteral("alignment")).toObject();
    // Offsets are written as decimal strings: nanoseconds past 2^53 do not survive a JSON number.
    for (const QJsonValue& v : alignment.value(QStringLiteral("offsets_ns")).toArray()) {
        bool ok = false;
        const qlonglong ns = v.toString().toLongLong(&ok);
        if (!ok || ns < -sightline::AlignmentOptions::kMaxOffsetNs || ns > sightline::AlignmentOptions::kMaxOffsetNs) {
            error = where(path) + QCoreApplication::translate("Scenario", "\"alignment.offsets_ns\" wants whole nanoseconds as decimal strings, at most a day either way");
            return std::nullopt;
        }
        s.offsets.push_back(ns);
    }
    const QJsonObject steps = o.value(QStringLiteral("steps")).toObject();
    for (const auto& [key, into] : { std::pair { QStringLiteral("first"), &s.firstStep }, std::pair { QStringLiteral("last"), &s.lastStep } }) {
        const QJsonValue v = steps.value(key);
        if (!v.isUndefined() && (!v.isDouble() || v.toDouble() < -1 || v.toDouble() != std::floor(v.toDouble()) || v.toDouble() > 1e15)) {
            error = where(path) + QCoreApplication::translate("Scenario", "\"steps.%1\" wants a step number, or -1 for every step").arg(key);
            return std::nullopt;
        }
        *into = static_cast<std::int64_t>(v.toDouble(-1));
    }
    if (s.firstStep >= 0 && s.lastStep >= 0 && s.firstStep > s.lastStep) {
        error = where(path) + QCoreApplication::translate("Scenario", "\"steps.first\" comes after \"steps.last\"");
        return std::nullopt;
    }
    const QJsonValue budget = o.value(QStringLiteral("memory_budget_bytes"));
    // At most an exabyte: any real device's memory, and far inside what the byte count can hold.
    if (!budget.isUndefined() && (!budget.isDouble() || budget.toDouble() < 0 || budget.toDouble() > 1e18)) {
        error = where(path) + QCoreApplication::translate("Scenario", "\"memory_budget_bytes\" wants a number of bytes");
        return std::nullopt;
    }
    s.budgetBytes = static_cast<std::int64_t>(budget.toDouble(0));
    const QJsonValue view = o.value(QStringLiteral("view"));
    if (!view.isUndefined() && (!view.isString() || !viewNames().contains(view.toString()))) {
        error = where(path) + QCoreApplication::translate("Scenario", "\"view\" wants one of %1").arg(viewNames().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    s.view = view.toString();
    const QJsonArray strategy = o.value(QStringLiteral("strategy")).toArray();
    QString strategyError;
    const auto parsed = StrategyJson::parse(QJsonDocument(QJsonObject { { QStringLiteral("strategy"), strategy } }).toJson(), strategyError);
    if (!parsed) {
        error = where(path) + strategyError;
        return std::nullopt;
    }
    for (qsizetype k = 0; k < static_cast<qsizetype>(parsed->steps.size()); ++k)
        s.strategy.push_back({ parsed->steps[static_cast<std::size_t>(k)], strategy[k].toObject().value(QStringLiteral("enabled")).toBool(true) });
    return s;
}

bool Scenario::write(const QString& path, QString& error) const
{
    const QDir base = QFileInfo(path).absoluteDir();
    QJsonArray traces;
    for (const QString& f : traceFiles) {
        const QString relative = base.relativeFilePath(f);
        traces.append(QDir::isAbsolutePath(relative) ? f : relative);
    }
    QJsonArray offsetsNs;
    for (const sightline::TimeNs t : offsets)
        offsetsNs.append(QString::number(t));
    sightline::Strategy all;
    for (const Step& s : strategy)
        all.steps.push_back(s.step);
    QJsonArray steps = StrategyJson::toJson(all);
    for (qsizetype k = 0; k < steps.size(); ++k) {
        QJsonObject step = steps[k].toObject();
        step.insert(QStringLiteral("enabled"), strategy[static_cast<std::size_t>(k)].enabled);
        steps[k] = step;
    }
    QJsonObject doc { { QStringLiteral("version"), kVersion }, { QStringLiteral("traces"), traces },
        { QStringLiteral("alignment"), QJsonObject { { QStringLiteral("offsets_ns"), offsetsNs } } },
        { QStringLiteral("steps"), QJsonObject { { QStringLiteral("first"), static_cast<double>(firstStep) }, { QStringLiteral("last"), static_cast<double>(lastStep) } } },
        { QStringLiteral("strategy"), steps }, { QStringLiteral("memory_budget_bytes"), static_cast<double>(budgetBytes) } };
    if (!view.isEmpty())
        doc.insert(QStringLiteral("view"), view);
    const QByteArray bytes = QJsonDocument(doc).toJson();
    const sightline::Status written = sightline::OutputFile::writeWhole(QFile::encodeName(path).toStdString(), bytes.toStdString());
    if (!written.ok()) {
        error = where(path) + QString::fromStdString(written.detail());
        return false;
    }
    return true;
}

const QStringList& Scenario::viewNames()
{
    static const QStringList names { QStringLiteral("measured"), QStringLiteral("replayed"), QStringLiteral("whatif"), QStringLiteral("both") };
    return names;
}

QStringList Scenario::missingFiles() const
{
    QStringList missing;
    for (const QString& f : traceFiles) {
        if (!QFileInfo::exists(f))
            missing << f;
    }
    return missing;
}
