#include "strategyjson.h"

#include "core/base/inputfile.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

using namespace sightline;

namespace StrategyJson {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

std::optional<Strategy> parse(const QByteArray& text, QString& error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        error = QStringLiteral("not JSON: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset);
        return std::nullopt;
    }
    QJsonArray steps;
    if (doc.isArray()) {
        steps = doc.array();
    } else {
        const QJsonObject o = doc.object();
        const QJsonValue version = o.value(QStringLiteral("version"));
        if (!version.isUndefined() && version.toInt(-1) != 1) {
            error = QStringLiteral("version %1 is not one this build reads (1)").arg(version.toVariant().toString());
            return std::nullopt;
        }
        if (!o.value(QStringLiteral("strategy")).isArray()) {
            error = QStringLiteral("wants a strategy array, or an object with one under \"strategy\"");
            return std::nullopt;
        }
        steps = o.value(QStringLiteral("strategy")).toArray();
    }
    Strategy strategy;
    for (qsizetype k = 0; k < steps.size(); ++k) {
        const QJsonObject step = steps[k].toObject();
        const QString where = QStringLiteral("step %1: ").arg(k + 1);
        if (!steps[k].isObject() || !step.value(QStringLiteral("pass")).isString()) {
            error = where + QStringLiteral("wants an object with a \"pass\" name");
            return std::nullopt;
        }
        PassStep s;
        s.pass = step.value(QStringLiteral("pass")).toString().toStdString();
        const QJsonValue params = step.value(QStringLiteral("params"));
        if (!params.isUndefined() && !params.isObject()) {
            error = where + QStringLiteral("\"params\" wants an object");
            return std::nullopt;
        }
        const QJsonObject p = params.toObject();
        for (auto it = p.begin(); it != p.end(); ++it) {
            if (it.value().isDouble()) {
                s.params[it.key().toStdString()] = it.value().toDouble();
            } else if (it.value().isString()) {
                s.params[it.key().toStdString()] = it.value().toString().toStdString();
            } else {
                error = where + QStringLiteral("parameter '%1' wants a number or a text").arg(it.key());
                return std::nullopt;
            }
        }
        strategy.steps.push_back(std::move(s));
    }
    return strategy;
}

std::optional<Strategy> fromAssignments(const QStringList& assignments, QString& error)
{
    Strategy strategy;
    for (const QString& a : assignments) {
        const qsizetype eq = a.indexOf(QLatin1Char('='));
        const qsizetype dot = a.indexOf(QLatin1Char('.'));
        if (eq < 0 || dot < 1 || dot > eq - 2) {
            error = QStringLiteral("--set wants PASS.PARAM=VALUE, not '%1'").arg(a);
            return std::nullopt;
        }
        const std::string pass = a.left(dot).toStdString();
        const std::string param = a.mid(dot + 1, eq - dot - 1).toStdString();
        const QString value = a.mid(eq + 1);
        auto it = std::find_if(strategy.steps.begin(), strategy.steps.end(), [&](const PassStep& s) { return s.pass == pass; });
        if (it == strategy.steps.end()) {
            strategy.steps.push_back({ pass, {} });
            it = std::prev(strategy.steps.end());
        }
        if (it->params.count(param)) {
            error = QStringLiteral("--set gives %1.%2 twice").arg(QString::fromStdString(pass), QString::fromStdString(param));
            return std::nullopt;
        }
        bool number = false;
        const double v = value.toDouble(&number);
        if (number)
            it->params[param] = v;
        else
            it->params[param] = value.toStdString();
    }
    return strategy;
}

std::optional<Strategy> read(const QString& path, QString& error)
{
    const Expected<std::string> text = InputFile::read(QFile::encodeName(path).toStdString(), InputFile::Role::Strategy);
    if (!text) {
        error = QStringLiteral("cannot read %1: %2").arg(path, qs(text.status().detail()));
        return std::nullopt;
    }
    std::optional<Strategy> strategy = parse(QByteArray::fromStdString(*text), error);
    if (!strategy)
        error = path + QStringLiteral(": ") + error;
    return strategy;
}

QJsonArray toJson(const Strategy& strategy)
{
    QJsonArray out;
    for (const PassStep& step : strategy.steps) {
        QJsonObject params;
        for (const auto& [name, value] : step.params) {
            if (const double* d = std::get_if<double>(&value))
                params.insert(qs(name), *d);
            else
                params.insert(qs(name), qs(std::get<std::string>(value)));
        }
        out.append(QJsonObject { { QStringLiteral("pass"), qs(step.pass) }, { QStringLiteral("params"), params } });
    }
    return out;
}

} // namespace StrategyJson
