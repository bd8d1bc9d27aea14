#include "replaycommand.h"

#include "chromeexport.h"
#include "clisupport.h"
#include "jobarguments.h"
#include "replayreport.h"

#include "core/align/clockalignment.h"
#include "core/analysis/criticalpath.h"
#include "core/analysis/replaychecks.h"
#include "core/base/resourcelimits.h"
#include "core/base/status.h"
#include "core/graph/dependencygraph.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "core/replay/replayer.h"
#include "core/exec/analysiscache.h"
#include "core/exec/collectiveroles.h"
#include "core/session/jobsession.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <map>

using namespace sightline;

namespace {

using CliSupport::qs;
using namespace ReplayReport;
const auto ms = CliSupport::toMs;

// Where a link's latency came from.
const char* alphaSource(const LinkFit& fit)
{
    if (fit.latencyFitted)
        return "fitted";
    return fit.hostCallLatency ? "host_call_default" : "link_default";
}

QJsonObject modelJson(const ReplayOptions& options, const LinkTopology& topology, const std::array<LinkFit, kLinkTypeCount>& fits,
    const ReplayResult& replay, const QString& durations, const QString& comm)
{
    QJsonArray links;
    for (int l = 0; l < kLinkTypeCount; ++l) {
        const LinkParameters& p = options.costModel.parameters(static_cast<LinkType>(l));
        links.append(QJsonObject {
            { QStringLiteral("type"), QString::fromLatin1(linkTypeName(static_cast<LinkType>(l))) },
            { QStringLiteral("alpha_us"), rounded(p.alphaNs / 1000.0, 4) },
            { QStringLiteral("bandwidth_gbps"), rounded(p.bytesPerNs, 4) },
            { QStringLiteral("fitted"), fits[l].fitted }, { QStringLiteral("samples"), fits[l].samples },
            { QStringLiteral("fit_error_pct"), rounded(fits[l].meanAbsErrorPct, 2) },
            { QStringLiteral("alpha_from"), QString::fromLatin1(alphaSource(fits[l])) },
            { QStringLiteral("bounded_by"),
                fits[l].boundedBy ? QJsonValue(QString::fromLatin1(linkTypeName(*fits[l].boundedBy))) : QJsonValue() },
            { QStringLiteral("raised_by"),
                fits[l].raisedBy ? QJsonValue(QString::fromLatin1(linkTypeName(*fits[l].raisedBy))) : QJsonValue() } });
    }
    return QJsonObject { { QStringLiteral("durations"), durations }, { QStringLiteral("communication"), comm },
        { QStringLiteral("tree_all_reduce"), options.costModel.treeAllReduce }, { QStringLiteral("gamma"), options.overlapSlowdown },
        { QStringLiteral("hosts"), topology.hostCount() }, { QStringLiteral("hosts_from"), qs(topology.source()) },
        { QStringLiteral("links"), links }, { QStringLiteral("peak_transfers"), static_cast<qint64>(replay.schedule.peakTransfers) },
        { QStringLiteral("ops_without_counterpart"), static_cast<qint64>(replay.graph->withoutCounterpart()) } };
}

// How many collectives each parallelism role has (CollectiveRoles), by role name.
QJsonObject rolesJson(const CollectiveRoles& roles)
{
    QJsonObject o;
    for (int r = 0; r < kParallelRoleCount; ++r)
        o.insert(QLatin1String(parallelRoleName(static_cast<ParallelRole>(r))), static_cast<qint64>(roles.counts()[static_cast<std::size_t>(r)]));
    return o;
}

} // namespace

