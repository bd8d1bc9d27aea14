#include "clisupport.h"

#include <QCommandLineParser>
#include <QFile>
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

} // namespace CliSupport
