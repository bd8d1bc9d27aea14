#pragma once

#include "core/base/ids.h"

#include <map>
#include <vector>

namespace sightline {

class DependencyGraph;

struct AlignmentOptions {
    // Ranks on one host share a clock and so an offset. Off: every rank gets its own offset.
    bool shareHostClock = true;
    // Offsets the user fixes, by rank index (RankId value), in ns. They are kept as given and the
    // others are solved around them.
    std::map<std::uint32_t, TimeNs> overrides;

    // The largest offset taken, either way: a day. More is not clock skew, and times shifted by more
    // could leave the range replays keep.
    static constexpr TimeNs kMaxOffsetNs = 86'400'000'000'000;
};

struct ClockAlignment {
    // Per rank (by RankId): subtract from the rank's trace times to put it on the reference clock.
    std::vector<TimeNs> offsets;
    // Per rank: root-mean-square residual of its collective ends, in ns.
    std::vector<double> rmsResidual;
    // Per rank: the host group it was solved with (ranks of one host share a number).
    std::vector<std::uint32_t> clockGroup;
};

// Clock alignment across hosts (dPRO §4.2). The participants of a logical collective finish together,
// so for every matched collective c and participant rank r: end(r, c) - offset(clock of r) = T(c).
// The offsets (one per clock: a host, or a rank when hosts are unknown) and the T(c) are solved by
// least squares, with the first clock's offset fixed at zero and user overrides kept. Ranks without
// collectives keep offset zero. Pure.
class ClockAligner {
public:
    static ClockAlignment align(const DependencyGraph& graph, const AlignmentOptions& options = {});
};

} // namespace sightline
