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
// The strategy of --set arguments: one step per pass named, in the order first named, holding every
// parameter set for it. Values that read as numbers are numbers, the others text.
std::optional<sightline::Strategy> fromAssignments(const QStringList& assignments, QString& error);
QJsonArray toJson(const sightline::Strategy& strategy);

} // namespace StrategyJson
