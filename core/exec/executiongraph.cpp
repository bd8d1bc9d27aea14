#include "core/exec/executiongraph.h"

#include "core/model/trace.h"

#include <algorithm>

namespace sightline {

ExecutionGraph::ExecutionGraph() = default;
ExecutionGraph::~ExecutionGraph() = default;

std::vector<RankPlacement> placementsOf(std::span<const ExecRank> ranks)
{
    std::vector<RankPlacement> placements;
    placements.reserve(ranks.size());
    for (const ExecRank& r : ranks)
        placements.push_back({ r.rank, r.host, r.device });
    return placements;
}

std::string_view ExecutionGraph::string(StringId id) const
{
    if (!id.isValid())
        return {};
    const auto traceNames = static_cast<std::uint32_t>(m_trace->strings().size());
    return id.value() < traceNames ? m_trace->string(id) : m_extraNames.view(StringId(id.value() - traceNames));
}

int ExecutionGraph::stepsPerRank() const
{
    std::vector<int> count(m_ranks.size(), 0);
    for (const ExecStep& s : m_steps)
        ++count[s.rank.value()];
    return count.empty() ? 1 : std::max(1, *std::max_element(count.begin(), count.end()));
}

std::string_view ExecutionGraph::measuredName(ItemId i) const
{
    if (hasFlag(i, Copy)) {
        if (const std::span<const OpId> ops = origin(i); ops.size() == 1)
            return m_trace->string(m_trace->name(ops.front()));
    }
    return name(i);
}

std::size_t ExecutionGraph::nameCount() const
{
    return m_trace->strings().size() + m_extraNames.size();
}

Phase ExecutionGraph::phase(ItemId i) const
{
    const std::span<const OpId> ops = origin(i);
    return ops.empty() ? Phase::Unknown : m_trace->phase(ops.front());
}

bool ExecutionGraph::stagesCollective(ItemId i) const
{
    for (std::uint32_t e = outBegin(i.value()); e < outBegin(i.value() + 1); ++e) {
        if (edgeKind(e) == EdgeKind::Staging)
            return true;
    }
    return false;
}

std::vector<ItemId> ExecutionGraph::itemOfOp() const
{
    std::vector<ItemId> out(m_trace->opCount());
    for (std::uint32_t i = 0; i < itemCount(); ++i) {
        if (!track(ItemId(i)).isValid())
            continue;
        for (OpId op : origin(ItemId(i)))
            out[op.value()] = ItemId(i);
    }
    return out;
}

std::size_t ExecutionGraph::memoryBytes() const
{
    // Columns count whole, shared with other graphs or not.
    auto bytes = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
    auto column = [](const auto& c) { return c.capacityBytes(); };
    return bytes(m_ranks) + bytes(m_tracks) + bytes(m_steps) + column(m_kind) + column(m_flags) + column(m_track)
        + column(m_name) + column(m_stepOfStart) + column(m_stepOfEnd) + column(m_anchor) + column(m_gap)
        + column(m_minDuration) + column(m_tail) + column(m_overlap) + column(m_commIndex) + column(m_comm)
        + column(m_commRanks) + column(m_originStart) + column(m_origin) + column(m_outStart) + column(m_outTarget)
        + column(m_outInfo) + column(m_inStart) + column(m_inSource) + column(m_inEdge) + bytes(m_memoryDevices)
        + bytes(m_memoryBlocks) + m_extraNames.memoryBytes();
}

} // namespace sightline
