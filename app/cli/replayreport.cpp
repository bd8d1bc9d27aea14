#include "replayreport.h"

#include "clisupport.h"

#include "core/graph/dependencygraph.h"

#include <algorithm>
#include <cmath>
#include <map>

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

// Mean measured and replayed step time per rank.
std::vector<RankResult> rankResults(const ExecutionGraph& g, const Schedule& s)
{
    std::map<std::uint32_t, std::pair<double, double>> sums;
    std::map<std::uint32_t, int> counts;
    for (const ReplayedStep& st : s.steps) {
        sums[st.rank.value()].first += CliSupport::toMs(st.measured);
        sums[st.rank.value()].second += CliSupport::toMs(st.replayed);
        ++counts[st.rank.value()];
    }
    std::vector<RankResult> out;
    for (const auto& [r, sum] : sums)
        out.push_back({ g.ranks()[r].rank, sum.first / counts[r], sum.second / counts[r] });
    std::sort(out.begin(), out.end(), [](const RankResult& a, const RankResult& b) { return a.rank < b.rank; });
    return out;
}

std::pair<double, double> iteration(const std::vector<RankResult>& ranks, const Schedule& s)
{
    double measured = 0, replayed = 0;
    for (const RankResult& r : ranks) {
        measured = std::max(measured, r.measured);
        replayed = std::max(replayed, r.replayed);
    }
    if (ranks.empty())
        replayed = CliSupport::toMs(s.finish - s.begin);
    return { measured, replayed };
}

QJsonObject breakdownJson(const std::array<TimeNs, kPathCategoryCount>& b)
{
    QJsonObject o;
    for (int c = 0; c < kPathCategoryCount; ++c)
        o.insert(QString::fromLatin1(pathCategoryName(static_cast<PathCategory>(c))), rounded(CliSupport::toMs(b[c]), 4));
    return o;
}

} // namespace ReplayReport
