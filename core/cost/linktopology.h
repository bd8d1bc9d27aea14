#pragma once

#include "core/base/ids.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sightline {

struct RankPlacement;

// The kinds of link a transfer can cross, from fastest to slowest in a usual cluster (Proteus §VI).
enum class LinkType : std::uint8_t { NvLink, Pcie, Network };
inline constexpr int kLinkTypeCount = 3;
// Stable identifiers: "nvlink", "pcie", "network".
const char* linkTypeName(LinkType type);
// Parses an identifier of linkTypeName(); false when unknown.
bool parseLinkType(const std::string& text, LinkType* type);

struct TopologyOptions {
    // Ranks per host, in rank order. 0 takes the hosts from the trace's host names; ranks whose trace
    // names none are then grouped kDefaultRanksPerHost to a host.
    int ranksPerHost = 0;
    // How GPUs inside one host reach each other; unset: as the ranks' devices have it (DeviceCatalog),
    // NVLink where no device says.
    std::optional<LinkType> intraHost;
    static constexpr int kDefaultRanksPerHost = 8;
};

// The links of a job (Proteus's hierarchy): every rank's GPU has one port onto the intra-host fabric
// (NVLink, or PCIe where the host has no NVLink) and one PCIe link to its host's memory, and every
// host has one network interface, full duplex: a link for what it sends and one for what it receives.
// A transfer between ranks crosses their intra-host ports and, when it spans hosts, the network
// interfaces of those hosts both ways (every member of a collective sends and receives); a
// parameter-server transfer goes one way. The slowest kind crossed is a route's bottleneck type.
// Immutable once built.
class LinkTopology {
public:
    // Over the ranks of a job (RankId = index into ranks).
    explicit LinkTopology(std::span<const RankPlacement> ranks, const TopologyOptions& options = {});

    int hostCount() const { return m_hostCount; }
    // As configured, or the most ranks on one named host: a partial route of a larger group crosses the
    // network.
    int ranksPerHost() const { return m_ranksPerHost; }
    int hostOf(RankId rank) const { return m_host[rank.value()]; }
    std::size_t linkCount() const { return m_type.size(); }
    LinkType type(std::uint32_t link) const { return m_type[link]; }
    // Where the host assignment came from: "host names", "ranks per host" or "default ranks per host".
    const std::string& source() const { return m_source; }
    // Whether hosts or the intra-host fabric were assumed (the defaults) rather than read off the job or
    // given: the figures that use them then say so.
    bool hostsAssumed() const { return m_hostsAssumed; }
    LinkType intraHost() const { return m_intraHost; }
    // Where the intra-host fabric came from: "given", the device ("the devices (V100 SXM2)"), or
    // "assumed (no device of the job is known)".
    const std::string& intraHostSource() const { return m_intraHostSource; }
    bool intraHostAssumed() const { return m_intraHostAssumed; }

    std::uint32_t gpuPort(RankId rank) const { return rank.value(); }
    std::uint32_t pcieLink(RankId rank) const { return m_rankCount + rank.value(); }
    // The host's network interface, sending and receiving.
    std::uint32_t networkOut(int host) const { return 2 * m_rankCount + static_cast<std::uint32_t>(host); }
    std::uint32_t networkIn(int host) const { return networkOut(host) + static_cast<std::uint32_t>(m_hostCount); }

    // Which way a parameter-server transfer goes: a push to the server, a pull from it.
    enum class Direction : std::uint8_t { ToServer, FromServer };
    // A pull comes from the server; a push, and any other transfer, goes to it.
    static Direction serverDirection(std::string_view collective)
    {
        return collective == "pull" ? Direction::FromServer : Direction::ToServer;
    }

    struct Route {
        LinkType type = LinkType::NvLink; // the bottleneck kind
        std::vector<std::uint32_t> links;
    };
    // The links a collective or point-to-point transfer among these ranks crosses.
    Route route(std::span<const RankId> ranks) const;
    // A transfer of a rank whose peers are not in the trace, among groupSize ranks: the rank's port,
    // and its host's network interface when the group is larger than a host.
    Route partialRoute(RankId rank, int groupSize) const;
    // A parameter-server transfer between a worker rank and a server rank: the worker's PCIe link and,
    // across hosts, the sending host's interface out and the receiving host's in.
    Route serverRoute(RankId worker, RankId server, Direction direction) const;
    // A collective that the ranks' host threads run over sockets (gloo's, on host memory or on copies
    // of device tensors): the network interfaces of their hosts, one host's included (its loopback
    // goes through the same network stack), whatever fabric joins the GPUs.
    Route hostRoute(std::span<const RankId> ranks) const;

private:
    void findIntraHost(std::span<const RankPlacement> ranks, const TopologyOptions& options);

    std::uint32_t m_rankCount = 0;
    int m_hostCount = 0;
    int m_ranksPerHost = 0; // as configured, or the most ranks on one named host
    LinkType m_intraHost = LinkType::NvLink;
    std::vector<int> m_host; // per RankId
    std::vector<LinkType> m_type; // per link
    std::string m_source;
    std::string m_intraHostSource;
    bool m_hostsAssumed = false;
    bool m_intraHostAssumed = false;
};

} // namespace sightline
