#pragma once

#include "core/search/coarsenedview.h"

#include <functional>

namespace sightline {

class SyncCost;

// The model dPRO's Theorem 2 reasons with: one channel that syncs a step's gradient buckets one after
// another in ready order, a bucket starting once its last unit is ready and the bucket before it has
// gone, and taking its sync time alone (SyncCost). It times a grouping (when the last bucket is done)
// and makes the grouping the theorem gives: going through the units in ready order, a unit joins the
// bucket before it when the bucket with it would be done no later than the two apart, that is when
// e_q(bucket) − e_p(unit) ≥ q(bucket + unit) − q(unit) (the bucket's sync would end after the unit is
// ready by at least what fusing adds). That rule decides each unit alone, looking one unit ahead, and
// may miss the channel's own fastest grouping (on the calibration DDP job with its kernels fused it
// keeps 3 buckets where 4 end 0.8 ms sooner): fastest() finds that one exactly. Cheap (linear and
// quadratic in the units): it ranks the search's tensor-fusion moves before full what-ifs judge them.
class BucketChannel {
public:
    BucketChannel(const CoarsenedView& view, const SyncCost& cost);

    TimeNs end(const CoarsenedView::Cuts& cuts) const;
    CoarsenedView::Cuts theorem2() const;
    // The grouping the channel syncs soonest: of those that end the earliest, the one with the fewest
    // buckets. A prefix of units is best ended as early as it can be (what follows waits on nothing
    // else), so it is found prefix by prefix from the best ends of the shorter ones.
    CoarsenedView::Cuts fastest() const;

private:
    const CoarsenedView& m_view;
    const SyncCost& m_cost;
};

} // namespace sightline
