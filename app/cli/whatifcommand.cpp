#include "whatifcommand.h"

#include "chromeexport.h"
#include "clisupport.h"
#include "jobarguments.h"
#include "replayreport.h"
#include "strategyjson.h"

#include "core/base/resourcelimits.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "core/session/jobsession.h"
#include "core/strategy/frameworkconfig.h"
#include "core/strategy/strategyrunner.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QTextStream>

using namespace sightline;
using namespace ReplayReport;

namespace {

const auto ms = CliSupport::toMs;

// What the comparison reports of one replay.
struct Figures {
    double iterationMs = 0;
    qint64 collectives = 0;
    double pathMs = 0;
    std::array<TimeNs, kPathCategoryCount> breakdown {};
};

Figures figuresOf(const ReplayResult& r)
{
    Figures f;
    f.iterationMs = iteration(rankResults(*r.graph, r.schedule), r.schedule).second;
    for (std::uint32_t i = 0; i < r.graph->itemCount(); ++i) {
        const ItemId item(i);
        f.collectives += r.graph->comm(item) != nullptr && isCommunication(r.graph->kind(item));
    }
    f.pathMs = ms(r.criticalPath.length);
    f.breakdown = r.criticalPath.total;
    return f;
}

QJsonObject figuresJson(const Figures& f)
{
    return QJsonObject { { QStringLiteral("iteration_ms"), rounded(f.iterationMs, 4) }, { QStringLiteral("collectives"), f.collectives },
        { QStringLiteral("critical_path"),
            QJsonObject { { QStringLiteral("length_ms"), rounded(f.pathMs, 4) }, { QStringLiteral("breakdown_ms"), breakdownJson(f.breakdown) } } } };
}

void printFigures(QTextStream& out, const char* label, const Figures& f)
{
    out << label << QString::number(f.iterationMs, 'f', 3) << " ms per iteration, " << f.collectives << " collectives; critical path "
        << QString::number(f.pathMs, 'f', 3) << " ms:";
    for (int c = 0; c < kPathCategoryCount; ++c)
        out << ' ' << pathCategoryName(static_cast<PathCategory>(c)) << ' ' << QString::number(ms(f.breakdown[c]), 'f', 3);
    out << '\n';
}

} // namespace

