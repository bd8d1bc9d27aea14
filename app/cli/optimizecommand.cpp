#include "optimizecommand.h"

#include "clisupport.h"
#include "exportarguments.h"
#include "replayreport.h"
#include "searcharguments.h"
#include "searchprocesses.h"
#include "searchprogress.h"
#include "strategyjson.h"

#include "core/base/outputfile.h"
#include "core/base/parallel.h"
#include "core/base/resourcelimits.h"
#include "core/search/criticalpathoptimizer.h"
#include "core/search/frontiertracker.h"
#include "core/session/jobsession.h"
#include "core/strategy/passes/workercountpass.h"
#include "core/strategy/strategyrunner.h"

#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <optional>

using namespace sightline;
using ReplayReport::rounded;

namespace {

const auto ms = CliSupport::toMs;

// A whole number option from 1 to most, or nothing after saying what is wrong.
std::optional<int> countOf(
    const QCommandLineParser& parser, const QCommandLineOption& option, int most, QTextStream& err)
{
    bool ok = false;
    const int value = parser.value(option).toInt(&ok);
    if (ok && value >= 1 && value <= most)
        return value;
    err << "sightline-cli optimize: --" << option.names().constFirst() << " wants a whole number from 1 to " << most
        << ", not '" << parser.value(option) << "'\n";
    return std::nullopt;
}

// The device count a strategy runs on: its worker_count step's, or the job's own.
int workersOf(const Strategy& strategy, int own)
{
    for (const PassStep& step : strategy.steps) {
        if (step.pass != "worker_count")
            continue;
        if (const auto it = step.params.find("workers");
            it != step.params.end() && std::holds_alternative<double>(it->second))
            own = static_cast<int>(std::get<double>(it->second));
    }
    return own;
}

// An opportunity's passes: "op_fusion", or "op_fusion+tensor_fusion" for a joint one.
QString passesOf(const Opportunity& o)
{
    QStringList names;
    for (const PassStep& step : o.steps)
        names.append(CliSupport::qs(step.pass));
    return names.join(QLatin1Char('+'));
}

// Its parameters: a step's own, or for several steps each one's under "pass.parameter".
QJsonObject paramsOf(const QJsonArray& steps)
{
    if (steps.size() == 1)
        return steps.first().toObject().value(QStringLiteral("params")).toObject();
    QJsonObject all;
    for (const QJsonValue& step : steps) {
        const QString pass = step.toObject().value(QStringLiteral("pass")).toString();
        const QJsonObject params = step.toObject().value(QStringLiteral("params")).toObject();
        for (auto it = params.begin(); it != params.end(); ++it)
            all.insert(pass + QLatin1Char('.') + it.key(), it.value());
    }
    return all;
}

QJsonArray opportunitiesJson(const SearchResult& r)
{
    QJsonArray list;
    for (const Opportunity& o : r.opportunities) {
        const QJsonArray steps = StrategyJson::toJson(Strategy { o.steps });
        list.append(
            QJsonObject { { QStringLiteral("pass"), passesOf(o) }, { QStringLiteral("params"), paramsOf(steps) },
                { QStringLiteral("strategy"), StrategyJson::toJson(o.strategy) },
                { QStringLiteral("gain_pct"), rounded(o.gainPct, 3) },
                { QStringLiteral("iteration_ms"), rounded(ms(o.iterationNs), 4) },
                { QStringLiteral("reason"), QString::fromStdString(o.reason.english()) },
                { QStringLiteral("self_checked"), o.selfChecked } });
    }
    return list;
}

QJsonArray trajectoryJson(const SearchResult& r)
{
    QJsonArray rounds;
    for (const SearchRound& round : r.trajectory) {
        rounds.append(QJsonObject { { QStringLiteral("round"), round.round },
            { QStringLiteral("iteration_ms"), rounded(ms(round.iterationNs), 4) },
            { QStringLiteral("peak_bytes"), CliSupport::bytesJson(round.peakBytes) },
            { QStringLiteral("move"),
                round.move.empty() ? QJsonValue() : QJsonValue(QString::fromStdString(round.move)) } });
    }
    return rounds;
}

void printResult(QTextStream& out, const SearchResult& r, double seconds)
{
    out << "Baseline: " << CliSupport::msText(ms(r.baselineNs)) << " ms per iteration, peak "
        << CliSupport::gigabytesText(r.baselinePeakBytes) << (r.baselineOutOfMemory ? " (out of memory)" : "")
        << "; its transfers, as every candidate's, timed by the cost model\n";
    out << "Best:     " << CliSupport::msText(ms(r.bestNs)) << " ms per iteration, peak "
        << CliSupport::gigabytesText(r.bestPeakBytes) << (r.bestOutOfMemory ? " (out of memory)" : "") << ", "
        << QString::number(r.speedup(), 'f', 3) << "x the baseline's speed\n";
    out << "Search: " << r.rounds << " rounds, " << r.candidates << " candidates in "
        << QString::number(seconds, 'f', 2) << " s\n";
    out << "Strategy:" << (r.best.steps.empty() ? " none (the baseline is the best found)" : "") << '\n';
    for (const QJsonValue& step : StrategyJson::toJson(r.best))
        out << "  " << QJsonDocument(step.toObject()).toJson(QJsonDocument::Compact) << '\n';
    if (!r.opportunities.empty())
        out << "Opportunities (gain alone, from the strategy the search had then):\n";
    for (const Opportunity& o : r.opportunities) {
        out << "  " << QString::number(o.gainPct, 'f', 2) << "%  " << passesOf(o) << ' '
            << QJsonDocument(paramsOf(StrategyJson::toJson(Strategy { o.steps }))).toJson(QJsonDocument::Compact)
            << ": " << QString::fromStdString(o.reason.english()) << CliSupport::selfCheckedText(o.selfChecked) << '\n';
    }
}

} // namespace

