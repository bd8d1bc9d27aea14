#include "whatifcommand.h"

#include "chromeexport.h"
#include "clisupport.h"
#include "exportarguments.h"
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
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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
    const ReplayResult* result = nullptr;
};

QString gigabytes(std::int64_t bytes)
{
    return QString::number(static_cast<double>(bytes) / 1e9, 'f', 3) + QStringLiteral(" GB");
}

// The device with the highest estimated peak: its rank and number, the peak, when (from the replay's
// start), what it holds, its budget, and what the trace measured on that device over the same steps.
QJsonObject memoryJson(const ReplayResult& r)
{
    const MemoryEstimate& m = r.memory;
    if (m.highest < 0)
        return {};
    const ExecutionGraph& g = *r.graph;
    const DeviceMemoryEstimate& d = m.devices[static_cast<std::size_t>(m.highest)];
    const MemoryDevice& device = g.memoryDevices()[static_cast<std::size_t>(m.highest)];
    QJsonObject breakdown;
    for (int c = 0; c < kMemoryCategoryCount; ++c) {
        const std::string_view name = memoryCategoryName(static_cast<MemoryCategory>(c));
        breakdown.insert(QLatin1String(name.data(), static_cast<qsizetype>(name.size())),
            static_cast<qint64>(d.atPeak[static_cast<std::size_t>(c)]));
    }
    QJsonObject o { { QStringLiteral("rank"), g.ranks()[d.rank.value()].rank }, { QStringLiteral("device"), d.device },
        { QStringLiteral("peak_bytes"), static_cast<qint64>(d.peakBytes) },
        { QStringLiteral("peak_at_ms"), rounded(ms(d.peakTime - r.schedule.begin), 4) },
        { QStringLiteral("start_bytes"), static_cast<qint64>(d.startBytes) },
        { QStringLiteral("breakdown_bytes"), breakdown },
        { QStringLiteral("budget_bytes"), CliSupport::bytesJson(d.budgetBytes) },
        { QStringLiteral("complete"), d.complete } };
    QJsonObject measured;
    if (device.measuredPeakBytes >= 0)
        measured.insert(QStringLiteral("peak_bytes"), static_cast<qint64>(device.measuredPeakBytes));
    if (device.measuredRiseBytes >= 0)
        measured.insert(QStringLiteral("rise_bytes"), static_cast<qint64>(device.measuredRiseBytes));
    if (device.measuredStartBytes >= 0)
        measured.insert(QStringLiteral("start_bytes"), static_cast<qint64>(device.measuredStartBytes));
    if (!measured.isEmpty())
        o.insert(QStringLiteral("measured"), measured);
    return o;
}

Figures figuresOf(const ReplayResult& r)
{
    Figures f;
    f.result = &r;
    f.iterationMs = iteration(r.schedule).second;
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
    const MemoryEstimate& m = f.result->memory;
    return QJsonObject { { QStringLiteral("iteration_ms"), rounded(f.iterationMs, 4) },
        { QStringLiteral("peak_memory_bytes"), m.highest < 0 ? QJsonValue() : QJsonValue(static_cast<qint64>(m.peakBytes())) },
        { QStringLiteral("oom"), m.outOfMemory },
        { QStringLiteral("memory"), memoryJson(*f.result) }, { QStringLiteral("collectives"), f.collectives },
        { QStringLiteral("critical_path"),
            QJsonObject { { QStringLiteral("length_ms"), rounded(f.pathMs, 4) }, { QStringLiteral("breakdown_ms"), breakdownJson(f.breakdown) } } } };
}

void printFigures(QTextStream& out, const char* label, const Figures& f, bool measured)
{
    out << label << CliSupport::msText(f.iterationMs) << " ms per iteration, " << f.collectives
        << " collectives; critical path " << CliSupport::msText(f.pathMs) << " ms:";
    for (int c = 0; c < kPathCategoryCount; ++c)
        out << ' ' << pathCategoryName(static_cast<PathCategory>(c)) << ' ' << CliSupport::msText(ms(f.breakdown[c]));
    out << '\n';
    const MemoryEstimate& m = f.result->memory;
    if (m.highest < 0)
        return;
    const DeviceMemoryEstimate& d = m.devices[static_cast<std::size_t>(m.highest)];
    out << "           peak memory " << gigabytes(d.peakBytes) << " on rank "
        << f.result->graph->ranks()[d.rank.value()].rank
        << (d.device == MemoryDevice::kHost ? QStringLiteral(" host") : QStringLiteral(" device %1").arg(d.device))
        << " at " << CliSupport::msText(ms(d.peakTime - f.result->schedule.begin)) << " ms"
        << (d.complete ? "" : " (model state only)") << ':';
    for (int c = 0; c < kMemoryCategoryCount; ++c) {
        const std::string_view name = memoryCategoryName(static_cast<MemoryCategory>(c));
        out << ' ' << QLatin1String(name.data(), static_cast<qsizetype>(name.size())) << ' '
            << gigabytes(d.atPeak[static_cast<std::size_t>(c)]);
    }
    if (d.budgetBytes > 0)
        out << "; " << (d.outOfMemory ? "OUT OF MEMORY" : "fits") << " in " << gigabytes(d.budgetBytes);
    out << '\n';
    const MemoryDevice& device = f.result->graph->memoryDevices()[static_cast<std::size_t>(m.highest)];
    if (measured && device.measuredRiseBytes >= 0) {
        out << "           measured in the trace over the same steps: ";
        if (device.measuredPeakBytes >= 0)
            out << "peak " << gigabytes(device.measuredPeakBytes) << " (allocator total), ";
        out << "rise " << gigabytes(device.measuredRiseBytes) << " above the start (running sum of allocator events)\n";
    }
}

