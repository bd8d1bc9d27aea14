#pragma once

#include "core/base/ids.h"

#include <cstdint>
#include <map>
#include <span>
#include <vector>

namespace sightline {

// Transfers in flight over shared links (Proteus §VI): each link's bandwidth is split equally among
// the transfers crossing it, and a transfer moves at the rate its most loaded link allows. Rates are
// recomputed whenever a transfer starts or finishes, so two equal transfers on one link each take
// twice as long as one alone. Times are int64 ns; completions round up to the next nanosecond, and
// saturate at the int64 limit rather than wrap. Deterministic: transfers ending in the same nanosecond
// complete in order of transfer id, but within a group in order of the bytes they had left.
//
// Transfers over the same links always move at the same rate, so they are kept as one group: the group
// counts the bytes each of its transfers has been served, and a transfer is done when that count reaches
// the count at its start plus its bytes. A start or a finish costs O(G x L + log n) for G groups in
// flight over L links each, not O(n): thousands of pieces of one partitioned tensor on one link are one
// group. Not thread-safe.
class FlowNetwork {
public:
    // Bandwidth of every link in bytes per nanosecond.
    explicit FlowNetwork(std::vector<double> bandwidth);

    // Starts transfer `id` of `bytes` over `links` at `now` (not before the last event).
    void start(std::uint32_t id, TimeNs now, std::span<const std::uint32_t> links, double bytes);
    bool idle() const { return m_inFlight == 0; }
    std::size_t inFlight() const { return m_inFlight; }

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
    struct Pending {
        double doneAt; // the group's served count at which the transfer is done
        std::uint32_t id;
        bool operator>(const Pending& o) const { return doneAt != o.doneAt ? doneAt > o.doneAt : id > o.id; }
    };
    struct Group {
        std::vector<std::uint32_t> links; // sorted
        double rate = 0; // bytes per ns, each transfer
        double served = 0; // bytes served to each transfer since the group last ran empty
        std::vector<Pending> pending; // a min-heap by (doneAt, id)
        std::size_t activeSlot = 0; // its place in m_active while it has transfers
    };
    // The first completion and the group it is in.
    Completion first(std::size_t& group) const;
    void advanceTo(TimeNs time);
    void updateRates();

    std::vector<double> m_bandwidth;
    std::vector<std::uint32_t> m_load; // transfers per link
    std::vector<Group> m_groups;
    std::map<std::vector<std::uint32_t>, std::size_t> m_groupOf; // by sorted links
    std::vector<std::size_t> m_active; // groups with transfers
    std::size_t m_inFlight = 0;
    TimeNs m_now = 0;
    bool m_started = false;
};

} // namespace sightline
