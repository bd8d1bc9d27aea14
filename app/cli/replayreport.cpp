#include "replayreport.h"

#include "clisupport.h"

#include "core/analysis/steptimes.h"
#include "core/analysis/tracesummary.h"
#include "core/graph/dependencygraph.h"

#include <algorithm>
#include <cmath>

using namespace sightline;
using CliSupport::qs;

namespace ReplayReport {

double rounded(double v, int digits)
{
    const double scale = std::pow(10.0, digits);
    return std::round(v * scale) / scale;
}

double errorPct(double measured, double replayed)
{
    return measured > 0 ? rounded(100.0 * (replayed - measured) / measured, 2) : 0.0;
}

namespace {

double perIterationMs(const ProfilerOverhead::Estimate& e)
{
    return e.perIterationNs() / 1e6;
}

} // namespace

QJsonObject profilerOverheadJson(const ProfilerOverhead::Estimate& e)
{
    return QJsonObject { { QStringLiteral("per_event_us"), rounded(e.perEventNs / 1000.0, 4) },
        { QStringLiteral("host_events_per_step"), rounded(e.eventsPerIteration(), 1) },
        { QStringLiteral("per_step_ms"), rounded(perIterationMs(e), 4) }, { QStringLiteral("source"), qs(e.source) },
        { QStringLiteral("warning"), e.warning.empty() ? QJsonValue() : QJsonValue(qs(e.warning.english())) } };
}

QString profilerOverheadText(const ProfilerOverhead::Estimate& e)
{
    if (e.perEventNs <= 0)
        return QStringLiteral("Profiler overhead: none taken out (") + qs(e.source) + QLatin1Char(')');
    // A trace that marks no steps replays its window as its one iteration.
    const QString per = e.steps == 0 ? QStringLiteral(" in the window") : QStringLiteral(" per step");
    return QStringLiteral("Profiler overhead: ") + QString::number(e.perEventNs / 1000.0, 'g', 4)
        + QStringLiteral(" us per host event, ") + QString::number(e.eventsPerIteration(), 'f', 0)
        + QStringLiteral(" host events") + per + QStringLiteral(": up to ") + CliSupport::msText(perIterationMs(e))
        + QStringLiteral(" ms") + per + QStringLiteral(" taken out (") + qs(e.source) + QLatin1Char(')');
}

// An item's name; work spanning ranks says so, with the process group of the measured collective.
QString itemName(const DependencyGraph& measured, const ExecutionGraph& g, ItemId item)
{
    const QString name = qs(g.name(item));
    if (g.rank(item).isValid())
        return name;
    const auto origin = g.origin(item);
    const std::uint32_t v = origin.empty() ? DependencyGraph::kNoVertex : measured.collectiveOf(origin.front());
    const QString group = v == DependencyGraph::kNoVertex ? QString() : QString::fromStdString(measured.collective(v).group) + QStringLiteral(", ");
    return name + QStringLiteral(" (") + group + QStringLiteral("all ranks)");
}

int itemRank(const ExecutionGraph& g, ItemId item)
{
    return g.rank(item).isValid() ? g.ranks()[g.rank(item).value()].rank : -1;
}

QStringList loadWarnings(const Trace& trace)
{
    QStringList out;
    for (const Diagnostic& d : trace.diagnostics())
        out.append(QStringLiteral("while loading: ") + QString::fromStdString(TraceSummary::describe(d)));
    return out;
}

std::vector<RankResult> rankResults(const ExecutionGraph& g, const Schedule& s)
{
    std::vector<RankResult> out;
    for (const RankStepTime& r : StepTimes::perRank(s))
        out.push_back({ g.ranks()[r.rank.value()].rank, r.measured / 1e6, r.replayed / 1e6 });
    std::sort(out.begin(), out.end(), [](const RankResult& a, const RankResult& b) { return a.rank < b.rank; });
    return out;
}

std::pair<double, double> iteration(const Schedule& s)
{
    const RankStepTime it = StepTimes::iteration(s);
    return { it.measured / 1e6, it.replayed / 1e6 };
}

QJsonObject breakdownJson(const std::array<TimeNs, kPathCategoryCount>& b)
{
    QJsonObject o;
    for (int c = 0; c < kPathCategoryCount; ++c)
        o.insert(QString::fromLatin1(pathCategoryName(static_cast<PathCategory>(c))), rounded(CliSupport::toMs(b[c]), 4));
    return o;
}

} // namespace ReplayReport
