#pragma once

#include "core/base/ids.h"
#include "core/base/stringpool.h"
#include "core/cost/rankplacement.h"
#include "core/exec/memorytypes.h"
#include "core/exec/sharedcolumn.h"
#include "core/graph/dependencygraph.h"
#include "core/model/opkind.h"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sightline {

class Trace;

// A rank of an execution graph: the measured rank it stands for (invalid for an added rank) and where
// it runs.
struct ExecRank {
    RankId measured;
    std::int32_t rank = -1; // global rank in the job
    std::string host; // empty when unknown
    std::string device {}; // its GPU's name; empty when unknown
};

// Where the ranks run, for a LinkTopology over them.
std::vector<RankPlacement> placementsOf(std::span<const ExecRank> ranks);

// A track of an execution graph: a CPU thread or device stream of one rank.
struct ExecTrack {
    RankId rank; // index into ExecutionGraph::ranks()
    TrackKind kind = TrackKind::Other;
    TrackId measured; // the trace track it stands for; invalid for a synthetic track
    std::string name; // a synthetic track's name; empty: its measured track's (or "track N")
};

// One step of one rank: its number, its measured duration, and the item that marks it (the
// ProfilerStep op), or none, when the step spans the items that fall in it. A marked step ends at the
// later of its marker's end and the end of the device work its host work launched (the device may run
// behind the host), and no earlier than the rank's step before it, and lasts from that step's end (its
// first, from its marker's start): measured so from the trace, and replayed so by the replayer. A trace of one step still counts
// the device work that outlasts its marker.
struct ExecStep {
    RankId rank;
    std::int64_t number = -1;
    TimeNs measured = 0;
    ItemId marker;
};

// How a communication item's transfer is routed when the cost model times it.
enum class RouteKind : std::uint8_t {
    Ranks, // among its participant ranks (a collective or a send/recv pair)
    Partial, // its one rank's part of a group whose other members are not in the job
    Server, // a parameter-server push or pull between a worker (first rank) and a server (second)
    Host, // among its participant ranks through their hosts' network stacks (a collective host threads run: gloo's)
};

// What the cost model needs to time a communication item.
struct CommCost {
    std::int64_t bytes = 0;
    StringId collective; // normalised collective name ("all_reduce", "push", ...), for the algorithm
    RouteKind route = RouteKind::Ranks;
    std::int32_t groupSize = 0; // participants: the ranks below, or the recorded group size (Partial)
    std::uint32_t firstRank = 0; // its ranks are ExecutionGraph::commRanks() [firstRank, firstRank + rankCount)
    std::uint32_t rankCount = 0;
};

// The work a replay runs (DESIGN "What-ifs are jobs"): items with their costs and the edges that make
// them wait for each other, with an origin map from every item to the measured ops it stands for
// (none for a synthetic item). An item has a kind, a track (none for work spanning ranks, such as a
// logical collective), a name, and the model parameters the replayer applies: the gap after the
// instant that releases its start, its minimum duration, the tail after the awaited ends, and the
// anchor a root starts at. Edges keep the DependencyGraph's kinds and the instants they tie.
// Built by CostExtractor from a measured job, or by a strategy pass from another graph, through
// ExecutionGraphBuilder; immutable and shared once built. Item ids are dense, and the edges of an item
// are contiguous in both directions.
class ExecutionGraph {
public:
    // Marks of an item.
    enum Flag : std::uint8_t {
        SelfTimed = 1, // its end waits on nothing but its own start: its duration is its own
        Synthetic = 2, // made by a pass, with no measured op behind it
        // Stands for what lies outside the replayed window (its start, a wait from it, the part of work
        // begun before it): the window's context, as measured, which passes leave alone.
        Context = 4,
        // A copy of measured work that a pass repeats (a micro-batch, a recomputed forward, an added
        // rank's work): Synthetic too, yet it runs what its origin's ops ran, so later passes treat it as
        // they treat those ops.
        Copy = 8,
    };

    std::uint32_t itemCount() const { return static_cast<std::uint32_t>(m_kind.size()); }
    std::size_t edgeCount() const { return m_outTarget.size(); }
    const Trace& trace() const { return *m_trace; }
    const std::shared_ptr<const Trace>& tracePointer() const { return m_trace; }

    std::span<const ExecRank> ranks() const { return m_ranks; }
    std::span<const ExecTrack> tracks() const { return m_tracks; }
    std::span<const ExecStep> steps() const { return m_steps; }
    // The most steps a rank has, at least 1: what a figure summed over a replay (its critical path)
    // is divided by to be one step's.
    int stepsPerRank() const;

