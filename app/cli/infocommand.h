#pragma once

#include <QStringList>

class QJsonObject;
class QTextStream;

namespace sightline {
class Status;
class TraceSummary;
}

// `sightline-cli info FILES... [--json]`: loads a job and prints its format, ranks, tracks, ops by kind,
// measured steps, collectives and load warnings, as text or as the JSON document of docs/cli.md.
class InfoCommand {
public:
    // args are the arguments after "info". Returns the process exit code.
    static int run(const QStringList& args);

    static QJsonObject toJson(const sightline::TraceSummary& summary, const QJsonObject& processGroups);
};
