#include "core/analysis/steptimes.h"

#include "core/replay/schedule.h"

#include <algorithm>
#include <map>

namespace sightline {

std::vector<RankStepTime> StepTimes::perRank(const Schedule& s)
{
    struct Sum {
        double measured = 0, replayed = 0;
        int count = 0;
    };
    std::map<std::uint32_t, Sum> sums;
    for (const ReplayedStep& st : s.steps) {
        Sum& sum = sums[st.rank.value()];
        sum.measured += static_cast<double>(st.measured);
        sum.replayed += static_cast<double>(st.replayed);
        ++sum.count;
    }
    std::vector<RankStepTime> out;
    for (const auto& [rank, sum] : sums)
        out.push_back({ RankId(rank), sum.measured / sum.count, sum.replayed / sum.count });
    return out;
}

RankStepTime StepTimes::iteration(std::span<const RankStepTime> ranks, const Schedule& s)
{
    if (s.asynchronous && !ranks.empty()) {
        // Steps per ns of every rank together, measured and replayed, over the ranks.
        double measured = 0, replayed = 0;
        for (const RankStepTime& r : ranks) {
            measured += r.measured > 0 ? 1 / r.measured : 0;
            replayed += r.replayed > 0 ? 1 / r.replayed : 0;
        }
        const auto n = static_cast<double>(ranks.size());
        return { RankId(), measured > 0 ? n / measured : 0, replayed > 0 ? n / replayed : 0 };
    }
    RankStepTime slowest;
    for (const RankStepTime& r : ranks) {
        slowest.measured = std::max(slowest.measured, r.measured);
        slowest.replayed = std::max(slowest.replayed, r.replayed);
    }
    if (ranks.empty())
        slowest.replayed = static_cast<double>(s.finish - s.begin);
    return slowest;
}

} // namespace sightline