int ReplayCommand::run(const QStringList& args)
{
    QCommandLineParser parser;
    const QCommandLineOption jsonOption
        = CliSupport::setUpParser(parser, QStringLiteral("Replay a job's steps and find the critical path."));
    const QCommandLineOption exportOption(QStringLiteral("export-chrome"),
        QStringLiteral("Write the replayed timeline as Chrome JSON, critical path marked."), QStringLiteral("OUT.json"));
    const QCommandLineOption topOption(QStringLiteral("top"),
        QStringLiteral("How many critical-path items to list: those that hold it longest (default 15; 0 for all)."), QStringLiteral("N"),
        QStringLiteral("15"));
    const QCommandLineOption commOption(QStringLiteral("comm"),
        QStringLiteral("Transfer times: measured, or model (alpha-beta cost model with shared link bandwidth)."), QStringLiteral("SOURCE"),
        QStringLiteral("measured"));
    const QCommandLineOption noFitOption(QStringLiteral("no-fit"),
        QStringLiteral("With --comm model, keep the default link parameters instead of fitting them to the trace."));
    const QCommandLineOption linkOption(QStringLiteral("link"),
        QStringLiteral("Set a link type's latency per step (us) and bandwidth (GB/s); TYPE is nvlink, pcie or network (repeatable)."),
        QStringLiteral("TYPE=US:GBPS"));
    const QCommandLineOption treeOption(QStringLiteral("tree-allreduce"), QStringLiteral("Model all-reduces as trees instead of rings."));
    const QCommandLineOption perHostOption(QStringLiteral("ranks-per-host"),
        QStringLiteral("Ranks per host, in rank order (default: from host names, else 8)."), QStringLiteral("N"));
    const QCommandLineOption intraOption(QStringLiteral("intra-host"),
        QStringLiteral("How GPUs in one host connect: nvlink or pcie (default: as the trace's devices have it, else nvlink)."),
        QStringLiteral("TYPE"));
    const QCommandLineOption gammaOption(QStringLiteral("gamma"),
        QStringLiteral("Slowdown of compute that overlaps communication, e.g. 0.1 for 10% (default 0)."), QStringLiteral("G"),
        QStringLiteral("0"));
    JobArguments job;
    parser.addOption(jsonOption);
    job.addTo(parser);
    parser.addOptions({ exportOption, topOption, commOption, noFitOption, linkOption, treeOption, perHostOption, intraOption, gammaOption });
    CliSupport::addProfilerOverheadOption(parser);
    CliSupport::addLimitOptions(parser);
    if (const std::optional<int> exit = CliSupport::parseCommandLine(parser, args, QStringLiteral("replay")))
        return *exit;
    const std::optional<ResourceLimits> limits = CliSupport::limitsFrom(parser, QStringLiteral("replay"));
    if (!limits)
        return 2;
    QTextStream err(stderr);
    ReplayOptions options;
    if (!job.read(parser, QStringLiteral("replay"), err))
        return 2;
    const QString durations = job.durations();
    const QString comm = parser.value(commOption);
    if (comm != QLatin1String("measured") && comm != QLatin1String("model")) {
        err << "sightline-cli replay: --comm wants measured or model, not '" << comm << "'\n";
        return 2;
    }
    options.communication = comm == QLatin1String("model") ? CommSource::CostModel : CommSource::Measured;
    options.costModel.treeAllReduce = parser.isSet(treeOption);
    std::vector<std::pair<LinkType, LinkParameters>> linkValues;
    for (const QString& l : parser.values(linkOption)) {
        const QStringList kv = l.split(QLatin1Char('='));
        const QStringList ab = kv.size() == 2 ? kv[1].split(QLatin1Char(':')) : QStringList();
        LinkType type = LinkType::NvLink;
        bool ok1 = false, ok2 = false;
        const double alphaUs = ab.size() == 2 ? ab[0].toDouble(&ok1) : 0.0;
        const double gbps = ab.size() == 2 ? ab[1].toDouble(&ok2) : 0.0;
        if (kv.size() != 2 || !parseLinkType(kv[0].toStdString(), &type) || !ok1 || !ok2 || alphaUs < 0 || gbps <= 0) {
            err << "sightline-cli replay: --link wants TYPE=US:GBPS with TYPE nvlink, pcie or network, not '" << l << "'\n";
            return 2;
        }
        linkValues.emplace_back(type, LinkParameters { alphaUs * 1000.0, gbps });
    }
    if (parser.isSet(perHostOption)) {
        bool ok = false;
        options.topology.ranksPerHost = parser.value(perHostOption).toInt(&ok);
        if (!ok || options.topology.ranksPerHost <= 0) {
            err << "sightline-cli replay: --ranks-per-host wants a positive count\n";
            return 2;
        }
    }
    if (parser.isSet(intraOption)) {
        LinkType intraHost = LinkType::NvLink;
        if (!parseLinkType(parser.value(intraOption).toStdString(), &intraHost) || intraHost == LinkType::Network) {
            err << "sightline-cli replay: --intra-host wants nvlink or pcie, not '" << parser.value(intraOption) << "'\n";
            return 2;
        }
        options.topology.intraHost = intraHost;
    }
    bool gammaOk = false;
    options.overlapSlowdown = parser.value(gammaOption).toDouble(&gammaOk);
    if (!gammaOk || options.overlapSlowdown < 0) {
        err << "sightline-cli replay: --gamma wants a non-negative number\n";
        return 2;
    }
    bool topOk = false;
    const int top = parser.value(topOption).toInt(&topOk);
    if (!topOk || top < 0) {
        err << "sightline-cli replay: --top wants a count\n";
        return 2;
    }
    std::optional<double> profilerOverheadNs;
    if (!CliSupport::profilerOverheadFrom(parser, QStringLiteral("replay"), profilerOverheadNs))
        return 2;
    const bool json = parser.isSet(jsonOption);
    QTextStream out(stdout);
    auto fail = [&](const Status& status) {
        err.flush();
        out.flush();
        return CliSupport::reportFailure(status, json);
    };

    std::shared_ptr<const JobSession> opened;
    if (const std::optional<int> exit = job.open(parser.positionalArguments(), *limits, QStringLiteral("replay"), json, err, opened))
        return *exit;
    const JobSession& session = *opened;
    const DependencyGraph& g = *session.graph();
    const ClockAlignment& alignment = session.alignment();
    std::array<LinkFit, kLinkTypeCount> fits {};
    if (options.communication == CommSource::CostModel && !parser.isSet(noFitOption))
        fits = session.fitCostModel(options.topology, options.costModel);
    for (const auto& [type, value] : linkValues) {
        options.costModel.setParameters(type, value);
        fits[static_cast<int>(type)].fitted = false;
        fits[static_cast<int>(type)].boundedBy.reset();
        fits[static_cast<int>(type)].raisedBy.reset();
    }
    Expected<ReplayResult> replayed = session.replay(options);
    if (!replayed)
        return fail(replayed.status());
    const ReplayResult& replay = *replayed;
    const CollectiveRoles& roles = session.analyses().collectiveRoles();
    const ExecutionGraph& x = *replay.graph;
    const Schedule& s = replay.schedule;
    const CriticalPath& path = replay.criticalPath;
    const LinkTopology topology(placementsOf(x.ranks()), options.topology);
    const std::vector<RankResult> ranks = rankResults(x, s);
    const auto [measuredIteration, replayedIteration] = iteration(s);
    // Without steps the replayed figure is the window's makespan, which no measured step matches.
    const bool stepless = s.steps.empty();
    // The job as it runs without the profiler: the same replay with the profiler's cost taken out (its
    // iteration is all that is read: no slack).
    const ProfilerOverhead::Estimate overhead = ProfilerOverhead::estimate(x, profilerOverheadNs);
    std::optional<double> unprofiledIteration;
    if (overhead.perEventNs > 0) {
        Expected<std::shared_ptr<const ExecutionGraph>> lighter = ProfilerOverhead::remove(session.measured(), overhead.perEventNs);
        Expected<ReplayResult> unprofiled = lighter ? JobSession::replay(*lighter, options, nullptr, {}, {}, JobSession::Slack::Without) : Expected<ReplayResult>(lighter.status());
        if (!unprofiled)
            return fail(unprofiled.status());
        unprofiledIteration = iteration(unprofiled->schedule).second;
    }

    // Path items: time each holds the path, in path order; those listed: the `top` that hold it longest
    // (all with 0), longest first.
    const std::vector<CriticalPath::Hold>& pathOps = path.holds;
    std::vector<std::size_t> longest(pathOps.size());
    for (std::size_t k = 0; k < longest.size(); ++k)
        longest[k] = k;
    std::stable_sort(longest.begin(), longest.end(), [&](std::size_t a, std::size_t b) { return pathOps[a].held > pathOps[b].held; });
    if (top > 0 && longest.size() > static_cast<std::size_t>(top))
        longest.resize(static_cast<std::size_t>(top));
    QStringList lint = loadWarnings(g.trace());
    for (const GraphLint& l : g.lint())
        lint.append(QString::fromStdString(l.detail));
    for (const Message& w : ReplayChecks::of(x, s, path))
        lint.append(QString::fromStdString(w.english()));
    if (s.timesOutOfRange)
        lint.append(QStringLiteral("replayed times lie beyond ±2^62 ns: the durations or costs given are past any real job, and "
                                   "sums of them saturate; the figures are not a measure of the job"));

    if (!parser.value(exportOption).isEmpty()) {
        QString error;
        if (!ChromeExport::write(parser.value(exportOption), x, s, path, error)) {
            err << "sightline-cli replay: cannot write " << parser.value(exportOption) << ": " << error << '\n';
            return 1;
        }
    }

    if (json) {
        QJsonArray rankArray;
        for (const RankResult& r : ranks) {
            rankArray.append(QJsonObject { { QStringLiteral("rank"), r.rank }, { QStringLiteral("measured_ms"), rounded(r.measured, 4) },
                { QStringLiteral("replayed_ms"), rounded(r.replayed, 4) }, { QStringLiteral("error_pct"), errorPct(r.measured, r.replayed) } });
        }
        QJsonArray opArray;
        std::vector<std::size_t> inPathOrder = longest;
        std::sort(inPathOrder.begin(), inPathOrder.end());
        for (std::size_t k : inPathOrder) {
            const CriticalPath::Hold& h = pathOps[k];
            opArray.append(QJsonObject { { QStringLiteral("name"), itemName(g, x, h.item) }, { QStringLiteral("rank"), itemRank(x, h.item) },
                { QStringLiteral("duration_ms"), rounded(ms(h.held), 4) },
                { QStringLiteral("share_pct"), path.length > 0 ? rounded(100.0 * static_cast<double>(h.held) / static_cast<double>(path.length), 2) : 0.0 } });
        }
        QJsonArray perRank;
        for (std::uint32_t r = 0; r < x.ranks().size(); ++r) {
            QJsonObject o = breakdownJson(path.perRank[r]);
            o.insert(QStringLiteral("rank"), x.ranks()[r].rank);
            perRank.append(o);
        }
        QJsonArray offsets, residuals;
        for (std::uint32_t r = 0; r < alignment.offsets.size(); ++r) {
            offsets.append(rounded(static_cast<double>(alignment.offsets[r]) / 1000.0, 3));
            residuals.append(r < alignment.rmsResidual.size() ? rounded(alignment.rmsResidual[r] / 1000.0, 3) : 0.0);
        }
        QJsonObject overheadJson = profilerOverheadJson(overhead);
        overheadJson.insert(QStringLiteral("unprofiled_iteration_ms"),
            unprofiledIteration ? QJsonValue(rounded(*unprofiledIteration, 4)) : QJsonValue(rounded(replayedIteration, 4)));
        QJsonObject doc {
            { QStringLiteral("iteration"),
                QJsonObject { { QStringLiteral("measured_ms"),
                                  stepless ? QJsonValue() : QJsonValue(rounded(measuredIteration, 4)) },
                    { QStringLiteral("replayed_ms"), rounded(replayedIteration, 4) },
                    { QStringLiteral("error_pct"),
                        stepless ? QJsonValue() : QJsonValue(errorPct(measuredIteration, replayedIteration)) } } },
            { QStringLiteral("steps"), job.stepsText() },
            { QStringLiteral("ranks"), rankArray },
            { QStringLiteral("critical_path"),
                QJsonObject { { QStringLiteral("length_ms"), rounded(ms(path.length), 4) },
                    { QStringLiteral("breakdown_ms"), breakdownJson(path.total) },
                    { QStringLiteral("per_rank_ms"), perRank }, { QStringLiteral("ops"), opArray },
                    { QStringLiteral("items"), static_cast<qint64>(pathOps.size()) } } },
            { QStringLiteral("alignment_offsets_us"), offsets },
            { QStringLiteral("alignment_residual_rms_us"), residuals },
            { QStringLiteral("graph"),
                QJsonObject { { QStringLiteral("vertices"), static_cast<qint64>(g.vertexCount()) },
                    { QStringLiteral("edges"), static_cast<qint64>(g.edgeCount()) },
                    { QStringLiteral("logical_collectives"), static_cast<qint64>(g.collectives().size()) } } },
            { QStringLiteral("execution_graph"),
                QJsonObject { { QStringLiteral("items"), static_cast<qint64>(x.itemCount()) },
                    { QStringLiteral("edges"), static_cast<qint64>(x.edgeCount()) } } },
            { QStringLiteral("collective_roles"), rolesJson(roles) },
            { QStringLiteral("model"), modelJson(options, topology, fits, replay, durations, comm) },
            { QStringLiteral("profiler_overhead"), overheadJson },
            { QStringLiteral("lint"), QJsonArray::fromStringList(lint) },
        };
        out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        return 0;
    }
    if (stepless)
        out << "Iteration: the trace marks no steps; replayed, its window lasts "
            << CliSupport::msText(replayedIteration) << " ms (no measured step to compare with)\n";
    else
        out << "Iteration: measured " << CliSupport::msText(measuredIteration) << " ms, replayed "
            << CliSupport::msText(replayedIteration) << " ms (" << errorPct(measuredIteration, replayedIteration)
            << "%)\n";
    for (const RankResult& r : ranks) {
        out << "  rank " << r.rank << ": measured " << CliSupport::msText(r.measured) << " ms, replayed "
            << CliSupport::msText(r.replayed) << " ms (" << errorPct(r.measured, r.replayed) << "%)\n";
    }
    out << profilerOverheadText(overhead) << '\n';
    if (unprofiledIteration)
        out << "  without the profiler: " << CliSupport::msText(*unprofiledIteration)
            << " ms per iteration (estimated)\n";
    if (!overhead.warning.empty())
        out << "  warning: " << qs(overhead.warning.english()) << '\n';
    out << "Graph: " << g.vertexCount() << " vertices, " << g.edgeCount() << " edges, " << g.collectives().size()
        << " logical collectives; " << x.itemCount() << " items replayed\n";
    out << "Collectives by parallelism: " << qs(roles.summary().english()) << '\n';
    out << "Model: durations " << durations << ", transfers " << comm;
    if (options.overlapSlowdown > 0)
        out << ", gamma " << options.overlapSlowdown;
    out << "; " << topology.hostCount() << " host(s) from " << qs(topology.source()) << '\n';
    if (options.communication == CommSource::CostModel) {
        for (int l = 0; l < kLinkTypeCount; ++l) {
            const LinkParameters& p = options.costModel.parameters(static_cast<LinkType>(l));
            out << "  " << linkTypeName(static_cast<LinkType>(l)) << ": alpha " << QString::number(p.alphaNs / 1000.0, 'f', 2)
                << " us/step, " << QString::number(p.bytesPerNs, 'f', 2) << " GB/s";
            if (fits[l].fitted)
                out << " (fitted to " << fits[l].samples << " transfers, mean error " << QString::number(fits[l].meanAbsErrorPct, 'f', 1) << "%)";
            else if (fits[l].raisedBy)
                out << " (no slower than the fitted " << linkTypeName(*fits[l].raisedBy)
                    << ", whose transfers crossed these links)";
            else if (fits[l].boundedBy)
                out << " (defaults, no faster than the fitted " << linkTypeName(*fits[l].boundedBy) << ")";
            out << '\n';
        }
        out << "  at most " << s.peakTransfers << " transfers in flight at once\n";
    }
    if (x.withoutCounterpart() > 0)
        out << "  " << x.withoutCounterpart() << " ops had no counterpart in the chosen steps and kept their own duration\n";
    out << "Clock offsets (us):";
    for (std::uint32_t r = 0; r < alignment.offsets.size(); ++r)
        out << ' ' << QString::number(static_cast<double>(alignment.offsets[r]) / 1000.0, 'f', 1);
    out << "\nCritical path: " << CliSupport::msText(ms(path.length)) << " ms;";
    for (int c = 0; c < kPathCategoryCount; ++c)
        out << ' ' << pathCategoryName(static_cast<PathCategory>(c)) << ' ' << CliSupport::msText(ms(path.total[c]));
    out << " ms\n";
    for (std::size_t k : longest) {
        const CriticalPath::Hold& h = pathOps[k];
        out << "  " << CliSupport::msText(ms(h.held)) << " ms  rank " << itemRank(x, h.item) << "  "
            << itemName(g, x, h.item) << '\n';
    }
    for (const QString& l : lint)
        out << "lint: " << l << '\n';
    return 0;
}
