#include "scalecommand.h"

#include "clisupport.h"
#include "replayreport.h"
#include "searcharguments.h"
#include "searchprocesses.h"
#include "searchprogress.h"

#include "core/search/asyncpsscaling.h"
#include "core/search/syncscaling.h"
#include "core/strategy/batchsize.h"
#include "core/strategy/passes/workercountpass.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cmath>

using namespace sightline;
using ReplayReport::rounded;

namespace {

QJsonValue msOrNull(const std::optional<TimeNs>& ns)
{
    return ns ? QJsonValue(rounded(CliSupport::toMs(*ns), 4)) : QJsonValue();
}

QJsonObject curveJson(const ScalingCurve& curve, const QStringList& loadWarnings)
{
    QJsonArray points;
    for (const ScalingPoint& p : curve.points) {
        const std::optional<double> samples = curve.samplesPerWorker(p.workers);
        points.append(QJsonObject { { QStringLiteral("workers"), p.workers },
            { QStringLiteral("samples_per_worker"), samples ? QJsonValue(rounded(*samples, 4)) : QJsonValue() },
            { QStringLiteral("whole_samples"), samples ? QJsonValue(BatchSize::whole(*samples)) : QJsonValue() },
            { QStringLiteral("iteration_ms"), rounded(CliSupport::toMs(p.iterationNs), 4) },
            { QStringLiteral("replayed_ms"), msOrNull(p.replayedNs) },
            { QStringLiteral("measured_ms"), msOrNull(p.measuredNs) },
            { QStringLiteral("steps_per_s"), rounded(p.stepsPerSecond, 4) },
            { QStringLiteral("samples_per_s"),
                curve.batch ? QJsonValue(rounded(p.stepsPerSecond * *curve.batch, 3)) : QJsonValue() },
            { QStringLiteral("speedup"), rounded(p.speedup, 4) },
            { QStringLiteral("efficiency"), rounded(p.efficiency, 4) },
            { QStringLiteral("measured"), p.workers == curve.measuredWorkers } });
    }
    QJsonObject parameters;
    for (const auto& [name, value] : curve.parameters)
        parameters.insert(QString::fromStdString(name), rounded(value, 6));
    QStringList warnings = loadWarnings;
    for (const Message& w : curve.warnings)
        warnings.append(QString::fromStdString(w.english()));
    return QJsonObject { { QStringLiteral("points"), points },
        { QStringLiteral("model"),
            QJsonObject {
                { QStringLiteral("mode"),
                    curve.mode == ScalingCurve::Mode::Sync ? QStringLiteral("sync") : QStringLiteral("async-ps") },
                { QStringLiteral("scaling"), curve.globalBatch ? QStringLiteral("strong") : QStringLiteral("weak") },
                { QStringLiteral("parameters"), parameters } } },
        { QStringLiteral("measured_workers"), curve.measuredWorkers },
        { QStringLiteral("batch"), curve.batch ? QJsonValue(rounded(*curve.batch, 3)) : QJsonValue() },
        { QStringLiteral("warnings"), QJsonArray::fromStringList(warnings) } };
}

void printCurve(QTextStream& out, const ScalingCurve& curve, const QStringList& loadWarnings)
{
    out << (curve.mode == ScalingCurve::Mode::Sync ? "Synchronous all-reduce (Shi et al.'s DAG model)"
                                                   : "Asynchronous parameter server (Li et al.)")
        << ", from the job's " << curve.measuredWorkers << " workers"
        << (curve.globalBatch ? ", sharing their global batch" : ", each keeping its batch") << ":\n";
    // Where the trace shows the batch, each count's samples per worker, and which of them no data
    // loader gives (a fraction, or less than one).
    out << "workers  iteration ms  replayed ms    steps/s  speedup  efficiency" << (curve.batch ? "    samples" : "")
        << '\n';
    for (const ScalingPoint& p : curve.points) {
        const std::optional<double> samples = curve.samplesPerWorker(p.workers);
        out << QString::number(p.workers).rightJustified(7)
            << CliSupport::msText(CliSupport::toMs(p.iterationNs)).rightJustified(14)
            << (p.replayedNs ? CliSupport::msText(CliSupport::toMs(*p.replayedNs)) : QStringLiteral("-"))
                   .rightJustified(13)
            << QString::number(p.stepsPerSecond, 'f', 2).rightJustified(11)
            << QString::number(p.speedup, 'f', 2).rightJustified(9)
            << QString::number(p.efficiency, 'f', 3).rightJustified(12)
            << (samples ? QString::fromStdString(BatchSize::text(*samples)).rightJustified(11) : QString())
            << (samples && !BatchSize::whole(*samples) ? QStringLiteral("  not whole samples") : QString())
            << (p.measuredNs ? QStringLiteral("  measured ") + CliSupport::msText(CliSupport::toMs(*p.measuredNs))
                           + QStringLiteral(" ms")
                             : QString())
            << '\n';
    }
    for (const QString& w : loadWarnings)
        out << "warning: " << w << '\n';
    for (const Message& w : curve.warnings)
        out << "warning: " << QString::fromStdString(w.english()) << '\n';
}

} // namespace

