#pragma once

#include <QString>
#include <QStringList>

namespace sightline {
class FrameworkConfig;
}

// Writes a strategy's framework configs (FrameworkConfig::files) into a folder, each file atomically
// (QSaveFile), making the folder when it is missing. Shared by `sightline-cli whatif --export-config`
// and the window's File > Export Strategy.
namespace ConfigExport {

struct Written {
    QStringList files; // the paths written, in order
    QStringList notes; // what the export could not say
    QString error; // empty when every file was written
};
Written write(const sightline::FrameworkConfig& config, const QString& folder);

} // namespace ConfigExport
