#pragma once

#include "core/base/ids.h"

#include <cstdint>
#include <span>
#include <vector>

namespace sightline {

// Transfers in flight over shared links (Proteus §VI): each link's bandwidth is split equally among
// the transfers crossing it, and a transfer moves at the rate its most loaded link allows. Rates are
// recomputed whenever a transfer starts or finishes, so two equal transfers on one link each take
// twice as long as one alone. Times are int64 ns; completions round up to the next nanosecond.
// Deterministic: ties complete in order of transfer id. Not thread-safe.
class FlowNetwork {
public:
    // Bandwidth of every link in bytes per nanosecond.
    explicit FlowNetwork(std::vector<double> bandwidth);

    // Starts transfer `id` of `bytes` over `links` at `now` (not before the last event).
    void start(std::uint32_t id, TimeNs now, std::span<const std::uint32_t> links, double bytes);
    bool idle() const { return m_flows.empty(); }
    std::size_t inFlight() const { return m_flows.size(); }

    struct Completion {
        TimeNs time;
        std::uint32_t id;
    };
    // The transfer that completes first at the current rates; the network must not be idle.
    Completion next() const;
    // Advances to the first completion and removes that transfer.
    Completion finishNext();
    TimeNs now() const { return m_now; }

private:
    struct Flow {
        std::uint32_t id;
        std::uint32_t firstLink; // into m_links
        std::uint32_t linkCount;
        double remaining; // bytes
        double rate; // bytes per ns
    };
    void advanceTo(TimeNs time);
    void updateRates();

    std::vector<double> m_bandwidth;
    std::vector<std::uint32_t> m_load; // transfers per link
    std::vector<std::uint32_t> m_links; // links of all flows, appended
    std::vector<Flow> m_flows;
    TimeNs m_now = 0;
    bool m_started = false;
};

} // namespace sightline
