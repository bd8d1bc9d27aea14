#include "exportarguments.h"

#include "clisupport.h"
#include "configexport.h"

#include "core/model/trace.h"
#include "core/session/jobsession.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QTextStream>

using namespace sightline;

ExportArguments::ExportArguments()
    : m_configOption(QStringLiteral("export-config"),
        QStringLiteral("Write the strategy as framework configs (PyTorch DDP, DeepSpeed, Horovod, BytePS, XLA, "
                       "launchers) and their manifest into DIR."),
        QStringLiteral("DIR"))
    , m_batchOption(QStringLiteral("batch"),
          QStringLiteral("With --export-config: the samples each rank takes per optimizer step, as measured (default: "
                         "read from the "
                         "trace's input shapes)."),
          QStringLiteral("N"))
{
}

void ExportArguments::addTo(QCommandLineParser& parser) const
{
    parser.addOptions({ m_configOption, m_batchOption });
}

bool ExportArguments::read(const QCommandLineParser& parser, const QString& command, QTextStream& err)
{
    m_folder = parser.value(m_configOption);
    if (parser.isSet(m_configOption) && m_folder.isEmpty()) {
        err << "sightline-cli " << command << ": --export-config wants a folder, not ''\n";
        return false;
    }
    if (parser.isSet(m_batchOption)) {
        if (!parser.isSet(m_configOption)) {
            err << "sightline-cli " << command << ": --batch goes with --export-config\n";
            return false;
        }
        bool ok = false;
        const qlonglong batch = parser.value(m_batchOption).toLongLong(&ok);
        if (!ok || batch < 1 || batch > (1LL << 40)) {
            err << "sightline-cli " << command << ": --batch wants a whole number of samples from 1 to 2^40, not '"
                << parser.value(m_batchOption) << "'\n";
            return false;
        }
        m_options.batch = batch;
    }
    return true;
}

bool ExportArguments::checkFolder(const QString& command, QTextStream& err) const
{
    const QFileInfo folder(m_folder);
    if (!requested() || !folder.exists() || folder.isDir())
        return true;
    err << "sightline-cli " << command << ": --export-config: " << QDir::toNativeSeparators(m_folder)
        << " is a file, not a folder\n";
    return false;
}

std::optional<int> ExportArguments::write(const Strategy& strategy, const JobSession& session,
    const WhatIfResult& result, const QString& command, bool json, QTextStream& err, Written& written) const
{
    const Expected<FrameworkConfig> config = FrameworkConfig::of(strategy, session.analyses(), m_options);
    if (!config) {
        err.flush();
        return CliSupport::reportFailure(config.status(), json);
    }
    const ExportManifest::Source source { &strategy, &session.trace(), result.baseline.get(), result.whatIf.get(),
        QStringLiteral("sightline-cli " SIGHTLINE_VERSION) };
    const ConfigExport::Written files = ConfigExport::write(*config, source, m_folder);
    if (!files.error.isEmpty()) {
        err << "sightline-cli " << command << ": " << files.error << '\n';
        return 1;
    }
    written.files = files.files;
    written.warnings = files.notes;
    for (const FrameworkConfig::Translation& t : config->translations) {
        QJsonArray into;
        for (const std::string& name : t.files)
            into.append(QString::fromStdString(name));
        const std::string_view framework = frameworkName(t.framework);
        written.translations.append(QJsonObject { { QStringLiteral("step"), QString::fromStdString(t.step) },
            { QStringLiteral("framework"), CliSupport::qs(framework) }, { QStringLiteral("expressed"), t.expressed },
            { QStringLiteral("text"), QString::fromStdString(t.text) }, { QStringLiteral("files"), into } });
    }
    if (written.files.isEmpty())
        written.warnings.append(
            QStringLiteral("--export-config: no pass of the strategy has a framework setting to export"));
    return std::nullopt;
}
