#include "core/import/periodicsteps.h"

#include "core/import/rankpart.h"

#include <algorithm>
#include <limits>

namespace sightline {

void PeriodicSteps::assign(RankPart& p, const std::map<std::uint32_t, std::vector<std::uint32_t>>& anchorsByTrack)
{
    std::map<std::size_t, std::size_t> tracksByCount;
    for (const auto& [track, anchors] : anchorsByTrack)
        ++tracksByCount[anchors.size()];
    std::size_t count = 0, tracks = 0;
    for (const auto& [c, n] : tracksByCount) {
        if (c >= 2 && (n > tracks || (n == tracks && c > count))) {
            count = c;
            tracks = n;
        }
    }
    p.steps.clear();
    p.stepMethod = StepMethod::None;
    if (count >= 2) {
        std::vector<TimeNs> first(count, std::numeric_limits<TimeNs>::max());
        TimeNs lastEnd = std::numeric_limits<TimeNs>::min();
        for (const auto& [track, anchors] : anchorsByTrack) {
            if (anchors.size() != count)
                continue;
            for (std::size_t k = 0; k < count; ++k)
                first[k] = std::min(first[k], p.start[anchors[k]]);
            for (std::uint32_t i = anchors.back(); i < p.opCount() && p.track[i] == track; ++i)
                lastEnd = std::max(lastEnd, p.end[i]);
        }
        for (std::size_t k = 0; k < count; ++k) {
            const TimeNs end = k + 1 < count ? first[k + 1] : std::max(lastEnd, first[k]);
            p.steps.push_back(StepSpan { RankId(), static_cast<std::int64_t>(k), first[k], end, OpId() });
        }
        p.stepMethod = StepMethod::TensorPeriodicity;
    }
    // Each op takes the step whose span holds its start. Ops come in (track, start) order, so the step
    // before the first that starts after an op only moves forward along a track: searched for where a
    // track starts or its starts go back, stepped along otherwise.
    p.step.assign(p.opCount(), -1);
    const auto startsAfter = [](TimeNs t, const StepSpan& s) { return t < s.start; };
    auto after = p.steps.begin();
    for (std::size_t i = 0; i < p.opCount(); ++i) {
        const TimeNs t = p.start[i];
        if (i == 0 || p.track[i] != p.track[i - 1] || t < p.start[i - 1])
            after = std::upper_bound(p.steps.begin(), p.steps.end(), t, startsAfter);
        while (after != p.steps.end() && after->start <= t)
            ++after;
        if (after != p.steps.begin() && t < std::prev(after)->end)
            p.step[i] = static_cast<std::int32_t>(std::prev(after)->number);
    }
}

} // namespace sightline
