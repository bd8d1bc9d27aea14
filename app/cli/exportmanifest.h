#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace sightline {
class FrameworkConfig;
class Trace;
struct ReplayResult;
struct Strategy;
}

// The manifest every export writes beside its files (sightline-export.json): the strategy, the traces
// it was made from (names, sizes and SHA-256 of their contents), the tool, the predicted iteration and
// peak memory, the files written, and per framework its files and what each step became there or why
// it has no equivalent. It ties an export to what made it, and lets the next export into the folder
// replace this one's files as a whole.
namespace ExportManifest {

inline constexpr QLatin1StringView kFileName { "sightline-export.json" };

struct Source {
    const sightline::Strategy* strategy = nullptr;
    const sightline::Trace* trace = nullptr; // the measured job, whose ranks name their files
    const sightline::ReplayResult* baseline = nullptr;
    const sightline::ReplayResult* whatIf = nullptr;
    QString tool; // what wrote it, with its version: "sightline-cli 0.1.0"
};

// The manifest of config exported from source.
QByteArray build(const sightline::FrameworkConfig& config, const Source& source);
// The files a manifest lists as written; nothing, with error set, when text is not a manifest.
std::optional<QStringList> filesOf(const QByteArray& text, QString& error);

} // namespace ExportManifest
