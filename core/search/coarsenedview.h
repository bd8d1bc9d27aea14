#pragma once

#include "core/base/expected.h"
#include "core/base/ids.h"
#include "core/exec/memorytypes.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sightline {

class AnalysisCache;
struct Schedule;

// dPRO's coarsened view of a step's gradient tensors (§5.4): the tensors one backward computation makes
// (ready after the same last kernel of their rank, as a layer's weight and bias are) form a unit that
// is always fused, and the search decides buckets between units only. Units are in ready order, from
// the job's first step (tensor_fusion groups every step alike); each has its tensors, its bytes and,
// in the replay it was made from, when it is ready on its slowest rank. A grouping is a cut per
// boundary between neighbouring units. Immutable.
class CoarsenedView {
public:
    struct Unit {
        std::uint32_t firstTensor = 0;
        std::uint32_t tensors = 0;
        std::int64_t bytes = 0;
        TimeNs readyNs = 0;
        TimeNs computeNs = 0; // the replayed time of the kernel that made them; 0 without one
        ItemId kernel; // that kernel on the first rank, in the graph the view was made from; or invalid
    };
    // cuts[u] is 1 when unit u + 1 starts a new bucket: one entry per boundary.
    using Cuts = std::vector<std::uint8_t>;

    // From a replay of a job and the analyses of its graph. Fails with the tensor model's error (a job
    // without gradient all-reduces), or InvalidArgument for a job whose steps have no tensors.
    static Expected<CoarsenedView> of(const AnalysisCache& analyses, const Schedule& schedule);

    std::span<const Unit> units() const { return m_units; }
    std::size_t tensorCount() const { return m_tensors; }
    // The grouping closest to a bucket per tensor (a bucket boundary inside a unit is dropped).
    Cuts cutsOf(std::span<const std::uint32_t> bucketOfTensor) const;
    // The measured buckets, so grouped.
    const Cuts& measured() const { return m_measured; }
    // The view with every unit ready at factor times its time (and its kernel as long): the same
    // gradients made by compute that takes factor of its time.
    CoarsenedView readyScaled(double factor) const;
    // tensor_fusion's groups text of a grouping ("0-3,4,5-9", in tensors).
    std::string groupsText(const Cuts& cuts) const;

private:
    std::vector<Unit> m_units;
    std::size_t m_tensors = 0;
    Cuts m_measured;
};

} // namespace sightline
