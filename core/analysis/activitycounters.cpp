#include "core/analysis/activitycounters.h"

#include "core/base/checkedmath.h"
#include "core/base/intervals.h"
#include "core/base/parallel.h"
#include "core/model/trace.h"

#include <algorithm>
#include <array>
#include <bit>
#include <utility>

namespace sightline {

namespace {

using Events = std::vector<std::pair<TimeNs, int>>;
using Points = CounterSeries::Points;

// About how many events a slice of time holds: their keys, 512 KiB, are sorted in cache.
constexpr std::size_t kSliceEvents = 1 << 16;

// Times that split the lists' events into about `slices` slices of equal size, in increasing order:
// quantiles of an evenly spaced sample of every list. A slice holds every event of its times.
std::vector<TimeNs> sliceBounds(const std::vector<Events>& lists, std::size_t total, std::size_t slices)
{
    constexpr std::size_t kSamplesPerSlice = 256;
    const std::size_t step = std::max<std::size_t>(1, total / (slices * kSamplesPerSlice));
    std::vector<TimeNs> sample;
    for (const Events& l : lists) {
        for (std::size_t j = step / 2; j < l.size(); j += step)
            sample.push_back(l[j].first);
    }
    std::sort(sample.begin(), sample.end());
    std::vector<TimeNs> bounds;
    for (std::size_t s = 1; s < slices && !sample.empty(); ++s) {
        const TimeNs t = sample[sample.size() * s / slices];
        if (bounds.empty() || t > bounds.back())
            bounds.push_back(t);
    }
    return bounds;
}

// The change points of events [from[l], to[l]) of every list l, in time order, with the level counted
// from 0 at the slice's start; equal times make one point. Each event becomes a key, its time after the
// slice's first shifted left by one above a bit for +1 (a Trace's times lie within ±2^62, so any
// difference fits), and the keys are radix sorted: a few passes without a branch, over a slice that
// stays in cache. Adds the slice's net change to net.
Points slicePoints(const std::vector<Events>& lists, const std::vector<std::size_t>& from, const std::vector<std::size_t>& to, int& net)
{
    std::size_t events = 0;
    TimeNs first = CheckedMath::kMax, last = CheckedMath::kMin;
    for (std::size_t l = 0; l < lists.size(); ++l) {
        if (from[l] == to[l])
            continue;
        events += to[l] - from[l];
        first = std::min(first, lists[l][from[l]].first);
        last = std::max(last, lists[l][to[l] - 1].first);
    }
    if (events == 0)
        return {};
    std::vector<std::uint64_t> keys(events), other(events);
    std::size_t k = 0;
    for (std::size_t l = 0; l < lists.size(); ++l) {
        for (std::size_t i = from[l]; i < to[l]; ++i)
            keys[k++] = (static_cast<std::uint64_t>(lists[l][i].first - first) << 1) | (lists[l][i].second > 0 ? 1u : 0u);
    }
    const int bits = std::bit_width((static_cast<std::uint64_t>(last - first) << 1) | 1u);
    constexpr int kDigitBits = 11;
    constexpr std::uint64_t kDigits = 1u << kDigitBits;
    for (int shift = 0; shift < bits; shift += kDigitBits) {
        std::array<std::size_t, kDigits> at {};
        for (std::uint64_t key : keys)
            ++at[(key >> shift) & (kDigits - 1)];
        std::size_t sum = 0;
        for (std::size_t& a : at)
            sum += std::exchange(a, sum);
        for (std::uint64_t key : keys)
            other[at[(key >> shift) & (kDigits - 1)]++] = key;
        keys.swap(other);
    }
    Points out;
    out.reserve(events);
    int level = 0;
    for (std::size_t i = 0; i < events;) {
        const std::uint64_t time = keys[i] >> 1;
        for (; i < events && keys[i] >> 1 == time; ++i)
            level += (keys[i] & 1u) ? 1 : -1;
        out.emplace_back(first + static_cast<TimeNs>(time), level);
    }
    net += level;
    return out;
}

// Change points of the sum of counts given as +1/-1 events per list, each list in time order; equal
// times make one point. Slices of time are sorted in parallel, then joined with the levels before them.
Points changePoints(const std::vector<Events>& lists)
{
    std::size_t total = 0;
    for (const Events& l : lists)
        total += l.size();
    const std::size_t slices = std::max<std::size_t>(1, total / kSliceEvents);
    const std::vector<TimeNs> bounds = sliceBounds(lists, total, slices);
    std::vector<Points> parts(bounds.size() + 1);
    std::vector<int> net(parts.size(), 0);
    parallelFor(parts.size(), [&](std::size_t s) {
        const auto firstAt = [](const Events& l, TimeNs t) {
            return static_cast<std::size_t>(
                std::partition_point(l.begin(), l.end(), [t](const auto& e) { return e.first < t; }) - l.begin());
        };
        std::vector<std::size_t> from(lists.size()), to(lists.size());
        for (std::size_t l = 0; l < lists.size(); ++l) {
            from[l] = s == 0 ? 0 : firstAt(lists[l], bounds[s - 1]);
            to[l] = s == bounds.size() ? lists[l].size() : firstAt(lists[l], bounds[s]);
        }
        parts[s] = slicePoints(lists, from, to, net[s]);
    });
    if (parts.size() == 1)
        return std::move(parts.front());
    std::vector<std::size_t> at(parts.size() + 1, 0);
    std::vector<int> before(parts.size(), 0);
    for (std::size_t s = 0; s < parts.size(); ++s) {
        at[s + 1] = at[s] + parts[s].size();
        if (s > 0)
            before[s] = before[s - 1] + net[s - 1];
    }
    Points out(at.back());
    parallelFor(parts.size(), [&](std::size_t s) {
        for (std::size_t j = 0; j < parts[s].size(); ++j)
            out[at[s] + j] = { parts[s][j].first, parts[s][j].second + before[s] };
        Points().swap(parts[s]);
    });
    return out;
}

} // namespace

ActivityCounters ActivityCounters::compute(const Trace& t, std::span<const std::uint8_t> counted)
{
    // Each rank's events on its own, in parallel (its busy time is the union of its GPU ops), each
    // list sorted; then the lists are merged into one series per counter.
    const std::size_t ranks = t.ranks().size();
    std::vector<Events> busy(ranks), comm(ranks);
    parallelFor(ranks, [&](std::size_t r) {
        const RankInfo& rank = t.rankInfo(RankId(static_cast<std::uint32_t>(r)));
        std::vector<std::pair<TimeNs, TimeNs>> intervals;
        for (std::uint32_t tr = rank.firstTrack; tr < rank.firstTrack + rank.trackCount; ++tr) {
            const TrackInfo& info = t.trackInfo(TrackId(tr));
            if (!isGpuTrack(info.kind) || (!counted.empty() && !counted[tr]))
                continue;
            for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v) {
                const OpId op(v);
                if (t.duration(op) > 0)
                    intervals.emplace_back(t.start(op), t.end(op));
                if (isCommunication(t.kind(op))) {
                    comm[r].emplace_back(t.start(op), 1);
                    comm[r].emplace_back(t.end(op), -1);
                }
            }
        }
        mergeIntervals(intervals);
        for (const auto& [from, to] : intervals) {
            busy[r].emplace_back(from, 1);
            busy[r].emplace_back(to, -1);
        }
        std::sort(comm[r].begin(), comm[r].end());
    });
    ActivityCounters out { CounterSeries(changePoints(busy)), CounterSeries(changePoints(comm)), 0 };
    out.highest = std::max(out.busyRanks.highest(), out.commInFlight.highest());
    return out;
}

} // namespace sightline
