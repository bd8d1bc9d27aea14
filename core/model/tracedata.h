#pragma once

#include "core/base/stringpool.h"
#include "core/model/tracetypes.h"

#include <string>
#include <utility>
#include <vector>

namespace sightline {

// The raw tables a Trace is made from. Importers fill one and hand it to Trace's constructor, which
// takes ownership and freezes it. Invariants the importer guarantees: ops are grouped by track in
// track order, sorted by start within a track (longer first on ties), every id is in range, and the
// sparse tables are sorted by OpId.
struct TraceData {
    std::string format; // "kineto" (PyTorch profiler) or "chrome" (any other Chrome trace)
    std::int32_t worldSize = 0;
    StringPool strings;
    std::vector<RankInfo> ranks;
    std::vector<TrackInfo> tracks;
    std::vector<StepSpan> steps;
    std::vector<ProcessGroup> processGroups;

    std::vector<TimeNs> start;
    std::vector<TimeNs> end;
    std::vector<std::uint32_t> track;
    std::vector<std::uint32_t> name;
    std::vector<std::uint32_t> category;
    std::vector<OpKind> kind;
    std::vector<Phase> phase;
    std::vector<std::int32_t> step; // -1 outside any step
    std::vector<std::int64_t> bytes; // 0 when unknown or not applicable; Trace keeps the non-zero ones sparse

    std::vector<std::pair<OpId, CommArgs>> commArgs;
    std::vector<std::pair<OpId, ShapeArgs>> shapes;
    std::vector<std::pair<OpId, MemoryArgs>> memory; // allocator events, by the op each became
    std::vector<DeviceInfo> devices; // by rank
    std::vector<Link> links;
    std::vector<CounterSample> counters;
    std::vector<Diagnostic> diagnostics;
};

} // namespace sightline
