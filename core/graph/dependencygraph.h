#pragma once

#include "core/base/expected.h"
#include "core/model/trace.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace sightline {

class CancellationToken;

// Why one vertex waits for another.
enum class EdgeKind : std::uint8_t {
    Program, // previous op on the same CPU thread or GPU stream
    Launch, // CPU runtime call -> the kernel, copy or memset it launched
    Sync, // GPU op -> the host call that waited for it (stream/device/event synchronize, blocking copy)
    StreamWait, // last op issued to a stream before cudaEventRecord -> the wait for that event (cuda_sync)
    Nest, // enclosing CPU op -> nested op
    NestEnd, // last nested op -> the end of the op enclosing it
    ForwardBackward, // forward op -> backward op (fwdbwd flows)
    Flow, // other recorded flows
    GradientToCollective, // last op before a gradient collective (or a copy staging one) -> it
    CollectiveToOptimizer, // collective -> the first optimizer op after it
    Explicit, // dependency recorded by an importer
    Arrive, // participant -> the logical collective (or send/recv pair) it joins
    Release, // logical collective -> each participant's end
    Wake, // latest op another host thread ended or began -> the first op of a thread after it sat idle
    Join, // last op of such a burst -> the end of the op another thread ran around its start
    Staging, // copy of a GPU tensor to host memory -> the host-side collective (gloo's) that sends it
    Window, // the start of a replayed window -> work whose predecessors lie before it (execution graphs only)
    Count
};
std::string_view edgeKindName(EdgeKind kind);

// Which instants an edge ties: the target's start waits for the source's start or end, or the target's
// end waits for the source's end.
enum class EdgeRef : std::uint8_t { EndToStart, StartToStart, EndToEnd };

// One collective (or send/recv pair) across ranks: its participants' ops, matched by process group and
// order. Vertex id opCount() + index in collectives().
struct LogicalCollective {
    std::string group; // process group name, or the stream it ran on when the trace does not say
    StringId name; // collective name of the first participant
    std::int64_t bytes = 0; // largest message size among participants
    // One per rank, by rank. A Sync op is a waiter (isWaiter): it joins and is released with the others,
    // but moves nothing itself (BytePS's GPUs waiting for their local root's pull).
    std::vector<OpId> participants;
};

struct GraphLint {
    enum class Code : std::uint8_t { MissingParticipant, NameMismatch, UnmatchedSendRecv, UnresolvedWait };
    Code code;
    OpId op; // an op it concerns, or invalid
    std::string detail;
};

struct GraphOptions {
    // Match collectives across ranks; off treats every rank alone.
    bool joinCollectives = true;
};

// The global data-flow graph of a job (dPRO §4): every op of every rank is a vertex, plus one vertex per
// logical collective; edges say what waits for what, within a rank (program order, launches,
// synchronisation, nesting, forward->backward, gradient->collective->optimizer, explicit edges) and
// across ranks (collective joins, send/recv pairs matched by peer and order). Stored as a bidirectional compressed
// sparse row graph (Boost.Graph) and immutable once built; what could not be matched is listed in lint(), never
// guessed. Edges that the measured times contradict (a target that starts before its source ends) are
// tied start-to-start instead, so overlapping ops on one GPU stream keep their overlap. The instants the
// edges tie (each vertex's start, then its end) never form a cycle: build checks that. Building is
// O((V + E) log V) time and O(V + E) memory, whatever the number of threads, streams or ranks.
class DependencyGraph {
public:
    // Fails with DependencyCycle (against the source file of a rank in the cycle, the detail naming its
    // first few waits) when the dependencies wait for each other in a cycle, or Cancelled.
    static Expected<std::shared_ptr<const DependencyGraph>> build(std::shared_ptr<const Trace> trace,
        const GraphOptions& options = {}, const CancellationToken* cancel = nullptr);
    ~DependencyGraph();

    const Trace& trace() const { return *m_trace; }
    const std::shared_ptr<const Trace>& tracePointer() const { return m_trace; }
    std::uint32_t opCount() const { return static_cast<std::uint32_t>(m_trace->opCount()); }
    std::uint32_t vertexCount() const { return opCount() + static_cast<std::uint32_t>(m_collectives.size()); }
    std::size_t edgeCount() const { return m_outTarget.size(); }
    bool isCollectiveVertex(std::uint32_t v) const { return v >= opCount(); }
    const LogicalCollective& collective(std::uint32_t v) const { return m_collectives[v - opCount()]; }
    std::span<const LogicalCollective> collectives() const { return m_collectives; }
    // The logical collective vertex an op joins, or kNoVertex. O(out-degree).
    std::uint32_t collectiveOf(OpId op) const;
    // Whether a participant of a collective is a waiter (LogicalCollective): its end is when it was told,
    // not when the transfer finished.
    static bool isWaiter(const Trace& trace, OpId participant);
    std::span<const GraphLint> lint() const { return m_lint; }

    static constexpr std::uint32_t kNoVertex = 0xFFFFFFFFu;

    // Out-edges of v are the edge ids [outBegin(v), outBegin(v + 1)).
    std::uint32_t outBegin(std::uint32_t v) const { return m_outStart[v]; }
    std::uint32_t target(std::uint32_t e) const { return m_outTarget[e]; }
    EdgeKind kind(std::uint32_t e) const { return m_outInfo[e].kind; }
    EdgeRef ref(std::uint32_t e) const { return m_outInfo[e].ref; }
    // In-edges of v are the slots [inBegin(v), inBegin(v + 1)): the source vertex and the edge id.
    std::uint32_t inBegin(std::uint32_t v) const { return m_inStart[v]; }
    std::uint32_t inSource(std::uint32_t slot) const { return m_inSource[slot]; }
    std::uint32_t inEdge(std::uint32_t slot) const { return m_inEdge[slot]; }

    struct EdgeInfo {
        EdgeKind kind;
        EdgeRef ref;
    };

    // Bytes held by the graph, for the benchmark.
    std::size_t memoryBytes() const;

private:
    DependencyGraph() = default;
    struct Storage;

    std::shared_ptr<const Trace> m_trace;
    std::unique_ptr<Storage> m_storage; // the Boost.Graph CSR; the spans below point into it
    std::vector<LogicalCollective> m_collectives;
    std::vector<GraphLint> m_lint;
    std::span<const std::uint32_t> m_outStart;
    std::span<const std::uint32_t> m_outTarget;
    std::span<const EdgeInfo> m_outInfo;
    std::span<const std::uint32_t> m_inStart;
    std::span<const std::uint32_t> m_inSource;
    std::span<const std::uint32_t> m_inEdge;
};

} // namespace sightline
