#pragma once

// Graphs and schedules built by hand, for tests of what reads a replay (the memory estimate): a trace
// to hang synthetic items on, and a schedule of given spans with the order a replay resolves them in.

#include "core/replay/schedule.h"

#include "jobbuilder.h"

#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

namespace sightline {

// A trace of one rank with one thread and one op, for an ExecutionGraphBuilder of synthetic items.
inline TracePtr emptyJob()
{
    JobBuilder b;
    const std::uint32_t rank = b.rank(0);
    const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
    b.op(cpu, "anchor", OpKind::CpuOp, 0, 1);
    return b.finish();
}

// A schedule of the given [start, end] per item (kNotReplayed for one the replay did not reach), with
// the order a replay resolves instants in: by time, an end before a start at one instant (a start waits
// for the ends before it), then by item.
inline Schedule scheduleOf(const std::vector<std::pair<TimeNs, TimeNs>>& spans)
{
    Schedule s;
    for (const auto& [start, end] : spans) {
        s.start.push_back(start);
        s.end.push_back(end);
    }
    for (std::uint32_t i = 0; i < s.start.size(); ++i) {
        if (s.replayed(i))
            s.order.insert(s.order.end(), { i, i | Schedule::kEndBit });
    }
    std::sort(s.order.begin(), s.order.end(), [&s](std::uint32_t a, std::uint32_t b) {
        auto key = [&s](std::uint32_t x) {
            const std::uint32_t item = x & ~Schedule::kEndBit;
            const bool end = (x & Schedule::kEndBit) != 0;
            return std::tuple((end ? s.end : s.start)[item], !end, item);
        };
        return key(a) < key(b);
    });
    return s;
}

} // namespace sightline
