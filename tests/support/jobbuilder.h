#pragma once

// A hand-built job for tests of the graph and the replayer: ranks, tracks and ops with known times.

#include "core/model/trace.h"

#include <QtGlobal>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace sightline {

using TracePtr = std::shared_ptr<const Trace>;

// Builds a TraceData op by op; tracks are declared first, ops are added per track in start order.
struct JobBuilder {
    TraceData d;
    std::vector<std::vector<std::uint32_t>> trackOps;
    std::int32_t currentStep = -1; // the step number new ops get
    std::string format = "test"; // the trace format it says it was read from
    std::int32_t worldSize = 0; // the job's ranks, where the trace holds fewer (0: those it holds)

    std::uint32_t rank(int number, const std::string& host = {})
    {
        RankInfo r;
        r.rank = number;
        if (!host.empty())
            r.host = d.strings.intern(host);
        r.sourceFile = d.strings.intern("rank" + std::to_string(number) + ".json");
        d.ranks.push_back(r);
        return static_cast<std::uint32_t>(d.ranks.size() - 1);
    }
    std::uint32_t track(std::uint32_t rank, TrackKind kind, std::int64_t tid)
    {
        TrackInfo t;
        t.rank = RankId(rank);
        t.kind = kind;
        t.tid = tid;
        t.name = d.strings.intern((kind == TrackKind::CpuThread ? "thread " : "stream ") + std::to_string(tid));
        d.tracks.push_back(t);
        trackOps.emplace_back();
        return static_cast<std::uint32_t>(d.tracks.size() - 1);
    }
    // Ops must be added grouped by track, tracks in order, each track's ops by start.
    OpId op(std::uint32_t track, const std::string& name, OpKind kind, TimeNs start, TimeNs end)
    {
        const auto id = static_cast<std::uint32_t>(d.start.size());
        d.start.push_back(start);
        d.end.push_back(end);
        d.track.push_back(track);
        d.name.push_back(d.strings.intern(name).value());
        d.category.push_back(d.strings.intern("test").value());
        d.kind.push_back(kind);
        d.phase.push_back(Phase::Unknown);
        d.step.push_back(currentStep);
        d.bytes.push_back(0);
        trackOps[track].push_back(id);
        return OpId(id);
    }
    void link(OpId from, OpId to, LinkKind kind) { d.links.push_back(Link { from, to, kind }); }
    // Communication arguments; ops must get them in op order.
    void comm(OpId op, const std::string& collective, const std::string& group, std::int64_t bytes, int groupSize,
        const std::string& groupRanks = {})
    {
        CommArgs a;
        a.collective = d.strings.intern(collective);
        a.processGroup = d.strings.intern(group);
        a.groupRanks = d.strings.intern(groupRanks);
        a.dtype = d.strings.intern("float");
        a.groupSize = groupSize;
        d.commArgs.emplace_back(op, a);
        d.bytes[op.value()] = bytes;
    }
    // Recorded input shapes and allocator events; ops must get them in op order.
    void shapes(OpId op, const std::string& dims, const std::string& types)
    {
        d.shapes.emplace_back(op, ShapeArgs { d.strings.intern(dims), d.strings.intern(types) });
    }
    void memory(OpId op, std::int64_t bytes, std::int64_t totalAllocated = -1, std::uint64_t address = 0, std::int16_t device = 0)
    {
        MemoryArgs m;
        m.bytes = bytes;
        m.totalAllocated = totalAllocated;
        m.address = address;
        m.device = device;
        m.deviceType = device >= 0 ? 1 : MemoryArgs::kCpuDeviceType;
        d.memory.emplace_back(op, m);
    }
    void device(std::uint32_t rank, std::int32_t index, std::int64_t memoryBytes)
    {
        d.devices.push_back(DeviceInfo { RankId(rank), index, memoryBytes, d.strings.intern("GPU") });
    }
    void phase(OpId op, Phase phase) { d.phase[op.value()] = phase; }
    void step(std::uint32_t rank, std::int64_t number, OpId marker)
    {
        d.steps.push_back(StepSpan { RankId(rank), number, d.start[marker.value()], d.end[marker.value()], marker });
    }
    TracePtr finish()
    {
        for (std::size_t t = 0; t < d.tracks.size(); ++t) {
            d.tracks[t].firstOp = trackOps[t].empty() ? static_cast<std::uint32_t>(d.start.size()) : trackOps[t].front();
            d.tracks[t].opCount = static_cast<std::uint32_t>(trackOps[t].size());
        }
        for (std::size_t r = 0; r < d.ranks.size(); ++r) {
            std::uint32_t first = UINT32_MAX, count = 0;
            for (std::size_t t = 0; t < d.tracks.size(); ++t) {
                if (d.tracks[t].rank.value() == r) {
                    first = std::min(first, static_cast<std::uint32_t>(t));
                    ++count;
                }
            }
            d.ranks[r].firstTrack = first == UINT32_MAX ? 0 : first;
            d.ranks[r].trackCount = count;
        }
        d.worldSize = worldSize > 0 ? worldSize : static_cast<std::int32_t>(d.ranks.size());
        d.format = format;
        Expected<TracePtr> trace = Trace::build(std::move(d));
        if (!trace)
            qFatal("JobBuilder: %s", trace.status().toString().c_str());
        return *trace;
    }
};

} // namespace sightline
