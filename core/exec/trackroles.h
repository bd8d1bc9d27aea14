#pragma once

#include "core/exec/executiongraph.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sightline {

// What each track of a job does on its rank, so that the tracks of different ranks that do the same
// work can be matched however many other tracks a rank has: a host thread that holds the step markers
// (the main thread), one that runs mostly backward work (the autograd engine's), or another; a device
// stream that runs mostly communication, mostly copies, or compute; then, among a rank's tracks of one
// kind and class, their order by first work. One extra thread on some ranks (a pin-memory thread, a
// second data loader) then shifts nothing. Built in O(items + tracks log tracks); immutable.
class TrackRoles {
public:
    explicit TrackRoles(const ExecutionGraph& graph);

    // The role of a track: tracks of different ranks with one role do the same work. Dense, from 0.
    std::uint32_t of(TrackId track) const { return m_role[track.value()]; }
    std::uint32_t count() const { return static_cast<std::uint32_t>(m_names.size()); }
    // The role in words, for messages: "main thread", "compute stream 2", ...
    const std::string& name(std::uint32_t role) const { return m_names[role]; }

private:
    std::vector<std::uint32_t> m_role; // per track
    std::vector<std::string> m_names; // per role
};

} // namespace sightline
