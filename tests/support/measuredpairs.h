#pragma once

// A ground-truth set's measurements (tests/groundtruth/kineto_pairs.py's measurements.json): per
// pair, the unprofiled median step of its base and its changed side. Tests read them in place.

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

namespace measuredpairs {

// The file's "pairs" object; empty when the file cannot be read.
inline QJsonObject read(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object()[QStringLiteral("pairs")].toObject();
}

// The pair's changed median step over its base's; 0 when the pair or its base is missing.
inline double ratio(const QJsonObject& pairs, const QString& pair)
{
    const QJsonObject p = pairs[pair].toObject();
    const QJsonObject variants = p[QStringLiteral("variants")].toObject();
    const auto median = [&](const QString& side) {
        return variants[p[side].toString()]
            .toObject()[QStringLiteral("step_ms")]
            .toObject()[QStringLiteral("median")]
            .toDouble();
    };
    const double base = median(QStringLiteral("base"));
    return base > 0 ? median(QStringLiteral("changed")) / base : 0.0;
}

} // namespace measuredpairs
