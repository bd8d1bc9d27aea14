#include "frontiercommand.h"

#include "clisupport.h"
#include "replayreport.h"
#include "searcharguments.h"
#include "searchprocesses.h"
#include "searchprogress.h"
#include "strategyjson.h"

#include "core/base/parallel.h"
#include "core/search/frontiertracker.h"
#include "core/strategy/passes/workercountpass.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <algorithm>

using namespace sightline;
using ReplayReport::rounded;

namespace {

QJsonValue pointJson(const std::optional<FrontierPoint>& p)
{
    if (!p)
        return QJsonValue();
    return QJsonObject { { QStringLiteral("time_ms"), rounded(CliSupport::toMs(p->iterationNs), 4) },
        { QStringLiteral("peak_bytes"), CliSupport::bytesJson(p->peakBytes) },
        { QStringLiteral("oom"), p->outOfMemory }, { QStringLiteral("self_checked"), p->selfChecked },
        { QStringLiteral("workers"), p->workers }, { QStringLiteral("strategy"), StrategyJson::toJson(p->strategy) } };
}

QJsonArray pointsJson(const std::vector<FrontierPoint>& points)
{
    QJsonArray list;
    for (const FrontierPoint& p : points)
        list.append(pointJson(p));
    return list;
}

QString pointText(const FrontierPoint& p)
{
    QStringList steps;
    for (const PassStep& step : p.strategy.steps)
        steps.append(CliSupport::qs(step.pass));
    return CliSupport::msText(CliSupport::toMs(p.iterationNs)) + QStringLiteral(" ms, ")
        + CliSupport::gigabytesText(p.peakBytes) + (p.outOfMemory ? QStringLiteral(" (out of memory)") : QString())
        + CliSupport::selfCheckedText(p.selfChecked) + QStringLiteral(", ")
        + CliSupport::counted(p.workers, "device", "devices") + QStringLiteral(": ")
        + (steps.isEmpty() ? QStringLiteral("no step (its transfers timed by the cost model, as every point's are)")
                           : steps.join(QStringLiteral(", ")));
}

} // namespace

