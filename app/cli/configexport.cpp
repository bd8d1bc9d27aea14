#include "configexport.h"

#include "core/strategy/frameworkconfig.h"

#include <QDir>
#include <QSaveFile>

namespace ConfigExport {

Written write(const sightline::FrameworkConfig& config, const QString& folder)
{
    Written out;
    const QDir dir(folder);
    if (!dir.mkpath(QStringLiteral("."))) {
        out.error = QStringLiteral("cannot create ") + QDir::toNativeSeparators(dir.path());
        return out;
    }
    for (const sightline::FrameworkConfig::File& f : config.files()) {
        QSaveFile file(dir.filePath(QString::fromStdString(f.name)));
        if (!file.open(QIODevice::WriteOnly) || file.write(f.text.data(), static_cast<qint64>(f.text.size())) < 0 || !file.commit()) {
            out.error = QStringLiteral("cannot write ") + QDir::toNativeSeparators(file.fileName()) + QStringLiteral(": ") + file.errorString();
            return out;
        }
        out.files.append(file.fileName());
    }
    for (const std::string& note : config.notes)
        out.notes.append(QString::fromStdString(note));
    return out;
}

} // namespace ConfigExport
