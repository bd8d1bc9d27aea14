#pragma once

#include "core/base/expected.h"
#include "core/exec/executiongraph.h"

#include <memory>
#include <span>
#include <vector>

namespace sightline {

// Assembles an ExecutionGraph: ranks, tracks and steps, then items with their costs and origins, then
// edges in any order. Started empty over a trace (the cost extractor) or from a copy of another graph
// (a strategy pass, which then changes costs, adds items and edges, or drops items). build() drops the
// removed items with every edge that touches them, renumbers the others in order, lays the edges out
// in both directions, keeping the order they were added in per item, and checks every id.
// A builder over a copy shares the source's columns until it changes one (SharedColumn) and reads the
// source's edges in place: a pass that only changes costs shares the source's edges and every column
// it does not change, and one that adds edges or removes items lays the rows out once from the
// source's rows and the added edges. The source must outlive the builder. Single use: build() leaves the builder
// empty.
class ExecutionGraphBuilder {
public:
    explicit ExecutionGraphBuilder(std::shared_ptr<const Trace> trace);
    explicit ExecutionGraphBuilder(const ExecutionGraph& from);
    ~ExecutionGraphBuilder();

    RankId addRank(ExecRank rank);
    TrackId addTrack(const ExecTrack& track);
    std::int32_t addStep(const ExecStep& step);
    void setStepMarker(std::int32_t step, ItemId marker);
    void setStepMeasured(std::int32_t step, TimeNs measured);

    // The columns of one item.
    struct Item {
        OpKind kind = OpKind::CpuOp;
        std::uint8_t flags = 0; // ExecutionGraph::Flag
        TrackId track;
        StringId name { 0 };
        std::int32_t stepOfStart = -1;
        std::int32_t stepOfEnd = -1;
        TimeNs anchor = 0;
        TimeNs gap = 0;
        TimeNs minDuration = 0;
        TimeNs tail = 0;
        double measuredOverlap = 0;
    };
    ItemId addItem(const Item& item, std::span<const OpId> origin);
    // Appends a copy of each member of from (a graph this builder started from, or one it shares the
    // trace and names of), in order, with its columns (columnsOf), origin and transfer, named names[k]
    // (its own name when names is empty), marked Synthetic and Copy. The copies are consecutive; returns
    // the first one's id.
    // Column by column, for passes that copy much of a graph.
    ItemId addCopies(const ExecutionGraph& from, std::span<const ItemId> members, std::span<const StringId> names);
    // The columns of an item of a graph, marked Synthetic: where a copy or a replacement of it starts.
    static Item columnsOf(const ExecutionGraph& graph, ItemId item);
    // Makes part a participant of the logical collective: it arrives at the collective's start and
    // ends when the collective does.
    void addParticipant(ItemId collective, ItemId part);
    // Room for this many more items, origin ops and edges, so that a large graph is built without
    // regrowing its columns.
    void reserve(std::size_t items, std::size_t origins, std::size_t edges);
    // A name for a synthetic item (the trace's own names can be used as they are).
    StringId intern(std::string_view name);
    void setComm(ItemId item, const CommCost& cost, std::span<const RankId> ranks);
    void addEdge(ItemId from, ItemId to, EdgeKind kind, EdgeRef ref);
    // Edges gathered elsewhere (on other threads, say), added in their order as addEdge would.
    struct NewEdge {
        ItemId from;
        ItemId to;
        EdgeKind kind;
        EdgeRef ref;
    };
    void addEdges(std::span<const NewEdge> edges);
    // Drops the item when the graph is built, with its edges (a step it marks loses its marker). Ids
    // given before build() keep meaning the items they named until then. Memory blocks it allocated go
    // with it; blocks it released are then held to the window's end. A pass that replaces an item
    // moves its blocks to the replacement first (MemoryRewrite::moveBlocks).
    void removeItem(ItemId item);
    // Drops the rank when the graph is built: its tracks, its steps, the items on its tracks (with
    // their edges), its place in every transfer's ranks and its memory devices with their blocks.
    // Later ranks, tracks, steps and devices move down.
    void removeRank(RankId rank);

    // Device memory (MemoryDevice, MemoryBlock). Copied from the graph a builder starts from; blocks
    // keep naming the same items through build()'s renumbering.
    std::uint32_t addMemoryDevice(const MemoryDevice& device);
    void addMemoryBlock(const MemoryBlock& block);
    std::span<MemoryDevice> memoryDevices();
    std::span<MemoryBlock> memoryBlocks();

    std::uint32_t itemCount() const;
    void setMinDuration(ItemId item, TimeNs duration);
    // Every item's minimum duration, for a pass that sets many (from several threads, each its own items).
    std::span<TimeNs> minDurations();
    void setTrack(ItemId item, TrackId track);
    void setAnchor(ItemId item, TimeNs anchor);
    // The indices into the steps its measured start and end fall in (-1 for none).
    void setSteps(ItemId item, std::int32_t stepOfStart, std::int32_t stepOfEnd);
    void setGap(ItemId item, TimeNs gap);
    // Every item's gap, as minDurations().
    std::span<TimeNs> gaps();
    void setTail(ItemId item, TimeNs tail);
    // Every item's tail, as minDurations().
    std::span<TimeNs> tails();
    // The bytes of an item's transfer (it has one).
    void setCommBytes(ItemId item, std::int64_t bytes);
    void setWithoutCounterpart(std::size_t count);
    void setAsynchronous(bool asynchronous);
    // The host a rank runs on (ExecRank::host).
    void setRankHost(RankId rank, std::string host);

    // Fails with InvalidArgument when an id is out of range.
    Expected<std::shared_ptr<const ExecutionGraph>> build();

private:
    struct Edge {
        std::uint32_t from;
        std::uint32_t to;
        DependencyGraph::EdgeInfo info;
    };
    void compact();
    void dropRanks();
    // build() when nothing touched the source's edges: its rows shared, with empty rows for added items.
    void copyBaseRows();
    // build() otherwise: the rows from the source's and the added edges.
    Status layOutRows();

    std::unique_ptr<ExecutionGraph> m_graph;
    std::vector<Edge> m_edges;
    const ExecutionGraph* m_base = nullptr; // the source whose edges are not in m_edges yet
    std::vector<std::uint8_t> m_removed; // per item, when any is removed
    std::vector<std::uint32_t> m_newId; // per item before compact(): its id after it, or invalid
    std::vector<std::uint8_t> m_removedRanks; // per rank, when any is removed
};

} // namespace sightline
