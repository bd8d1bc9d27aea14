#include "core/replay/flownetwork.h"

#include <algorithm>
#include <cmath>
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
    for (Flow& f : m_flows)
        f.remaining = std::max(0.0, f.remaining - f.rate * dt);
    m_now = time;
}

void FlowNetwork::updateRates()
{
    for (Flow& f : m_flows) {
        double rate = std::numeric_limits<double>::infinity();
        for (std::uint32_t i = 0; i < f.linkCount; ++i) {
            const std::uint32_t l = m_links[f.firstLink + i];
            rate = std::min(rate, m_bandwidth[l] / m_load[l]);
        }
        f.rate = rate;
    }
}

void FlowNetwork::start(std::uint32_t id, TimeNs now, std::span<const std::uint32_t> links, double bytes)
{
    advanceTo(now);
    // Compact the link store when it is mostly garbage from finished flows.
    if (m_links.size() > 4096 && m_links.size() > 8 * (m_flows.size() + 1) * (links.size() + 1)) {
        std::vector<std::uint32_t> kept;
        for (Flow& f : m_flows) {
            const auto first = static_cast<std::uint32_t>(kept.size());
            kept.insert(kept.end(), m_links.begin() + f.firstLink, m_links.begin() + f.firstLink + f.linkCount);
            f.firstLink = first;
        }
        m_links = std::move(kept);
    }
    Flow f { id, static_cast<std::uint32_t>(m_links.size()), static_cast<std::uint32_t>(links.size()), std::max(0.0, bytes), 0 };
    m_links.insert(m_links.end(), links.begin(), links.end());
    for (std::uint32_t l : links)
        ++m_load[l];
    m_flows.push_back(f);
    updateRates();
}

FlowNetwork::Completion FlowNetwork::next() const
{
    Completion best { std::numeric_limits<TimeNs>::max(), std::numeric_limits<std::uint32_t>::max() };
    for (const Flow& f : m_flows) {
        TimeNs t = m_now;
        if (f.remaining > 0) {
            // A transfer over no link (one participant) moves instantly.
            const double dt = std::isinf(f.rate) ? 0.0 : std::ceil(f.remaining / f.rate);
            t = m_now + static_cast<TimeNs>(std::min(dt, 9.0e18));
        }
        if (t < best.time || (t == best.time && f.id < best.id))
            best = { t, f.id };
    }
    return best;
}

FlowNetwork::Completion FlowNetwork::finishNext()
{
    const Completion c = next();
    advanceTo(c.time);
    const auto it = std::find_if(m_flows.begin(), m_flows.end(), [&](const Flow& f) { return f.id == c.id; });
    for (std::uint32_t i = 0; i < it->linkCount; ++i)
        --m_load[m_links[it->firstLink + i]];
    m_flows.erase(it);
    updateRates();
    return c;
}

} // namespace sightline
