#pragma once

#include "core/base/ids.h"

#include <algorithm>
#include <cstddef>
#include <limits>

namespace sightline {

// Stabbing/overlap queries over one track's ops, which are sorted by start and may overlap (nested CPU
// ops, concurrent kernels on one GPU stream). An implicit, in-place interval tree over the sorted array:
// node i at level k (k trailing one bits) has the largest end in its subtree. Leaves (even i) are
// their own maximum, so only inner nodes (odd i) are stored, at maxEnd[i / 2]. Building is O(n), a
// query is O(log n + k), and the only memory is one TimeNs per two ops. Zero-length ops count as
// [t, t+1).
// Pure functions; safe for concurrent queries.
class IntervalIndex {
public:
    static TimeNs effectiveEnd(TimeNs start, TimeNs end)
    {
        return end > start ? end : (start < std::numeric_limits<TimeNs>::max() ? start + 1 : start);
    }

    // Entries of maxEnd that build fills for n ops.
    static std::size_t storageSize(std::size_t n) { return n / 2; }
    // Fills maxEnd[0..storageSize(n)) and returns the tree's top level (-1 when n == 0).
    static int build(const TimeNs* start, const TimeNs* end, TimeNs* maxEnd, std::size_t n);

    // Calls visit(i) for every i with start[i] < t1 and effectiveEnd > t0, in increasing i.
    template <class Visit>
    static void query(const TimeNs* start, const TimeNs* end, const TimeNs* maxEnd, std::size_t n, int topLevel,
        TimeNs t0, TimeNs t1, Visit&& visit)
    {
        if (n == 0 || t1 <= t0)
            return;
        struct Frame {
            std::size_t x;
            int level;
            bool leftDone;
        };
        Frame stack[130];
        int top = 0;
        stack[top++] = { (std::size_t(1) << topLevel) - 1, topLevel, false };
        while (top > 0) {
            const Frame f = stack[--top];
            if (f.level <= 3) {
                // Small subtree: a linear scan beats descending further.
                const std::size_t i0 = f.x >> f.level << f.level;
                const std::size_t i1 = std::min(n, i0 + (std::size_t(1) << (f.level + 1)) - 1);
                for (std::size_t i = i0; i < i1 && start[i] < t1; ++i) {
                    if (effectiveEnd(start[i], end[i]) > t0)
                        visit(i);
                }
            } else if (!f.leftDone) {
                const std::size_t left = f.x - (std::size_t(1) << (f.level - 1));
                stack[top++] = { f.x, f.level, true };
                if (left >= n || maxEnd[left >> 1] > t0)
                    stack[top++] = { left, f.level - 1, false };
            } else if (f.x < n && start[f.x] < t1) {
                if (effectiveEnd(start[f.x], end[f.x]) > t0)
                    visit(f.x);
                stack[top++] = { f.x + (std::size_t(1) << (f.level - 1)), f.level - 1, false };
            }
        }
    }
};

} // namespace sightline