int OptimizeCommand::run(const QStringList& args)
{
    SearchProcesses group; // first: under mpirun, the other processes fall silent before anything is said,
                           // and the processes of a host share its cores
    QCommandLineParser parser;
    const QCommandLineOption jsonOption = CliSupport::setUpParser(parser,
        QStringLiteral("Search for the strategy with the shortest replayed iteration that fits the devices (dPRO's "
                       "critical-path optimizer)."));
    const QCommandLineOption roundsOption(QStringLiteral("max-rounds"),
        QStringLiteral("The most rounds the search runs (default 50)."), QStringLiteral("N"), QStringLiteral("50"));
    const QCommandLineOption candidatesOption(QStringLiteral("max-candidates"),
        QStringLiteral("The most candidate strategies the search replays (default 5000)."), QStringLiteral("N"),
        QStringLiteral("5000"));
    const QCommandLineOption objectiveOption(QStringLiteral("objective"),
        QStringLiteral(
            "time (the shortest iteration within the budget) or devices (the fewest devices with a strategy that fits, "
            "from the time-memory frontier) (default time)."),
        QStringLiteral("time|devices"), QStringLiteral("time"));
    const QCommandLineOption devicesOption(QStringLiteral("devices"),
        QStringLiteral("With --objective devices: the device counts to try, as frontier's --devices (default: 1 to the "
                       "job's own)."),
        QStringLiteral("A-B"));
    const QCommandLineOption outOption(QStringLiteral("out"),
        QStringLiteral("Write the best strategy as a strategy JSON file."), QStringLiteral("BEST.json"));
    const QString command = QStringLiteral("optimize");
    SearchArguments search(command);
    ExportArguments exports;
    parser.addOption(jsonOption);
    search.addTo(parser);
    parser.addOptions({ objectiveOption, devicesOption, roundsOption, candidatesOption, outOption });
    CliSupport::addScalingOption(parser, true);
    exports.addTo(parser);
    if (const std::optional<int> exit = CliSupport::parseCommandLine(parser, args, command))
        return *exit;
    QTextStream err(stderr);
    if (!search.read(parser, err, group) || !exports.read(parser, command, err))
        return 2;
    SearchOptions options;
    options.prefix = search.base();
    options.baseline = search.baseline();
    options.memory = search.memory();
    const std::optional<int> rounds = countOf(parser, roundsOption, 1000, err);
    const std::optional<int> candidates = countOf(parser, candidatesOption, 1'000'000, err);
    const std::optional<bool> strong = CliSupport::strongScalingFrom(parser, command);
    if (!rounds || !candidates || !strong)
        return 2;
    options.maxRounds = *rounds;
    options.maxCandidates = static_cast<std::size_t>(*candidates);
    const QString objective = parser.value(objectiveOption);
    if (objective != QLatin1String("time") && objective != QLatin1String("devices")) {
        err << "sightline-cli optimize: --objective wants time or devices, not '" << objective << "'\n";
        return 2;
    }
    if (CliSupport::scalingOptionSet(parser) && objective != QLatin1String("devices")) {
        err << "sightline-cli optimize: --scaling goes with --objective devices\n";
        return 2;
    }
    if (parser.isSet(devicesOption)
        && (objective != QLatin1String("devices") || !CliSupport::deviceCounts(parser.value(devicesOption), 0))) {
        err << "sightline-cli optimize: --devices wants A-B, A,B,C or N, with --objective devices, not '"
            << parser.value(devicesOption) << "'\n";
        return 2;
    }
    const bool json = parser.isSet(jsonOption);
    if (parser.isSet(outOption) && parser.value(outOption).isEmpty()) {
        err << "sightline-cli optimize: --out wants a file, not ''\n";
        return 2;
    }
    // The strategy file's folder and the configs' folder, checked before the search rather than after
    // it, by the process that writes them; every process stops where that fails.
    bool outOk = true;
    if (const QString out = parser.value(outOption); !out.isEmpty() && group.writes()) {
        const QFileInfo folder(QFileInfo(out).absolutePath());
        outOk = folder.isDir() && folder.isWritable();
        if (!outOk)
            err << "sightline-cli optimize: --out: " << QDir::toNativeSeparators(folder.filePath())
                << (folder.isDir() ? " is not writable\n" : " is not a folder\n");
    }
    if (group.writes())
        outOk = outOk && exports.checkFolder(command, err);
    if (!group.allOk(outOk))
        return 2;

    std::shared_ptr<const JobSession> session;
    if (const std::optional<int> exit = search.open(parser.positionalArguments(), json, err, group, session))
        return *exit;
    QElapsedTimer clock;
    clock.start();
    // The what-ifs running at once share half the memory the job may take; the session holds the rest.
    Expected<SearchResult> found = Status::cancelled();
    const std::unique_ptr<SearchProgress> progress = search.progress(group);
    if (objective == QLatin1String("devices")) {
        FrontierOptions frontier;
        frontier.prefix = options.prefix;
        frontier.baseline = options.baseline;
        frontier.memory = options.memory;
        frontier.globalBatch = *strong;
        const int own = WorkerCountPass::measuredWorkers(session->analyses());
        frontier.workers = *CliSupport::deviceCounts(
            parser.isSet(devicesOption) ? parser.value(devicesOption) : QStringLiteral("1-%1").arg(own), own);
        found = FrontierTracker::fewestDevices(
            *session, frontier, group.exchange(), search.limits().maxMemoryBytes / 2, nullptr, progress.get());
    } else {
        found = CriticalPathOptimizer::run(
            *session, options, group.exchange(), search.limits().maxMemoryBytes / 2, nullptr, progress.get());
    }
    progress->finish();
    if (!found) {
        err.flush();
        return CliSupport::reportFailure(found.status(), json);
    }
    const double seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    const SearchResult& r = *found;
    QStringList warnings = ReplayReport::loadWarnings(session->trace());
    for (const Message& w : r.warnings)
        warnings.append(QString::fromStdString(w.english()));
    for (const std::string& n : r.bestResult->whatIf->memory.notes)
        warnings.append(QStringLiteral("memory: ") + QString::fromStdString(n));
    if (!parser.value(outOption).isEmpty() && group.writes()) {
        const QJsonObject document { { QStringLiteral("version"), 1 },
            { QStringLiteral("strategy"), StrategyJson::toJson(r.best) } };
        const QByteArray text = QJsonDocument(document).toJson(QJsonDocument::Indented);
        if (Status s = OutputFile::writeWhole(parser.value(outOption).toStdString(),
                std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
            !s.ok()) {
            err << "sightline-cli optimize: " << QString::fromStdString(s.toString()) << '\n';
            return 1;
        }
    }
    ExportArguments::Written exported;
    if (exports.requested() && group.writes()) {
        if (const std::optional<int> exit
            = exports.write(r.best, *session, *r.bestResult, command, json, err, exported))
            return *exit;
        warnings.append(exported.warnings);
    }
    QTextStream out(stdout);
    if (json) {
        const QJsonObject doc {
            { QStringLiteral("baseline_ms"), rounded(ms(r.baselineNs), 4) },
            { QStringLiteral("best_ms"), rounded(ms(r.bestNs), 4) },
            { QStringLiteral("speedup"), r.bestNs > 0 ? rounded(r.speedup(), 4) : QJsonValue() },
            { QStringLiteral("rounds"), r.rounds },
            { QStringLiteral("candidates"), static_cast<qint64>(r.candidates) },
            { QStringLiteral("search_seconds"), rounded(seconds, 3) },
            { QStringLiteral("strategy"), StrategyJson::toJson(r.best) },
            { QStringLiteral("opportunities"), opportunitiesJson(r) },
            { QStringLiteral("trajectory"), trajectoryJson(r) },
            { QStringLiteral("memory"),
                QJsonObject { { QStringLiteral("baseline_peak_bytes"), CliSupport::bytesJson(r.baselinePeakBytes) },
                    { QStringLiteral("best_peak_bytes"), CliSupport::bytesJson(r.bestPeakBytes) },
                    { QStringLiteral("budget_bytes"),
                        options.memory ? CliSupport::bytesJson(options.memory->budgetBytes) : QJsonValue() },
                    { QStringLiteral("baseline_oom"), r.baselineOutOfMemory },
                    { QStringLiteral("best_oom"), r.bestOutOfMemory } } },
            { QStringLiteral("objective"), objective },
            { QStringLiteral("workers"), workersOf(r.best, WorkerCountPass::measuredWorkers(session->analyses())) },
            { QStringLiteral("steps"), search.job().stepsText() },
            { QStringLiteral("communication"), QStringLiteral("model") },
            { QStringLiteral("processes"), group.size() },
            { QStringLiteral("threads"), static_cast<qint64>(parallelism()) },
            { QStringLiteral("warnings"), QJsonArray::fromStringList(warnings) },
            { QStringLiteral("exported"), QJsonArray::fromStringList(exported.files) },
            { QStringLiteral("export_translations"), exported.translations },
        };
        out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        return 0;
    }
    printResult(out, r, seconds);
    for (const QString& f : exported.files)
        out << "exported: " << f << '\n';
    for (const QString& w : warnings)
        out << "warning: " << w << '\n';
    return 0;
}
