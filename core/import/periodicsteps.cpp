#include "core/import/periodicsteps.h"

#include "core/import/rankpart.h"
#include "core/import/stepcursor.h"

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
    // Each op takes the step whose span holds its start; ops come in (track, start) order.
    p.step.assign(p.opCount(), -1);
    StepCursor cursor(p.steps);
    for (std::size_t i = 0; i < p.opCount(); ++i) {
        if (i == 0 || p.track[i] != p.track[i - 1])
            cursor.restart();
        p.step[i] = cursor.stepAt(p.start[i]);
    }
}

} // namespace sightline
