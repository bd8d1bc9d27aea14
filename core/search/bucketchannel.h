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
// ready by at least what fusing adds). Cheap (linear in the units): it ranks the search's tensor-fusion
// moves before full what-ifs judge them.
class BucketChannel {
public:
    BucketChannel(const CoarsenedView& view, const SyncCost& cost);

    TimeNs end(const CoarsenedView::Cuts& cuts) const;
    CoarsenedView::Cuts theorem2() const;

private:
    const CoarsenedView& m_view;
    const SyncCost& m_cost;
};

} // namespace sightline
