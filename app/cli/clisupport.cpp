#include "clisupport.h"

#include "core/base/status.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace CliSupport {

std::vector<std::string> toPaths(const QStringList& files)
{
    std::vector<std::string> paths;
    paths.reserve(static_cast<std::size_t>(files.size()));
    for (const QString& f : files)
        paths.push_back(QFile::encodeName(f).toStdString());
    return paths;
}

std::optional<int> parseCommandLine(QCommandLineParser& parser, const QStringList& args, const QString& command)
{
    const QString prefix = QStringLiteral("sightline-cli ") + command;
    QStringList all = args;
    all.prepend(prefix);
    if (!parser.parse(all)) {
        QTextStream(stderr) << prefix << ": " << parser.errorText() << '\n';
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << parser.helpText();
        return 0;
    }
    if (parser.positionalArguments().isEmpty()) {
        QTextStream(stderr) << prefix << ": no trace files given\n" << parser.helpText();
        return 2;
    }
    return std::nullopt;
}

QCommandLineOption setUpParser(QCommandLineParser& parser, const QString& description)
{
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("Trace files or folders of one job."), QStringLiteral("FILES..."));
    return QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print a JSON document (see docs/cli.md)."));
}

QJsonObject errorJson(const sightline::Status& status)
{
    return QJsonObject { { QStringLiteral("error"),
        QJsonObject {
            { QStringLiteral("code"), QString::fromLatin1(sightline::errorCodeName(status.code())) },
            { QStringLiteral("file"), qs(status.file()) },
            { QStringLiteral("byte_offset"), static_cast<double>(status.byteOffset()) },
            { QStringLiteral("detail"), qs(status.detail()) },
        } } };
}

int reportFailure(const sightline::Status& status, bool json)
{
    QTextStream(stderr) << "sightline-cli: error: " << qs(status.toString()) << '\n';
    if (json)
        QTextStream(stdout) << QJsonDocument(errorJson(status)).toJson(QJsonDocument::Indented);
    return 1;
}

} // namespace CliSupport
