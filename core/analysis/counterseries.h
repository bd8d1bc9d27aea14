#pragma once

#include "core/base/ids.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace sightline {

// A count over time as a step function: (time, value) change points in time order, each value holding
// until the next change, and zero before the first. Keeps the highest value of each block of points,
// so that the highest value over any run of points costs O(run / block + block) instead of the run:
// the counter strip asks that of every pixel column when a job of millions of changes is in view.
class CounterSeries {
public:
    using Points = std::vector<std::pair<TimeNs, int>>;
    static constexpr std::size_t kBlock = 64;

    CounterSeries() = default;
    explicit CounterSeries(Points points); // in strictly increasing time order

    const Points& points() const { return m_points; }
    std::size_t size() const { return m_points.size(); }
    bool empty() const { return m_points.empty(); }
    int highest() const { return m_highest; }

    // The value in effect at a time.
    int at(TimeNs time) const;
    // The index of the first change point after the time (size() when none is).
    std::size_t firstAfter(TimeNs time) const;
    // The highest value among the points [first, last); INT_MIN when the run is empty.
    int highest(std::size_t first, std::size_t last) const;

private:
    Points m_points;
    std::vector<int> m_blockHighest; // per block of kBlock points
    int m_highest = 0;
};

} // namespace sightline
