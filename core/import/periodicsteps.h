#pragma once

#include <cstdint>
#include <map>
#include <vector>

namespace sightline {

struct RankPart;

// Iterations of a finalised part from how often its tensors repeat, for timelines that mark no steps
// (Horovod's negotiations, BytePS's per-tensor totals). Each track that repeats gives its anchors: one
// op per iteration, in start order. The count N of anchors most tracks share (the larger on a tie, at
// least 2) is the iteration count; iteration k runs from the earliest k-th anchor of those tracks to the
// earliest (k+1)-th, the last to the latest end of an op on those tracks from its last anchor on. Sets
// the part's steps (numbered from 0), StepMethod::TensorPeriodicity and each op's step (none outside
// every iteration); with fewer than two anchors per track, no steps and StepMethod::None. The part's
// ops must be ordered by (track, start). O(n + tracks × steps).
class PeriodicSteps {
public:
    static void assign(RankPart& part, const std::map<std::uint32_t, std::vector<std::uint32_t>>& anchorsByTrack);
};

} // namespace sightline
