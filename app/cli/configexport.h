#pragma once

#include "exportmanifest.h"

#include <QString>
#include <QStringList>

namespace sightline {
class FrameworkConfig;
}

// Writes a strategy's framework configs (FrameworkConfig::files) and their manifest
// (ExportManifest) into a folder: a new or empty one, or one that holds a previous export and nothing
// else, whose files the new export replaces as a whole (those it does not write again are removed). A
// folder holding anything else, or links, is refused, naming it, before anything is written. Every file
// is written in full before any replaces its namesake (OutputFile: a full disk or a short write is an error, and a symlink is replaced, never written through), and the manifest last. Shared by
// `sightline-cli whatif --export-config` and the window's File > Export Strategy.
namespace ConfigExport {

struct Written {
    QStringList files; // the paths written, in order, the manifest last
    QStringList notes; // what the export could not say
    QString error; // empty when every file was written
};
Written write(const sightline::FrameworkConfig& config, const ExportManifest::Source& source, const QString& folder);
// What an export of config would write, before anything is: per framework, its files, and what each
// step becomes there or why it has no equivalent; then the notes. Plain text, one line per item.
QString preview(const sightline::FrameworkConfig& config);

} // namespace ConfigExport
