#pragma once

#include "core/base/ids.h"
#include "core/base/millisecondtext.h"
#include "core/memory/memoryestimator.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

class QCommandLineOption;
class QCommandLineParser;
class QJsonObject;
class QJsonValue;

namespace sightline {
class Status;
struct ResourceLimits;
}

// What the CLI commands share: conversions between core's types and Qt's, and the argument handling
// every command starts with.
namespace CliSupport {

inline QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

inline double toMs(sightline::TimeNs ns)
{
    return static_cast<double>(ns) / 1e6;
}

// A figure in milliseconds for text output, with the decimals every such figure takes (MillisecondText).
inline QString msText(double ms)
{
    return QString::number(ms, 'f', sightline::MillisecondText::decimals(ms));
}

// A peak in gigabytes for text output; "unknown" where the job gave no memory estimate.
inline QString gigabytesText(std::int64_t bytes)
{
    return bytes > 0 ? QString::number(static_cast<double>(bytes) / 1e9, 'f', 3) + QStringLiteral(" GB")
                     : QStringLiteral("unknown");
}

// A peak or budget in bytes for JSON output; null where the job gave no memory estimate (or none is set).
QJsonValue bytesJson(std::int64_t bytes);

// "1 device", "8 devices": a count and its noun, singular or plural.
inline QString counted(qint64 n, const char* singular, const char* plural)
{
    return QString::number(n) + u' ' + QLatin1String(n == 1 ? singular : plural);
}

// The note a figure carries in text output when the what-if behind it failed its own checks.
inline QString selfCheckedText(bool selfChecked)
{
    return selfChecked ? QStringLiteral(" (its self-checks warned)") : QString();
}

// File arguments as the paths core opens (in the file-name encoding of the system).
std::vector<std::string> toPaths(const QStringList& files);

// Parses args (those after the command name) with parser, which has its options and a FILES...
// positional argument. Prints help or the problem and returns the exit code when the command should
// stop there (0 after --help, 2 for bad arguments or no files); otherwise returns nothing. Refuses
// conflicting values (below).
std::optional<int> parseCommandLine(QCommandLineParser& parser, const QStringList& args, const QString& command);
// The problem, when the parsed arguments give an option two different values: which of them a user
// meant is not for a command to guess. The repeatable options (--offset, --link, --set) add every
// value, and the same value given twice is no conflict.
std::optional<QString> conflictingValues(const QCommandLineParser& parser);

// What every command's parser starts with: the description, --help, the FILES... argument and --json
// (returned; the caller adds it, before its own options, so that help lists it first).
QCommandLineOption setUpParser(QCommandLineParser& parser, const QString& description);

// Adds --max-decoded-gb and --max-memory-gb to parser.
void addLimitOptions(QCommandLineParser& parser);
// The limits those options set (defaults where not given); prints the problem and returns nothing
// when a value is not a positive number.
std::optional<sightline::ResourceLimits> limitsFrom(const QCommandLineParser& parser, const QString& command);

// Adds --profiler-overhead to parser: the profiler's cost per recorded host event that replays of the
// job as it ran without the profiler take out (auto: the calibrated estimate; none; or microseconds).
void addProfilerOverheadOption(QCommandLineParser& parser);
// The cost that option gives, in ns (nothing for auto); prints the problem and returns false when the
// value is none of auto, none or a non-negative number.
bool profilerOverheadFrom(const QCommandLineParser& parser, const QString& command, std::optional<double>& ns);

// Adds --memory-budget GB to parser: the memory of each device that out of memory is judged against.
void addMemoryBudgetOption(QCommandLineParser& parser);
// The budget that option gives (nothing when not given); prints the problem and returns false when the
// value is not a positive number of gigabytes.
bool memoryBudgetFrom(
    const QCommandLineParser& parser, const QString& command, std::optional<sightline::MemoryOptions>& memory);
// Adds --scaling strong|weak to parser, with its default: whether device counts share the measured
// global batch.
void addScalingOption(QCommandLineParser& parser, bool strongByDefault);
// Whether that option was given at all.
bool scalingOptionSet(const QCommandLineParser& parser);
// Whether that option asks for strong scaling; prints the problem and returns nothing when it is
// neither.
std::optional<bool> strongScalingFrom(const QCommandLineParser& parser, const QString& command);
// The most devices a count may name.
inline constexpr int kMostDevices = 65536;
// The device counts of --devices or --workers: "A-B" (the powers of two from A to B, and the job's own
// count when it lies between), "A,B,C", or "N"; sorted, without repeats; nothing when the text is none
// of these or a count is outside 1 to kMostDevices.
std::optional<std::vector<int>> deviceCounts(const QString& text, int measured);
// The JSON document of an error (docs/cli.md).
QJsonObject errorJson(const sightline::Status& status);

// Says why a command failed, on stderr, and as the JSON error document on stdout with --json; returns
// the exit code 1.
int reportFailure(const sightline::Status& status, bool json);

} // namespace CliSupport
