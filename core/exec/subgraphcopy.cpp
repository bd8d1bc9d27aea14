#include "core/exec/subgraphcopy.h"

#include "core/base/checkedmath.h"
#include "core/model/trace.h"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace sightline {

SubgraphCopy::SubgraphCopy(const ExecutionGraph& graph)
    : g(graph)
    , m_index(graph.itemCount(), ItemId::kInvalid)
{
}

void SubgraphCopy::select(std::span<const ItemId> members)
{
    for (const ItemId m : m_members)
        m_index[m.value()] = ItemId::kInvalid;
    m_members.assign(members.begin(), members.end());
    for (std::uint32_t k = 0; k < m_members.size(); ++k)
        m_index[m_members[k].value()] = k;
}

TimeNs SubgraphCopy::measuredEnd(const ExecutionGraph& g, ItemId i)
{
    const std::span<const OpId> origin = g.origin(i);
    const TimeNs duration = origin.empty() ? g.minDuration(i) : g.trace().duration(origin.front());
    return CheckedMath::timeAdd(g.anchor(i), duration);
}

std::vector<ItemId> SubgraphCopy::copy(ExecutionGraphBuilder& b, std::string_view prefix, bool chainTracks) const
{
    const std::vector<ItemId>& members = m_members;
    std::vector<ItemId> copies;
    copies.reserve(members.size());
    std::unordered_map<std::uint32_t, StringId> names; // the original's name -> the copy's
    for (const ItemId m : members) {
        ExecutionGraphBuilder::Item item = ExecutionGraphBuilder::columnsOf(g, m);
        auto [it, added] = names.emplace(g.nameId(m).value(), StringId());
        if (added)
            it->second = prefix.empty() ? g.nameId(m) : b.intern(std::string(prefix) + std::string(g.name(m)));
        item.name = it->second;
        const ItemId c = b.addItem(item, g.origin(m));
        if (const CommCost* cost = g.comm(m))
            b.setComm(c, *cost, g.commRanks(*cost));
        copies.push_back(c);
    }
    for (std::uint32_t k = 0; k < members.size(); ++k) {
        const std::uint32_t i = members[k].value();
        for (std::uint32_t e = g.outBegin(i); e < g.outBegin(i + 1); ++e) {
            const std::uint32_t to = m_index[g.target(e)];
            if (to != ItemId::kInvalid)
                b.addEdge(copies[k], copies[to], g.edgeKind(e), g.ref(e));
        }
    }
    if (chainTracks) {
        std::vector<std::uint32_t> order(members.size());
        for (std::uint32_t k = 0; k < order.size(); ++k)
            order[k] = k;
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t c) {
            const ItemId x = members[a], y = members[c];
            return g.track(x).value() != g.track(y).value() ? g.track(x).value() < g.track(y).value() : g.anchor(x) < g.anchor(y);
        });
        for (std::size_t j = 1; j < order.size(); ++j) {
            const ItemId before = members[order[j - 1]], after = members[order[j]];
            if (g.track(before) == g.track(after) && measuredEnd(g, before) <= g.anchor(after))
                b.addEdge(copies[order[j - 1]], copies[order[j]], EdgeKind::Program, EdgeRef::EndToStart);
        }
    }
    return copies;
}

} // namespace sightline
