#pragma once

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

} // namespace sightline
