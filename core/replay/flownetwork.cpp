#include "core/replay/flownetwork.h"

#include "core/base/checkedmath.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace sightline {

FlowNetwork::FlowNetwork(std::vector<double> bandwidth)
    : m_bandwidth(std::move(bandwidth))
    , m_load(m_bandwidth.size(), 0)
{
}

void FlowNetwork::advanceTo(TimeNs time)
{
    if (!m_started) {
        m_now = time;
        m_started = true;
        return;
    }
    if (time <= m_now)
        return;
    const double dt = static_cast<double>(time - m_now);
    for (const std::size_t g : m_active) {
        Group& group = m_groups[g];
        if (!std::isinf(group.rate))
            group.served += group.rate * dt;
    }
    m_now = time;
}

void FlowNetwork::updateRates()
{
    for (const std::size_t g : m_active) {
        Group& group = m_groups[g];
        double rate = std::numeric_limits<double>::infinity();
        for (const std::uint32_t l : group.links)
            rate = std::min(rate, m_bandwidth[l] / m_load[l]);
        group.rate = rate;
    }
}

void FlowNetwork::start(std::uint32_t id, TimeNs now, std::span<const std::uint32_t> links, double bytes)
{
    advanceTo(now);
    std::vector<std::uint32_t> key(links.begin(), links.end());
    std::sort(key.begin(), key.end());
    auto [it, added] = m_groupOf.try_emplace(key, m_groups.size());
    if (added)
        m_groups.push_back(Group { std::move(key), 0, 0, {}, 0 });
    Group& group = m_groups[it->second];
    if (group.pending.empty()) {
        group.served = 0;
        group.activeSlot = m_active.size();
        m_active.push_back(it->second);
    }
    group.pending.push_back(Pending { group.served + std::max(0.0, bytes), id });
    std::push_heap(group.pending.begin(), group.pending.end(), std::greater<Pending>());
    for (const std::uint32_t l : links)
        ++m_load[l];
    ++m_inFlight;
    updateRates();
}

FlowNetwork::Completion FlowNetwork::first(std::size_t& group) const
{
    Completion best { std::numeric_limits<TimeNs>::max(), std::numeric_limits<std::uint32_t>::max() };
    group = m_groups.size();
    for (const std::size_t g : m_active) {
        const Group& x = m_groups[g];
        const Pending& p = x.pending.front();
        TimeNs t = m_now;
        const double remaining = p.doneAt - x.served;
        if (remaining > 0 && !std::isinf(x.rate)) {
            // Saturating: a transfer over a link scaled to almost nothing can end past any time; the
            // replay then says its times left the range (Schedule::timesOutOfRange), never wraps. A
            // transfer over no link (one participant) moves instantly.
            t = CheckedMath::timeAdd(m_now, CheckedMath::saturatingRound(std::ceil(remaining / x.rate)));
        }
        if (t < best.time || (t == best.time && p.id < best.id)) {
            best = { t, p.id };
            group = g;
        }
    }
    return best;
}

FlowNetwork::Completion FlowNetwork::next() const
{
    std::size_t group = 0;
    return first(group);
}

FlowNetwork::Completion FlowNetwork::finishNext()
{
    std::size_t g = 0;
    const Completion c = first(g);
    advanceTo(c.time);
    Group& group = m_groups[g];
    std::pop_heap(group.pending.begin(), group.pending.end(), std::greater<Pending>());
    group.pending.pop_back();
    for (const std::uint32_t l : group.links)
        --m_load[l];
    --m_inFlight;
    if (group.pending.empty()) {
        // Out of the active list by a swap with its last entry.
        const std::size_t slot = group.activeSlot;
        m_active[slot] = m_active.back();
        m_groups[m_active[slot]].activeSlot = slot;
        m_active.pop_back();
    }
    updateRates();
    return c;
}

} // namespace sightline
