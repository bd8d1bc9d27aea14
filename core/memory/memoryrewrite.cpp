#include "core/memory/memoryrewrite.h"

#include "core/base/checkedmath.h"
#include "core/exec/executiongraphbuilder.h"

#include <algorithm>
#include <unordered_map>
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

// Position of each member, by item id.
std::unordered_map<std::uint32_t, std::size_t> indexOf(std::span<const ItemId> members)
{
    std::unordered_map<std::uint32_t, std::size_t> out;
    out.reserve(members.size());
    for (std::size_t i = 0; i < members.size(); ++i)
        out.emplace(members[i].value(), i);
    return out;
}

} // namespace

std::size_t MemoryRewrite::scale(
    ExecutionGraphBuilder& builder, std::uint32_t categoryMask, double factor, std::span<const ItemId> allocatedBy)
{
    if (builder.memoryBlocks().empty())
        return 0;
    const auto members = indexOf(allocatedBy);
    std::size_t touched = 0;
    for (MemoryBlock& b : builder.memoryBlocks()) {
        if (!inMask(categoryMask, b.category) || (!allocatedBy.empty() && !members.contains(b.alloc.value())))
            continue;
        b.bytes = scaled(b.bytes, factor);
        ++touched;
    }
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
    std::span<const ItemId> copies, std::uint32_t categoryMask, std::uint32_t toDevice)
{
    if (builder.memoryBlocks().empty())
        return 0;
    const auto index = indexOf(members.first(std::min(members.size(), copies.size())));
    std::vector<MemoryBlock> added;
    for (const MemoryBlock& b : builder.memoryBlocks()) {
        if (!inMask(categoryMask, b.category) || !b.alloc.isValid())
            continue;
        const auto from = index.find(b.alloc.value());
        if (from == index.end())
            continue;
        MemoryBlock copy = b;
        copy.alloc = copies[from->second];
        if (const auto to = b.release.isValid() ? index.find(b.release.value()) : index.end(); to != index.end())
            copy.release = copies[to->second];
        if (toDevice != kSameDevice)
            copy.device = toDevice;
        added.push_back(copy);
    }
    for (const MemoryBlock& b : added)
        builder.addMemoryBlock(b);
    return added.size();
}

std::size_t MemoryRewrite::allocateAt(ExecutionGraphBuilder& builder, std::span<const ItemId> members,
    std::span<const ItemId> copies, std::uint32_t categoryMask)
{
    if (builder.memoryBlocks().empty())
        return 0;
    const auto index = indexOf(members.first(std::min(members.size(), copies.size())));
    std::size_t touched = 0;
    for (MemoryBlock& b : builder.memoryBlocks()) {
        if (!inMask(categoryMask, b.category) || !b.alloc.isValid())
            continue;
        // A block the members free again is transient: it stays with them.
        if (b.release.isValid() && index.contains(b.release.value()))
            continue;
        if (const auto at = index.find(b.alloc.value()); at != index.end()) {
            b.alloc = copies[at->second];
            ++touched;
        }
    }
    return touched;
}

std::size_t MemoryRewrite::releaseAt(
    ExecutionGraphBuilder& builder, std::span<const ItemId> members, std::uint32_t categoryMask, ItemId release)
{
    if (builder.memoryBlocks().empty())
        return 0;
    const auto index = indexOf(members);
    std::size_t touched = 0;
    for (MemoryBlock& b : builder.memoryBlocks()) {
        if (!inMask(categoryMask, b.category) || !b.alloc.isValid() || !index.contains(b.alloc.value()))
            continue;
        if (b.release.isValid() && index.contains(b.release.value()))
            continue;
        b.release = release;
        ++touched;
    }
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
