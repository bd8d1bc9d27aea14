#pragma once

#include "core/exec/executiongraphbuilder.h"

#include <span>
#include <string_view>
#include <vector>

namespace sightline {

// Copies a set of items of an execution graph into a builder over it, as the passes that repeat work
// need (micro-batches, recomputed forwards): every copy keeps its item's kind, track, steps, costs and
// origin, is marked Synthetic and named "<prefix><name>", and the edges among the set are copied
// between the copies. Edges into or out of the set are the caller's to make. O(items + their edges).
class SubgraphCopy {
public:
    // members: the items to copy; memberIndex: per item of the graph, its index in members or
    // ItemId::kInvalid. Returns the copies, in the order of members.
    static std::vector<ItemId> copy(const ExecutionGraph& graph, ExecutionGraphBuilder& builder, std::span<const ItemId> members,
        std::span<const std::uint32_t> memberIndex, std::string_view prefix);

    // Per item of the graph, its index in members, or ItemId::kInvalid.
    static std::vector<std::uint32_t> indexOf(const ExecutionGraph& graph, std::span<const ItemId> members);
};

} // namespace sightline
