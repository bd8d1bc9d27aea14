#include "core/memory/allocatedblocks.h"

#include <algorithm>

namespace sightline {

AllocatedBlocks::AllocatedBlocks(std::span<const MemoryBlock> blocks)
{
    std::uint32_t items = 0;
    for (const MemoryBlock& b : blocks) {
        if (b.alloc.isValid())
            items = std::max(items, b.alloc.value() + 1);
    }
    m_first.assign(std::size_t(items) + 1, 0);
    for (const MemoryBlock& b : blocks) {
        if (b.alloc.isValid())
            ++m_first[b.alloc.value() + 1];
    }
    for (std::size_t i = 1; i < m_first.size(); ++i)
        m_first[i] += m_first[i - 1];
    m_blocks.resize(m_first.back());
    std::vector<std::uint32_t> next(m_first.begin(), m_first.end() - 1);
    for (std::size_t k = 0; k < blocks.size(); ++k) {
        if (blocks[k].alloc.isValid())
            m_blocks[next[blocks[k].alloc.value()]++] = k;
    }
}

std::vector<std::size_t> AllocatedBlocks::of(std::span<const ItemId> items) const
{
    std::vector<std::size_t> out;
    for (ItemId i : items) {
        if (i.isValid() && std::size_t(i.value()) + 1 < m_first.size())
            out.insert(out.end(), m_blocks.begin() + m_first[i.value()], m_blocks.begin() + m_first[i.value() + 1]);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace sightline
