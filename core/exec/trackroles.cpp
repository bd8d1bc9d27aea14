#include "core/exec/trackroles.h"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

namespace sightline {

namespace {

enum class Role : std::uint8_t { Main, Backward, Thread, Compute, Communication, Copy, Other };

const char* roleName(Role r)
{
    switch (r) {
    case Role::Main: return "main thread";
    case Role::Backward: return "backward thread";
    case Role::Thread: return "thread";
    case Role::Compute: return "compute stream";
    case Role::Communication: return "communication stream";
    case Role::Copy: return "copy stream";
    case Role::Other: return "track";
    }
    return "track";
}

struct Counts {
    std::size_t items = 0, backward = 0, communication = 0, copies = 0;
    TimeNs first = std::numeric_limits<TimeNs>::max();
    bool marker = false;
};

} // namespace

TrackRoles::TrackRoles(const ExecutionGraph& g)
{
    const std::size_t tracks = g.tracks().size();
    std::vector<Counts> counts(tracks);
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        const TrackId t = g.track(item);
        if (!t.isValid())
            continue;
        Counts& c = counts[t.value()];
        const OpKind k = g.kind(item);
        ++c.items;
        c.backward += g.phase(item) == Phase::Backward;
        c.communication += isCommunication(k);
        c.copies += k == OpKind::Memcpy || k == OpKind::Memset;
        c.first = std::min(c.first, g.anchor(item));
    }
    for (const ExecStep& s : g.steps()) {
        if (s.marker.isValid() && g.track(s.marker).isValid())
            counts[g.track(s.marker).value()].marker = true;
    }
    // Per track: its rank, its class, and when its work first began.
    std::vector<std::tuple<std::uint32_t, Role, TimeNs, std::uint32_t>> order;
    for (std::uint32_t t = 0; t < tracks; ++t) {
        const ExecTrack& track = g.tracks()[t];
        const Counts& c = counts[t];
        Role role = Role::Other;
        if (track.kind == TrackKind::CpuThread)
            role = c.marker ? Role::Main : 2 * c.backward > c.items ? Role::Backward : Role::Thread;
        else if (isGpuTrack(track.kind))
            role = 2 * c.communication > c.items ? Role::Communication : 2 * c.copies > c.items ? Role::Copy : Role::Compute;
        order.emplace_back(track.rank.value(), role, c.first, t);
    }
    std::sort(order.begin(), order.end());
    m_role.assign(tracks, 0);
    std::map<std::pair<Role, std::uint32_t>, std::uint32_t> roles;
    std::uint32_t rank = UINT32_MAX, ordinal = 0;
    Role previous = Role::Other;
    for (const auto& [r, role, first, t] : order) {
        ordinal = r == rank && role == previous ? ordinal + 1 : 0;
        rank = r;
        previous = role;
        const auto [it, added] = roles.emplace(std::pair(role, ordinal), static_cast<std::uint32_t>(m_names.size()));
        if (added)
            m_names.push_back(std::string(roleName(role)) + (ordinal == 0 ? "" : " " + std::to_string(ordinal + 1)));
        m_role[t] = it->second;
    }
}

} // namespace sightline
