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
