#include "replaycommand.h"

#include "clisupport.h"
#include "infocommand.h"

#include "core/align/clockalignment.h"
#include "core/analysis/criticalpath.h"
#include "core/base/status.h"
#include "core/graph/dependencygraph.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "core/replay/replayer.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <map>

using namespace sightline;

namespace {

using CliSupport::qs;
const auto ms = CliSupport::toMs;

double rounded(double v, int digits)
{
    const double scale = std::pow(10.0, digits);
    return std::round(v * scale) / scale;
}

double errorPct(double measured, double replayed)
{
    return measured > 0 ? rounded(100.0 * (replayed - measured) / measured, 2) : 0.0;
}

QString vertexName(const DependencyGraph& g, std::uint32_t v)
{
    if (g.isCollectiveVertex(v))
        return qs(g.trace().string(g.collective(v).name)) + QStringLiteral(" (") + QString::fromStdString(g.collective(v).group)
            + QStringLiteral(", all ranks)");
    return qs(g.trace().string(g.trace().name(OpId(v))));
}

int vertexRank(const DependencyGraph& g, std::uint32_t v)
{
    if (g.isCollectiveVertex(v))
        return -1;
    return g.trace().rankInfo(g.trace().rank(OpId(v))).rank;
}

struct RankResult {
    int rank;
    double measured;
    double replayed;
};

// Mean measured and replayed step time per rank.
std::vector<RankResult> rankResults(const Trace& t, const Schedule& s)
{
    std::map<std::uint32_t, std::pair<double, double>> sums;
    std::map<std::uint32_t, int> counts;
    for (const ReplayedStep& st : s.steps) {
        sums[st.rank.value()].first += ms(st.measured);
        sums[st.rank.value()].second += ms(st.replayed);
        ++counts[st.rank.value()];
    }
    std::vector<RankResult> out;
    for (const auto& [r, sum] : sums)
        out.push_back({ t.rankInfo(RankId(r)).rank, sum.first / counts[r], sum.second / counts[r] });
    std::sort(out.begin(), out.end(), [](const RankResult& a, const RankResult& b) { return a.rank < b.rank; });
    return out;
}

QJsonObject breakdownJson(const std::array<TimeNs, kPathCategoryCount>& b)
{
    QJsonObject o;
    for (int c = 0; c < kPathCategoryCount; ++c)
        o.insert(QString::fromLatin1(pathCategoryName(static_cast<PathCategory>(c))), rounded(ms(b[c]), 4));
    return o;
}

// The replayed timeline as Chrome JSON: one process per rank, one thread per track, critical ops
// marked in args and joined by flow arrows.
bool exportChrome(const QString& file, const DependencyGraph& g, const Schedule& s, const CriticalPath& path, QString& error)
{
    const Trace& t = g.trace();
    std::vector<std::uint8_t> critical(g.vertexCount(), 0);
    for (std::uint32_t v : path.vertices)
        critical[v] = 1;
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly)) {
        error = out.errorString();
        return false;
    }
    const TimeNs origin = s.begin;
    auto us = [origin](TimeNs ns) { return QString::number(static_cast<double>(ns - origin) / 1000.0, 'f', 3); };
    auto jsonString = [](const QString& text) {
        return QString::fromUtf8(QJsonDocument(QJsonArray { text }).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
    };
    QByteArray buffer = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
    bool first = true;
    auto writeEvent = [&](const QString& line) {
        if (!first)
            buffer += ",\n";
        first = false;
        buffer += line.toUtf8();
        if (buffer.size() > (1 << 20)) {
            out.write(buffer);
            buffer.clear();
        }
    };
    for (std::uint32_t tr = 0; tr < t.tracks().size(); ++tr) {
        const TrackInfo& info = t.trackInfo(TrackId(tr));
        const int rank = t.rankInfo(info.rank).rank;
        writeEvent(QStringLiteral("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%1,\"tid\":%2,\"args\":{\"name\":%3}}")
                 .arg(rank)
                 .arg(tr)
                 .arg(jsonString(qs(t.string(info.name)))));
        for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v) {
            if (!s.replayed(v))
                continue;
            writeEvent(QStringLiteral("{\"ph\":\"X\",\"name\":%1,\"cat\":\"%2\",\"pid\":%3,\"tid\":%4,\"ts\":%5,\"dur\":%6,"
                                "\"args\":{\"critical\":%7,\"measured_dur_us\":%8}}")
                     .arg(jsonString(qs(t.string(t.name(OpId(v))))), qs(opKindName(t.kind(OpId(v)))))
                     .arg(rank)
                     .arg(tr)
                     .arg(us(s.start[v]), QString::number(static_cast<double>(s.end[v] - s.start[v]) / 1000.0, 'f', 3),
                         critical[v] ? QStringLiteral("true") : QStringLiteral("false"),
                         QString::number(static_cast<double>(t.duration(OpId(v))) / 1000.0, 'f', 3)));
        }
    }
    for (std::uint32_t r = 0; r < t.ranks().size(); ++r) {
        writeEvent(QStringLiteral("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%1,\"args\":{\"name\":\"rank %1 (replayed)\"}}")
                 .arg(t.rankInfo(RankId(r)).rank));
    }
    // Flow arrows from each critical op to the next one on the path.
    std::uint32_t previous = DependencyGraph::kNoVertex;
    int flow = 0;
    for (std::uint32_t v : path.vertices) {
        if (g.isCollectiveVertex(v))
            continue;
        if (previous != DependencyGraph::kNoVertex) {
            const TrackInfo& a = t.trackInfo(t.track(OpId(previous)));
            const TrackInfo& b = t.trackInfo(t.track(OpId(v)));
            writeEvent(QStringLiteral("{\"ph\":\"s\",\"name\":\"critical path\",\"cat\":\"critical\",\"id\":%1,\"pid\":%2,\"tid\":%3,\"ts\":%4}")
                     .arg(flow)
                     .arg(t.rankInfo(a.rank).rank)
                     .arg(t.track(OpId(previous)).value())
                     .arg(us(s.start[previous])));
            writeEvent(QStringLiteral("{\"ph\":\"f\",\"bp\":\"e\",\"name\":\"critical path\",\"cat\":\"critical\",\"id\":%1,\"pid\":%2,\"tid\":%3,\"ts\":%4}")
                     .arg(flow)
                     .arg(t.rankInfo(b.rank).rank)
                     .arg(t.track(OpId(v)).value())
                     .arg(us(s.start[v])));
            ++flow;
        }
        previous = v;
    }
    buffer += "\n]}\n";
    out.write(buffer);
    if (!out.commit()) {
        error = out.errorString();
        return false;
    }
    return true;
}