    OpKind kind(ItemId i) const { return m_kind[i.value()]; }
    // Columns per item, for loops over millions of items: read through a local pointer, a column is not
    // looked up again after every byte the loop writes.
    std::span<const OpKind> kinds() const { return m_kind; }
    std::span<const std::uint8_t> flags() const { return m_flags; } // of Flag
    std::span<const std::uint32_t> nameIds() const { return m_name; }
    std::span<const std::uint32_t> trackIds() const { return m_track; } // TrackId::kInvalid for none
    bool hasFlag(ItemId i, Flag f) const { return (m_flags[i.value()] & f) != 0; }
    // Made by a pass with nothing measured that it runs again (a fused kernel, a cast, a piece of a
    // bucket): Synthetic and not a Copy.
    bool madeByPass(ItemId i) const { return (m_flags[i.value()] & (Synthetic | Copy)) == Synthetic; }
    // The item's track, or invalid for work spanning ranks.
    TrackId track(ItemId i) const { return TrackId(m_track[i.value()]); }
    // rank, onDevice, comm, origin and firstSource run in the inner loops of the passes and analyses:
    // defined here, they inline.
    // The item's rank, or invalid for work spanning ranks.
    RankId rank(ItemId i) const
    {
        const TrackId t = track(i);
        return t.isValid() ? m_tracks[t.value()].rank : RankId();
    }
    bool onDevice(ItemId i) const
    {
        const TrackId t = track(i);
        return t.isValid() && isGpuTrack(m_tracks[t.value()].kind);
    }
    std::string_view name(ItemId i) const { return string(nameId(i)); }
    // The name a pattern over the job's ops should see: for a Copy of one measured op (named with its
    // pass's prefix, "microbatch 1/4: aten::mm"), that op's; else name().
    std::string_view measuredName(ItemId i) const;
    StringId nameId(ItemId i) const { return StringId(m_name[i.value()]); }
    // A name or collective id of this graph: the trace's strings, then the graph's own.
    std::string_view string(StringId id) const;
    // How many names there are (the trace's and the synthetic items'): every name id is below it.
    std::size_t nameCount() const;
    // Indices into steps(): the step its measured start falls in, and the one its measured end falls in
    // (start < end <= step end); -1 for none. Device work that host work launched belongs to the
    // launcher's step, both ways, wherever the device ran it.
    std::int32_t stepOfStart(ItemId i) const { return m_stepOfStart[i.value()]; }
    std::int32_t stepOfEnd(ItemId i) const { return m_stepOfEnd[i.value()]; }

    TimeNs anchor(ItemId i) const { return m_anchor[i.value()]; }
    TimeNs gap(ItemId i) const { return m_gap[i.value()]; }
    TimeNs minDuration(ItemId i) const { return m_minDuration[i.value()]; }
    std::span<const TimeNs> minDurations() const { return m_minDuration; } // per item
    TimeNs tail(ItemId i) const { return m_tail[i.value()]; }
    std::span<const TimeNs> anchors() const { return m_anchor; } // per item
    std::span<const TimeNs> gaps() const { return m_gap; } // per item
    std::span<const TimeNs> tails() const { return m_tail; } // per item
    // Fraction of the item's measured time that communication on its rank covered (compute kernels).
    double measuredOverlap(ItemId i) const { return m_overlap[i.value()]; }
    // The item's transfer for the cost model, or nullptr.
    const CommCost* comm(ItemId i) const
    {
        const std::uint32_t c = m_commIndex[i.value()];
        return c == ItemId::kInvalid ? nullptr : &m_comm[c];
    }
    std::span<const RankId> commRanks(const CommCost& c) const { return m_commRanks.span().subspan(c.firstRank, c.rankCount); }

    // The measured ops the item stands for, in the trace (a logical collective: its participants).
    std::span<const OpId> origin(ItemId i) const
    {
        const std::uint32_t from = m_originStart[i.value()];
        return m_origin.span().subspan(from, m_originStart[i.value() + 1] - from);
    }
    // The training phase of the first op the item stands for; Unknown for a synthetic item.
    Phase phase(ItemId i) const;
    // The source of i's first in-edge of that kind (its launcher, enclosing op or predecessor on its
    // track), or invalid. O(in-degree).
    ItemId firstSource(ItemId i, EdgeKind kind) const
    {
        for (std::uint32_t s = inBegin(i.value()); s < inBegin(i.value() + 1); ++s) {
            if (edgeKind(inEdge(s)) == kind)
                return ItemId(inSource(s));
        }
        return {};
    }
    // Whether i is a copy that stages a tensor for a host-side collective (gloo's copy of a bucket to
    // pinned memory, tied to it by a staging edge): part of that communication. O(out-degree).
    bool stagesCollective(ItemId i) const;

