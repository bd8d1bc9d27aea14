#include "core/exec/launchorder.h"

#include <algorithm>

namespace sightline {

LaunchOrder::LaunchOrder(const ExecutionGraph& g)
    : m_kernelsByRank(g.ranks().size())
    , m_byTrack(g.tracks().size())
{
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (!g.onDevice(item))
            continue;
        const ItemId launcher = g.firstSource(item, EdgeKind::Launch);
        if (!launcher.isValid())
            continue;
        const Entry e { g.anchor(launcher), item };
        m_byTrack[g.track(item).value()].push_back(e);
        if (g.kind(item) == OpKind::ComputeKernel)
            m_kernelsByRank[g.rank(item).value()].push_back(e);
    }
    // Copies of measured work (a micro-batch) keep its launch times but run before it: launched at the
    // same instant, the measured work goes last, as the last launched (a gradient's last kernel is the
    // last micro-batch's, not a copy's).
    const auto launchedBefore = [&](const Entry& a, const Entry& b) {
        if (a.first != b.first)
            return a.first < b.first;
        return g.hasFlag(a.second, ExecutionGraph::Copy) && !g.hasFlag(b.second, ExecutionGraph::Copy);
    };
    for (auto* lists : { &m_kernelsByRank, &m_byTrack }) {
        for (auto& v : *lists)
            std::stable_sort(v.begin(), v.end(), launchedBefore);
    }
}

ItemId LaunchOrder::lastBefore(const std::vector<Entry>& v, TimeNs time, bool inclusive)
{
    const auto it = inclusive ? std::upper_bound(v.begin(), v.end(), time, [](TimeNs t, const Entry& e) { return t < e.first; })
                              : std::lower_bound(v.begin(), v.end(), time, [](const Entry& e, TimeNs t) { return e.first < t; });
    return it == v.begin() ? ItemId() : std::prev(it)->second;
}

ItemId LaunchOrder::lastKernelBefore(RankId rank, TimeNs time) const
{
    return lastBefore(m_kernelsByRank[rank.value()], time, true);
}

std::pair<ItemId, ItemId> LaunchOrder::around(TrackId track, TimeNs time) const
{
    const auto& v = m_byTrack[track.value()];
    const auto it = std::lower_bound(v.begin(), v.end(), time, [](const Entry& e, TimeNs t) { return e.first < t; });
    return { it == v.begin() ? ItemId() : std::prev(it)->second, it == v.end() ? ItemId() : it->second };
}

} // namespace sightline
