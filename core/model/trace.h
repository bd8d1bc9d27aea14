#pragma once

#include "core/base/expected.h"
#include "core/model/intervalindex.h"
#include "core/model/tracedata.h"

#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace sightline {

// The immutable, columnar model of one training job: ranks -> tracks -> ops, plus links between ops,
// steps, process groups and load diagnostics. Shared as std::shared_ptr<const Trace>; every accessor
// is const and safe to call from any thread. OpIds are grouped by track and sorted by start, so a
// track's ops are the contiguous range [firstOp, firstOp + opCount). Memory: about 50 bytes per op
// plus links and sparse argument tables; strings live once in the pool. Every Trace has passed
// TraceValidator: ids are in range, times within ±2^62 ns, no op ends before it starts.
class Trace {
public:
    // Validates data (TraceValidator) and freezes it; the only way to make a Trace.
    static Expected<std::shared_ptr<const Trace>> build(TraceData data);

    const std::string& format() const { return m_data.format; }
    std::int32_t worldSize() const { return m_data.worldSize; }
    const StringPool& strings() const { return m_data.strings; }
    std::string_view string(StringId id) const { return m_data.strings.view(id); }

    std::span<const RankInfo> ranks() const { return m_data.ranks; }
    const RankInfo& rankInfo(RankId id) const { return m_data.ranks[id.value()]; }
    std::span<const TrackInfo> tracks() const { return m_data.tracks; }
    const TrackInfo& trackInfo(TrackId id) const { return m_data.tracks[id.value()]; }
    std::span<const StepSpan> steps() const { return m_data.steps; }
    std::span<const StepSpan> steps(RankId rank) const;
    std::span<const ProcessGroup> processGroups() const { return m_data.processGroups; }
    std::span<const CounterSample> counters() const { return m_data.counters; }
    std::span<const Diagnostic> diagnostics() const { return m_data.diagnostics; }

    std::size_t opCount() const { return m_data.start.size(); }
    TimeNs start(OpId op) const { return m_data.start[op.value()]; }
    TimeNs end(OpId op) const { return m_data.end[op.value()]; }
    TimeNs duration(OpId op) const { return end(op) - start(op); }
    // The whole start and end columns, indexed by op id (for views that read many ops).
    std::span<const TimeNs> startColumn() const { return m_data.start; }
    std::span<const TimeNs> endColumn() const { return m_data.end; }
    TrackId track(OpId op) const { return TrackId(m_data.track[op.value()]); }
    RankId rank(OpId op) const { return m_data.tracks[m_data.track[op.value()]].rank; }
    StringId name(OpId op) const { return StringId(m_data.name[op.value()]); }
    StringId category(OpId op) const { return StringId(m_data.category[op.value()]); }
    OpKind kind(OpId op) const { return m_data.kind[op.value()]; }
    Phase phase(OpId op) const { return m_data.phase[op.value()]; }
    std::int32_t step(OpId op) const { return m_data.step[op.value()]; }
    // Bytes moved by a communication or copy op; 0 for ops that move none.
    std::int64_t bytes(OpId op) const;
    // Communication arguments, or nullptr. O(log c).
    const CommArgs* commArgs(OpId op) const;
    // The sparse tables whole, by op: the ops with bytes, and the arguments.
    std::span<const std::uint32_t> opsWithBytes() const { return m_bytesOps; }
    std::span<const std::pair<OpId, CommArgs>> commArgsTable() const { return m_data.commArgs; }
    std::span<const std::pair<OpId, ShapeArgs>> shapesTable() const { return m_data.shapes; }
    // Recorded input shapes, or nullptr. O(log s).
    const ShapeArgs* shapes(OpId op) const;
    // Allocator events (Kineto "[memory]"), sorted by the op each became: a rank's events are
    // contiguous, and in time order per track. The op is a zero-length CPU op on the thread that
    // allocated or freed.
    std::span<const std::pair<OpId, MemoryArgs>> memoryEvents() const { return m_data.memory; }
    // The allocator event an op stands for, or nullptr. O(log m).
    const MemoryArgs* memory(OpId op) const;
    // Devices the ranks describe (deviceProperties), by rank and index.
    std::span<const DeviceInfo> devices() const { return m_data.devices; }

    std::span<const Link> links() const { return m_data.links; }
    // Links leaving op (the links table is sorted by source). O(log l).
    std::span<const Link> linksFrom(OpId op) const;
    // Links entering op. O(k).
    std::vector<Link> linksTo(OpId op) const;

    // Ops of a track overlapping [t0, t1), in start order. O(log n + k); overlapping ops are all kept.
    template <class Visit>
    void forEachOverlapping(TrackId trackId, TimeNs t0, TimeNs t1, Visit&& visit) const
    {
        const TrackInfo& t = m_data.tracks[trackId.value()];
        const std::size_t first = t.firstOp;
        IntervalIndex::query(m_data.start.data() + first, m_data.end.data() + first, m_maxEnd.data() + m_indexFirst[trackId.value()],
            t.opCount, t.indexLevel, t0, t1,
            [&](std::size_t i) { visit(OpId(static_cast<std::uint32_t>(first + i))); });
    }
    std::vector<OpId> opsOverlapping(TrackId trackId, TimeNs t0, TimeNs t1) const;

    // Earliest start and latest end over all ops (0, 0 when empty).
    TimeNs beginTime() const { return m_begin; }
    TimeNs endTime() const { return m_end; }

    // Bytes held by op columns, indexes and tables, excluding the string pool.
    std::size_t memoryBytes() const;

private:
    explicit Trace(TraceData data);

    TraceData m_data;
    std::vector<TimeNs> m_maxEnd; // IntervalIndex augmentation of every track, one after the other
    std::vector<std::size_t> m_indexFirst; // per track: where its part of m_maxEnd starts
    std::vector<std::uint32_t> m_linksToOrder; // link indices sorted by target
    // Few ops move bytes: they are kept sparse, by op, instead of a column of mostly zeros.
    std::vector<std::uint32_t> m_bytesOps;
    std::vector<std::int64_t> m_bytesValues;
    TimeNs m_begin = 0;
    TimeNs m_end = 0;
};

} // namespace sightline
