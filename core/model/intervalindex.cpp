#include "core/model/intervalindex.h"

namespace sightline {

int IntervalIndex::build(const TimeNs* start, const TimeNs* end, TimeNs* maxEnd, std::size_t n)
{
    if (n == 0)
        return -1;
    // Leaves are the even indices.
    std::size_t lastI = 0;
    TimeNs last = 0;
    for (std::size_t i = 0; i < n; i += 2) {
        lastI = i;
        last = maxEnd[i] = effectiveEnd(start[i], end[i]);
    }
    int level = 1;
    for (; (std::size_t(1) << level) <= n; ++level) {
        const std::size_t half = std::size_t(1) << (level - 1);
        const std::size_t first = (half << 1) - 1;
        const std::size_t step = half << 2;
        for (std::size_t i = first; i < n; i += step) {
            const TimeNs left = maxEnd[i - half];
            // A right child past the end is a virtual node whose maximum is that of the last real one.
            const TimeNs right = i + half < n ? maxEnd[i + half] : last;
            maxEnd[i] = std::max({ effectiveEnd(start[i], end[i]), left, right });
        }
        lastI = (lastI >> level & 1) ? lastI - half : lastI + half;
        if (lastI < n && maxEnd[lastI] > last)
            last = maxEnd[lastI];
    }
    return level - 1;
}

} // namespace sightline
