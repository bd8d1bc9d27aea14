#pragma once

#include "core/exec/executiongraph.h"

#include <utility>
#include <vector>

namespace sightline {

// The device work of each rank and of each device track in the order the host launched it (by the
// measured start of the launching call), for passes that place new work relative to the host: the last
// kernel launched before a gradient's hook, the kernels on a stream around a recomputed forward. Items
// without a launcher are left out. Built in O(n log n); queries O(log n).
class LaunchOrder {
public:
    explicit LaunchOrder(const ExecutionGraph& graph);

    // The last compute kernel of the rank launched at or before time, or invalid.
    ItemId lastKernelBefore(RankId rank, TimeNs time) const;
    // On one device track: the last item launched before time and the first launched at or after it.
    std::pair<ItemId, ItemId> around(TrackId track, TimeNs time) const;

private:
    using Entry = std::pair<TimeNs, ItemId>;
    static ItemId lastBefore(const std::vector<Entry>& v, TimeNs time, bool inclusive);

    std::vector<std::vector<Entry>> m_kernelsByRank;
    std::vector<std::vector<Entry>> m_byTrack;
};

} // namespace sightline
