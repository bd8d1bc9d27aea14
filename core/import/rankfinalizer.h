#pragma once

namespace sightline {

struct RankPart;

// Turns a parsed RankPart into its final per-rank form: absolute times, track kinds and order, ops
// sorted by (track, start), op kinds, launch/flow/forward-backward links (forward-backward ones from
// fwdbwd flows, or from PyTorch's sequence numbers where a rank has none), communication arguments
// propagated from CPU-side calls to kernels, steps (markers or detected) and phases. O(n log n) worst
// case, O(n) for the already-sorted tracks real traces have. Touches only its part; parts may be
// finalised in parallel.
class RankFinalizer {
public:
    static void finalize(RankPart& part);
    // Puts a finalised part's links back in their order (by source, target, kind) with one of each,
    // after a dialect's finaliser added or changed some.
    static void orderLinks(RankPart& part);
};

} // namespace sightline
