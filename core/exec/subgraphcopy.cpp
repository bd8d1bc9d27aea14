#include "core/exec/subgraphcopy.h"

#include "core/exec/instantorder.h"

#include "core/base/checkedmath.h"
#include "core/base/parallel.h"
#include "core/model/trace.h"

#include <algorithm>
#include <string>

namespace sightline {

SubgraphCopy::SubgraphCopy(const ExecutionGraph& graph, const InstantOrder* order)
    : g(graph)
    , m_order(order)
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

void SubgraphCopy::namesFor(ExecutionGraphBuilder& b, std::string_view prefix, std::uint32_t begin, std::uint32_t end, StringId* out) const
{
    if (prefix.empty()) {
        for (std::uint32_t k = begin; k < end; ++k)
            *out++ = g.nameId(m_members[k]);
        return;
    }
    if (m_namesBuilder != &b) {
        m_namesBuilder = &b;
        m_prefixes.clear();
        m_prefixed.clear();
    }
    const auto known = std::find(m_prefixes.begin(), m_prefixes.end(), prefix);
    const auto p = static_cast<std::uint64_t>(known - m_prefixes.begin());
    if (known == m_prefixes.end())
        m_prefixes.emplace_back(prefix);
    // Each distinct name of the range is looked up once; m_slot remembers it for the range's other items.
    m_slot.resize(g.nameCount(), StringId::kInvalid);
    std::vector<std::uint32_t> seen;
    for (std::uint32_t k = begin; k < end; ++k) {
        const ItemId m = m_members[k];
        const std::uint32_t own = g.nameId(m).value();
        if (m_slot[own] == StringId::kInvalid) {
            auto [it, added] = m_prefixed.emplace(p << 32 | own, StringId());
            if (added)
                it->second = b.intern(std::string(prefix) + std::string(g.name(m)));
            m_slot[own] = it->second.value();
            seen.push_back(own);
        }
        *out++ = StringId(m_slot[own]);
    }
    for (const std::uint32_t own : seen)
        m_slot[own] = StringId::kInvalid;
}

std::uint32_t SubgraphCopy::partOf(ItemId item) const
{
    const std::uint32_t at = m_index[item.value()];
    if (at == ItemId::kInvalid)
        return ItemId::kInvalid;
    return static_cast<std::uint32_t>(std::upper_bound(m_partEnds.begin(), m_partEnds.end(), at) - m_partEnds.begin());
}

std::vector<ItemId> SubgraphCopy::copy(ExecutionGraphBuilder& b, std::string_view prefix, bool chainTracks) const
{
    const std::string one(prefix);
    return copy(b, std::span(&one, 1), chainTracks);
}

std::vector<ItemId> SubgraphCopy::copy(ExecutionGraphBuilder& b, std::span<const std::string> prefixes, bool chainTracks) const
{
    const std::vector<ItemId>& members = m_members;
    const auto rounds = static_cast<std::uint32_t>(prefixes.size());
    const std::size_t parts = m_partEnds.size();
    const auto partBegin = [&](std::size_t p) { return p == 0 ? 0 : m_partEnds[p - 1]; };
    // Where part p's copy r starts among the copies.
    const auto copyAt = [&](std::size_t p, std::uint32_t r) { return rounds * partBegin(p) + r * (m_partEnds[p] - partBegin(p)); };
    // What each copy is of, and its name, in the copies' order: for one round, the set's own order. The
    // names are interned in that order.
    std::vector<ItemId> sources;
    if (rounds > 1) {
        sources.resize(members.size() * rounds);
        for (std::size_t p = 0; p < parts; ++p) {
            for (std::uint32_t r = 0; r < rounds; ++r)
                std::copy(members.begin() + partBegin(p), members.begin() + m_partEnds[p], sources.begin() + copyAt(p, r));
        }
    }
    std::vector<StringId> names;
    if (std::any_of(prefixes.begin(), prefixes.end(), [](const std::string& p) { return !p.empty(); })) {
        names.resize(members.size() * rounds);
        if (rounds == 1) {
            namesFor(b, prefixes.front(), 0, static_cast<std::uint32_t>(members.size()), names.data());
        } else {
            for (std::size_t p = 0; p < parts; ++p) {
                for (std::uint32_t r = 0; r < rounds; ++r)
                    namesFor(b, prefixes[r], partBegin(p), m_partEnds[p], names.data() + copyAt(p, r));
            }
        }
    }
    const ItemId first = b.addCopies(g, rounds == 1 ? std::span<const ItemId>(members) : std::span<const ItemId>(sources), names);
    std::vector<ItemId> copies(members.size() * rounds);
    for (std::uint32_t k = 0; k < copies.size(); ++k)
        copies[k] = ItemId(first.value() + k);
    // The parts' edges gathered by blocks of parts side by side, then added in order.
    const std::size_t blocks = blockCount(parts, 4);
    std::vector<std::vector<ExecutionGraphBuilder::NewEdge>> edges(blocks);
    parallelForBlocks(parts, blocks, [&](std::size_t block, std::size_t begin, std::size_t end) {
        for (std::size_t p = begin; p < end; ++p)
            copyPart(first.value() + copyAt(p, 0), rounds, partBegin(p), m_partEnds[p], chainTracks, edges[block]);
    });
    for (const auto& blockEdges : edges)
        b.addEdges(blockEdges);
    return copies;
}

void SubgraphCopy::copyPart(std::uint32_t first, std::uint32_t rounds, std::uint32_t begin, std::uint32_t end, bool chainTracks,
    std::vector<ExecutionGraphBuilder::NewEdge>& out) const
{
    const std::vector<ItemId>& members = m_members;
    // The members whose copies follow one another on their track, the same in every round.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> chain;
    if (chainTracks) {
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
            if (g.track(earlier) == g.track(later) && measuredEnd(g, earlier) <= g.anchor(later)
                && (!m_order || m_order->end(earlier) < m_order->start(later)))
                chain.emplace_back(order[j - 1], order[j]);
        }
    }
    for (std::uint32_t r = 0; r < rounds; ++r) {
        const std::uint32_t roundFirst = first + r * (end - begin);
        const auto copyOf = [&](std::uint32_t k) { return ItemId(roundFirst + (k - begin)); };
        for (std::uint32_t k = begin; k < end; ++k) {
            const std::uint32_t i = members[k].value();
            for (std::uint32_t e = g.outBegin(i); e < g.outBegin(i + 1); ++e) {
                const std::uint32_t to = m_index[g.target(e)];
                if (to != ItemId::kInvalid && to >= begin && to < end)
                    out.push_back({ copyOf(k), copyOf(to), g.edgeKind(e), g.ref(e) });
            }
        }
        for (const auto& [earlier, later] : chain)
            out.push_back({ copyOf(earlier), copyOf(later), EdgeKind::Program, EdgeRef::EndToStart });
    }
}

} // namespace sightline