// A signed change in ms.
QString signedMs(TimeNs delta)
{
    return (delta >= 0 ? QStringLiteral("+") : QString()) + CliSupport::msText(ms(delta));
}

// The measured ops whose time changed most, as the What-if dock lists them.
QJsonArray changedOpsJson(const WhatIfResult& r)
{
    const Trace& t = r.baseline->graph->trace();
    QJsonArray list;
    for (const OpChange& c : r.changes) {
        list.append(QJsonObject { { QStringLiteral("op"), static_cast<qint64>(c.op.value()) },
            { QStringLiteral("name"), QString::fromStdString(std::string(t.string(t.name(c.op)))) },
            { QStringLiteral("rank"), t.rankInfo(t.rank(c.op)).rank },
            { QStringLiteral("baseline_ms"), rounded(ms(c.baseline), 4) },
            { QStringLiteral("whatif_ms"), rounded(ms(c.whatIf), 4) },
            { QStringLiteral("delta_ms"), rounded(ms(c.delta()), 4) },
            { QStringLiteral("runs"), static_cast<qint64>(c.runs) } });
    }
    return list;
}

// The gradient tensors whose wait from ready to all-reduced changed most, as the What-if dock lists them.
QJsonArray changedTensorsJson(const WhatIfResult& r)
{
    QJsonArray list;
    for (const TensorChange& c : r.tensorChanges) {
        list.append(QJsonObject { { QStringLiteral("step"), static_cast<qint64>(c.step) }, { QStringLiteral("index"), static_cast<qint64>(c.index) },
            { QStringLiteral("bytes"), static_cast<qint64>(c.bytes) }, { QStringLiteral("baseline_ms"), rounded(ms(c.baseline), 4) },
            { QStringLiteral("whatif_ms"), rounded(ms(c.whatIf), 4) }, { QStringLiteral("delta_ms"), rounded(ms(c.delta()), 4) } });
    }
    return list;
}

