#pragma once

#include "core/exec/executiongraphbuilder.h"

#include <span>
#include <string_view>
#include <vector>

namespace sightline {

// Copies a set of items of an execution graph into a builder over it, as the passes that repeat work
// need (micro-batches, recomputed forwards): every copy keeps its item's kind, track, steps, costs and
// origin, is marked Synthetic and named "<prefix><name>" (its own name with no prefix), and the edges among the set are copied
// between the copies. With chainTracks, each track's copies also follow one another in measured order
// where one ended before the next began (so that a copy keeps its track's order where the measured
// order ran through work outside the set; nested host ops overlap and are not chained). Edges into or
// out of the set are the caller's to make. O(items log items + their edges).
class SubgraphCopy {
public:
    // members: the items to copy; memberIndex: per item of the graph, its index in members or
    // ItemId::kInvalid. Returns the copies, in the order of members.
    static std::vector<ItemId> copy(const ExecutionGraph& graph, ExecutionGraphBuilder& builder, std::span<const ItemId> members,
        std::span<const std::uint32_t> memberIndex, std::string_view prefix, bool chainTracks);

    // Per item of the graph, its index in members, or ItemId::kInvalid.
    static std::vector<std::uint32_t> indexOf(const ExecutionGraph& graph, std::span<const ItemId> members);
    // The measured end of an item: its anchor plus the duration of the op it stands for (its minimum
    // duration when it stands for none).
    static TimeNs measuredEnd(const ExecutionGraph& graph, ItemId item);
};

} // namespace sightline
