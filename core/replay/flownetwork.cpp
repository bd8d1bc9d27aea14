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
    , m_groupsOnLink(m_bandwidth.size())
{
}

void FlowNetwork::settle(Group& group, TimeNs at) const
{
    if (at > group.since && !std::isinf(group.rate))
        group.served += group.rate * static_cast<double>(at - group.since);
    group.since = std::max(group.since, at);
}

void FlowNetwork::schedule(std::size_t g)
{
    Group& group = m_groups[g];
    ++group.version;
    if (group.pending.empty())
        return;
    const Pending& p = group.pending.front();
    TimeNs t = group.since;
    const double remaining = p.doneAt - group.served;
    if (remaining > 0 && !std::isinf(group.rate)) {
        // Saturating: a transfer over a link scaled to almost nothing can end past any time; the
        // replay then says its times left the range (Schedule::timesOutOfRange), never wraps. A
        // transfer over no link (one participant) moves instantly.
        t = CheckedMath::timeAdd(group.since, CheckedMath::saturatingRound(std::ceil(remaining / group.rate)));
    }
    m_due.push_back(Due { t, p.id, g, group.version });
    std::push_heap(m_due.begin(), m_due.end(), std::greater<Due>());
}

void FlowNetwork::updateRates(std::span<const std::uint32_t> links, TimeNs at)
{
    ++m_update;
    const auto update = [&](std::size_t g) {
        Group& group = m_groups[g];
        if (group.touched == m_update || group.pending.empty())
            return;
        group.touched = m_update;
        settle(group, at);
        double rate = std::numeric_limits<double>::infinity();
        for (const std::uint32_t l : group.links)
            rate = std::min(rate, m_bandwidth[l] / m_load[l]);
        group.rate = rate;
        schedule(g);
    };
    for (const std::uint32_t l : links) {
        for (const std::size_t g : m_groupsOnLink[l])
            update(g);
    }
}

void FlowNetwork::start(std::uint32_t id, TimeNs now, std::span<const std::uint32_t> links, double bytes)
{
    m_now = std::max(m_now, now);
    std::vector<std::uint32_t> key(links.begin(), links.end());
    std::sort(key.begin(), key.end());
    auto [it, added] = m_groupOf.try_emplace(key, m_groups.size());
    const std::size_t g = it->second;
    if (added) {
        m_groups.push_back(Group { key, 0, 0, m_now, {}, 0, 0 });
        key.erase(std::unique(key.begin(), key.end()), key.end());
        for (const std::uint32_t l : key)
            m_groupsOnLink[l].push_back(g);
    }
    Group& group = m_groups[g];
    if (group.pending.empty()) {
        group.served = 0;
        group.since = m_now;
    } else {
        settle(group, m_now);
    }
    group.pending.push_back(Pending { group.served + std::max(0.0, bytes), id });
    std::push_heap(group.pending.begin(), group.pending.end(), std::greater<Pending>());
    for (const std::uint32_t l : links)
        ++m_load[l];
    ++m_inFlight;
    if (links.empty()) {
        group.rate = std::numeric_limits<double>::infinity();
        schedule(g);
        return;
    }
    updateRates(links, m_now);
}

void FlowNetwork::dropStale() const
{
    while (!m_due.empty()) {
        const Due& d = m_due.front();
        const Group& group = m_groups[d.group];
        if (d.version == group.version && !group.pending.empty())
            return;
        std::pop_heap(m_due.begin(), m_due.end(), std::greater<Due>());
        m_due.pop_back();
    }
}

FlowNetwork::Completion FlowNetwork::next() const
{
    dropStale();
    const Due& d = m_due.front();
    return { std::max(d.time, m_now), d.id };
}

FlowNetwork::Completion FlowNetwork::finishNext()
{
    dropStale();
    const Due d = m_due.front();
    std::pop_heap(m_due.begin(), m_due.end(), std::greater<Due>());
    m_due.pop_back();
    m_now = std::max(m_now, d.time);
    Group& group = m_groups[d.group];
    settle(group, m_now);
    std::pop_heap(group.pending.begin(), group.pending.end(), std::greater<Pending>());
    group.pending.pop_back();
    for (const std::uint32_t l : group.links)
        --m_load[l];
    --m_inFlight;
    if (group.links.empty())
        schedule(d.group);
    else
        updateRates(group.links, m_now);
    return { m_now, d.id };
}

} // namespace sightline
