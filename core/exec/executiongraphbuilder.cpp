#include "core/exec/executiongraphbuilder.h"

#include "core/base/parallel.h"
#include "core/model/trace.h"

#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <type_traits>

namespace sightline {

ExecutionGraphBuilder::ExecutionGraphBuilder(std::shared_ptr<const Trace> trace)
    : m_graph(new ExecutionGraph)
{
    m_graph->m_trace = std::move(trace);
    m_graph->m_originStart.edit().push_back(0);
}

ExecutionGraphBuilder::ExecutionGraphBuilder(const ExecutionGraph& from)
    : m_graph(new ExecutionGraph)
{
    ExecutionGraph& g = *m_graph;
    g.m_trace = from.m_trace;
    for (std::uint32_t s = 1; s < from.m_extraNames.size(); ++s)
        g.m_extraNames.intern(from.m_extraNames.view(StringId(s)));
    g.m_ranks = from.m_ranks;
    g.m_tracks = from.m_tracks;
    g.m_steps = from.m_steps;
    g.m_kind = from.m_kind;
    g.m_flags = from.m_flags;
    g.m_track = from.m_track;
    g.m_name = from.m_name;
    g.m_stepOfStart = from.m_stepOfStart;
    g.m_stepOfEnd = from.m_stepOfEnd;
    g.m_anchor = from.m_anchor;
    g.m_gap = from.m_gap;
    g.m_minDuration = from.m_minDuration;
    g.m_tail = from.m_tail;
    g.m_overlap = from.m_overlap;
    g.m_commIndex = from.m_commIndex;
    g.m_comm = from.m_comm;
    g.m_commRanks = from.m_commRanks;
    g.m_originStart = from.m_originStart;
    g.m_origin = from.m_origin;
    g.m_withoutCounterpart = from.m_withoutCounterpart;
    g.m_asynchronous = from.m_asynchronous;
    g.m_memoryDevices = from.m_memoryDevices;
    g.m_memoryBlocks = from.m_memoryBlocks;
    m_base = &from;
}

void ExecutionGraphBuilder::copyBaseRows()
{
    const ExecutionGraph& from = *m_base;
    ExecutionGraph& g = *m_graph;
    const std::uint32_t n = g.itemCount();
    g.m_outStart = from.m_outStart;
    g.m_inStart = from.m_inStart;
    if (g.m_outStart.size() != n + 1) { // added items have no edges
        const std::uint32_t edges = g.m_outStart.back();
        g.m_outStart.edit().resize(n + 1, edges);
        g.m_inStart.edit().resize(n + 1, edges);
    }
    g.m_outTarget = from.m_outTarget;
    g.m_outInfo = from.m_outInfo;
    g.m_inSource = from.m_inSource;
    g.m_inEdge = from.m_inEdge;
    m_base = nullptr;
}

ExecutionGraphBuilder::~ExecutionGraphBuilder() = default;

RankId ExecutionGraphBuilder::addRank(ExecRank rank)
{
    m_graph->m_ranks.push_back(std::move(rank));
    return RankId(static_cast<std::uint32_t>(m_graph->m_ranks.size() - 1));
}

TrackId ExecutionGraphBuilder::addTrack(const ExecTrack& track)
{
    m_graph->m_tracks.push_back(track);
    return TrackId(static_cast<std::uint32_t>(m_graph->m_tracks.size() - 1));
}

std::int32_t ExecutionGraphBuilder::addStep(const ExecStep& step)
{
    m_graph->m_steps.push_back(step);
    return static_cast<std::int32_t>(m_graph->m_steps.size() - 1);
}

void ExecutionGraphBuilder::setStepMeasured(std::int32_t step, TimeNs measured)
{
    m_graph->m_steps[static_cast<std::size_t>(step)].measured = measured;
}

void ExecutionGraphBuilder::setStepMarker(std::int32_t step, ItemId marker)
{
    m_graph->m_steps[static_cast<std::size_t>(step)].marker = marker;
}

ItemId ExecutionGraphBuilder::addItem(const Item& item, std::span<const OpId> origin)
{
    ExecutionGraph& g = *m_graph;
    g.m_kind.edit().push_back(item.kind);
    g.m_flags.edit().push_back(item.flags);
    g.m_track.edit().push_back(item.track.value());
    g.m_name.edit().push_back(item.name.value());
    g.m_stepOfStart.edit().push_back(item.stepOfStart);
    g.m_stepOfEnd.edit().push_back(item.stepOfEnd);
    g.m_anchor.edit().push_back(item.anchor);
    g.m_gap.edit().push_back(item.gap);
    g.m_minDuration.edit().push_back(item.minDuration);
    g.m_tail.edit().push_back(item.tail);
    g.m_overlap.edit().push_back(item.measuredOverlap);
    g.m_commIndex.edit().push_back(ItemId::kInvalid);
    std::vector<OpId>& origins = g.m_origin.edit();
    origins.insert(origins.end(), origin.begin(), origin.end());
    g.m_originStart.edit().push_back(static_cast<std::uint32_t>(origins.size()));
    return ItemId(static_cast<std::uint32_t>(g.m_kind.size() - 1));
}

namespace {

// Appends column[m] for each member m of a column being copied.
template <class T>
void appendGathered(SharedColumn<T>& column, std::span<const T> from, std::span<const ItemId> members)
{
    std::vector<T>& to = column.edit();
    const std::size_t first = to.size();
    to.resize(first + members.size());
    for (std::size_t k = 0; k < members.size(); ++k)
        to[first + k] = from[members[k].value()];
}

} // namespace

ItemId ExecutionGraphBuilder::addCopies(const ExecutionGraph& from, std::span<const ItemId> members, std::span<const StringId> names)
{
    ExecutionGraph& g = *m_graph;
    const auto first = static_cast<std::uint32_t>(g.m_kind.size());
    // Each column is gathered by a task of its own, side by side: a pass copying millions of items
    // spends most of its time here, and each column is as long as the rest.
    parallelFor(13, [&](std::size_t column) {
        switch (column) {
        case 0: appendGathered(g.m_kind, from.m_kind.span(), members); break;
        case 1: appendGathered(g.m_track, from.m_track.span(), members); break;
        case 2: appendGathered(g.m_stepOfStart, from.m_stepOfStart.span(), members); break;
        case 3: appendGathered(g.m_stepOfEnd, from.m_stepOfEnd.span(), members); break;
        case 4: appendGathered(g.m_anchor, from.m_anchor.span(), members); break;
        case 5: appendGathered(g.m_gap, from.m_gap.span(), members); break;
        case 6: appendGathered(g.m_minDuration, from.m_minDuration.span(), members); break;
        case 7: appendGathered(g.m_tail, from.m_tail.span(), members); break;
        case 8: appendGathered(g.m_overlap, from.m_overlap.span(), members); break;
        case 9: {
            std::vector<std::uint8_t>& flags = g.m_flags.edit();
            for (const ItemId m : members)
                flags.push_back(static_cast<std::uint8_t>((from.m_flags[m.value()] & ExecutionGraph::SelfTimed)
                    | ExecutionGraph::Synthetic | ExecutionGraph::Copy));
            break;
        }
        case 10: {
            std::vector<std::uint32_t>& name = g.m_name.edit();
            for (std::size_t k = 0; k < members.size(); ++k)
                name.push_back(names.empty() ? from.m_name[members[k].value()] : names[k].value());
            break;
        }
        case 11: g.m_commIndex.edit().resize(first + members.size(), ItemId::kInvalid); break;
        default: {
            // Sized first, then filled through pointers: most origins are of one op.
            std::vector<std::uint32_t>& originStart = g.m_originStart.edit();
            std::vector<OpId>& origins = g.m_origin.edit();
            const std::uint32_t* fromStart = from.m_originStart.data();
            auto at = static_cast<std::uint32_t>(origins.size());
            std::size_t total = origins.size();
            for (const ItemId m : members)
                total += fromStart[m.value() + 1] - fromStart[m.value()];
            origins.resize(total);
            originStart.resize(originStart.size() + members.size());
            const OpId* source = from.m_origin.data();
            OpId* to = origins.data();
            std::uint32_t* start = originStart.data() + originStart.size() - members.size();
            for (const ItemId m : members) {
                for (std::uint32_t o = fromStart[m.value()]; o < fromStart[m.value() + 1]; ++o)
                    to[at++] = source[o];
                *start++ = at;
            }
            break;
        }
        }
    });
    for (std::size_t k = 0; k < members.size(); ++k) {
        if (const CommCost* cost = from.comm(members[k]))
            setComm(ItemId(first + static_cast<std::uint32_t>(k)), *cost, from.commRanks(*cost));
    }
    return ItemId(first);
}

ExecutionGraphBuilder::Item ExecutionGraphBuilder::columnsOf(const ExecutionGraph& g, ItemId i)
{
    Item item;
    item.kind = g.kind(i);
    item.flags = static_cast<std::uint8_t>((g.hasFlag(i, ExecutionGraph::SelfTimed) ? ExecutionGraph::SelfTimed : 0) | ExecutionGraph::Synthetic);
    item.track = g.track(i);
    item.name = g.nameId(i);
    item.stepOfStart = g.stepOfStart(i);
    item.stepOfEnd = g.stepOfEnd(i);
    item.anchor = g.anchor(i);
    item.gap = g.gap(i);
    item.minDuration = g.minDuration(i);
    item.tail = g.tail(i);
    item.measuredOverlap = g.measuredOverlap(i);
    return item;
}

void ExecutionGraphBuilder::addParticipant(ItemId collective, ItemId part)
{
    addEdge(part, collective, EdgeKind::Arrive, EdgeRef::StartToStart);
    addEdge(collective, part, EdgeKind::Release, EdgeRef::EndToEnd);
}

void ExecutionGraphBuilder::reserve(std::size_t items, std::size_t origins, std::size_t edges)
{
    ExecutionGraph& g = *m_graph;
    const std::size_t n = g.m_kind.size() + items;
    // Each column is its own task: a shared column is copied into the room made.
    parallelFor(15, [&](std::size_t column) {
        switch (column) {
        case 0: g.m_kind.edit(n); break;
        case 1: g.m_flags.edit(n); break;
        case 2: g.m_track.edit(n); break;
        case 3: g.m_name.edit(n); break;
        case 4: g.m_stepOfStart.edit(n); break;
        case 5: g.m_stepOfEnd.edit(n); break;
        case 6: g.m_anchor.edit(n); break;
        case 7: g.m_gap.edit(n); break;
        case 8: g.m_minDuration.edit(n); break;
        case 9: g.m_tail.edit(n); break;
        case 10: g.m_overlap.edit(n); break;
        case 11: g.m_commIndex.edit(n); break;
        case 12: g.m_originStart.edit(n + 1); break;
        case 13: g.m_origin.edit(g.m_origin.size() + origins); break;
        default: m_edges.reserve(m_edges.size() + edges); break;
        }
    });
}

StringId ExecutionGraphBuilder::intern(std::string_view name)
{
    const StringId own = m_graph->m_extraNames.intern(name);
    return StringId(static_cast<std::uint32_t>(m_graph->m_trace->strings().size()) + own.value());
}

void ExecutionGraphBuilder::setComm(ItemId item, const CommCost& cost, std::span<const RankId> ranks)
{
    ExecutionGraph& g = *m_graph;
    CommCost c = cost;
    c.firstRank = static_cast<std::uint32_t>(g.m_commRanks.size());
    c.rankCount = static_cast<std::uint32_t>(ranks.size());
    std::vector<RankId>& commRanks = g.m_commRanks.edit();
    commRanks.insert(commRanks.end(), ranks.begin(), ranks.end());
    g.m_commIndex.edit()[item.value()] = static_cast<std::uint32_t>(g.m_comm.size());
    g.m_comm.edit().push_back(c);
}

void ExecutionGraphBuilder::addEdge(ItemId from, ItemId to, EdgeKind kind, EdgeRef ref)
{
    m_edges.push_back({ from.value(), to.value(), { kind, ref } });
}

void ExecutionGraphBuilder::addEdges(std::span<const NewEdge> edges)
{
    m_edges.reserve(m_edges.size() + edges.size());
    for (const NewEdge& e : edges)
        m_edges.push_back({ e.from.value(), e.to.value(), { e.kind, e.ref } });
}

void ExecutionGraphBuilder::removeItem(ItemId item)
{
    m_removed.resize(m_graph->itemCount(), 0);
    m_removed[item.value()] = 1;
}

void ExecutionGraphBuilder::removeRank(RankId rank)
{
    m_removedRanks.resize(m_graph->m_ranks.size(), 0);
    m_removedRanks[rank.value()] = 1;
}

std::uint32_t ExecutionGraphBuilder::addMemoryDevice(const MemoryDevice& device)
{
    m_graph->m_memoryDevices.push_back(device);
    return static_cast<std::uint32_t>(m_graph->m_memoryDevices.size() - 1);
}

void ExecutionGraphBuilder::addMemoryBlock(const MemoryBlock& block)
{
    m_graph->m_memoryBlocks.push_back(block);
}

std::span<MemoryDevice> ExecutionGraphBuilder::memoryDevices()
{
    return m_graph->m_memoryDevices;
}

std::span<MemoryBlock> ExecutionGraphBuilder::memoryBlocks()
{
    return m_graph->m_memoryBlocks;
}

void ExecutionGraphBuilder::setAnchor(ItemId item, TimeNs anchor)
{
    m_graph->m_anchor.edit()[item.value()] = anchor;
}

void ExecutionGraphBuilder::setSteps(ItemId item, std::int32_t stepOfStart, std::int32_t stepOfEnd)
{
    m_graph->m_stepOfStart.edit()[item.value()] = stepOfStart;
    m_graph->m_stepOfEnd.edit()[item.value()] = stepOfEnd;
}

std::uint32_t ExecutionGraphBuilder::itemCount() const
{
    return m_graph->itemCount();
}

void ExecutionGraphBuilder::setMinDuration(ItemId item, TimeNs duration)
{
    m_graph->m_minDuration.edit()[item.value()] = duration;
}

std::span<TimeNs> ExecutionGraphBuilder::minDurations()
{
    return m_graph->m_minDuration.edit();
}

std::span<TimeNs> ExecutionGraphBuilder::tails()
{
    return m_graph->m_tail.edit();
}

void ExecutionGraphBuilder::setTrack(ItemId item, TrackId track)
{
    m_graph->m_track.edit()[item.value()] = track.value();
}

void ExecutionGraphBuilder::setGap(ItemId item, TimeNs gap)
{
    m_graph->m_gap.edit()[item.value()] = gap;
}

std::span<TimeNs> ExecutionGraphBuilder::gaps()
{
    return m_graph->m_gap.edit();
}

void ExecutionGraphBuilder::setTail(ItemId item, TimeNs tail)
{
    m_graph->m_tail.edit()[item.value()] = tail;
}

void ExecutionGraphBuilder::setCommBytes(ItemId item, std::int64_t bytes)
{
    const std::uint32_t c = m_graph->m_commIndex[item.value()];
    if (c != ItemId::kInvalid)
        m_graph->m_comm.edit()[c].bytes = bytes;
}

void ExecutionGraphBuilder::setWithoutCounterpart(std::size_t count)
{
    m_graph->m_withoutCounterpart = count;
}

void ExecutionGraphBuilder::setAsynchronous(bool asynchronous)
{
    m_graph->m_asynchronous = asynchronous;
}

void ExecutionGraphBuilder::setRankHost(RankId rank, std::string host)
{
    m_graph->m_ranks[rank.value()].host = std::move(host);
}

namespace {

Status invalid(const std::string& detail)
{
    return Status::error(ErrorCode::InvalidArgument, {}, -1, "execution graph: " + detail);
}

} // namespace

// Both directions as compressed rows, by counting, from the source's rows (when the builder started
// from a graph) and the added edges, with the ids compact() gave: per item, the source's edges in
// their order, then the added ones in the order they were added. Edges to or from removed items go.
Status ExecutionGraphBuilder::layOutRows()
{
    ExecutionGraph& g = *m_graph;
    const std::uint32_t n = g.itemCount();
    const bool renumbered = !m_newId.empty();
    const auto before = renumbered ? static_cast<std::uint32_t>(m_newId.size()) : n; // ids before compact()
    auto idOf = [&](std::uint32_t i) { return renumbered ? m_newId[i] : i; };
    const ExecutionGraph* base = m_base;
    const std::uint32_t baseItems = base ? base->itemCount() : 0;
    // The added edges by source, in the order they were added.
    std::vector<std::uint32_t> addedStart(before + 1, 0);
    for (const Edge& e : m_edges)
        ++addedStart[e.from + 1];
    for (std::uint32_t i = 0; i < before; ++i)
        addedStart[i + 1] += addedStart[i];
    std::vector<std::uint32_t> added(m_edges.size());
    {
        std::vector<std::uint32_t> next(addedStart.begin(), addedStart.end() - 1);
        for (std::uint32_t k = 0; k < m_edges.size(); ++k)
            added[next[m_edges[k].from]++] = k;
    }
    // Calls edge(target, info) for each kept edge of item i (an id before compact()), in row order.
    auto forEachEdge = [&](std::uint32_t i, auto&& edge) {
        if (i < baseItems) {
            for (std::uint32_t e = base->outBegin(i); e < base->outBegin(i + 1); ++e) {
                const std::uint32_t to = idOf(base->target(e));
                if (to != ItemId::kInvalid)
                    edge(to, base->m_outInfo[e]);
            }
        }
        for (std::uint32_t k = addedStart[i]; k < addedStart[i + 1]; ++k) {
            const Edge& a = m_edges[added[k]];
            const std::uint32_t to = idOf(a.to);
            if (to != ItemId::kInvalid)
                edge(to, a.info);
        }
    };
    // The rows are laid out in two halves of the items at once. Counting: each half counts its items'
    // out-edges and, in a count of its own, the in-edges its items give each target.
    constexpr std::size_t kParts = 2;
    const std::array<std::uint32_t, kParts + 1> bounds { 0, before / 2, before }; // ids before compact()
    std::vector<std::uint32_t> outStart(n + 1, 0), inStart(n + 1, 0);
    std::array<std::vector<std::uint32_t>, kParts> fromPart; // per part, per target: in-edges from its items
    std::array<std::uint64_t, kParts> edges {};
    std::array<std::uint32_t, kParts + 1> newBounds {}; // the parts' first items after compact()
    parallelFor(kParts, [&](std::size_t p) {
        std::vector<std::uint32_t>& in = fromPart[p];
        in.assign(n, 0);
        std::uint64_t count = 0; // kept local: the parts' totals share a cache line
        std::uint32_t items = 0;
        for (std::uint32_t i = bounds[p]; i < bounds[p + 1]; ++i) {
            const std::uint32_t from = idOf(i);
            if (from == ItemId::kInvalid)
                continue;
            ++items;
            std::uint32_t out = 0;
            forEachEdge(i, [&](std::uint32_t to, DependencyGraph::EdgeInfo) {
                ++out;
                ++in[to];
            });
            outStart[from + 1] = out;
            count += out;
        }
        edges[p] = count;
        newBounds[p + 1] = items;
    });
    const std::uint64_t m = edges[0] + edges[1];
    if (m >= ItemId::kInvalid)
        return invalid("too many edges");
    newBounds[2] += newBounds[1];
    // A target's in row holds the first part's sources, then the second's: fromPart becomes where
    // each part writes next.
    for (std::uint32_t i = 0; i < n; ++i) {
        outStart[i + 1] += outStart[i];
        const std::uint32_t first = fromPart[0][i], second = fromPart[1][i];
        inStart[i + 1] = inStart[i] + first + second;
        fromPart[0][i] = inStart[i];
        fromPart[1][i] = inStart[i] + first;
    }
    // The out rows, then the in rows, by part.
    std::vector<std::uint32_t> outTarget(m);
    std::vector<DependencyGraph::EdgeInfo> outInfo(m);
    parallelFor(kParts, [&](std::size_t p) {
        for (std::uint32_t i = bounds[p]; i < bounds[p + 1]; ++i) {
            const std::uint32_t from = idOf(i);
            if (from == ItemId::kInvalid)
                continue;
            std::uint32_t slot = outStart[from];
            forEachEdge(i, [&](std::uint32_t to, DependencyGraph::EdgeInfo info) {
                outTarget[slot] = to;
                outInfo[slot] = info;
                ++slot;
            });
        }
    });
    m_edges = {};
    m_base = nullptr;
    std::vector<std::uint32_t> inSource(m), inEdge(m);
    parallelFor(kParts, [&](std::size_t p) {
        std::vector<std::uint32_t>& next = fromPart[p];
        for (std::uint32_t i = newBounds[p]; i < newBounds[p + 1]; ++i) {
            for (std::uint32_t e = outStart[i]; e < outStart[i + 1]; ++e) {
                const std::uint32_t slot = next[outTarget[e]]++;
                inSource[slot] = i;
                inEdge[slot] = e;
            }
        }
    });
    g.m_outStart = std::move(outStart);
    g.m_inStart = std::move(inStart);
    g.m_outTarget = std::move(outTarget);
    g.m_outInfo = std::move(outInfo);
    g.m_inSource = std::move(inSource);
    g.m_inEdge = std::move(inEdge);
    return {};
}

// Drops removed items; the others keep their order, and m_newId maps the ids before to those after
// (edges are renumbered when the rows are laid out). Transfers of dropped items stay in the transfer
// table unreferenced.
void ExecutionGraphBuilder::compact()
{
    ExecutionGraph& g = *m_graph;
    const std::uint32_t n = g.itemCount();
    m_removed.resize(n, 0);
    m_newId.assign(n, ItemId::kInvalid);
    std::uint32_t kept = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
        if (!m_removed[i])
            m_newId[i] = kept++;
    }
    const std::vector<std::uint32_t>& newId = m_newId;
    // Into new storage: a column shared with the source is read, not copied first.
    auto squeeze = [&](auto& shared) {
        std::vector<std::decay_t<decltype(shared[0])>> column;
        column.reserve(kept);
        for (std::uint32_t i = 0; i < n; ++i) {
            if (newId[i] != ItemId::kInvalid)
                column.push_back(shared[i]);
        }
        shared = std::move(column);
    };
    squeeze(g.m_kind);
    squeeze(g.m_flags);
    squeeze(g.m_track);
    squeeze(g.m_name);
    squeeze(g.m_stepOfStart);
    squeeze(g.m_stepOfEnd);
    squeeze(g.m_anchor);
    squeeze(g.m_gap);
    squeeze(g.m_minDuration);
    squeeze(g.m_tail);
    squeeze(g.m_overlap);
    squeeze(g.m_commIndex);
    std::vector<OpId> origin;
    origin.reserve(g.m_origin.size());
    std::vector<std::uint32_t> originStart;
    originStart.reserve(kept + 1);
    originStart.push_back(0);
    for (std::uint32_t i = 0; i < n; ++i) {
        if (newId[i] == ItemId::kInvalid)
            continue;
        origin.insert(origin.end(), g.m_origin.begin() + g.m_originStart[i], g.m_origin.begin() + g.m_originStart[i + 1]);
        originStart.push_back(static_cast<std::uint32_t>(origin.size()));
    }
    g.m_origin = std::move(origin);
    g.m_originStart = std::move(originStart);
    for (ExecStep& s : g.m_steps) {
        if (s.marker.isValid() && s.marker.value() < n)
            s.marker = newId[s.marker.value()] == ItemId::kInvalid ? ItemId() : ItemId(newId[s.marker.value()]);
    }
    // A block goes with the item that allocated it; one whose release went is held to the window's end.
    std::size_t keptBlocks = 0;
    for (MemoryBlock b : g.m_memoryBlocks) {
        auto renumbered = [&](ItemId i) { return i.isValid() && i.value() < n ? ItemId(newId[i.value()]) : i; };
        if (b.alloc.isValid() && b.alloc.value() < n && newId[b.alloc.value()] == ItemId::kInvalid)
            continue;
        b.alloc = renumbered(b.alloc);
        b.release = renumbered(b.release);
        g.m_memoryBlocks[keptBlocks++] = b;
    }
    g.m_memoryBlocks.resize(keptBlocks);
    m_removed.clear();
}

