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
    // Per rank: how many steps, and whether every step after its first took time. Where one did not,
    // the later steps ran into the first, which then holds the job's pace: the mean is over all.
    std::map<std::uint32_t, std::pair<std::size_t, bool>> ranks;
    for (const ReplayedStep& st : s.steps) {
        auto& [count, steady] = ranks.try_emplace(st.rank.value(), 0, true).first->second;
        if (count++ > 0 && st.replayed <= 0)
            steady = false;
    }
    std::map<std::uint32_t, std::size_t> seen;
    for (const ReplayedStep& st : s.steps) {
        // Steps are by rank and number: the first of a rank that has more is left out.
        const auto& [count, steady] = ranks[st.rank.value()];
        if (seen[st.rank.value()]++ == 0 && count > 1 && steady)
            continue;
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
