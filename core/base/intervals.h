#pragma once

#include "core/base/checkedmath.h"
#include "core/base/ids.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace sightline {

// Sorts [start, end) intervals and merges those that overlap or touch, in place: what is left is
// their union as disjoint intervals in time order. Input that is already sorted is not sorted again.
inline void mergeIntervals(std::vector<std::pair<TimeNs, TimeNs>>& intervals)
{
    if (!std::is_sorted(intervals.begin(), intervals.end()))
        std::sort(intervals.begin(), intervals.end());
    std::size_t w = 0;
    for (std::size_t i = 0; i < intervals.size(); ++i) {
        if (w > 0 && intervals[i].first <= intervals[w - 1].second)
            intervals[w - 1].second = std::max(intervals[w - 1].second, intervals[i].second);
        else
            intervals[w++] = intervals[i];
    }
    intervals.resize(w);
}

// The fraction of [a, b) that merged (disjoint, in time order) [from, to) intervals cover; 0 for an
// empty range. O(log n + k).
inline double coveredFraction(const std::vector<std::pair<TimeNs, TimeNs>>& merged, TimeNs a, TimeNs b)
{
    if (b <= a || merged.empty())
        return 0.0;
    auto it = std::partition_point(merged.begin(), merged.end(), [&](const auto& iv) { return iv.second <= a; });
    TimeNs covered = 0;
    for (; it != merged.end() && it->first < b; ++it)
        covered = CheckedMath::timeAdd(covered, CheckedMath::timeSub(std::min(b, it->second), std::max(a, it->first)));
    return static_cast<double>(covered) / static_cast<double>(CheckedMath::timeSub(b, a));
}

} // namespace sightline
