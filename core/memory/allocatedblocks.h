#pragma once

#include "core/base/ids.h"
#include "core/exec/memorytypes.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace sightline {

// The memory blocks each item allocates, by item, as a pass found them before it began to add any:
// for a pass that rewrites the blocks of many groups of items one after the other (a rank per added
// worker, a layer per recomputed forward, a micro-batch per rank), so that each group reads its own
// blocks (MemoryRewrite's `among`) rather than every block of a graph that grows with each copy. Items
// without a block, invalid ids and ids past the blocks' items hold none.
class AllocatedBlocks {
public:
    explicit AllocatedBlocks(std::span<const MemoryBlock> blocks);

    // The blocks any of items allocates, by index into the blocks given, in increasing order.
    std::vector<std::size_t> of(std::span<const ItemId> items) const;

private:
    std::vector<std::uint32_t> m_first; // per item, where its blocks begin in m_blocks; one more at the end
    std::vector<std::size_t> m_blocks; // block indices grouped by the item that allocates them
};

} // namespace sightline
