#include "infocommand.h"

#include "clisupport.h"

#include "core/analysis/tracesummary.h"
#include "core/base/resourcelimits.h"
#include "core/base/status.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cstdio>

using namespace sightline;

namespace {

using CliSupport::qs;
using CliSupport::toMs;

QJsonArray processGroupsJson(const Trace& trace)
{
    QJsonArray groups;
    for (const ProcessGroup& g : trace.processGroups()) {
        QJsonArray ranks;
        for (std::int32_t r : g.ranks)
            ranks.append(r);
        groups.append(QJsonObject {
            { QStringLiteral("name"), qs(trace.string(g.name)) },
            { QStringLiteral("description"), qs(trace.string(g.description)) },
            { QStringLiteral("backend"), qs(trace.string(g.backend)) },
            { QStringLiteral("ranks"), ranks },
        });
    }
    return groups;
}

// The load's warnings as records: what, where first, how often (the "warnings" strings say the same for people).
QJsonArray diagnosticsJson(const Trace& trace)
{
    QJsonArray out;
    for (const Diagnostic& d : trace.diagnostics()) {
        out.append(QJsonObject {
            { QStringLiteral("code"), QString::fromLatin1(errorCodeName(d.code)) },
            { QStringLiteral("file"), qs(d.file) },
            { QStringLiteral("byte_offset"), static_cast<double>(d.firstByteOffset) },
            { QStringLiteral("count"), static_cast<double>(d.count) },
            { QStringLiteral("detail"), qs(d.detail.english()) },
        });
    }
    return out;
}

void printText(QTextStream& out, const TraceSummary& s, const Trace& trace, double seconds)
{
    out << "Format: " << qs(s.format) << "   World size: " << s.worldSize << "   Ranks loaded: " << s.ranks.size()
        << "   Ops: " << s.ops << "   Loaded in " << QString::number(seconds, 'f', 2) << " s\n";
    for (const ProcessGroup& g : trace.processGroups()) {
        out << "Process group " << qs(trace.string(g.name)) << " (" << qs(trace.string(g.description)) << ", "
            << qs(trace.string(g.backend)) << "): " << g.ranks.size() << " ranks\n";
    }
    for (const TraceSummary::Rank& r : s.ranks) {
        out << "\nRank " << r.rank << "  " << qs(r.file) << "\n";
        out << "  rank from " << qs(r.rankSource);
        if (!r.host.empty())
            out << ", host " << qs(r.host);
        out << ", " << r.tracks << " tracks (" << r.gpuStreams << " GPU), " << r.ops << " ops\n";
        out << "  ops by kind:";
        for (int k = 0; k < kOpKindCount; ++k) {
            if (r.opsByKind[k] > 0)
                out << ' ' << qs(opKindName(static_cast<OpKind>(k))) << ' ' << r.opsByKind[k];
        }
        out << "\n  collectives: " << r.collectives;
        if (!r.collectivesByName.empty()) {
            out << " (";
            bool first = true;
            for (const auto& [name, count] : r.collectivesByName) {
                out << (first ? "" : ", ") << qs(name) << ' ' << count;
                first = false;
            }
            out << "), " << QString::number(static_cast<double>(r.communicationBytes) / 1e6, 'f', 2) << " MB";
        }
        out << "\n  steps (" << qs(stepMethodName(r.stepMethod)) << "):";
        if (r.steps.empty())
            out << " none";
        for (const auto& step : r.steps)
            out << "\n    " << qs(step.name) << "  " << CliSupport::msText(toMs(step.durationNs)) << " ms";
        out << '\n';
    }
    if (!s.warnings.empty()) {
        out << "\nWarnings:\n";
        for (const std::string& w : s.warnings)
            out << "  " << qs(w) << '\n';
    }
}

} // namespace

QJsonObject InfoCommand::toJson(const TraceSummary& s, const QJsonObject& extra)
{
    QJsonArray ranks;
    for (const TraceSummary::Rank& r : s.ranks) {
        QJsonArray steps;
        for (const auto& step : r.steps) {
            steps.append(QJsonObject {
                { QStringLiteral("name"), qs(step.name) },
                { QStringLiteral("number"), static_cast<double>(step.number) },
                { QStringLiteral("duration_ms"), toMs(step.durationNs) },
            });
        }
        QJsonObject byKind;
        for (int k = 0; k < kOpKindCount; ++k)
            byKind.insert(qs(opKindName(static_cast<OpKind>(k))), static_cast<double>(r.opsByKind[k]));
        QJsonObject byName;
        for (const auto& [name, count] : r.collectivesByName)
            byName.insert(qs(name), static_cast<double>(count));
        ranks.append(QJsonObject {
            { QStringLiteral("rank"), r.rank },
            { QStringLiteral("file"), qs(r.file) },
            { QStringLiteral("host"), qs(r.host) },
            { QStringLiteral("rank_source"), qs(r.rankSource) },
            { QStringLiteral("tracks"), r.tracks },
            { QStringLiteral("gpu_streams"), r.gpuStreams },
            { QStringLiteral("ops"), static_cast<double>(r.ops) },
            { QStringLiteral("ops_by_kind"), byKind },
            { QStringLiteral("step_method"), qs(stepMethodName(r.stepMethod)) },
            { QStringLiteral("steps"), steps },
            { QStringLiteral("collectives"), static_cast<double>(r.collectives) },
            { QStringLiteral("collectives_by_name"), byName },
            { QStringLiteral("communication_bytes"), static_cast<double>(r.communicationBytes) },
        });
    }
    QJsonArray warnings;
    for (const std::string& w : s.warnings)
        warnings.append(qs(w));
    QJsonObject doc {
        { QStringLiteral("format"), qs(s.format) },
        { QStringLiteral("world_size"), s.worldSize },
        { QStringLiteral("ops"), static_cast<double>(s.ops) },
        { QStringLiteral("ranks"), ranks },
        { QStringLiteral("warnings"), warnings },
    };
    for (auto it = extra.begin(); it != extra.end(); ++it)
        doc.insert(it.key(), it.value());
    return doc;
}

int InfoCommand::run(const QStringList& args)
{
    QCommandLineParser parser;
    const QCommandLineOption jsonOption = CliSupport::setUpParser(parser, QStringLiteral("Print what a set of trace files holds."));
    parser.addOption(jsonOption);
    CliSupport::addLimitOptions(parser);
    if (const std::optional<int> exit = CliSupport::parseCommandLine(parser, args, QStringLiteral("info")))
        return *exit;
    const std::optional<ResourceLimits> limits = CliSupport::limitsFrom(parser, QStringLiteral("info"));
    if (!limits)
        return 2;
    const std::vector<std::string> paths = CliSupport::toPaths(parser.positionalArguments());

    QElapsedTimer timer;
    timer.start();
    Expected<std::shared_ptr<const Trace>> trace = TraceLoader::load(paths, nullptr, nullptr, *limits);
    const double seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
    if (!trace)
        return CliSupport::reportFailure(trace.status(), parser.isSet(jsonOption));
    QTextStream out(stdout);
    const TraceSummary summary = TraceSummary::compute(**trace);
    if (parser.isSet(jsonOption)) {
        QJsonObject extra { { QStringLiteral("process_groups"), processGroupsJson(**trace) },
            { QStringLiteral("diagnostics"), diagnosticsJson(**trace) }, { QStringLiteral("load_seconds"), seconds } };
        out << QJsonDocument(toJson(summary, extra)).toJson(QJsonDocument::Indented);
    } else {
        printText(out, summary, **trace, seconds);
    }
    return 0;
}
