#pragma once

#include "core/base/ids.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace sightline {

// One replayed step of one rank: the ProfilerStep span as measured and as replayed.
struct ReplayedStep {
    RankId rank; // of the execution graph
    std::int64_t number = -1;
    TimeNs measured = 0; // duration
    TimeNs replayed = 0;
    TimeNs end = 0; // when it ended in the replay
};

// The output of a replay, indexed by the ItemId of the execution graph it replayed. Items that no
// replay reached have start == kNotReplayed. The effective minimum duration of each item (the cost
// model and the overlap slowdown change it) and the instant that bound each start and end are kept
// for the critical path and slack. Immutable once built.
struct Schedule {
    static constexpr TimeNs kNotReplayed = std::numeric_limits<TimeNs>::min();
    // Cause of an instant: an item id with kEndBit when the source's end bound it; kSelf when the
    // item's own start (for an end) or its anchor (for a root) did.
    static constexpr std::uint32_t kEndBit = 0x80000000u;
    static constexpr std::uint32_t kSelf = 0xFFFFFFFFu;

    std::vector<TimeNs> start;
    std::vector<TimeNs> end;
    std::vector<std::uint32_t> startCause;
    std::vector<std::uint32_t> endCause;
    std::vector<TimeNs> minDuration;
    // Instants in the order they were resolved (item id, kEndBit for ends): a topological order.
    std::vector<std::uint32_t> order;

    TimeNs begin = 0; // earliest replayed start
    TimeNs finish = 0; // latest replayed end
    std::vector<ReplayedStep> steps;
    // With the cost model: the most transfers that were in flight at once.
    std::size_t peakTransfers = 0;
    // Some replayed time lies beyond ±2^62 ns (durations or costs past any real job; sums saturate).
    bool timesOutOfRange = false;
    // The graph's ranks do not wait for one another's steps (ExecutionGraph::asynchronous).
    bool asynchronous = false;

    bool replayed(std::uint32_t v) const { return start[v] != kNotReplayed; }
    std::size_t memoryBytes() const;
};

} // namespace sightline
