#pragma once

#include "core/strategy/frameworkconfig.h"

#include <QCommandLineOption>
#include <QJsonArray>
#include <QString>
#include <QStringList>

#include <optional>

class QCommandLineParser;
class QTextStream;

namespace sightline {
class JobSession;
struct Strategy;
struct WhatIfResult;
} // namespace sightline

// The options of the commands that export a strategy as framework configs: --export-config DIR and
// --batch N. Added to a parser, read after parsing, then used to write the configs of the strategy a
// command ends with (ConfigExport) and to say what each step became.
class ExportArguments {
public:
    ExportArguments();
    void addTo(QCommandLineParser& parser) const;
    // Reads the options; prints the problem (prefixed by the command) and returns false on a bad value.
    bool read(const QCommandLineParser& parser, const QString& command, QTextStream& err);
    bool requested() const { return !m_folder.isEmpty(); }
    // Whether the folder can be made or written into, before the command's work rather than after it:
    // false, having said why, where the path names a file.
    bool checkFolder(const QString& command, QTextStream& err) const;

    struct Written {
        QStringList files; // the paths written, the manifest last
        QStringList warnings; // what the export could not say
        QJsonArray translations; // what each step became in each framework (docs/cli.md)
    };
    // Writes the strategy's configs into the folder, with the what-if it was judged by in the manifest.
    // On failure says why (on stderr, or as the JSON error document with json) and returns the exit
    // code 1.
    std::optional<int> write(const sightline::Strategy& strategy, const sightline::JobSession& session,
        const sightline::WhatIfResult& result, const QString& command, bool json, QTextStream& err,
        Written& written) const;

private:
    QCommandLineOption m_configOption;
    QCommandLineOption m_batchOption;
    QString m_folder;
    sightline::FrameworkConfig::Options m_options;
};
