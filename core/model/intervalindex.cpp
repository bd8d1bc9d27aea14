#include "core/model/intervalindex.h"

namespace sightline {

int IntervalIndex::build(const TimeNs* start, const TimeNs* end, TimeNs* maxEnd, std::size_t n)
{
    if (n == 0)
        return -1;
    auto subtreeMax = [&](std::size_t i) { return (i & 1) ? maxEnd[i >> 1] : effectiveEnd(start[i], end[i]); };
    // The last real node of the current level, and the largest end under it: a right child past the
    // end is a virtual node whose maximum is that.
    std::size_t lastI = (n - 1) & ~std::size_t(1);
    TimeNs last = effectiveEnd(start[lastI], end[lastI]);
    int level = 1;
    for (; (std::size_t(1) << level) <= n; ++level) {
        const std::size_t half = std::size_t(1) << (level - 1);
        const std::size_t first = (half << 1) - 1;
        const std::size_t step = half << 2;
        for (std::size_t i = first; i < n; i += step) {
            const TimeNs left = subtreeMax(i - half);
            const TimeNs right = i + half < n ? subtreeMax(i + half) : last;
            maxEnd[i >> 1] = std::max({ effectiveEnd(start[i], end[i]), left, right });
        }
        lastI = (lastI >> level & 1) ? lastI - half : lastI + half;
        if (lastI < n && subtreeMax(lastI) > last)
            last = subtreeMax(lastI);
    }
    return level - 1;
}

} // namespace sightline
