#include "core/align/clockalignment.h"

#include "core/graph/dependencygraph.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace sightline {

ClockAlignment ClockAligner::align(const DependencyGraph& graph, const AlignmentOptions& options)
{
    const Trace& t = graph.trace();
    const std::size_t ranks = t.ranks().size();
    ClockAlignment out;
    out.offsets.assign(ranks, 0);
    out.rmsResidual.assign(ranks, 0.0);
    out.clockGroup.assign(ranks, 0);

    // Clocks: one per named host when every rank names one, else one per rank.
    bool allHosts = options.shareHostClock;
    for (std::size_t r = 0; r < ranks && allHosts; ++r)
        allHosts = t.rankInfo(RankId(static_cast<std::uint32_t>(r))).host.isValid()
            && !t.string(t.rankInfo(RankId(static_cast<std::uint32_t>(r))).host).empty();
    std::vector<std::string> hostNames;
    for (std::size_t r = 0; r < ranks; ++r) {
        if (!allHosts) {
            out.clockGroup[r] = static_cast<std::uint32_t>(r);
            continue;
        }
        const std::string host(t.string(t.rankInfo(RankId(static_cast<std::uint32_t>(r))).host));
        auto it = std::find(hostNames.begin(), hostNames.end(), host);
        out.clockGroup[r] = static_cast<std::uint32_t>(it - hostNames.begin());
        if (it == hostNames.end())
            hostNames.push_back(host);
    }
    const std::size_t clocks = allHosts ? hostNames.size() : ranks;
    std::vector<bool> fixed(clocks, false);
    std::vector<double> offset(clocks, 0.0);
    for (const auto& [rank, value] : options.overrides) {
        if (rank < ranks) {
            fixed[out.clockGroup[rank]] = true;
            offset[out.clockGroup[rank]] = static_cast<double>(value);
        }
    }
    // The first clock with collectives is the reference unless the user fixed one.
    const bool anyFixed = std::find(fixed.begin(), fixed.end(), true) != fixed.end();

    // Collectives spanning more than one clock carry information; ends relative to a base to keep
    // the arithmetic exact in doubles.
    struct Sample {
        std::uint32_t rank;
        std::uint32_t clock;
        double end;
    };
    std::vector<std::vector<Sample>> samples;
    const TimeNs base = t.beginTime();
    for (const LogicalCollective& c : graph.collectives()) {
        std::vector<Sample> s;
        bool spans = false;
        for (OpId p : c.participants) {
            if (DependencyGraph::isWaiter(t, p))
                continue; // ends when told, which says nothing of its clock
            const std::uint32_t rank = t.rank(p).value();
            const std::uint32_t clock = out.clockGroup[rank];
            spans = spans || (!s.empty() && clock != s.front().clock);
            s.push_back({ rank, clock, static_cast<double>(t.end(p) - base) });
        }
        if (spans)
            samples.push_back(std::move(s));
    }
    if (samples.empty())
        return out;
    if (!anyFixed)
        fixed[samples.front().front().clock] = true;

    // Alternating least squares: T(c) is the mean of its participants' corrected ends; each free
    // offset is the mean of its residuals. Converges geometrically on this bipartite problem.
    std::vector<double> target(samples.size(), 0.0);
    for (int iteration = 0; iteration < 500; ++iteration) {
        for (std::size_t c = 0; c < samples.size(); ++c) {
            double sum = 0;
            for (const Sample& s : samples[c])
                sum += s.end - offset[s.clock];
            target[c] = sum / static_cast<double>(samples[c].size());
        }
        std::vector<double> sum(clocks, 0.0);
        std::vector<double> count(clocks, 0.0);
        for (std::size_t c = 0; c < samples.size(); ++c) {
            for (const Sample& s : samples[c]) {
                sum[s.clock] += s.end - target[c];
                count[s.clock] += 1;
            }
        }
        double change = 0;
        for (std::size_t k = 0; k < clocks; ++k) {
            if (fixed[k] || count[k] == 0)
                continue;
            const double next = sum[k] / count[k];
            change = std::max(change, std::abs(next - offset[k]));
            offset[k] = next;
        }
        if (change < 0.5)
            break;
    }
    // Residuals per rank, over every collective it took part in.
    std::vector<double> squares(ranks, 0.0);
    std::vector<double> counts(ranks, 0.0);
    for (std::size_t c = 0; c < samples.size(); ++c) {
        for (const Sample& s : samples[c]) {
            const double residual = s.end - offset[s.clock] - target[c];
            squares[s.rank] += residual * residual;
            counts[s.rank] += 1;
        }
    }
    for (std::size_t r = 0; r < ranks; ++r) {
        out.offsets[r] = static_cast<TimeNs>(std::llround(offset[out.clockGroup[r]]));
        out.rmsResidual[r] = counts[r] > 0 ? std::sqrt(squares[r] / counts[r]) : 0.0;
    }
    return out;
}

} // namespace sightline
