#include "core/search/bucketchannel.h"

#include "core/base/checkedmath.h"
#include "core/search/synccost.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace sightline {

BucketChannel::BucketChannel(const CoarsenedView& view, const SyncCost& cost)
    : m_view(view)
    , m_cost(cost)
{
}

TimeNs BucketChannel::end(const CoarsenedView::Cuts& cuts) const
{
    const auto units = m_view.units();
    TimeNs free = std::numeric_limits<TimeNs>::min();
    TimeNs ready = 0;
    std::int64_t bytes = 0;
    for (std::size_t u = 0; u < units.size(); ++u) {
        ready = std::max(ready, units[u].readyNs);
        bytes = CheckedMath::saturatingAdd(bytes, units[u].bytes);
        if (u + 1 < units.size() && !cuts[u])
            continue;
        free = CheckedMath::timeAdd(std::max(free, ready), m_cost.time(bytes));
        ready = 0;
        bytes = 0;
    }
    return free;
}

CoarsenedView::Cuts BucketChannel::theorem2() const
{
    const auto units = m_view.units();
    CoarsenedView::Cuts cuts(units.empty() ? 0 : units.size() - 1, 1);
    if (units.empty())
        return cuts;
    TimeNs free = std::numeric_limits<TimeNs>::min(); // when the buckets before the open one are done
    TimeNs ready = units[0].readyNs; // the open bucket's
    std::int64_t bytes = units[0].bytes;
    for (std::size_t u = 1; u < units.size(); ++u) {
        const TimeNs unitReady = units[u].readyNs;
        // Apart: the open bucket goes, then the unit after it; fused: both go once the unit is ready.
        const TimeNs openEnd = CheckedMath::timeAdd(std::max(free, ready), m_cost.time(bytes));
        const TimeNs apart = CheckedMath::timeAdd(std::max(openEnd, unitReady), m_cost.time(units[u].bytes));
        const TimeNs fused = CheckedMath::timeAdd(
            std::max(free, std::max(ready, unitReady)), m_cost.time(CheckedMath::saturatingAdd(bytes, units[u].bytes)));
        if (fused <= apart) {
            cuts[u - 1] = 0;
            ready = std::max(ready, unitReady);
            bytes = CheckedMath::saturatingAdd(bytes, units[u].bytes);
        } else {
            free = openEnd;
            ready = unitReady;
            bytes = units[u].bytes;
        }
    }
    return cuts;
}

CoarsenedView::Cuts BucketChannel::fastest() const
{
    const auto units = m_view.units();
    const std::size_t n = units.size();
    CoarsenedView::Cuts cuts(n == 0 ? 0 : n - 1, 0);
    if (n == 0)
        return cuts;
    // done[i]: the earliest the first i units can be synced, in buckets[i] buckets, the last of them
    // starting at unit from[i].
    std::vector<TimeNs> done(n + 1, std::numeric_limits<TimeNs>::max());
    std::vector<std::size_t> buckets(n + 1, 0), from(n + 1, 0);
    done[0] = std::numeric_limits<TimeNs>::min();
    for (std::size_t i = 1; i <= n; ++i) {
        TimeNs ready = std::numeric_limits<TimeNs>::min();
        std::int64_t bytes = 0;
        for (std::size_t j = i; j-- > 0;) { // the last bucket holds units j .. i - 1
            ready = std::max(ready, units[j].readyNs);
            bytes = CheckedMath::saturatingAdd(bytes, units[j].bytes);
            const TimeNs end = CheckedMath::timeAdd(std::max(done[j], ready), m_cost.time(bytes));
            if (end < done[i] || (end == done[i] && buckets[j] + 1 < buckets[i])) {
                done[i] = end;
                buckets[i] = buckets[j] + 1;
                from[i] = j;
            }
        }
    }
    for (std::size_t i = n; from[i] > 0; i = from[i])
        cuts[from[i] - 1] = 1;
    return cuts;
}

} // namespace sightline
