#include "core/cost/linktopology.h"

#include "core/cost/devicecatalog.h"
#include "core/cost/rankplacement.h"

#include <algorithm>
#include <map>

namespace sightline {

const char* linkTypeName(LinkType type)
{
    switch (type) {
    case LinkType::NvLink: return "nvlink";
    case LinkType::Pcie: return "pcie";
    case LinkType::Network: return "network";
    }
    return "?";
}

bool parseLinkType(const std::string& text, LinkType* type)
{
    for (int i = 0; i < kLinkTypeCount; ++i) {
        if (text == linkTypeName(static_cast<LinkType>(i))) {
            *type = static_cast<LinkType>(i);
            return true;
        }
    }
    return false;
}

LinkTopology::LinkTopology(std::span<const RankPlacement> ranks, const TopologyOptions& options)
    : m_rankCount(static_cast<std::uint32_t>(ranks.size()))
{
    m_host.assign(m_rankCount, 0);
    // Ranks in global rank order, for grouping by count.
    std::vector<std::uint32_t> byRank(m_rankCount);
    for (std::uint32_t r = 0; r < m_rankCount; ++r)
        byRank[r] = r;
    std::sort(byRank.begin(), byRank.end(), [&](std::uint32_t a, std::uint32_t b) {
        return ranks[a].rank < ranks[b].rank;
    });
    const bool named = std::all_of(ranks.begin(), ranks.end(), [](const RankPlacement& r) { return !r.host.empty(); });
    if (options.ranksPerHost <= 0 && named && m_rankCount > 0) {
        std::map<std::string_view, int> hosts;
        for (std::uint32_t r : byRank) {
            const auto [it, inserted] = hosts.emplace(ranks[r].host, static_cast<int>(hosts.size()));
            m_host[r] = it->second;
        }
        m_hostCount = static_cast<int>(hosts.size());
        std::vector<int> perHost(hosts.size(), 0);
        for (int h : m_host)
            m_ranksPerHost = std::max(m_ranksPerHost, ++perHost[h]);
        m_source = "host names";
    } else {
        const int perHost = options.ranksPerHost > 0 ? options.ranksPerHost : TopologyOptions::kDefaultRanksPerHost;
        m_ranksPerHost = perHost;
        for (std::size_t i = 0; i < byRank.size(); ++i)
            m_host[byRank[i]] = static_cast<int>(i) / perHost;
        m_hostCount = m_rankCount == 0 ? 0 : static_cast<int>((m_rankCount + perHost - 1) / perHost);
        m_source = options.ranksPerHost > 0 ? "ranks per host" : "default ranks per host";
        // One rank is one host whatever the default.
        m_hostsAssumed = options.ranksPerHost <= 0 && m_rankCount > 1;
    }
    findIntraHost(ranks, options);
    m_type.assign(m_rankCount, m_intraHost);
    m_type.resize(2 * m_rankCount, LinkType::Pcie);
    m_type.resize(2 * m_rankCount + 2 * static_cast<std::uint32_t>(m_hostCount), LinkType::Network);
}

void LinkTopology::findIntraHost(std::span<const RankPlacement> ranks, const TopologyOptions& options)
{
    if (options.intraHost) {
        m_intraHost = *options.intraHost;
        m_intraHostSource = "given";
        return;
    }
    // The slowest fabric any rank's device has: one GPU on PCIe makes its host's collectives PCIe-bound.
    std::optional<bool> nvlink;
    std::string devices;
    for (const RankPlacement& r : ranks) {
        const std::optional<DeviceSpec> spec = DeviceCatalog::find(r.device);
        if (!spec || !spec->nvlink)
            continue;
        nvlink = nvlink.value_or(true) && *spec->nvlink;
        if (devices.find(spec->name) == std::string::npos)
            devices += (devices.empty() ? "" : ", ") + std::string(spec->name);
    }
    if (nvlink) {
        m_intraHost = *nvlink ? LinkType::NvLink : LinkType::Pcie;
        m_intraHostSource = "the devices (" + devices + ")";
        return;
    }
    m_intraHost = LinkType::NvLink;
    m_intraHostSource = "assumed (no device of the job says how its GPUs connect)";
    m_intraHostAssumed = true;
}

LinkTopology::Route LinkTopology::route(std::span<const RankId> ranks) const
{
    Route r;
    r.type = m_intraHost;
    std::vector<int> hosts;
    for (RankId rank : ranks) {
        r.links.push_back(gpuPort(rank));
        hosts.push_back(hostOf(rank));
    }
    std::sort(hosts.begin(), hosts.end());
    hosts.erase(std::unique(hosts.begin(), hosts.end()), hosts.end());
    if (hosts.size() > 1) {
        r.type = LinkType::Network;
        for (int h : hosts) {
            r.links.push_back(networkOut(h));
            r.links.push_back(networkIn(h));
        }
    }
    std::sort(r.links.begin(), r.links.end());
    r.links.erase(std::unique(r.links.begin(), r.links.end()), r.links.end());
    return r;
}

LinkTopology::Route LinkTopology::partialRoute(RankId rank, int groupSize) const
{
    Route r;
    r.type = m_intraHost;
    r.links.push_back(gpuPort(rank));
    if (groupSize > m_ranksPerHost) {
        r.type = LinkType::Network;
        r.links.push_back(networkOut(hostOf(rank)));
        r.links.push_back(networkIn(hostOf(rank)));
    }
    return r;
}

LinkTopology::Route LinkTopology::hostRoute(std::span<const RankId> ranks) const
{
    Route r;
    r.type = LinkType::Network;
    for (RankId rank : ranks) {
        r.links.push_back(networkOut(hostOf(rank)));
        r.links.push_back(networkIn(hostOf(rank)));
    }
    std::sort(r.links.begin(), r.links.end());
    r.links.erase(std::unique(r.links.begin(), r.links.end()), r.links.end());
    return r;
}

LinkTopology::Route LinkTopology::serverRoute(RankId worker, RankId server, Direction direction) const
{
    Route r;
    r.type = LinkType::Pcie;
    r.links.push_back(pcieLink(worker));
    if (hostOf(worker) != hostOf(server)) {
        const bool push = direction == Direction::ToServer;
        r.type = LinkType::Network;
        r.links.push_back(networkOut(hostOf(push ? worker : server)));
        r.links.push_back(networkIn(hostOf(push ? server : worker)));
    }
    return r;
}

} // namespace sightline
