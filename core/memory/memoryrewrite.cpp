#include "core/memory/memoryrewrite.h"

#include "core/base/checkedmath.h"
#include "core/exec/executiongraphbuilder.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace sightline {

namespace {

bool inMask(std::uint32_t mask, MemoryCategory c)
{
    return (mask & MemoryRewrite::categories(c)) != 0;
}

std::int64_t scaled(std::int64_t bytes, double factor)
{
    return std::max<std::int64_t>(0, CheckedMath::saturatingRound(static_cast<double>(bytes) * factor));
}

// Position of each member, by item id: an array over the members' ids, so that a lookup is one load.
// The rewrites look up every block of a graph that a step grows rank by rank (worker_count copies each
// added rank's blocks), and a hash map's lookups took most of such a what-if's time. The first of
// repeated members counts; invalid ids are no members.
class MemberIndex {
public:
    explicit MemberIndex(std::span<const ItemId> members)
    {
        std::uint32_t last = 0;
        bool any = false;
        for (ItemId m : members) {
            if (!m.isValid())
                continue;
            m_first = any ? std::min(m_first, m.value()) : m.value();
            last = any ? std::max(last, m.value()) : m.value();
            any = true;
        }
        if (!any)
            return;
        m_position.assign(std::size_t(last - m_first) + 1, kNone);
        for (std::size_t i = 0; i < members.size(); ++i) {
            if (members[i].isValid() && m_position[members[i].value() - m_first] == kNone)
                m_position[members[i].value() - m_first] = static_cast<std::uint32_t>(i);
        }
    }

    // item's position among the members, or nothing.
    std::optional<std::size_t> find(ItemId item) const
    {
        if (!item.isValid() || item.value() < m_first || item.value() - m_first >= m_position.size())
            return std::nullopt;
        const std::uint32_t at = m_position[item.value() - m_first];
        return at == kNone ? std::nullopt : std::optional<std::size_t>(at);
    }
    bool contains(ItemId item) const { return find(item).has_value(); }

private:
    // Positions fit 32 bits: item ids do, and the members are items.
    static constexpr std::uint32_t kNone = UINT32_MAX;
    std::uint32_t m_first = 0;
    std::vector<std::uint32_t> m_position;
};

// Calls visit with each block of builder that among names (every block when it is null), in order.
template <class Visit>
void forEachBlock(ExecutionGraphBuilder& builder, const std::vector<std::size_t>* among, Visit visit)
{
    const std::span<MemoryBlock> blocks = builder.memoryBlocks();
    if (!among) {
        for (MemoryBlock& b : blocks)
            visit(b);
        return;
    }
    for (const std::size_t k : *among)
        visit(blocks[k]);
}

} // namespace

std::size_t MemoryRewrite::scale(ExecutionGraphBuilder& builder, std::uint32_t categoryMask, double factor,
    std::span<const ItemId> allocatedBy, const std::vector<std::size_t>* among)
{
    if (builder.memoryBlocks().empty())
        return 0;
    const MemberIndex members(allocatedBy);
    std::size_t touched = 0;
    forEachBlock(builder, allocatedBy.empty() ? nullptr : among, [&](MemoryBlock& b) {
        if (!inMask(categoryMask, b.category) || (!allocatedBy.empty() && !members.contains(b.alloc)))
            return;
        b.bytes = scaled(b.bytes, factor);
        ++touched;
    });
    return touched;
}

void MemoryRewrite::scaleResident(ExecutionGraphBuilder& builder, std::uint32_t categoryMask, double factor)
{
    for (MemoryDevice& d : builder.memoryDevices()) {
        for (int c = 0; c < kMemoryCategoryCount; ++c) {
            if (inMask(categoryMask, static_cast<MemoryCategory>(c)))
                d.resident[static_cast<std::size_t>(c)] = scaled(d.resident[static_cast<std::size_t>(c)], factor);
        }
    }
}

std::size_t MemoryRewrite::copyBlocks(ExecutionGraphBuilder& builder, std::span<const ItemId> members,
    std::span<const ItemId> copies, std::uint32_t categoryMask, std::uint32_t toDevice,
    const std::vector<std::size_t>* among)
{
    if (builder.memoryBlocks().empty())
        return 0;
    const MemberIndex index(members.first(std::min(members.size(), copies.size())));
    std::vector<MemoryBlock> added;
    forEachBlock(builder, among, [&](const MemoryBlock& b) {
        if (!inMask(categoryMask, b.category))
            return;
        const std::optional<std::size_t> from = index.find(b.alloc);
        if (!from)
            return;
        MemoryBlock copy = b;
        copy.alloc = copies[*from];
        if (const std::optional<std::size_t> to = index.find(b.release))
            copy.release = copies[*to];
        if (toDevice != kSameDevice)
            copy.device = toDevice;
        added.push_back(copy);
    });
    for (const MemoryBlock& b : added)
        builder.addMemoryBlock(b);
    return added.size();
}

std::size_t MemoryRewrite::allocateAt(ExecutionGraphBuilder& builder, std::span<const ItemId> members,
    std::span<const ItemId> copies, std::uint32_t categoryMask, const std::vector<std::size_t>* among)
{
    if (builder.memoryBlocks().empty())
        return 0;
    const MemberIndex index(members.first(std::min(members.size(), copies.size())));
    std::size_t touched = 0;
    forEachBlock(builder, among, [&](MemoryBlock& b) {
        // A block the members free again is transient: it stays with them.
        if (!inMask(categoryMask, b.category) || index.contains(b.release))
            return;
        if (const std::optional<std::size_t> at = index.find(b.alloc)) {
            b.alloc = copies[*at];
            ++touched;
        }
    });
    return touched;
}

std::size_t MemoryRewrite::releaseAt(ExecutionGraphBuilder& builder, std::span<const ItemId> members,
    std::uint32_t categoryMask, ItemId release, const std::vector<std::size_t>* among)
{
    if (builder.memoryBlocks().empty())
        return 0;
    const MemberIndex index(members);
    std::size_t touched = 0;
    forEachBlock(builder, among, [&](MemoryBlock& b) {
        if (!inMask(categoryMask, b.category) || !index.contains(b.alloc) || index.contains(b.release))
            return;
        b.release = release;
        ++touched;
    });
    return touched;
}

std::size_t MemoryRewrite::moveBlocks(ExecutionGraphBuilder& builder, ItemId from, ItemId to)
{
    std::size_t touched = 0;
    if (!from.isValid())
        return touched; // an invalid end means "outside the window", not an item
    for (MemoryBlock& b : builder.memoryBlocks()) {
        const bool alloc = b.alloc == from;
        const bool release = b.release == from;
        if (alloc)
            b.alloc = to;
        if (release)
            b.release = to;
        touched += alloc || release;
    }
    return touched;
}

std::uint32_t MemoryRewrite::deviceOf(ExecutionGraphBuilder& builder, RankId rank)
{
    const std::span<MemoryDevice> devices = builder.memoryDevices();
    std::uint32_t first = kSameDevice;
    for (std::uint32_t i = 0; i < devices.size(); ++i) {
        if (devices[i].rank != rank)
            continue;
        if (devices[i].parameterBytes > 0)
            return i;
        if (first == kSameDevice)
            first = i;
    }
    return first;
}

} // namespace sightline