// Drops removed ranks with their tracks and steps, marks the items on those tracks removed, renumbers
// what stays, and takes the ranks out of every transfer.
void ExecutionGraphBuilder::dropRanks()
{
    ExecutionGraph& g = *m_graph;
    m_removedRanks.resize(g.m_ranks.size(), 0);
    const auto renumber = [](const std::vector<std::uint8_t>& gone) {
        std::vector<std::uint32_t> id(gone.size(), ItemId::kInvalid);
        std::uint32_t next = 0;
        for (std::size_t i = 0; i < gone.size(); ++i) {
            if (!gone[i])
                id[i] = next++;
        }
        return id;
    };
    const std::vector<std::uint32_t> rankId = renumber(m_removedRanks);
    std::vector<std::uint8_t> trackGone(g.m_tracks.size(), 0), stepGone(g.m_steps.size(), 0);
    for (std::size_t t = 0; t < g.m_tracks.size(); ++t)
        trackGone[t] = g.m_tracks[t].rank.value() < m_removedRanks.size() && m_removedRanks[g.m_tracks[t].rank.value()];
    for (std::size_t s = 0; s < g.m_steps.size(); ++s)
        stepGone[s] = g.m_steps[s].rank.value() < m_removedRanks.size() && m_removedRanks[g.m_steps[s].rank.value()];
    const std::vector<std::uint32_t> trackId = renumber(trackGone);
    const std::vector<std::uint32_t> stepId = renumber(stepGone);
    m_removed.resize(g.itemCount(), 0);
    std::vector<std::uint32_t>& itemTrack = g.m_track.edit();
    std::vector<std::int32_t>& stepOfStart = g.m_stepOfStart.edit();
    std::vector<std::int32_t>& stepOfEnd = g.m_stepOfEnd.edit();
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const std::uint32_t t = itemTrack[i];
        if (t != TrackId::kInvalid && t < trackGone.size() && trackGone[t])
            m_removed[i] = 1;
        else if (t != TrackId::kInvalid && t < trackId.size())
            itemTrack[i] = trackId[t];
        for (std::int32_t* s : { &stepOfStart[i], &stepOfEnd[i] }) {
            if (*s >= 0 && static_cast<std::size_t>(*s) < stepId.size())
                *s = stepId[static_cast<std::size_t>(*s)] == ItemId::kInvalid ? -1 : static_cast<std::int32_t>(stepId[static_cast<std::size_t>(*s)]);
        }
    }
    std::vector<ExecRank> ranks;
    for (std::size_t r = 0; r < g.m_ranks.size(); ++r) {
        if (!m_removedRanks[r])
            ranks.push_back(std::move(g.m_ranks[r]));
    }
    g.m_ranks = std::move(ranks);
    std::vector<ExecTrack> tracks;
    for (std::size_t t = 0; t < g.m_tracks.size(); ++t) {
        if (!trackGone[t])
            tracks.push_back({ RankId(rankId[g.m_tracks[t].rank.value()]), g.m_tracks[t].kind, g.m_tracks[t].measured, g.m_tracks[t].name });
    }
    g.m_tracks = std::move(tracks);
    std::vector<ExecStep> steps;
    for (std::size_t s = 0; s < g.m_steps.size(); ++s) {
        if (!stepGone[s]) {
            ExecStep step = g.m_steps[s];
            step.rank = RankId(rankId[step.rank.value()]);
            steps.push_back(step);
        }
    }
    g.m_steps = std::move(steps);
    std::vector<RankId> commRanks;
    for (CommCost& c : g.m_comm.edit()) {
        const std::uint32_t first = static_cast<std::uint32_t>(commRanks.size());
        for (std::uint32_t k = c.firstRank; k < c.firstRank + c.rankCount && k < g.m_commRanks.size(); ++k) {
            const RankId r = g.m_commRanks[k];
            if (r.value() < rankId.size() && rankId[r.value()] != ItemId::kInvalid)
                commRanks.push_back(RankId(rankId[r.value()]));
        }
        c.firstRank = first;
        c.rankCount = static_cast<std::uint32_t>(commRanks.size()) - first;
    }
    g.m_commRanks = std::move(commRanks);
    // A removed rank's devices go with their blocks.
    std::vector<std::uint32_t> deviceId(g.m_memoryDevices.size(), ItemId::kInvalid);
    std::vector<MemoryDevice> devices;
    for (std::size_t d = 0; d < g.m_memoryDevices.size(); ++d) {
        MemoryDevice device = g.m_memoryDevices[d];
        if (device.rank.value() < rankId.size() && rankId[device.rank.value()] == ItemId::kInvalid)
            continue;
        if (device.rank.value() < rankId.size())
            device.rank = RankId(rankId[device.rank.value()]);
        deviceId[d] = static_cast<std::uint32_t>(devices.size());
        devices.push_back(device);
    }
    g.m_memoryDevices = std::move(devices);
    std::size_t keptBlocks = 0;
    for (MemoryBlock b : g.m_memoryBlocks) {
        if (b.device < deviceId.size() && deviceId[b.device] == ItemId::kInvalid)
            continue;
        if (b.device < deviceId.size())
            b.device = deviceId[b.device];
        g.m_memoryBlocks[keptBlocks++] = b;
    }
    g.m_memoryBlocks.resize(keptBlocks);
    m_removedRanks.clear();
}

