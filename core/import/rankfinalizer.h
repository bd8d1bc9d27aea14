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
    // Where a part's steps come from: found here (profiler step markers, else a repeating structure),
    // or from the dialect's finaliser afterwards, which a search here would only cost (Horovod's and
    // BytePS's tensor periodicity); the part then leaves with none.
    enum class Steps { Found, ByDialect };
    static void finalize(RankPart& part, Steps steps = Steps::Found);
    // Puts a finalised part's links back in their order (by source, target, kind) with one of each,
    // after a dialect's finaliser added or changed some.
    static void orderLinks(RankPart& part);
};

} // namespace sightline
