#pragma once

#include "core/exec/executiongraphbuilder.h"

#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sightline {

class InstantOrder;

// Copies sets of items of an execution graph into a builder over it, as the passes that repeat work
// need (micro-batches, recomputed forwards, added ranks): every copy keeps its item's kind, track, steps,
// costs and origin, is marked Synthetic and Copy and named "<prefix><name>" (its own name with no prefix), and
// the edges among the set are copied between the copies. With chainTracks, each track's copies also
// follow one another in measured order where one ended before the next began (so that a copy keeps its
// track's order where the measured order ran through work outside the set; nested host ops overlap
// and are not chained), and, given the graph's instant order, where the graph's edges let the one come
// after the other. Edges into or out of the set are the caller's to make. A set can be made of
// parts copied at once, each as if on its own (no edge or chain between parts): a pass that copies
// thousands of small sets copies them column by column in one go, and their edges side by side. An
// item is in a set once. One instance serves many sets of one graph: the membership index is made
// once, and select() costs the size of the old and the new set. A set can be copied several times in
// one go, once per prefix (micro-batches that each repeat every rank-step's work): each part's copies
// then lie together, and the part's order of tracks is found once. copy() is O(set log set + the set's
// edges) per copy. The copies' names are interned once per name and prefix, in the copies' order: an
// instance serves one builder at a time.
class SubgraphCopy {
public:
    // order: the graph's instant order, where chained copies must not contradict the graph's own edges
    // (a copy of work another pass moved, whose anchor is not where its edges put it).
    explicit SubgraphCopy(const ExecutionGraph& graph, const InstantOrder* order = nullptr);

    // Makes members the set that selected() and copy() see, until the next select(). With partEnds, the
    // set is parts laid end to end: part k ends at members[partEnds[k]] (the last at members.size()).
    void select(std::span<const ItemId> members, std::span<const std::uint32_t> partEnds = {});
    // Whether the item is in the set (in any of its parts).
    bool selected(ItemId item) const { return m_index[item.value()] != ItemId::kInvalid; }
    // The part the item is in, or kInvalid when it is not selected. O(log parts).
    std::uint32_t partOf(ItemId item) const;
    // Copies of the selected set, in its order (a part's copies are consecutive).
    std::vector<ItemId> copy(ExecutionGraphBuilder& builder, std::string_view prefix, bool chainTracks) const;
    // Copies of the selected set, one per prefix, by part: with R prefixes, part p of members [b, e)
    // has its copies from position R * b on, the one named with prefixes[r] of member m at
    // R * b + r * (e - b) + (m - b). No edge joins two copies of a part.
    std::vector<ItemId> copy(ExecutionGraphBuilder& builder, std::span<const std::string> prefixes, bool chainTracks) const;

    // The measured end of an item: its anchor plus the duration of the op it stands for (its minimum
    // duration when it stands for none).
    static TimeNs measuredEnd(const ExecutionGraph& graph, ItemId item);

private:
    // The copies' names for members [begin, end), into out: prefix and each member's name, interned
    // once per name and prefix in the builder, in the members' order (an empty prefix: the members' own).
    void namesFor(ExecutionGraphBuilder& builder, std::string_view prefix, std::uint32_t begin, std::uint32_t end, StringId* out) const;
    // The edges among members [begin, end) between each of their copies (rounds of them from first on,
    // a round per copy of the part), and their tracks' chains, in order.
    void copyPart(std::uint32_t first, std::uint32_t rounds, std::uint32_t begin, std::uint32_t end, bool chainTracks,
        std::vector<ExecutionGraphBuilder::NewEdge>& out) const;

    const ExecutionGraph& g;
    const InstantOrder* m_order;
    std::vector<ItemId> m_members;
    std::vector<std::uint32_t> m_partEnds; // where each part of m_members ends
    std::vector<std::uint32_t> m_index; // per item of the graph, its index in m_members or kInvalid
    mutable const ExecutionGraphBuilder* m_namesBuilder = nullptr; // the builder m_prefixed's names are in
    mutable std::vector<std::string> m_prefixes;
    mutable std::unordered_map<std::uint64_t, StringId> m_prefixed; // (prefix index, name) -> copy's name
    mutable std::vector<std::uint32_t> m_slot; // per name of the graph, its copy's while namesFor() runs
};

} // namespace sightline
