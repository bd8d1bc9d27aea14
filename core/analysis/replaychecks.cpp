#include "core/analysis/replaychecks.h"

#include "core/analysis/criticalpath.h"
#include "core/analysis/steptimes.h"
#include "core/base/message.h"
#include "core/base/millisecondtext.h"
#include "core/exec/executiongraph.h"
#include "core/replay/schedule.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace sightline {

namespace {

std::string ms(TimeNs t)
{
    return MillisecondText::number(t) + " ms";
}

bool differ(TimeNs a, TimeNs b)
{
    const TimeNs d = a > b ? a - b : b - a;
    return d > ReplayChecks::kAbsolute && static_cast<double>(d) > ReplayChecks::kRelative * static_cast<double>(std::max(a, b));
}

// Per rank with steps: the sum of its replayed steps, when they began and ended, its first step and its
// step count.
struct RankSpan {
    TimeNs steps = 0;
    TimeNs begin = 0;
    TimeNs end = 0;
    TimeNs first = 0;
    std::size_t count = 0;
    std::int32_t rank = -1;
};

} // namespace

std::vector<Message> ReplayChecks::of(const ExecutionGraph& g, const Schedule& s, const CriticalPath& path)
{
    using Args = std::vector<Message::Arg>;
    std::vector<Message> warnings;
    if (s.timesOutOfRange)
        warnings.emplace_back(SL_TEXT("Core", "replayed times lie beyond ±2^62 ns: the figures are no measure of a job"));
    const TimeNs span = s.finish - s.begin;
    if (!s.start.empty() && differ(path.length, span))
        warnings.emplace_back(SL_TEXT("Core", "the critical path (%1) does not span the replay (%2): part of the replayed time is on no path from the window's start"),
            Args { ms(path.length), ms(span) });
    std::map<std::uint32_t, RankSpan> ranks;
    std::size_t nonPositive = 0;
    for (const ReplayedStep& st : s.steps) {
        RankSpan& r = ranks[st.rank.value()];
        if (r.count++ == 0) {
            r.first = st.replayed;
            r.begin = st.end - st.replayed;
        }
        r.steps += st.replayed;
        r.end = std::max(r.end, st.end);
        r.rank = g.ranks()[st.rank.value()].rank;
        nonPositive += st.replayed <= 0;
    }
    if (nonPositive > 0)
        warnings.emplace_back(SL_TEXT("Core", "%1 replayed steps took no time: their work ended before the step before theirs did, "
                                              "which no dependency of the trace made them wait for"),
            Args { nonPositive });
    if (ranks.empty())
        return warnings;
    const auto longest = std::max_element(ranks.begin(), ranks.end(), [](const auto& a, const auto& b) { return a.second.steps < b.second.steps; });
    const RankSpan& slowest = longest->second;
    // Work that outlasts every rank's last step (work outside the steps) is replayed time the iteration
    // does not count.
    TimeNs stepsEnd = std::numeric_limits<TimeNs>::min();
    for (const auto& [id, r] : ranks)
        stepsEnd = std::max(stepsEnd, r.end);
    if (s.finish > stepsEnd && differ(stepsEnd - s.begin, span))
        warnings.emplace_back(SL_TEXT("Core", "the replay runs %1 past the end of every rank's steps (%2 of %3): work outside the steps is not in the iteration"),
            Args { ms(s.finish - stepsEnd), ms(stepsEnd - s.begin), ms(span) });
    for (const auto& [id, r] : ranks) {
        if (r.steps > span && differ(r.steps, span))
            warnings.emplace_back(SL_TEXT("Core", "rank %1's steps (%2) outlast the replay (%3)"), Args { r.rank, ms(r.steps), ms(span) });
    }
    // Ranks whose steps do not meet in time: nothing tied their clocks (no collective joins them), and
    // the replay's span and critical path run across the gap between them.
    const auto earliestEnd = std::min_element(ranks.begin(), ranks.end(), [](const auto& a, const auto& b) { return a.second.end < b.second.end; });
    const auto latestBegin = std::max_element(ranks.begin(), ranks.end(), [](const auto& a, const auto& b) { return a.second.begin < b.second.begin; });
    if (latestBegin->second.begin > earliestEnd->second.end && differ(latestBegin->second.begin - earliestEnd->second.end, 0))
        warnings.emplace_back(SL_TEXT("Core", "rank %1's steps begin %2 after rank %3's end: their clocks are apart and no collective ties them (two runs, "
                                              "or one rank's file twice?), so the replay's span and its critical path cross the gap; each rank's steps are its own"),
            Args { latestBegin->second.rank, ms(latestBegin->second.begin - earliestEnd->second.end), earliestEnd->second.rank });
    // The first step carries what the window began with, and each step its own measured durations;
    // where the first differs much from the steps after it, the iteration (their mean with it) does too.
    if (slowest.count > 1) {
        const double others = static_cast<double>(slowest.steps - slowest.first) / static_cast<double>(slowest.count - 1);
        const double off = std::abs(static_cast<double>(slowest.first) - others);
        if (others > 0 && off > 0.25 * others && off > static_cast<double>(kAbsolute))
            warnings.emplace_back(SL_TEXT("Core", "rank %1's first replayed step took %2 against %3 for the steps after it: it carries what the window began with "
                                                  "(ranks that began at different times, work begun before it) or durations of its own that differ from theirs, "
                                                  "and the iteration, their mean, with it"),
                Args { slowest.rank, ms(slowest.first), ms(static_cast<TimeNs>(others)) });
    }
    return warnings;
}

} // namespace sightline
