#include "core/exec/executiongraph.h"

#include "core/model/trace.h"

namespace sightline {

RankId ExecutionGraph::rank(ItemId i) const
{
    const TrackId t = track(i);
    return t.isValid() ? m_tracks[t.value()].rank : RankId();
}

bool ExecutionGraph::onDevice(ItemId i) const
{
    const TrackId t = track(i);
    return t.isValid() && isGpuTrack(m_tracks[t.value()].kind);
}

std::string_view ExecutionGraph::string(StringId id) const
{
    if (!id.isValid())
        return {};
    const auto traceNames = static_cast<std::uint32_t>(m_trace->strings().size());
    return id.value() < traceNames ? m_trace->string(id) : m_extraNames.view(StringId(id.value() - traceNames));
}

const CommCost* ExecutionGraph::comm(ItemId i) const
{
    const std::uint32_t c = m_commIndex[i.value()];
    return c == ItemId::kInvalid ? nullptr : &m_comm[c];
}

std::span<const OpId> ExecutionGraph::origin(ItemId i) const
{
    const std::uint32_t from = m_originStart[i.value()];
    return std::span(m_origin).subspan(from, m_originStart[i.value() + 1] - from);
}

Phase ExecutionGraph::phase(ItemId i) const
{
    const std::span<const OpId> ops = origin(i);
    return ops.empty() ? Phase::Unknown : m_trace->phase(ops.front());
}

ItemId ExecutionGraph::firstSource(ItemId i, EdgeKind kind) const
{
    for (std::uint32_t s = inBegin(i.value()); s < inBegin(i.value() + 1); ++s) {
        if (edgeKind(inEdge(s)) == kind)
            return ItemId(inSource(s));
    }
    return {};
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
    auto bytes = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
    return bytes(m_ranks) + bytes(m_tracks) + bytes(m_steps) + bytes(m_kind) + bytes(m_flags) + bytes(m_track)
        + bytes(m_name) + bytes(m_stepOfStart) + bytes(m_stepOfEnd) + bytes(m_anchor) + bytes(m_gap)
        + bytes(m_minDuration) + bytes(m_tail) + bytes(m_overlap) + bytes(m_commIndex) + bytes(m_comm)
        + bytes(m_commRanks) + bytes(m_originStart) + bytes(m_origin) + bytes(m_outStart) + bytes(m_outTarget)
        + bytes(m_outInfo) + bytes(m_inStart) + bytes(m_inSource) + bytes(m_inEdge) + bytes(m_memoryDevices) + bytes(m_memoryBlocks) + m_extraNames.memoryBytes();
}

} // namespace sightline