Expected<std::shared_ptr<const ExecutionGraph>> ExecutionGraphBuilder::build()
{
    if (!m_removedRanks.empty())
        dropRanks();
    for (const Edge& e : m_edges) {
        const std::uint32_t count = m_graph->itemCount();
        if (e.from >= count || e.to >= count)
            return invalid("an edge refers to item " + std::to_string(std::max(e.from, e.to)) + " of " + std::to_string(count));
    }
    if (!m_removed.empty())
        compact();
    ExecutionGraph& g = *m_graph;
    const std::uint32_t n = g.itemCount();
    const auto ranks = static_cast<std::uint32_t>(g.m_ranks.size());
    const auto tracks = static_cast<std::uint32_t>(g.m_tracks.size());
    const auto steps = static_cast<std::int32_t>(g.m_steps.size());
    const std::size_t names = g.m_trace->strings().size() + g.m_extraNames.size();
    for (const ExecTrack& t : g.m_tracks) {
        if (t.rank.value() >= ranks)
            return invalid("a track of rank " + std::to_string(t.rank.value()) + " of " + std::to_string(ranks));
    }
    for (const ExecStep& s : g.m_steps) {
        if (s.rank.value() >= ranks || (s.marker.isValid() && s.marker.value() >= n))
            return invalid("a step refers to a rank or marker that does not exist");
    }
    // The items and the origins in blocks side by side, each block finding its first bad entry: the
    // first of all is reported.
    const std::size_t blocks = std::max<std::size_t>(1, parallelism());
    const std::span<const std::uint32_t> track = g.m_track, name = g.m_name;
    const std::span<const std::int32_t> stepOfStart = g.m_stepOfStart, stepOfEnd = g.m_stepOfEnd;
    const std::span<const OpId> origins = g.m_origin;
    const std::uint32_t ops = g.m_trace->opCount();
    std::vector<std::size_t> badItem(blocks, n), badOrigin(blocks, origins.size());
    parallelForBlocks(n, blocks, [&](std::size_t b, std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const bool trackOk = track[i] == TrackId::kInvalid || track[i] < tracks;
            const bool stepsOk = stepOfStart[i] < steps && stepOfEnd[i] < steps && stepOfStart[i] >= -1 && stepOfEnd[i] >= -1;
            if (!trackOk || !stepsOk || name[i] >= names) {
                badItem[b] = i;
                break;
            }
        }
        for (std::size_t k = origins.size() * b / blocks; k < origins.size() * (b + 1) / blocks; ++k) {
            if (origins[k].value() >= ops) {
                badOrigin[b] = k;
                break;
            }
        }
    });
    if (const std::size_t i = *std::min_element(badItem.begin(), badItem.end()); i < n)
        return invalid("item " + std::to_string(i) + " refers to a track, step or name that does not exist");
    if (const std::size_t k = *std::min_element(badOrigin.begin(), badOrigin.end()); k < origins.size())
        return invalid("an origin refers to op " + std::to_string(origins[k].value()) + " of " + std::to_string(ops));
    for (const RankId r : g.m_commRanks) {
        if (r.value() >= ranks)
            return invalid("a transfer refers to rank " + std::to_string(r.value()) + " of " + std::to_string(ranks));
    }
    for (const MemoryDevice& d : g.m_memoryDevices) {
        if (d.rank.value() >= ranks)
            return invalid("a memory device refers to rank " + std::to_string(d.rank.value()) + " of " + std::to_string(ranks));
    }
    for (const MemoryBlock& b : g.m_memoryBlocks) {
        const bool itemsOk = (!b.alloc.isValid() || b.alloc.value() < n) && (!b.release.isValid() || b.release.value() < n);
        if (!itemsOk || b.device >= g.m_memoryDevices.size() || b.bytes < 0
            || static_cast<int>(b.category) >= kMemoryCategoryCount)
            return invalid("a memory block refers to an item or device that does not exist, or holds negative bytes");
    }
    if (m_base && m_edges.empty() && m_newId.empty())
        copyBaseRows();
    else if (Status rows = layOutRows(); !rows.ok())
        return rows;
    return std::shared_ptr<const ExecutionGraph>(std::move(m_graph));
}

} // namespace sightline
