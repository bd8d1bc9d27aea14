#include "configexport.h"

#include "core/base/inputfile.h"
#include "core/base/outputfile.h"
#include "core/strategy/frameworkconfig.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <memory>
#include <vector>

namespace ConfigExport {

namespace {

QString shown(const QString& path)
{
    return QDir::toNativeSeparators(path);
}

// The files of the previous export in dir, which the new one may replace; an error naming what in dir
// no export wrote.
std::optional<QStringList> previousExport(const QDir& dir, QString& error)
{
    const QFileInfoList entries = dir.entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
    if (entries.isEmpty())
        return QStringList();
    const QString manifestPath = dir.filePath(ExportManifest::kFileName);
    const QFileInfo manifest(manifestPath);
    if (!manifest.exists() || manifest.isSymLink() || !manifest.isFile()) {
        error = shown(dir.path()) + QStringLiteral(" is not empty and holds no export's ") + ExportManifest::kFileName
            + QStringLiteral(": export into a new or empty folder, or one a previous export made");
        return std::nullopt;
    }
    const sightline::Expected<std::string> text
        = sightline::InputFile::read(QFile::encodeName(manifestPath).toStdString(), sightline::InputFile::Role::Manifest);
    if (!text) {
        error = QStringLiteral("cannot read ") + shown(manifestPath) + QStringLiteral(": ") + QString::fromStdString(text.status().detail());
        return std::nullopt;
    }
    QString why;
    std::optional<QStringList> files = ExportManifest::filesOf(QByteArray::fromStdString(*text), why);
    if (!files) {
        error = shown(manifestPath) + QStringLiteral(": ") + why;
        return std::nullopt;
    }
    for (const QFileInfo& entry : entries) {
        if (entry.fileName() == ExportManifest::kFileName)
            continue;
        if (!files->contains(entry.fileName())) {
            error = shown(dir.path()) + QStringLiteral(" holds ") + entry.fileName()
                + QStringLiteral(", which the export there did not write: export into a new or empty folder, or one a previous export made");
            return std::nullopt;
        }
        if (entry.isSymLink() || !entry.isFile()) {
            error = shown(entry.filePath()) + QStringLiteral(" is not a plain file: an export replaces only the files it wrote");
            return std::nullopt;
        }
    }
    return files;
}

} // namespace

Written write(const sightline::FrameworkConfig& config, const ExportManifest::Source& source, const QString& folder)
{
    Written out;
    const QDir dir(folder);
    if (!dir.mkpath(QStringLiteral("."))) {
        out.error = QStringLiteral("cannot create ") + shown(dir.path());
        return out;
    }
    const std::optional<QStringList> previous = previousExport(dir, out.error);
    if (!previous)
        return out;
    // Every file written in full first; none replaces its namesake until all are.
    std::vector<std::pair<QString, QByteArray>> texts;
    for (const sightline::FrameworkConfig::File& f : config.files())
        texts.emplace_back(QString::fromStdString(f.name), QByteArray::fromStdString(f.text));
    texts.emplace_back(QString(ExportManifest::kFileName), ExportManifest::build(config, source));
    std::vector<std::unique_ptr<sightline::OutputFile>> staged;
    auto failed = [&](const QString& path, const sightline::Status& s) {
        out.error = QStringLiteral("cannot write ") + shown(path) + QStringLiteral(": ") + QString::fromStdString(s.detail());
        return out;
    };
    for (const auto& [name, text] : texts) {
        auto file = std::make_unique<sightline::OutputFile>();
        const QString path = dir.filePath(name);
        sightline::Status s = file->open(QFile::encodeName(path).toStdString());
        if (s.ok())
            s = file->write(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
        if (!s.ok())
            return failed(path, s);
        staged.push_back(std::move(file));
    }
    // Only a file committed whole is reported as written.
    for (const std::unique_ptr<sightline::OutputFile>& file : staged) {
        const QString path = QFile::decodeName(QByteArray::fromStdString(file->target()));
        if (const sightline::Status s = file->commit(); !s.ok())
            return failed(path, s);
        out.files.append(path);
    }
    // What the previous export wrote and this one did not goes with it.
    for (const QString& name : *previous) {
        const bool again = std::any_of(texts.begin(), texts.end(), [&](const auto& t) { return t.first == name; });
        if (!again && QFileInfo::exists(dir.filePath(name)) && !QFile::remove(dir.filePath(name))) {
            out.error = QStringLiteral("cannot remove ") + shown(dir.filePath(name)) + QStringLiteral(", which the previous export wrote");
            return out;
        }
    }
    for (const std::string& note : config.notes)
        out.notes.append(QString::fromStdString(note));
    return out;
}

QString preview(const sightline::FrameworkConfig& config)
{
    const std::vector<sightline::FrameworkConfig::File> files = config.files();
    QStringList lines;
    for (const sightline::Framework f : sightline::kFrameworks) {
        const std::string_view name = sightline::frameworkName(f);
        QStringList written;
        for (const std::string& file : sightline::FrameworkConfig::namesFor(files, f))
            written.append(QString::fromStdString(file));
        lines.append(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())) + QStringLiteral(": ")
            + (written.isEmpty() ? QStringLiteral("no file") : written.join(QStringLiteral(", "))));
        for (const sightline::FrameworkConfig::Translation& t : config.translations) {
            if (t.framework == f)
                lines.append(QStringLiteral("  ") + QString::fromStdString(t.step) + (t.expressed ? QStringLiteral(" becomes ") : QStringLiteral(" has none: "))
                    + QString::fromStdString(t.text));
        }
    }
    if (!config.batchNote.empty())
        lines.append(QString::fromStdString(config.batchNote));
    lines.append(QString(ExportManifest::kFileName) + QStringLiteral(": what made the export, and all of the above"));
    return lines.join(u'\n');
}

} // namespace ConfigExport
