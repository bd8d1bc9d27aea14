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
// the count at its start plus its bytes. Only the groups crossing a link whose load changed get a new
// rate, and each group's next completion waits in one queue by time, so a start or a finish costs
// O(g x L + log n) for the g groups sharing its L links, however many transfers and groups are in
// flight elsewhere: thousands of pieces of one tensor on one link are one group, and thousands of
// ranks' rings do not rescan each other. Not thread-safe.
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
        double served = 0; // bytes served to each transfer, as of `since`, since the group last ran empty
        TimeNs since = 0;
        std::vector<Pending> pending; // a min-heap by (doneAt, id)
        std::uint64_t version = 0; // bumped whenever its due completion is rescheduled
        std::uint64_t touched = 0; // the last update that recomputed its rate
    };
    // A group's next completion as scheduled; stale once the group's version moved on.
    struct Due {
        TimeNs time;
        std::uint32_t id;
        std::size_t group;
        std::uint64_t version;
        bool operator>(const Due& o) const { return time != o.time ? time > o.time : id > o.id; }
    };
    void settle(Group& group, TimeNs at) const;
    void schedule(std::size_t g);
    // New rates for the groups over links, from `at` on, and their completions rescheduled.
    void updateRates(std::span<const std::uint32_t> links, TimeNs at);
    // Drops the stale entries at the front of m_due.
    void dropStale() const;

    std::vector<double> m_bandwidth;
    std::vector<std::uint32_t> m_load; // transfers per link
    std::vector<Group> m_groups;
    std::map<std::vector<std::uint32_t>, std::size_t> m_groupOf; // by sorted links
    std::vector<std::vector<std::size_t>> m_groupsOnLink; // every group over each link
    mutable std::vector<Due> m_due; // a min-heap by (time, id)
    std::uint64_t m_update = 0;
    std::size_t m_inFlight = 0;
    TimeNs m_now = 0;
};

} // namespace sightline