void printChanges(QTextStream& out, const WhatIfResult& r, const Trace& t)
{
    constexpr std::size_t kPrinted = 5;
    if (!r.changes.empty())
        out << "Ops that changed most (ms):\n";
    for (std::size_t k = 0; k < r.changes.size() && k < kPrinted; ++k) {
        const OpChange& c = r.changes[k];
        out << "  " << signedMs(c.delta()) << "  " << QString::fromStdString(std::string(t.string(t.name(c.op))))
            << " (rank " << t.rankInfo(t.rank(c.op)).rank << ", op " << c.op.value()
            << "): " << CliSupport::msText(ms(c.baseline)) << " -> " << CliSupport::msText(ms(c.whatIf));
        if (c.runs > 1)
            out << " in " << c.runs << " runs";
        out << '\n';
    }
    if (!r.tensorChanges.empty())
        out << "Gradient tensors whose wait changed most (ms, ready to all-reduced):\n";
    for (std::size_t k = 0; k < r.tensorChanges.size() && k < kPrinted; ++k) {
        const TensorChange& c = r.tensorChanges[k];
        out << "  " << signedMs(c.delta()) << "  step " << c.step << " tensor " << c.index << " (" << c.bytes
            << " bytes): " << CliSupport::msText(ms(c.baseline)) << " -> " << CliSupport::msText(ms(c.whatIf)) << '\n';
    }
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
        QStringLiteral("Write the what-if's replayed timeline as Chrome JSON, critical path marked."),
        QStringLiteral("OUT.json"));
    JobArguments job;
    ExportArguments exports;
    parser.addOption(jsonOption);
    parser.addOptions({ strategyOption, setOption });
    job.addTo(parser);
    parser.addOptions({ commOption, noFitOption });
    CliSupport::addMemoryBudgetOption(parser);
    parser.addOption(exportOption);
    exports.addTo(parser);
    CliSupport::addProfilerOverheadOption(parser);
    CliSupport::addLimitOptions(parser);
    const QString command = QStringLiteral("whatif");
    if (const std::optional<int> exit = CliSupport::parseCommandLine(parser, args, command))
        return *exit;
    const std::optional<ResourceLimits> limits = CliSupport::limitsFrom(parser, command);
    if (!limits)
        return 2;
    QTextStream err(stderr);
    if (!job.read(parser, command, err) || !exports.read(parser, command, err) || !exports.checkFolder(command, err))
        return 2;
    if (parser.isSet(strategyOption) == parser.isSet(setOption)) {
        err << "sightline-cli whatif: give the strategy with --strategy FILE or with --set, one of the two\n";
        return 2;
    }
    QString error;
    std::optional<Strategy> strategy;
    if (parser.isSet(strategyOption)) {
        strategy = StrategyJson::read(parser.value(strategyOption), error);
        if (!strategy) {
            err << "sightline-cli whatif: " << error << '\n';
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
    std::optional<MemoryOptions> memory;
    if (!CliSupport::memoryBudgetFrom(parser, command, memory))
        return 2;
    if (memory)
        job.setMemory(*memory);
    std::optional<double> profilerOverheadNs;
    if (!CliSupport::profilerOverheadFrom(parser, command, profilerOverheadNs))
        return 2;
    const BaselineKind baseline { comm == QLatin1String("model") ? CommSource::CostModel : CommSource::Measured, !parser.isSet(noFitOption),
        profilerOverheadNs };
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
    Expected<WhatIfResult> result = session->whatIf({ *strategy, memory, baseline });
    if (!result)
        return fail(result.status());
    const Figures before = figuresOf(*result->baseline);
    const Figures after = figuresOf(*result->whatIf);
    const double delta = errorPct(before.iterationMs, after.iterationMs);
    QStringList warnings = ReplayReport::loadWarnings(session->trace());
    for (const Message& w : result->warnings)
        warnings.append(QString::fromStdString(w.english()));
    for (const std::string& n : result->whatIf->memory.notes)
        warnings.append(QStringLiteral("memory: ") + QString::fromStdString(n));
    if (result->whatIf->schedule.timesOutOfRange)
        warnings.append(QStringLiteral("the what-if's replayed times lie beyond ±2^62 ns: its figures are not a measure of a job"));

    if (!parser.value(exportOption).isEmpty()) {
        const ReplayResult& w = *result->whatIf;
        if (!ChromeExport::write(parser.value(exportOption), *w.graph, w.schedule, w.criticalPath, error)) {
            err << "sightline-cli whatif: cannot write " << parser.value(exportOption) << ": " << error << '\n';
            return 1;
        }
    }
    ExportArguments::Written exported;
    if (exports.requested()) {
        if (const std::optional<int> exit = exports.write(*strategy, *session, *result, command, json, err, exported))
            return *exit;
        warnings.append(exported.warnings);
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
            { QStringLiteral("profiler_overhead"), profilerOverheadJson(result->profilerOverhead) },
            { QStringLiteral("step_samples_factor"), rounded(result->stepSamplesFactor, 6) },
            { QStringLiteral("throughput_change_pct"), rounded(100.0 * result->throughputChange(), 4) },
            { QStringLiteral("fractional_samples"),
                result->fractionalSamples ? QJsonValue(rounded(*result->fractionalSamples, 6)) : QJsonValue() },
            { QStringLiteral("exposed_communication_ms"),
                QJsonObject { { QStringLiteral("baseline"), rounded(ms(result->exposedBaseline), 4) },
                    { QStringLiteral("whatif"), rounded(ms(result->exposedWhatIf), 4) } } },
            { QStringLiteral("changed_ops"), changedOpsJson(*result) },
            { QStringLiteral("changed_tensors"), changedTensorsJson(*result) },
            { QStringLiteral("warnings"), QJsonArray::fromStringList(warnings) },
            { QStringLiteral("exported"), QJsonArray::fromStringList(exported.files) },
            { QStringLiteral("export_translations"), exported.translations },
        };
        out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        return 0;
    }
    printFigures(out, "Baseline: ", before, true);
    printFigures(out, "What-if:  ", after, false);
    out << "Change: " << (delta >= 0 ? "+" : "") << QString::number(delta, 'f', 2) << "% per iteration; transfers "
        << (modelled ? "from the cost model" : "as measured") << '\n';
    if (result->stepSamplesFactor != 1.0) {
        const double throughput = 100.0 * result->throughputChange();
        out << "Throughput: " << (throughput >= 0 ? "+" : "") << QString::number(throughput, 'f', 2)
            << "% samples per second; a step computes on " << QString::number(result->stepSamplesFactor, 'g', 4)
            << " times the measured job's samples\n";
    }
    out << profilerOverheadText(result->profilerOverhead) << '\n';
    out << "Exposed communication: " << CliSupport::msText(ms(result->exposedBaseline)) << " ms -> "
        << CliSupport::msText(ms(result->exposedWhatIf)) << " ms per iteration\n";
    printChanges(out, *result, session->trace());
    for (const QString& f : exported.files)
        out << "exported: " << f << '\n';
    for (const QString& w : warnings)
        out << "warning: " << w << '\n';
    return 0;
}
