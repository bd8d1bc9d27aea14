#include "core/exec/subgraphcopy.h"

#include "core/base/checkedmath.h"
#include "core/base/parallel.h"
#include "core/model/trace.h"

#include <algorithm>
#include <string>

namespace sightline {

SubgraphCopy::SubgraphCopy(const ExecutionGraph& graph)
    : g(graph)
    , m_index(graph.itemCount(), ItemId::kInvalid)
{
}

void SubgraphCopy::select(std::span<const ItemId> members, std::span<const std::uint32_t> partEnds)
{
    for (const ItemId m : m_members)
        m_index[m.value()] = ItemId::kInvalid;
    m_members.assign(members.begin(), members.end());
    for (std::uint32_t k = 0; k < m_members.size(); ++k)
        m_index[m_members[k].value()] = k;
    m_partEnds.assign(partEnds.begin(), partEnds.end());
    if (m_partEnds.empty() || m_partEnds.back() != m_members.size())
        m_partEnds.push_back(static_cast<std::uint32_t>(m_members.size()));
}

TimeNs SubgraphCopy::measuredEnd(const ExecutionGraph& g, ItemId i)
{
    const std::span<const OpId> origin = g.origin(i);
    const TimeNs duration = origin.empty() ? g.minDuration(i) : g.trace().duration(origin.front());
    return CheckedMath::timeAdd(g.anchor(i), duration);
}

std::span<const StringId> SubgraphCopy::namesFor(ExecutionGraphBuilder& b, std::string_view prefix) const
{
    if (prefix.empty())
        return {};
    if (m_namesBuilder != &b) {
        m_namesBuilder = &b;
        m_prefixes.clear();
        m_prefixed.clear();
    }
    const auto known = std::find(m_prefixes.begin(), m_prefixes.end(), prefix);
    const auto p = static_cast<std::uint64_t>(known - m_prefixes.begin());
    if (known == m_prefixes.end())
        m_prefixes.emplace_back(prefix);
    // Each distinct name of the set is looked up once; m_slot remembers it for the set's other items.
    m_slot.resize(g.nameCount(), StringId::kInvalid);
    std::vector<std::uint32_t> seen;
    m_names.clear();
    for (const ItemId m : m_members) {
        const std::uint32_t own = g.nameId(m).value();
        if (m_slot[own] == StringId::kInvalid) {
            auto [it, added] = m_prefixed.emplace(p << 32 | own, StringId());
            if (added)
                it->second = b.intern(std::string(prefix) + std::string(g.name(m)));
            m_slot[own] = it->second.value();
            seen.push_back(own);
        }
        m_names.push_back(StringId(m_slot[own]));
    }
    for (const std::uint32_t own : seen)
        m_slot[own] = StringId::kInvalid;
    return m_names;
}

std::vector<ItemId> SubgraphCopy::copy(ExecutionGraphBuilder& b, std::string_view prefix, bool chainTracks) const
{
    const std::vector<ItemId>& members = m_members;
    const ItemId first = b.addCopies(g, members, namesFor(b, prefix));
    std::vector<ItemId> copies(members.size());
    for (std::uint32_t k = 0; k < copies.size(); ++k)
        copies[k] = ItemId(first.value() + k);
    // The parts' edges gathered by blocks of parts side by side, then added in order.
    const std::size_t parts = m_partEnds.size();
    const std::size_t blocks = blockCount(parts, 4);
    std::vector<std::vector<ExecutionGraphBuilder::NewEdge>> edges(blocks);
    parallelForBlocks(parts, blocks, [&](std::size_t block, std::size_t begin, std::size_t end) {
        for (std::size_t p = begin; p < end; ++p)
            copyPart(copies, p == 0 ? 0 : m_partEnds[p - 1], m_partEnds[p], chainTracks, edges[block]);
    });
    for (const auto& blockEdges : edges)
        b.addEdges(blockEdges);
    return copies;
}

void SubgraphCopy::copyPart(const std::vector<ItemId>& copies, std::uint32_t begin, std::uint32_t end, bool chainTracks,
    std::vector<ExecutionGraphBuilder::NewEdge>& out) const
{
    const std::vector<ItemId>& members = m_members;
    for (std::uint32_t k = begin; k < end; ++k) {
        const std::uint32_t i = members[k].value();
        for (std::uint32_t e = g.outBegin(i); e < g.outBegin(i + 1); ++e) {
            const std::uint32_t to = m_index[g.target(e)];
            if (to != ItemId::kInvalid && to >= begin && to < end)
                out.push_back({ copies[k], copies[to], g.edgeKind(e), g.ref(e) });
        }
    }
    if (!chainTracks)
        return;
    std::vector<std::uint32_t> order(end - begin);
    for (std::uint32_t k = 0; k < order.size(); ++k)
        order[k] = begin + k;
    auto before = [&](std::uint32_t a, std::uint32_t c) {
        const ItemId x = members[a], y = members[c];
        return g.track(x).value() != g.track(y).value() ? g.track(x).value() < g.track(y).value() : g.anchor(x) < g.anchor(y);
    };
    // A set in item order usually is in this order already.
    if (!std::is_sorted(order.begin(), order.end(), before))
        std::stable_sort(order.begin(), order.end(), before);
    for (std::size_t j = 1; j < order.size(); ++j) {
        const ItemId earlier = members[order[j - 1]], later = members[order[j]];
        if (g.track(earlier) == g.track(later) && measuredEnd(g, earlier) <= g.anchor(later))
            out.push_back({ copies[order[j - 1]], copies[order[j]], EdgeKind::Program, EdgeRef::EndToStart });
    }
}

} // namespace sightline
