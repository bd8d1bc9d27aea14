#pragma once

#include "core/base/checkedmath.h"
#include "core/base/ids.h"

#include <algorithm>
#include <span>
#include <utility>
#include <vector>

namespace sightline {

// Sorts [start, end) intervals and merges those that overlap or touch, in place: what is left is
// their union as disjoint intervals in time order. Input made of sorted runs (a track's measured items,
// then the copies a pass appended for each step) is merged run by run, in O(n log runs); input with
// runs shorter than 8 on average is sorted. Returns how many are left, at the front of the span.
inline std::size_t mergeIntervals(std::span<std::pair<TimeNs, TimeNs>> intervals)
{
    const std::size_t kMaxRuns = std::max<std::size_t>(16, intervals.size() / 8);
    std::vector<std::size_t> runs { 0 };
    for (std::size_t i = 1; i < intervals.size() && runs.size() <= kMaxRuns; ++i) {
        if (intervals[i] < intervals[i - 1])
            runs.push_back(i);
    }
    if (runs.size() > kMaxRuns) {
        std::sort(intervals.begin(), intervals.end());
    } else {
        runs.push_back(intervals.size());
        // Bottom-up: neighbouring runs merged until one is left.
        while (runs.size() > 2) {
            std::vector<std::size_t> merged { 0 };
            for (std::size_t r = 0; r + 1 < runs.size(); r += 2) {
                if (r + 2 < runs.size()) {
                    const auto first = intervals.begin();
                    std::inplace_merge(first + static_cast<std::ptrdiff_t>(runs[r]), first + static_cast<std::ptrdiff_t>(runs[r + 1]),
                        first + static_cast<std::ptrdiff_t>(runs[r + 2]));
                    merged.push_back(runs[r + 2]);
                } else {
                    merged.push_back(runs[r + 1]);
                }
            }
            runs = std::move(merged);
        }
    }
    std::size_t w = 0;
    for (std::size_t i = 0; i < intervals.size(); ++i) {
        if (w > 0 && intervals[i].first <= intervals[w - 1].second)
            intervals[w - 1].second = std::max(intervals[w - 1].second, intervals[i].second);
        else
            intervals[w++] = intervals[i];
    }
    return w;
}

// The same on a vector, which keeps the union.
inline void mergeIntervals(std::vector<std::pair<TimeNs, TimeNs>>& intervals)
{
    intervals.resize(mergeIntervals(std::span<std::pair<TimeNs, TimeNs>>(intervals)));
}

// The total length of merged (disjoint) intervals.
inline TimeNs intervalsLength(const std::vector<std::pair<TimeNs, TimeNs>>& merged)
{
    TimeNs n = 0;
    for (const auto& [a, b] : merged)
        n += b - a;
    return n;
}

// The length of the intersection of two merged lists. O(x + y).
inline TimeNs overlapLength(const std::vector<std::pair<TimeNs, TimeNs>>& x, const std::vector<std::pair<TimeNs, TimeNs>>& y)
{
    TimeNs n = 0;
    std::size_t i = 0, j = 0;
    while (i < x.size() && j < y.size()) {
        const TimeNs a = std::max(x[i].first, y[j].first), b = std::min(x[i].second, y[j].second);
        if (b > a)
            n += b - a;
        (x[i].second < y[j].second ? i : j)++;
    }
    return n;
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
