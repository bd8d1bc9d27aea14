#include "core/analysis/counterseries.h"

#include <algorithm>
#include <climits>

namespace sightline {

CounterSeries::CounterSeries(Points points)
    : m_points(std::move(points))
{
    m_blockHighest.reserve((m_points.size() + kBlock - 1) / kBlock);
    for (std::size_t b = 0; b < m_points.size(); b += kBlock) {
        int high = INT_MIN;
        for (std::size_t i = b; i < std::min(m_points.size(), b + kBlock); ++i)
            high = std::max(high, m_points[i].second);
        m_blockHighest.push_back(high);
        m_highest = std::max(m_highest, high);
    }
}

std::size_t CounterSeries::firstAfter(TimeNs time) const
{
    return static_cast<std::size_t>(
        std::upper_bound(m_points.begin(), m_points.end(), time, [](TimeNs t, const auto& p) { return t < p.first; }) - m_points.begin());
}

int CounterSeries::at(TimeNs time) const
{
    const std::size_t next = firstAfter(time);
    return next == 0 ? 0 : m_points[next - 1].second;
}

int CounterSeries::highest(std::size_t first, std::size_t last) const
{
    last = std::min(last, m_points.size());
    int high = INT_MIN;
    auto scan = [&](std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to; ++i)
            high = std::max(high, m_points[i].second);
    };
    if (first >= last)
        return high;
    const std::size_t firstWhole = (first + kBlock - 1) / kBlock, lastWhole = last / kBlock; // blocks wholly inside
    if (firstWhole >= lastWhole) {
        scan(first, last);
        return high;
    }
    scan(first, firstWhole * kBlock);
    for (std::size_t b = firstWhole; b < lastWhole; ++b)
        high = std::max(high, m_blockHighest[b]);
    scan(lastWhole * kBlock, last);
    return high;
}

} // namespace sightline