int FrontierCommand::run(const QStringList& args)
{
    SearchProcesses group; // first: under mpirun, the other processes fall silent before anything is said
    QCommandLineParser parser;
    const QCommandLineOption jsonOption = CliSupport::setUpParser(parser,
        QStringLiteral("The time-memory frontier of the job's strategies (recomputed layers, accumulation, mixed "
                       "precision, gradient buckets) at each device count."));
    const QCommandLineOption devicesOption(QStringLiteral("devices"),
        QStringLiteral("The device counts: A-B (A, B, the powers of two between them, and the job's own), A,B,C, or N "
                       "(default: the job's own)."),
        QStringLiteral("A-B"));
    const QCommandLineOption pointsOption(QStringLiteral("points"),
        QStringLiteral("The most points replayed to verify each device count's frontier (default 16)."),
        QStringLiteral("N"), QStringLiteral("16"));
    const QString command = QStringLiteral("frontier");
    SearchArguments search(command);
    parser.addOption(jsonOption);
    parser.addOptions({ devicesOption, pointsOption });
    CliSupport::addScalingOption(parser, true);
    search.addTo(parser);
    if (const std::optional<int> exit = CliSupport::parseCommandLine(parser, args, command))
        return *exit;
    QTextStream err(stderr);
    if (!search.read(parser, err, group))
        return 2;
    const std::optional<bool> strong = CliSupport::strongScalingFrom(parser, command);
    if (!strong)
        return 2;
    bool ok = false;
    const int points = parser.value(pointsOption).toInt(&ok);
    if (!ok || points < 2 || points > 1000) {
        err << "sightline-cli frontier: --points wants a whole number from 2 to 1000, not '"
            << parser.value(pointsOption) << "'\n";
        return 2;
    }
    // The counts are checked before the job loads, against a count no job has, and again with its own.
    if (parser.isSet(devicesOption) && !CliSupport::deviceCounts(parser.value(devicesOption), 0)) {
        err << "sightline-cli frontier: --devices wants A-B, A,B,C or N, device counts from 1 to "
            << CliSupport::kMostDevices << ", not '" << parser.value(devicesOption) << "'\n";
        return 2;
    }
    const bool json = parser.isSet(jsonOption);
    std::shared_ptr<const JobSession> session;
    if (const std::optional<int> exit = search.open(parser.positionalArguments(), json, err, group, session))
        return *exit;
    FrontierOptions options;
    options.prefix = search.base();
    options.baseline = search.baseline();
    options.memory = search.memory();
    options.pointsPerCount = static_cast<std::size_t>(points);
    options.globalBatch = *strong;
    if (parser.isSet(devicesOption))
        options.workers = *CliSupport::deviceCounts(
            parser.value(devicesOption), WorkerCountPass::measuredWorkers(session->analyses()));
    QElapsedTimer clock;
    clock.start();
    const std::unique_ptr<SearchProgress> progress = search.progress(group);
    Expected<Frontier> found = FrontierTracker::track(
        *session, options, group.exchange(), search.limits().maxMemoryBytes / 2, nullptr, progress.get());
    progress->finish();
    if (!found) {
        err.flush();
        return CliSupport::reportFailure(found.status(), json);
    }
    const double seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    const Frontier& f = *found;
    QStringList warnings = ReplayReport::loadWarnings(session->trace());
    for (const Message& w : f.warnings)
        warnings.append(QString::fromStdString(w.english()));
    QTextStream out(stdout);
    if (json) {
        QJsonArray byWorkers, profiling;
        for (const auto& [workers, list] : f.byWorkers)
            byWorkers.append(
                QJsonObject { { QStringLiteral("workers"), workers }, { QStringLiteral("points"), pointsJson(list) } });
        for (const auto& [workers, best] : f.profiling)
            profiling.append(QJsonObject { { QStringLiteral("workers"), workers },
                { QStringLiteral("best_ms"),
                    best ? QJsonValue(rounded(CliSupport::toMs(best->iterationNs), 4)) : QJsonValue() },
                { QStringLiteral("best"), pointJson(best) } });
        const QJsonObject doc {
            { QStringLiteral("points"), pointsJson(f.points) },
            { QStringLiteral("by_workers"), byWorkers },
            { QStringLiteral("base"), pointJson(f.base) },
            { QStringLiteral("mini_time"), pointJson(f.miniTime) },
            { QStringLiteral("mini_parallelism"), pointJson(f.miniParallelism) },
            { QStringLiteral("profiling"), profiling },
            { QStringLiteral("measured_workers"), f.measuredWorkers },
            { QStringLiteral("layers"), static_cast<qint64>(f.layers) },
            { QStringLiteral("candidates"), static_cast<qint64>(f.candidates) },
            { QStringLiteral("what_ifs"), static_cast<qint64>(f.candidates - f.unreplayed) },
            { QStringLiteral("bucket_choices"), StrategyJson::toJson(Strategy { f.bucketChoices }) },
            { QStringLiteral("budget_bytes"),
                options.memory ? QJsonValue(static_cast<qint64>(options.memory->budgetBytes)) : QJsonValue() },
            { QStringLiteral("frontier_seconds"), rounded(seconds, 3) },
            { QStringLiteral("processes"), group.size() },
            { QStringLiteral("threads"), static_cast<qint64>(parallelism()) },
            { QStringLiteral("warnings"), QJsonArray::fromStringList(warnings) },
        };
        out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        return 0;
    }
    out << "Frontier of " << CliSupport::counted(static_cast<qint64>(f.layers), "layer", "layers") << " over "
        << CliSupport::counted(static_cast<qint64>(f.byWorkers.size()), "device count", "device counts") << ": "
        << CliSupport::counted(static_cast<qint64>(f.candidates - f.unreplayed), "candidate", "candidates")
        << " replayed in " << QString::number(seconds, 'f', 2) << " s\n";
    for (const auto& [workers, list] : f.byWorkers) {
        out << CliSupport::counted(workers, "device", "devices") << ":\n";
        for (const FrontierPoint& p : list)
            out << "  " << pointText(p) << '\n';
    }
    out << "The job as it is: " << (f.base ? pointText(*f.base) : QStringLiteral("its what-if failed")) << '\n';
    out << "Fastest within the budget: " << (f.miniTime ? pointText(*f.miniTime) : QStringLiteral("none")) << '\n';
    out << "Fewest devices that fit: " << (f.miniParallelism ? pointText(*f.miniParallelism) : QStringLiteral("none"))
        << '\n';
    for (const QString& w : warnings)
        out << "warning: " << w << '\n';
    return 0;
}