    // Out-edges of i are the edge ids [outBegin(i), outBegin(i + 1)).
    std::uint32_t outBegin(std::uint32_t i) const { return m_outStart[i]; }
    // The out rows as columns (per item, then per edge), for loops over millions of items.
    std::span<const std::uint32_t> outBegins() const { return m_outStart; }
    std::span<const std::uint32_t> targets() const { return m_outTarget; }
    std::span<const DependencyGraph::EdgeInfo> edgeInfos() const { return m_outInfo; }
    std::uint32_t target(std::uint32_t e) const { return m_outTarget[e]; }
    EdgeKind edgeKind(std::uint32_t e) const { return m_outInfo[e].kind; }
    EdgeRef ref(std::uint32_t e) const { return m_outInfo[e].ref; }
    // In-edges of i are the slots [inBegin(i), inBegin(i + 1)): the source item and the edge id.
    std::uint32_t inBegin(std::uint32_t i) const { return m_inStart[i]; }
    std::uint32_t inSource(std::uint32_t slot) const { return m_inSource[slot]; }
    std::uint32_t inEdge(std::uint32_t slot) const { return m_inEdge[slot]; }

    // Device memory over the window, for core/memory's estimate: the devices, and the blocks that
    // items allocate and release (see MemoryBlock). Both empty when the job records neither allocator
    // events nor gradient shapes.
    std::span<const MemoryDevice> memoryDevices() const { return m_memoryDevices; }
    std::span<const MemoryBlock> memoryBlocks() const { return m_memoryBlocks; }

    // In-scope ops that had no counterpart in the steps their durations were taken from.
    std::size_t withoutCounterpart() const { return m_withoutCounterpart; }
    // Whether its ranks' steps wait for no other rank's (workers of an asynchronous parameter server):
    // its iteration is then the ranks' mean step, not the slowest rank's (StepTimes).
    bool asynchronous() const { return m_asynchronous; }
    // The item standing for each trace op (invalid where none does), for drawing a replay on the trace.
    std::vector<ItemId> itemOfOp() const;

    std::size_t memoryBytes() const;

    ~ExecutionGraph();

private:
    friend class ExecutionGraphBuilder;
    ExecutionGraph();

    std::shared_ptr<const Trace> m_trace;
    StringPool m_extraNames; // names of synthetic items, ids from the trace pool's size up
    std::vector<ExecRank> m_ranks;
    std::vector<ExecTrack> m_tracks;
    std::vector<ExecStep> m_steps;

    SharedColumn<OpKind> m_kind;
    SharedColumn<std::uint8_t> m_flags;
    SharedColumn<std::uint32_t> m_track;
    SharedColumn<std::uint32_t> m_name;
    SharedColumn<std::int32_t> m_stepOfStart;
    SharedColumn<std::int32_t> m_stepOfEnd;
    SharedColumn<TimeNs> m_anchor;
    SharedColumn<TimeNs> m_gap;
    SharedColumn<TimeNs> m_minDuration;
    SharedColumn<TimeNs> m_tail;
    SharedColumn<double> m_overlap;
    SharedColumn<std::uint32_t> m_commIndex; // per item, into m_comm, or kInvalid
    SharedColumn<CommCost> m_comm;
    SharedColumn<RankId> m_commRanks;
    SharedColumn<std::uint32_t> m_originStart; // CSR over m_origin
    SharedColumn<OpId> m_origin;

    std::vector<MemoryDevice> m_memoryDevices;
    std::vector<MemoryBlock> m_memoryBlocks;

    SharedColumn<std::uint32_t> m_outStart;
    SharedColumn<std::uint32_t> m_outTarget;
    SharedColumn<DependencyGraph::EdgeInfo> m_outInfo;
    SharedColumn<std::uint32_t> m_inStart;
    SharedColumn<std::uint32_t> m_inSource;
    SharedColumn<std::uint32_t> m_inEdge;

    std::size_t m_withoutCounterpart = 0;
    bool m_asynchronous = false;
};

} // namespace sightline
