#pragma once

#include "core/strategy/passparameter.h"

#include <QByteArray>
#include <QJsonArray>
#include <QString>
#include <QStringList>

#include <optional>

// Strategies as JSON (docs/strategy.md): a `strategy` array of { "pass": NAME, "params": { ... } }
// steps, alone or in a { "version": 1, "strategy": [...] } document; and `--set PASS.PARAM=VALUE`
// arguments. Parsing checks the shape only; PassRegistry checks passes and parameters.
namespace StrategyJson {

// The strategy of a document; nothing, with error set, when it is not one.
std::optional<sightline::Strategy> parse(const QByteArray& text, QString& error);
// The strategy of the file at path, read through InputFile (no device, FIFO or socket, at most 4 MiB);
// nothing, with error naming the file and what is wrong, when it cannot be read or is not one.
std::optional<sightline::Strategy> read(const QString& path, QString& error);
// The strategy of --set arguments: one step per pass named, in the order first named, holding every
// parameter set for it. Values that read as numbers are numbers, the others text.
std::optional<sightline::Strategy> fromAssignments(const QStringList& assignments, QString& error);
QJsonArray toJson(const sightline::Strategy& strategy);

} // namespace StrategyJson