int ScaleCommand::run(const QStringList& args)
{
    SearchProcesses group; // first: under mpirun, the other processes fall silent before anything is said
    QCommandLineParser parser;
    const QCommandLineOption jsonOption = CliSupport::setUpParser(parser,
        QStringLiteral("Throughput against the number of workers, from one profile: synchronous all-reduce or an "
                       "asynchronous parameter server."));
    const QCommandLineOption workersOption(QStringLiteral("workers"),
        QStringLiteral("The worker counts: A-B (A, B, the powers of two between them, and the job's own), A,B,C, or N "
                       "(default: 1-64)."),
        QStringLiteral("A-B"), QStringLiteral("1-64"));
    const QCommandLineOption modeOption(QStringLiteral("mode"),
        QStringLiteral(
            "sync (all-reduce, the job's own) or async-ps (an asynchronous parameter server) (default sync)."),
        QStringLiteral("MODE"), QStringLiteral("sync"));
    const QCommandLineOption windowOption(QStringLiteral("flow-control-window"),
        QStringLiteral("async-ps: HTTP/2-style flow control, a stream's first turn at most this many MB (default 0: "
                       "off, the link shared equally)."),
        QStringLiteral("MB"), QStringLiteral("0"));
    const QString command = QStringLiteral("scale");
    SearchArguments search(command);
    parser.addOption(jsonOption);
    parser.addOptions({ workersOption, modeOption, windowOption });
    CliSupport::addScalingOption(parser, false);
    search.addTo(parser);
    if (const std::optional<int> exit = CliSupport::parseCommandLine(parser, args, command))
        return *exit;
    QTextStream err(stderr);
    if (!search.read(parser, err, group))
        return 2;
    const QString mode = parser.value(modeOption);
    if (mode != QLatin1String("sync") && mode != QLatin1String("async-ps")) {
        err << "sightline-cli scale: --mode wants sync or async-ps, not '" << mode << "'\n";
        return 2;
    }
    const std::optional<bool> strong = CliSupport::strongScalingFrom(parser, command);
    if (!strong)
        return 2;
    if (*strong && mode != QLatin1String("sync")) {
        err << "sightline-cli scale: --scaling strong goes with --mode sync (the parameter server's workers each keep "
               "their batch)\n";
        return 2;
    }
    bool ok = false;
    const double windowMb = parser.value(windowOption).toDouble(&ok);
    if (!ok || !std::isfinite(windowMb) || windowMb < 0 || windowMb > 1e6 || (windowMb > 0 && windowMb < 1e-6)
        || (windowMb > 0 && mode != QLatin1String("async-ps"))) {
        err << "sightline-cli scale: --flow-control-window wants 0 (off) or megabytes from 1e-6 (a byte) to 1000000, "
               "with --mode async-ps, not '"
            << parser.value(windowOption) << "'\n";
        return 2;
    }
    const int mostWorkers = mode == QLatin1String("async-ps") ? 1024 : CliSupport::kMostDevices;
    const std::optional<std::vector<int>> checked = CliSupport::deviceCounts(parser.value(workersOption), 0);
    if (!checked || checked->back() > mostWorkers) {
        err << "sightline-cli scale: --workers wants A-B, A,B,C or N, worker counts from 1 to " << mostWorkers
            << ", not '" << parser.value(workersOption) << "'\n";
        return 2;
    }
    const bool json = parser.isSet(jsonOption);
    std::shared_ptr<const JobSession> session;
    if (const std::optional<int> exit = search.open(parser.positionalArguments(), json, err, group, session))
        return *exit;
    const std::vector<int> workers
        = *CliSupport::deviceCounts(parser.value(workersOption), WorkerCountPass::measuredWorkers(session->analyses()));
    const std::unique_ptr<SearchProgress> progress = search.progress(group);
    const Expected<ScalingCurve> curve = mode == QLatin1String("sync")
        ? SyncScaling::of(*session, search.base(), search.baseline(), workers, *strong, group.exchange(),
            search.limits().maxMemoryBytes / 2, nullptr, progress.get())
        : AsyncPsScaling::of(*session, search.base(), search.baseline(), workers, std::llround(windowMb * 1e6),
            group.exchange(), search.limits().maxMemoryBytes / 2, nullptr, progress.get());
    progress->finish();
    if (!curve) {
        err.flush();
        return CliSupport::reportFailure(curve.status(), json);
    }
    const QStringList loaded = ReplayReport::loadWarnings(session->trace());
    QTextStream out(stdout);
    if (json)
        out << QJsonDocument(curveJson(*curve, loaded)).toJson(QJsonDocument::Indented);
    else
        printCurve(out, *curve, loaded);
    return 0;
}
