#pragma once

#include "core/base/stringpool.h"
#include "core/model/tracetypes.h"

#include <string>
#include <utility>
#include <vector>

namespace sightline {

// The staging model of one input file (one rank) between parsing and merging into a Trace. Op indices
// here are local to the part; strings live in the part's own pool. The parser appends in file order;
// RankFinalizer sorts, classifies, links and finds steps, after which the part is merged. Owned by one
// thread at a time.
struct RankPart {
    // A track as the file identifies it: pid and tid are numbers, or strings interned in the pool.
    struct TrackKey {
        std::int64_t pid = 0;
        std::int64_t tid = 0;
        std::uint32_t pidString = StringId::kInvalid;
        std::uint32_t tidString = StringId::kInvalid;
        bool operator==(const TrackKey&) const = default;
    };
    struct Track {
        TrackKey key;
        StringId name;
        std::int32_t sortIndex = 0;
        bool sortIndexSet = false;
        bool gpu = false; // "stream N" tid, GPU category seen, or a "GPU N" process label
        TrackKind kind = TrackKind::Other;
        std::int32_t device = -1;
    };
    struct FlowPoint {
        std::uint64_t id = 0;
        StringId category;
        std::uint32_t track = 0;
        TimeNs time = 0;
        char phase = 's';
        bool bindEnclosing = true;
        std::int64_t byteOffset = -1;
        std::uint32_t boundOp = StringId::kInvalid; // the op it binds to, set by RankFinalizer
    };

    std::string path;
    std::string format;
    StringPool strings;

    std::int32_t declaredRank = -1;
    std::int32_t worldSize = -1;
    std::vector<ProcessGroup> processGroups;
    StringId host;
    bool hasBaseTime = false;
    TimeNs baseTimeNs = 0;

    std::vector<Track> tracks;
    std::vector<std::pair<TrackKey, StringId>> processNames; // keyed by pid (tid ignored)
    std::vector<std::pair<TrackKey, StringId>> processLabels;

    std::vector<TimeNs> start;
    std::vector<TimeNs> end;
    std::vector<std::uint32_t> track;
    std::vector<std::uint32_t> name;
    std::vector<std::uint32_t> category;
    std::vector<std::int64_t> bytes;
    std::vector<std::int64_t> correlation; // -1 when absent; dropped after linking
    std::vector<std::pair<std::uint32_t, CommArgs>> commArgs;
    std::vector<std::pair<std::uint32_t, ShapeArgs>> shapes;
    std::vector<std::pair<std::uint32_t, MemoryArgs>> memory; // allocator events, by the op each became
    // deviceProperties: a device's index, memory (-1 when not given) and name.
    struct Device {
        std::int32_t index = -1;
        std::int64_t memoryBytes = -1;
        StringId name;
    };
    std::vector<Device> devices;
    // cuda_sync events (Kineto's CUDA sync tracking): which recorded event a stream or host waited for.
    struct StreamWait {
        std::int64_t stream = -1;
        std::int64_t recordCorrelation = -1;
    };
    std::vector<std::pair<std::uint32_t, StreamWait>> streamWaits; // dropped after linking
    // PyTorch's "Sequence number" and "Fwd thread id" of a CPU op: the autograd node that runs a
    // forward op's backward carries the forward op's number and a nonzero forward thread (0 on forward
    // ops). Traces without fwdbwd flows are paired by them. Only ops with a number have an entry, 12
    // bytes each: the number is kept modulo 2^32, as it is compared only within a step, and no step
    // creates 2^32 autograd nodes. Dropped after linking.
    struct Sequence {
        std::uint32_t number = 0;
        std::uint32_t forwardThread = 0; // 0 on forward ops; nonzero (saturated) on autograd nodes
    };
    std::vector<std::pair<std::uint32_t, Sequence>> sequences;
    // The iteration a writer says an op is in (dPRO's args.step), for the ops that say one; kept in
    // op order by RankFinalizer, read by the dPRO finaliser.
    std::vector<std::pair<std::uint32_t, std::int64_t>> declaredSteps;
    // The name in an op's args ("args": {"name": …}), for the ops that give one, in op order: a
    // TensorFlow timeline's node, which its executor's row and its device's streams both name. Read by
    // the TF finaliser.
    std::vector<std::pair<std::uint32_t, StringId>> argNames;
    std::vector<FlowPoint> flows;
    // Object events (ph N, O, D), as TensorFlow's timelines record tensors: created, a snapshot
    // (whose tensor_description gives the allocation), deleted. Read by the TF finaliser; any other
    // dialect drops them with a warning (dropObjects).
    struct ObjectEvent {
        char phase = 'N';
        std::uint64_t id = 0;
        TimeNs time = 0;
        std::uint32_t track = 0;
        StringId name;
        std::int64_t bytes = -1; // a snapshot's allocated bytes; -1 when it does not say
        StringId allocator; // a snapshot's allocator ("GPU_0_bfc", "cpu")
        std::uint64_t address = 0; // a snapshot's pointer; 0 when it does not say
        std::int64_t byteOffset = -1;
    };
    std::vector<ObjectEvent> objects;
    std::vector<CounterSample> counters;
    std::vector<Diagnostic> diagnostics;

    // Filled by RankFinalizer.
    std::vector<OpKind> kind;
    std::vector<Phase> phase;
    std::vector<std::int32_t> step;
    std::vector<Link> links;
    std::vector<StepSpan> steps;
    StepMethod stepMethod = StepMethod::None;
    StringId processName;
    std::int64_t pid = -1;
    std::int64_t eventCount = 0;

    std::size_t opCount() const { return start.size(); }

    // Interns every string of this part into pool; returns the map from this part's ids to pool's.
    std::vector<std::uint32_t> internStringsInto(StringPool& pool) const;
    // Argument records with their string ids passed through remap (from internStringsInto).
    static CommArgs remapped(const CommArgs& args, const std::vector<std::uint32_t>& remap);
    static ShapeArgs remapped(const ShapeArgs& shape, const std::vector<std::uint32_t>& remap);

    // Keeps the ops for which keep[op] holds, with every table entry of a kept op, renumbered; before
    // linking (flows and links are left as they are).
    void keepOps(const std::vector<bool>& keep);

    // Drops the object events, with a warning per phase, for dialects that do not read them.
    void dropObjects();

    // Adds to the count of a diagnostic with the same code and detail (template and arguments), or records
    // a new one.
    void warn(ErrorCode code, std::int64_t byteOffset, Message detail, std::int64_t count = 1);
};

} // namespace sightline