bool parseSteps(const QString& text, std::int64_t& first, std::int64_t& last)
{
    const QStringList parts = text.split(QLatin1Char('-'));
    bool ok1 = false, ok2 = false;
    if (parts.size() == 1) {
        first = last = parts[0].toLongLong(&ok1);
        return ok1 && first >= 0;
    }
    if (parts.size() != 2)
        return false;
    first = parts[0].toLongLong(&ok1);
    last = parts[1].toLongLong(&ok2);
    return ok1 && ok2 && first >= 0 && last >= first;
}

} // namespace

int ReplayCommand::run(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Replay a job's steps and find the critical path."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("Trace files or folders of one job."), QStringLiteral("FILES..."));
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print a JSON document (see docs/cli.md)."));
    const QCommandLineOption stepsOption(QStringLiteral("steps"),
        QStringLiteral("ProfilerStep numbers to replay, N or A-B (default: the steps every rank has)."), QStringLiteral("A-B"));
    const QCommandLineOption exportOption(QStringLiteral("export-chrome"),
        QStringLiteral("Write the replayed timeline as Chrome JSON, critical path marked."), QStringLiteral("OUT.json"));
    const QCommandLineOption noAlignOption(QStringLiteral("no-align"), QStringLiteral("Keep the trace clocks as they are."));
    const QCommandLineOption offsetOption(QStringLiteral("offset"),
        QStringLiteral("Fix the clock offset of a rank, in microseconds (repeatable)."), QStringLiteral("RANK=US"));
    const QCommandLineOption topOption(QStringLiteral("top"),
        QStringLiteral("How many critical-path ops to list in text output (default 15)."), QStringLiteral("N"), QStringLiteral("15"));
    parser.addOptions({ jsonOption, stepsOption, exportOption, noAlignOption, offsetOption, topOption });
    if (const std::optional<int> exit = CliSupport::parseCommandLine(parser, args, QStringLiteral("replay")))
        return *exit;
    QTextStream err(stderr);
    ReplayOptions options;
    if (parser.isSet(stepsOption) && !parseSteps(parser.value(stepsOption), options.firstStep, options.lastStep)) {
        err << "sightline-cli replay: --steps wants N or A-B with A <= B, not '" << parser.value(stepsOption) << "'\n";
        return 2;
    }
    AlignmentOptions alignOptions;
    std::map<int, TimeNs> offsetByRank;
    for (const QString& o : parser.values(offsetOption)) {
        const QStringList kv = o.split(QLatin1Char('='));
        bool ok1 = false, ok2 = false;
        const int rank = kv.size() == 2 ? kv[0].toInt(&ok1) : -1;
        const double value = kv.size() == 2 ? kv[1].toDouble(&ok2) : 0.0;
        if (!ok1 || !ok2 || rank < 0) {
            err << "sightline-cli replay: --offset wants RANK=MICROSECONDS, not '" << o << "'\n";
            return 2;
        }
        offsetByRank[rank] = static_cast<TimeNs>(std::llround(value * 1000.0));
    }
    bool topOk = false;
    const int top = parser.value(topOption).toInt(&topOk);
    if (!topOk || top < 0) {
        err << "sightline-cli replay: --top wants a count\n";
        return 2;
    }
    const bool json = parser.isSet(jsonOption);
    QTextStream out(stdout);
    auto fail = [&](const Status& status) {
        err << "sightline-cli: error: " << qs(status.toString()) << '\n';
        if (json)
            out << QJsonDocument(InfoCommand::errorJson(status)).toJson(QJsonDocument::Indented);
        return 1;
    };

    Expected<std::shared_ptr<const Trace>> trace = TraceLoader::load(CliSupport::toPaths(parser.positionalArguments()));
    if (!trace)
        return fail(trace.status());
    const Trace& t = **trace;
    Expected<std::shared_ptr<const DependencyGraph>> graph = DependencyGraph::build(*trace);
    if (!graph)
        return fail(graph.status());
    const DependencyGraph& g = **graph;
    for (const auto& [rank, value] : offsetByRank) {
        bool found = false;
        for (std::uint32_t r = 0; r < t.ranks().size(); ++r) {
            if (t.rankInfo(RankId(r)).rank == rank) {
                alignOptions.overrides[r] = value;
                found = true;
            }
        }
        if (!found) {
            err << "sightline-cli replay: --offset names rank " << rank << ", which is not in the job\n";
            return 2;
        }
    }
    ClockAlignment alignment;
    if (parser.isSet(noAlignOption)) {
        alignment.offsets.assign(t.ranks().size(), 0);
        for (const auto& [r, value] : alignOptions.overrides)
            alignment.offsets[r] = value;
    } else {
        alignment = ClockAligner::align(g, alignOptions);
    }
    options.rankOffsets = alignment.offsets;
    Expected<Schedule> schedule = Replayer::replay(g, options);
    if (!schedule)
        return fail(schedule.status());
    const Schedule& s = *schedule;
    const CriticalPath path = CriticalPathAnalysis::compute(g, s);
    const std::vector<RankResult> ranks = rankResults(t, s);
    double measuredIteration = 0, replayedIteration = 0;
    for (const RankResult& r : ranks) {
        measuredIteration = std::max(measuredIteration, r.measured);
        replayedIteration = std::max(replayedIteration, r.replayed);
    }
    if (ranks.empty()) {
        measuredIteration = 0;
        replayedIteration = ms(s.finish - s.begin);
    }

    // Path ops: time each vertex holds the path, in path order.
    std::vector<std::pair<std::uint32_t, TimeNs>> pathOps;
    for (const PathSegment& seg : path.segments) {
        if (!pathOps.empty() && pathOps.back().first == seg.vertex)
            pathOps.back().second += seg.to - seg.from;
        else
            pathOps.emplace_back(seg.vertex, seg.to - seg.from);
    }
    QStringList lint;
    for (const GraphLint& l : g.lint())
        lint.append(QString::fromStdString(l.detail));

    if (!parser.value(exportOption).isEmpty()) {
        QString error;
        if (!exportChrome(parser.value(exportOption), g, s, path, error)) {
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
        for (const auto& [v, held] : pathOps) {
            opArray.append(QJsonObject { { QStringLiteral("name"), vertexName(g, v) }, { QStringLiteral("rank"), vertexRank(g, v) },
                { QStringLiteral("duration_ms"), rounded(ms(held), 4) },
                { QStringLiteral("share_pct"), path.length > 0 ? rounded(100.0 * static_cast<double>(held) / static_cast<double>(path.length), 2) : 0.0 } });
        }
        QJsonArray perRank;
        for (std::uint32_t r = 0; r < t.ranks().size(); ++r) {
            QJsonObject o = breakdownJson(path.perRank[r]);
            o.insert(QStringLiteral("rank"), t.rankInfo(RankId(r)).rank);
            perRank.append(o);
        }
        QJsonArray offsets, residuals;
        for (std::uint32_t r = 0; r < t.ranks().size(); ++r) {
            offsets.append(rounded(static_cast<double>(alignment.offsets[r]) / 1000.0, 3));
            residuals.append(r < alignment.rmsResidual.size() ? rounded(alignment.rmsResidual[r] / 1000.0, 3) : 0.0);
        }
        QJsonObject doc {
            { QStringLiteral("iteration"),
                QJsonObject { { QStringLiteral("measured_ms"), rounded(measuredIteration, 4) }, { QStringLiteral("replayed_ms"), rounded(replayedIteration, 4) },
                    { QStringLiteral("error_pct"), errorPct(measuredIteration, replayedIteration) } } },
            { QStringLiteral("steps"), options.firstStep >= 0 ? QString::number(options.firstStep) + QLatin1Char('-') + QString::number(options.lastStep) : QStringLiteral("common") },
            { QStringLiteral("ranks"), rankArray },
            { QStringLiteral("critical_path"),
                QJsonObject { { QStringLiteral("length_ms"), rounded(ms(path.length), 4) }, { QStringLiteral("breakdown_ms"), breakdownJson(path.total) },
                    { QStringLiteral("per_rank_ms"), perRank }, { QStringLiteral("ops"), opArray } } },
            { QStringLiteral("alignment_offsets_us"), offsets },
            { QStringLiteral("alignment_residual_rms_us"), residuals },
            { QStringLiteral("graph"), QJsonObject { { QStringLiteral("vertices"), static_cast<qint64>(g.vertexCount()) },
                                          { QStringLiteral("edges"), static_cast<qint64>(g.edgeCount()) },
                                          { QStringLiteral("logical_collectives"), static_cast<qint64>(g.collectives().size()) } } },
            { QStringLiteral("lint"), QJsonArray::fromStringList(lint) },
        };
        out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        return 0;
    }
    out << "Iteration: measured " << QString::number(measuredIteration, 'f', 3) << " ms, replayed "
        << QString::number(replayedIteration, 'f', 3) << " ms (" << errorPct(measuredIteration, replayedIteration) << "%)\n";
    for (const RankResult& r : ranks) {
        out << "  rank " << r.rank << ": measured " << QString::number(r.measured, 'f', 3) << " ms, replayed "
            << QString::number(r.replayed, 'f', 3) << " ms (" << errorPct(r.measured, r.replayed) << "%)\n";
    }
    out << "Graph: " << g.vertexCount() << " vertices, " << g.edgeCount() << " edges, " << g.collectives().size()
        << " logical collectives\n";
    out << "Clock offsets (us):";
    for (std::uint32_t r = 0; r < t.ranks().size(); ++r)
        out << ' ' << QString::number(static_cast<double>(alignment.offsets[r]) / 1000.0, 'f', 1);
    out << "\nCritical path: " << QString::number(ms(path.length), 'f', 3) << " ms;";
    for (int c = 0; c < kPathCategoryCount; ++c)
        out << ' ' << pathCategoryName(static_cast<PathCategory>(c)) << ' ' << QString::number(ms(path.total[c]), 'f', 3);
    out << " ms\n";
    std::vector<std::pair<std::uint32_t, TimeNs>> longest = pathOps;
    std::stable_sort(longest.begin(), longest.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    if (longest.size() > static_cast<std::size_t>(top))
        longest.resize(static_cast<std::size_t>(top));
    for (const auto& [v, held] : longest) {
        out << "  " << QString::number(ms(held), 'f', 3) << " ms  rank " << vertexRank(g, v) << "  " << vertexName(g, v) << '\n';
    }
    for (const QString& l : lint)
        out << "lint: " << l << '\n';
    return 0;
}