int WhatIfCommand::run(const QStringList& args)
{
    QCommandLineParser parser;
    const QCommandLineOption jsonOption = CliSupport::setUpParser(parser,
        QStringLiteral("Replay a job as a strategy changes it, beside the job as measured."));
    const QCommandLineOption strategyOption(QStringLiteral("strategy"),
        QStringLiteral("The strategy: a JSON file (docs/strategy.md)."), QStringLiteral("S.json"));
    const QCommandLineOption setOption(QStringLiteral("set"),
        QStringLiteral("Set a pass parameter, e.g. speedup.percent=20 (repeatable; one step per pass named)."), QStringLiteral("PASS.PARAM=VALUE"));
    const QCommandLineOption commOption(QStringLiteral("comm"),
        QStringLiteral("Transfer times of both replays: measured, or model (passes that change the network always use the model)."),
        QStringLiteral("SOURCE"), QStringLiteral("measured"));
    const QCommandLineOption noFitOption(QStringLiteral("no-fit"),
        QStringLiteral("With the cost model, keep its default link parameters instead of fitting them to the trace."));
    const QCommandLineOption exportOption(QStringLiteral("export-chrome"),
        QStringLiteral("Write the what-if's replayed timeline as Chrome JSON, critical path marked."), QStringLiteral("OUT.json"));
    const QCommandLineOption configOption(QStringLiteral("export-config"),
        QStringLiteral("Write the strategy as framework configs (DDP, DeepSpeed, Horovod, BytePS, tensor groups, fusion clusters) into DIR."),
        QStringLiteral("DIR"));
    JobArguments job;
    parser.addOption(jsonOption);
    parser.addOptions({ strategyOption, setOption });
    job.addTo(parser);
    parser.addOptions({ commOption, noFitOption, exportOption, configOption });
    CliSupport::addLimitOptions(parser);
    const QString command = QStringLiteral("whatif");
    if (const std::optional<int> exit = CliSupport::parseCommandLine(parser, args, command))
        return *exit;
    const std::optional<ResourceLimits> limits = CliSupport::limitsFrom(parser, command);
    if (!limits)
        return 2;
    QTextStream err(stderr);
    if (!job.read(parser, command, err))
        return 2;
    if (parser.isSet(strategyOption) == parser.isSet(setOption)) {
        err << "sightline-cli whatif: give the strategy with --strategy FILE or with --set, one of the two\n";
        return 2;
    }
    QString error;
    std::optional<Strategy> strategy;
    if (parser.isSet(strategyOption)) {
        QFile file(parser.value(strategyOption));
        if (!file.open(QIODevice::ReadOnly)) {
            err << "sightline-cli whatif: cannot read " << file.fileName() << ": " << file.errorString() << '\n';
            return 2;
        }
        strategy = StrategyJson::parse(file.readAll(), error);
        if (!strategy) {
            err << "sightline-cli whatif: " << file.fileName() << ": " << error << '\n';
            return 2;
        }
    } else {
        strategy = StrategyJson::fromAssignments(parser.values(setOption), error);
        if (!strategy) {
            err << "sightline-cli whatif: " << error << '\n';
            return 2;
        }
    }
    if (Status s = StrategyRunner::validate(*strategy); !s.ok()) {
        err << "sightline-cli whatif: " << QString::fromStdString(s.detail()) << '\n';
        return 2;
    }
    const QString comm = parser.value(commOption);
    if (comm != QLatin1String("measured") && comm != QLatin1String("model")) {
        err << "sightline-cli whatif: --comm wants measured or model, not '" << comm << "'\n";
        return 2;
    }
    ReplayOptions options;
    options.communication = comm == QLatin1String("model") ? CommSource::CostModel : CommSource::Measured;
    const bool json = parser.isSet(jsonOption);
    QTextStream out(stdout);
    auto fail = [&](const Status& status) {
        err.flush();
        out.flush();
        return CliSupport::reportFailure(status, json);
    };

    std::shared_ptr<const JobSession> session;
    if (const std::optional<int> exit = job.open(parser.positionalArguments(), *limits, command, json, err, session))
        return *exit;
    Expected<WhatIfResult> result = session->whatIf(*strategy, options, !parser.isSet(noFitOption));
    if (!result)
        return fail(result.status());
    const Figures before = figuresOf(result->baseline);
    const Figures after = figuresOf(result->whatIf);
    const double delta = errorPct(before.iterationMs, after.iterationMs);
    QStringList warnings;
    for (const std::string& w : result->warnings)
        warnings.append(QString::fromStdString(w));
    if (result->whatIf.schedule.timesOutOfRange)
        warnings.append(QStringLiteral("the what-if's replayed times lie beyond ±2^62 ns: its figures are not a measure of a job"));

    if (!parser.value(exportOption).isEmpty()) {
        const ReplayResult& w = result->whatIf;
        if (!ChromeExport::write(parser.value(exportOption), *w.graph, w.schedule, w.criticalPath, error)) {
            err << "sightline-cli whatif: cannot write " << parser.value(exportOption) << ": " << error << '\n';
            return 1;
        }
    }
    QStringList exported;
    if (!parser.value(configOption).isEmpty()) {
        const QDir dir(parser.value(configOption));
        if (!dir.mkpath(QStringLiteral("."))) {
            err << "sightline-cli whatif: cannot create " << dir.path() << '\n';
            return 1;
        }
        const FrameworkConfig config = FrameworkConfig::of(*strategy, *session->measured(), *result->whatIf.graph);
        for (const FrameworkConfig::File& f : config.files()) {
            QSaveFile file(dir.filePath(QString::fromStdString(f.name)));
            if (!file.open(QIODevice::WriteOnly) || file.write(f.text.data(), static_cast<qint64>(f.text.size())) < 0 || !file.commit()) {
                err << "sightline-cli whatif: cannot write " << file.fileName() << ": " << file.errorString() << '\n';
                return 1;
            }
            exported.append(file.fileName());
        }
        for (const std::string& note : config.notes)
            warnings.append(QString::fromStdString(note));
        if (exported.isEmpty())
            warnings.append(QStringLiteral("--export-config: no pass of the strategy has a framework setting to export"));
    }
    const bool modelled = result->whatIfOptions.communication == CommSource::CostModel;
    if (json) {
        const QJsonObject doc {
            { QStringLiteral("baseline"), figuresJson(before) },
            { QStringLiteral("whatif"), figuresJson(after) },
            { QStringLiteral("delta_pct"), delta },
            { QStringLiteral("strategy"), StrategyJson::toJson(*strategy) },
            { QStringLiteral("steps"), job.stepsText() },
            { QStringLiteral("communication"), modelled ? QStringLiteral("model") : QStringLiteral("measured") },
            { QStringLiteral("warnings"), QJsonArray::fromStringList(warnings) },
            { QStringLiteral("exported"), QJsonArray::fromStringList(exported) },
        };
        out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        return 0;
    }
    printFigures(out, "Baseline: ", before);
    printFigures(out, "What-if:  ", after);
    out << "Change: " << (delta >= 0 ? "+" : "") << QString::number(delta, 'f', 2) << "% per iteration; transfers "
        << (modelled ? "from the cost model" : "as measured") << '\n';
    for (const QString& f : exported)
        out << "exported: " << f << '\n';
    for (const QString& w : warnings)
        out << "warning: " << w << '\n';
    return 0;
}
