#include "clisupport.h"

#include "core/base/resourcelimits.h"
#include "core/base/status.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTextStream>

#include <algorithm>
#include <cmath>


namespace CliSupport {

namespace {

const QString kMaxDecodedOption = QStringLiteral("max-decoded-gb");
const QString kMaxMemoryOption = QStringLiteral("max-memory-gb");
const QString kProfilerOverheadOption = QStringLiteral("profiler-overhead");
const QString kMemoryBudgetOption = QStringLiteral("memory-budget");
const QString kScalingOption = QStringLiteral("scaling");
// The options whose every value counts (each adds a rank's offset, a link's figures or a pass
// parameter); any other option takes one value.
const QStringList kRepeatableOptions = { QStringLiteral("offset"), QStringLiteral("link"), QStringLiteral("set") };

} // namespace

QJsonValue bytesJson(std::int64_t bytes)
{
    return bytes > 0 ? QJsonValue(static_cast<qint64>(bytes)) : QJsonValue();
}

std::vector<std::string> toPaths(const QStringList& files)
{
    std::vector<std::string> paths;
    paths.reserve(static_cast<std::size_t>(files.size()));
    for (const QString& f : files)
        paths.push_back(QFile::encodeName(f).toStdString());
    return paths;
}

std::optional<QString> conflictingValues(const QCommandLineParser& parser)
{
    QStringList seen;
    for (const QString& name : parser.optionNames()) {
        if (seen.contains(name))
            continue;
        seen.push_back(name);
        QStringList values = parser.values(name);
        values.removeDuplicates();
        if (values.size() >= 2 && !kRepeatableOptions.contains(name))
            return QStringLiteral("--%1 is given %2 different values ('%3'); it takes one")
                .arg(name)
                .arg(values.size())
                .arg(values.join(QStringLiteral("', '")));
    }
    return std::nullopt;
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
    if (const std::optional<QString> conflict = conflictingValues(parser)) {
        QTextStream(stderr) << prefix << ": " << *conflict << '\n';
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

void addLimitOptions(QCommandLineParser& parser)
{
    parser.addOption(QCommandLineOption(kMaxDecodedOption,
        QStringLiteral("Refuse a job whose files decode to more than G gigabytes of text (default 16)."), QStringLiteral("G")));
    parser.addOption(QCommandLineOption(kMaxMemoryOption,
        QStringLiteral("Refuse a job whose model, graph and replay would need more than G gigabytes of memory (default: four "
                       "fifths of this machine's memory)."),
        QStringLiteral("G")));
}

std::optional<sightline::ResourceLimits> limitsFrom(const QCommandLineParser& parser, const QString& command)
{
    sightline::ResourceLimits limits;
    const std::pair<const QString*, std::uint64_t*> options[] = { { &kMaxDecodedOption, &limits.maxDecodedBytes },
        { &kMaxMemoryOption, &limits.maxMemoryBytes } };
    for (const auto& [name, target] : options) {
        if (!parser.isSet(*name))
            continue;
        bool ok = false;
        const double gb = parser.value(*name).toDouble(&ok);
        const std::optional<std::uint64_t> bytes = ok ? sightline::ResourceLimits::bytesFromGigabytes(gb) : std::nullopt;
        if (!bytes) {
            QTextStream(stderr) << "sightline-cli " << command << ": --" << *name
                                << " wants a number of gigabytes from 1e-9 (a byte) to 1e9, not '"
                                << parser.value(*name) << "'\n";
            return std::nullopt;
        }
        *target = *bytes;
    }
    return limits;
}

void addProfilerOverheadOption(QCommandLineParser& parser)
{
    parser.addOption(QCommandLineOption(kProfilerOverheadOption,
        QStringLiteral("The profiler's own cost per recorded host event, taken out of the job to compare with it as it runs "
                       "unprofiled: auto (calibrated, for PyTorch profiler traces), none, or microseconds (default auto)."),
        QStringLiteral("auto|none|US"), QStringLiteral("auto")));
}

bool profilerOverheadFrom(const QCommandLineParser& parser, const QString& command, std::optional<double>& ns)
{
    const QString value = parser.value(kProfilerOverheadOption);
    ns.reset();
    if (value == QLatin1String("auto"))
        return true;
    if (value == QLatin1String("none")) {
        ns = 0.0;
        return true;
    }
    bool ok = false;
    const double us = value.toDouble(&ok);
    if (!ok || !std::isfinite(us) || us < 0 || us > 1e6) {
        QTextStream(stderr) << "sightline-cli " << command << ": --" << kProfilerOverheadOption
                            << " wants auto, none or microseconds per host event (0 to 1000000), not '" << value << "'\n";
        return false;
    }
    ns = us * 1000.0;
    return true;
}

void addMemoryBudgetOption(QCommandLineParser& parser)
{
    parser.addOption(QCommandLineOption(kMemoryBudgetOption,
        QStringLiteral(
            "The memory of each device, in gigabytes (10^9 bytes), that out of memory is judged against (default: "
            "the device's own, from the trace's deviceProperties)."),
        QStringLiteral("GB")));
}

bool memoryBudgetFrom(
    const QCommandLineParser& parser, const QString& command, std::optional<sightline::MemoryOptions>& memory)
{
    memory.reset();
    if (!parser.isSet(kMemoryBudgetOption))
        return true;
    bool ok = false;
    const double gb = parser.value(kMemoryBudgetOption).toDouble(&ok);
    const std::optional<std::uint64_t> bytes = ok ? sightline::ResourceLimits::bytesFromGigabytes(gb) : std::nullopt;
    if (!bytes) {
        QTextStream(stderr) << "sightline-cli " << command << ": --" << kMemoryBudgetOption
                            << " wants a number of gigabytes from 1e-9 (a byte) to 1e9, not '"
                            << parser.value(kMemoryBudgetOption) << "'\n";
        return false;
    }
    memory = sightline::MemoryOptions { static_cast<std::int64_t>(*bytes) };
    return true;
}

void addScalingOption(QCommandLineParser& parser, bool strongByDefault)
{
    parser.addOption(QCommandLineOption(kScalingOption,
        QStringLiteral("strong: the device counts share the measured global batch, each device computing on its share; "
                       "weak: each device keeps its measured batch (default: %1).")
            .arg(strongByDefault ? QStringLiteral("strong") : QStringLiteral("weak")),
        QStringLiteral("strong|weak"), strongByDefault ? QStringLiteral("strong") : QStringLiteral("weak")));
}

bool scalingOptionSet(const QCommandLineParser& parser)
{
    return parser.isSet(kScalingOption);
}

std::optional<bool> strongScalingFrom(const QCommandLineParser& parser, const QString& command)
{
    const QString value = parser.value(kScalingOption);
    if (value == QLatin1String("strong") || value == QLatin1String("weak"))
        return value == QLatin1String("strong");
    QTextStream(stderr) << "sightline-cli " << command << ": --" << kScalingOption << " wants strong or weak, not '"
                        << value << "'\n";
    return std::nullopt;
}

std::optional<std::vector<int>> deviceCounts(const QString& text, int measured)
{
    std::vector<int> counts;
    const auto count = [](const QString& s) -> std::optional<int> {
        bool ok = false;
        const int n = s.trimmed().toInt(&ok);
        return ok && n >= 1 && n <= kMostDevices ? std::optional<int>(n) : std::nullopt;
    };
    if (const QRegularExpressionMatch range
        = QRegularExpression(QStringLiteral("^\\s*(\\d+)\\s*-\\s*(\\d+)\\s*$")).match(text);
        range.hasMatch()) {
        const std::optional<int> low = count(range.captured(1)), high = count(range.captured(2));
        if (!low || !high || *low > *high)
            return std::nullopt;
        for (long long n = 1; n <= *high; n *= 2) {
            if (n >= *low)
                counts.push_back(static_cast<int>(n));
        }
        counts.push_back(*low);
        counts.push_back(*high);
        if (measured >= *low && measured <= *high)
            counts.push_back(measured);
    } else {
        for (const QString& part : text.split(QLatin1Char(','))) {
            const std::optional<int> n = count(part);
            if (!n)
                return std::nullopt;
            counts.push_back(*n);
        }
    }
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    if (counts.empty())
        return std::nullopt;
    return counts;
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
