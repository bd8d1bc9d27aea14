#include "core/graph/dependencygraph.h"

#include "core/base/progress.h"
#include "core/model/opclassifier.h"

#include <boost/graph/compressed_sparse_row_graph.hpp>

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace sightline {

namespace {

using Csr = boost::compressed_sparse_row_graph<boost::bidirectionalS, boost::no_property,
    DependencyGraph::EdgeInfo, boost::no_property, std::uint32_t, std::uint32_t>;

// A measured start this much before its source's end still counts as after it: clocks of CPU and GPU
// timestamps differ by up to about a microsecond.
constexpr TimeNs kTolerance = 1000;
// A consumer starting this soon after a collective ends is taken to have waited for it.
constexpr TimeNs kConsumerWindow = 20000;
// A host thread idle this long before an op was woken by whatever another thread was doing.
constexpr TimeNs kWakeGap = 50000;
// How far back another thread's activity can have woken a thread's first op.
constexpr TimeNs kFirstWakeWindow = 1'000'000'000;

struct Builder {
    explicit Builder(const Trace& trace)
        : t(trace)
    {
    }

    const Trace& t;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
    std::vector<DependencyGraph::EdgeInfo> info;
    std::vector<LogicalCollective> collectives;
    std::vector<GraphLint> lint;

    void add(std::uint32_t from, std::uint32_t to, EdgeKind kind, EdgeRef ref)
    {
        if (from == to)
            return;
        // An end-to-start edge the measured times contradict is kept as start-to-start.
        if (ref == EdgeRef::EndToStart && from < t.opCount() && to < t.opCount()
            && t.start(OpId(to)) + kTolerance < t.end(OpId(from)))
            ref = EdgeRef::StartToStart;
        edges.emplace_back(from, to);
        info.push_back({ kind, ref });
    }

    void programOrder(const TrackInfo& track)
    {
        const std::uint32_t first = track.firstOp;
        const std::uint32_t last = first + track.opCount;
        if (isGpuTrack(track.kind)) {
            for (std::uint32_t op = first + 1; op < last; ++op) {
                // A zero-length op at the same instant as the next says nothing about their order
                // (layer-wise models have them); other edges order such pairs.
                const OpId a(op - 1), b(op);
                if (t.start(a) == t.start(b) && (t.duration(a) == 0 || t.duration(b) == 0))
                    continue;
                add(op - 1, op, EdgeKind::Program, EdgeRef::EndToStart);
            }
            return;
        }
        // CPU threads nest: an enclosing op starts before its children and ends after its last one.
        struct Open {
            std::uint32_t op;
            std::uint32_t lastChild;
        };
        std::vector<Open> stack;
        std::uint32_t previous = DependencyGraph::kNoVertex; // last op closed at the current level
        auto close = [&]() {
            const Open top = stack.back();
            stack.pop_back();
            if (top.lastChild != DependencyGraph::kNoVertex)
                add(top.lastChild, top.op, EdgeKind::NestEnd, EdgeRef::EndToEnd);
            previous = top.op;
        };
        for (std::uint32_t op = first; op < last; ++op) {
            previous = DependencyGraph::kNoVertex;
            while (!stack.empty() && t.end(OpId(stack.back().op)) <= t.start(OpId(op)))
                close();
            if (previous == DependencyGraph::kNoVertex && !stack.empty() && stack.back().lastChild != DependencyGraph::kNoVertex)
                previous = stack.back().lastChild;
            if (previous == DependencyGraph::kNoVertex && stack.empty() && op > first)
                previous = op - 1;
            if (!stack.empty()) {
                add(stack.back().op, op, EdgeKind::Nest, EdgeRef::StartToStart);
                // A child that outlasts its parent (traces do have them) does not hold the parent's end.
                if (t.end(OpId(op)) <= t.end(OpId(stack.back().op)))
                    stack.back().lastChild = op;
            }
            if (track.kind == TrackKind::CpuThread) {
                // Last activity on the thread: the end of the op before this one at its level, or the
                // start of its parent.
                TimeNs active = INT64_MIN;
                if (previous != DependencyGraph::kNoVertex)
                    active = t.end(OpId(previous));
                if (!stack.empty())
                    active = std::max(active, t.start(OpId(stack.back().op)));
                // The thread's first op: it was idle since before the trace (look back a while).
                if (active == INT64_MIN)
                    active = t.start(OpId(op)) - kFirstWakeWindow;
                if (t.start(OpId(op)) - active >= kWakeGap)
                    idleStarts.emplace_back(op, active);
            }
            if (previous != DependencyGraph::kNoVertex)
                add(previous, op, EdgeKind::Program, EdgeRef::EndToStart);
            stack.push_back({ op, DependencyGraph::kNoVertex });
        }
        while (!stack.empty())
            close();
    }

    // Per rank: its GPU tracks, for synchronisation and producer/consumer lookups.
    std::vector<std::vector<std::uint32_t>> gpuTracksOfRank;

    // Host ops that began after their thread sat idle, and when the thread was last active.
    std::vector<std::pair<std::uint32_t, TimeNs>> idleStarts;

    // Threads that wake threads: the autograd engine's thread sits idle until the main thread calls
    // backward, and the main thread sits blocked until the engine is done. An op that begins after its
    // thread sat idle depends on the latest thing another host thread of the rank did in that
    // stretch: an op that ended (end to start) or began (start to start) before it. The innermost op
    // still running on another thread then ends after the last op of the burst within it (join).
    void crossThreadWakes()
    {
        std::vector<std::vector<std::uint32_t>> cpuTracksOfRank(t.ranks().size());
        for (std::uint32_t tr = 0; tr < t.tracks().size(); ++tr) {
            if (t.trackInfo(TrackId(tr)).kind == TrackKind::CpuThread)
                cpuTracksOfRank[t.trackInfo(TrackId(tr)).rank.value()].push_back(tr);
        }
        for (const auto& [op, idleSince] : idleStarts) {
            const OpId o(op);
            const TimeNs at = t.start(o);
            std::uint32_t waker = DependencyGraph::kNoVertex, running = DependencyGraph::kNoVertex;
            TimeNs latest = idleSince;
            bool ended = false;
            for (std::uint32_t other : cpuTracksOfRank[t.rank(o).value()]) {
                if (other == t.track(o).value())
                    continue;
                t.forEachOverlapping(TrackId(other), idleSince, at + 1, [&](OpId x) {
                    const bool done = t.end(x) < at;
                    const TimeNs instant = done ? t.end(x) : t.start(x);
                    if (instant > latest && instant < at) {
                        latest = instant;
                        waker = x.value();
                        ended = done;
                    }
                    if (t.start(x) < at && t.end(x) > at && (running == DependencyGraph::kNoVertex || t.start(x) > t.start(OpId(running))))
                        running = x.value();
                });
            }
            if (waker != DependencyGraph::kNoVertex)
                add(waker, op, EdgeKind::Wake, ended ? EdgeRef::EndToStart : EdgeRef::StartToStart);
            if (running == DependencyGraph::kNoVertex)
                continue;
            // The innermost op another thread is running (a call that blocks, such as backward) ends
            // after the last op of the burst that ends within it.
            const TrackInfo& track = t.trackInfo(t.track(o));
            const TimeNs until = t.end(OpId(running));
            std::uint32_t lastOp = DependencyGraph::kNoVertex;
            for (std::uint32_t x = op; x < track.firstOp + track.opCount && t.start(OpId(x)) < until; ++x) {
                if (t.end(OpId(x)) < until && (lastOp == DependencyGraph::kNoVertex || t.end(OpId(x)) > t.end(OpId(lastOp))))
                    lastOp = x;
            }
            if (lastOp != DependencyGraph::kNoVertex)
                add(lastOp, running, EdgeKind::Join, EdgeRef::EndToEnd);
        }
    }

    // The first op of a track starting at or after time (strictly after with `after`), or the track's end.
    std::uint32_t firstStartingFrom(const TrackInfo& info, TimeNs time, bool after) const
    {
        std::uint32_t a = info.firstOp, b = info.firstOp + info.opCount;
        while (a < b) {
            const std::uint32_t mid = a + (b - a) / 2;
            const TimeNs s = t.start(OpId(mid));
            if (after ? s <= time : s < time)
                a = mid + 1;
            else
                b = mid;
        }
        return a;
    }

    // The op on a GPU track of rank with the latest end at or before time (excluding track skip).
    std::uint32_t lastEndingBefore(RankId rank, TimeNs time, std::uint32_t skipTrack) const
    {
        std::uint32_t best = DependencyGraph::kNoVertex;
        TimeNs bestEnd = INT64_MIN;
        for (std::uint32_t tr : gpuTracksOfRank[rank.value()]) {
            if (tr == skipTrack)
                continue;
            const TrackInfo& info = t.trackInfo(TrackId(tr));
            // Ops starting at or before time, looking back a few for the latest end (ops on a stream
            // run mostly one after the other).
            const std::uint32_t a = firstStartingFrom(info, time, true);
            for (std::uint32_t k = a, seen = 0; k > info.firstOp && seen < 8; --k, ++seen) {
                const OpId op(k - 1);
                if (t.end(op) <= time && t.end(op) > bestEnd) {
                    bestEnd = t.end(op);
                    best = k - 1;
                }
            }
        }
        return best;
    }

    // The first op on another GPU track of rank starting in [time, time + window).
    std::uint32_t firstStartingAfter(RankId rank, TimeNs time, TimeNs window, std::uint32_t skipTrack) const
    {
        std::uint32_t best = DependencyGraph::kNoVertex;
        TimeNs bestStart = time + window;
        for (std::uint32_t tr : gpuTracksOfRank[rank.value()]) {
            if (tr == skipTrack)
                continue;
            const TrackInfo& info = t.trackInfo(TrackId(tr));
            const std::uint32_t a = firstStartingFrom(info, time, false);
            if (a < info.firstOp + info.opCount && t.start(OpId(a)) < bestStart) {
                bestStart = t.start(OpId(a));
                best = a;
            }
        }
        return best;
    }

    void synchronisation()
    {
        const StringId cudaMemcpy = t.strings().find("cudaMemcpy"), hipMemcpy = t.strings().find("hipMemcpy");
        for (std::uint32_t op = 0; op < t.opCount(); ++op) {
            const OpKind k = t.kind(OpId(op));
            const StringId name = t.name(OpId(op));
            if (k != OpKind::Sync && !(cudaMemcpy.isValid() && name == cudaMemcpy) && !(hipMemcpy.isValid() && name == hipMemcpy))
                continue;
            if (isGpuTrack(t.trackInfo(t.track(OpId(op))).kind))
                continue;
            const std::uint32_t waited = lastEndingBefore(t.rank(OpId(op)), t.end(OpId(op)), DependencyGraph::kNoVertex);
            if (waited != DependencyGraph::kNoVertex && t.end(OpId(waited)) > t.start(OpId(op)))
                add(waited, op, EdgeKind::Sync, EdgeRef::EndToEnd);
        }
    }

    // Found by recordedLinks().
    bool hasStreamWaits = false;
    bool hasExplicitDependencies = false;

    void recordedLinks()
    {
        for (const Link& l : t.links()) {
            switch (l.kind) {
            case LinkKind::Launch:
                add(l.from.value(), l.to.value(), EdgeKind::Launch, EdgeRef::StartToStart);
                // A copy call that returned only after its copy finished was synchronous (pageable
                // memory makes cudaMemcpyAsync block): it waited for the copy.
                if ((t.kind(l.to) == OpKind::Memcpy || t.kind(l.to) == OpKind::Memset) && t.end(l.to) <= t.end(l.from)
                    && !isGpuTrack(t.trackInfo(t.track(l.from)).kind))
                    add(l.to.value(), l.from.value(), EdgeKind::Sync, EdgeRef::EndToEnd);
                break;
            case LinkKind::ForwardBackward:
                add(l.from.value(), l.to.value(), EdgeKind::ForwardBackward, EdgeRef::EndToStart);
                break;
            case LinkKind::Flow:
                add(l.from.value(), l.to.value(), EdgeKind::Flow, EdgeRef::EndToStart);
                break;
            case LinkKind::StreamWait:
                add(l.from.value(), l.to.value(), EdgeKind::StreamWait, EdgeRef::EndToStart);
                hasStreamWaits = true;
                break;
            case LinkKind::Dependency:
                add(l.from.value(), l.to.value(), EdgeKind::Explicit, EdgeRef::EndToStart);
                hasExplicitDependencies = true;
                break;
            }
        }
    }

    // Stream waits the trace records without saying on what (no CUDA sync events): say so once.
    void unresolvedWaits()
    {
        if (hasStreamWaits)
            return;
        std::size_t count = 0;
        OpId first;
        const StringId cuda = t.strings().find("cudaStreamWaitEvent"), hip = t.strings().find("hipStreamWaitEvent");
        if (!cuda.isValid() && !hip.isValid())
            return;
        for (std::uint32_t op = 0; op < t.opCount(); ++op) {
            const StringId name = t.name(OpId(op));
            if ((cuda.isValid() && name == cuda) || (hip.isValid() && name == hip)) {
                if (count++ == 0)
                    first = OpId(op);
            }
        }
        if (count > 0) {
            lint.push_back({ GraphLint::Code::UnresolvedWait, first,
                std::to_string(count) + " cudaStreamWaitEvent calls do not say which stream and event they wait for (the profiler "
                    "records that with CUDA sync events on); cross-stream waits are inferred from the measured times" });
        }
    }

    // Communication ops that take part in cross-rank matching: GPU kernels where the rank has them,
    // else the CPU-side ops (gloo, CPU-only jobs).
    void collectivesAcrossRanks(bool join)
    {
        const std::size_t rankCount = t.ranks().size();
        std::vector<bool> hasGpuComm(rankCount, false);
        for (std::uint32_t op = 0; op < t.opCount(); ++op) {
            if (isCommunication(t.kind(OpId(op))) && isGpuTrack(t.trackInfo(t.track(OpId(op))).kind))
                hasGpuComm[t.rank(OpId(op)).value()] = true;
        }
        // group key -> rank -> ops in start order
        std::map<std::string, std::map<std::uint32_t, std::vector<std::uint32_t>>> groups;
        for (std::uint32_t op = 0; op < t.opCount(); ++op) {
            const OpKind k = t.kind(OpId(op));
            if (k != OpKind::Collective)
                continue;
            const TrackInfo& track = t.trackInfo(t.track(OpId(op)));
            const bool gpu = isGpuTrack(track.kind);
            const std::uint32_t rank = track.rank.value();
            if (gpu != hasGpuComm[rank])
                continue;
            // Nested CPU communication ops (c10d::allreduce_ inside nccl:all_reduce) count once.
            std::string key;
            const CommArgs* args = t.commArgs(OpId(op));
            if (args && args->processGroup.isValid() && !t.string(args->processGroup).empty())
                key = "pg " + std::string(t.string(args->processGroup));
            else
                key = std::string(gpu ? "stream " : "thread ") + std::to_string(track.tid);
            auto& list = groups[key][rank];
            if (!gpu && !list.empty() && t.end(OpId(list.back())) >= t.end(OpId(op)))
                continue;
            list.push_back(op);
        }
        for (auto& [key, perRank] : groups) {
            if (perRank.size() < 2) {
                const std::size_t count = perRank.begin()->second.size();
                lint.push_back({ GraphLint::Code::MissingParticipant, OpId(perRank.begin()->second.front()),
                    "group " + key + ": " + std::to_string(count) + " communication ops appear on rank "
                        + std::to_string(t.rankInfo(RankId(perRank.begin()->first)).rank)
                        + " only; the other participants are not in the trace, so their measured durations are kept" });
                continue;
            }
            if (!join)
                continue;
            std::size_t common = SIZE_MAX, most = 0;
            for (const auto& [rank, ops] : perRank) {
                common = std::min(common, ops.size());
                most = std::max(most, ops.size());
            }
            if (most != common) {
                lint.push_back({ GraphLint::Code::MissingParticipant, OpId(),
                    "group " + key + ": ranks have between " + std::to_string(common) + " and " + std::to_string(most)
                        + " communication ops; the first " + std::to_string(common) + " are matched in order" });
            }
            for (std::size_t i = 0; i < common; ++i) {
                LogicalCollective c;
                c.group = key;
                std::string_view firstName;
                bool mismatch = false;
                for (const auto& [rank, ops] : perRank) {
                    const OpId op(ops[i]);
                    const CommArgs* args = t.commArgs(op);
                    const std::string_view name = args && args->collective.isValid() ? t.string(args->collective) : t.string(t.name(op));
                    if (c.participants.empty()) {
                        firstName = name;
                        c.name = args && args->collective.isValid() ? args->collective : t.name(op);
                    } else if (name != firstName) {
                        mismatch = true;
                    }
                    c.participants.push_back(op);
                    c.bytes = std::max(c.bytes, t.bytes(op));
                }
                if (mismatch) {
                    lint.push_back({ GraphLint::Code::NameMismatch, c.participants.front(),
                        "group " + key + ": communication op #" + std::to_string(i)
                            + " has different names across ranks; this group is not joined from here on" });
                    break;
                }
                joinInto(std::move(c));
            }
        }
    }

    // The rank a point-to-point op talks to: the other member of a two-rank group, or the other rank
    // of a two-rank job; -1 when the trace does not say.
    int peerOf(OpId op) const
    {
        const int self = t.rankInfo(t.rank(op)).rank;
        const CommArgs* args = t.commArgs(op);
        if (args && args->groupRanks.isValid()) {
            std::vector<int> members;
            int value = -1;
            for (char ch : t.string(args->groupRanks)) {
                if (ch >= '0' && ch <= '9') {
                    value = (value < 0 ? 0 : value * 10) + (ch - '0');
                } else if (value >= 0) {
                    members.push_back(value);
                    value = -1;
                }
            }
            if (value >= 0)
                members.push_back(value);
            if (members.size() == 2 && (members[0] == self || members[1] == self))
                return members[0] == self ? members[1] : members[0];
        }
        if (t.ranks().size() == 2)
            return t.rankInfo(RankId(t.rankInfo(RankId(0)).rank == self ? 1 : 0)).rank;
        return -1;
    }

    // Sends and receives: the n-th send from A to B in a group pairs with the n-th receive on B from A.
    void pointToPoint(bool join)
    {
        std::map<int, std::uint32_t> rankIdOf;
        for (std::uint32_t r = 0; r < t.ranks().size(); ++r)
            rankIdOf[t.rankInfo(RankId(r)).rank] = r;
        std::vector<bool> hasGpuComm(t.ranks().size(), false);
        for (std::uint32_t op = 0; op < t.opCount(); ++op) {
            const OpKind k = t.kind(OpId(op));
            if ((k == OpKind::Send || k == OpKind::Recv) && isGpuTrack(t.trackInfo(t.track(OpId(op))).kind))
                hasGpuComm[t.rank(OpId(op)).value()] = true;
        }
        // (group, from, to) -> sends, receives
        std::map<std::tuple<std::string, int, int>, std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>>> pairs;
        std::size_t unknownPeer = 0;
        OpId firstUnknown;
        for (std::uint32_t op = 0; op < t.opCount(); ++op) {
            const OpKind k = t.kind(OpId(op));
            if (k != OpKind::Send && k != OpKind::Recv)
                continue;
            if (isGpuTrack(t.trackInfo(t.track(OpId(op))).kind) != hasGpuComm[t.rank(OpId(op)).value()])
                continue;
            const int peer = peerOf(OpId(op));
            if (peer < 0 || !rankIdOf.count(peer)) {
                if (unknownPeer++ == 0)
                    firstUnknown = OpId(op);
                continue;
            }
            const CommArgs* args = t.commArgs(OpId(op));
            const std::string group = args && args->processGroup.isValid() ? std::string(t.string(args->processGroup)) : std::string();
            const int self = t.rankInfo(t.rank(OpId(op))).rank;
            auto& entry = k == OpKind::Send ? pairs[{ group, self, peer }].first : pairs[{ group, peer, self }].second;
            entry.push_back(op);
        }
        if (unknownPeer > 0) {
            lint.push_back({ GraphLint::Code::UnmatchedSendRecv, firstUnknown,
                std::to_string(unknownPeer) + " sends or receives do not say their peer; their measured durations are kept" });
        }
        for (const auto& [key, lists] : pairs) {
            const auto& [group, from, to] = key;
            const auto& [sends, recvs] = lists;
            const std::string name = "p2p " + (group.empty() ? std::string() : group + " ") + std::to_string(from) + "->" + std::to_string(to);
            if (sends.size() != recvs.size()) {
                lint.push_back({ GraphLint::Code::UnmatchedSendRecv, OpId(sends.empty() ? recvs.front() : sends.front()),
                    name + ": " + std::to_string(sends.size()) + " sends and " + std::to_string(recvs.size())
                        + " receives; the first " + std::to_string(std::min(sends.size(), recvs.size())) + " are paired in order" });
            }
            if (!join)
                continue;
            for (std::size_t i = 0; i < std::min(sends.size(), recvs.size()); ++i) {
                LogicalCollective c;
                c.group = name;
                const OpId send(sends[i]), recv(recvs[i]);
                const CommArgs* args = t.commArgs(send);
                c.name = args && args->collective.isValid() ? args->collective : t.name(send);
                c.bytes = std::max(t.bytes(send), t.bytes(recv));
                c.participants = from < to ? std::vector<OpId> { send, recv } : std::vector<OpId> { recv, send };
                joinInto(std::move(c));
            }
        }
    }

    // Adds a logical collective vertex: every participant arrives at its start and ends with it.
    void joinInto(LogicalCollective c)
    {
        const auto vertex = static_cast<std::uint32_t>(t.opCount() + collectives.size());
        for (OpId p : c.participants) {
            add(p.value(), vertex, EdgeKind::Arrive, EdgeRef::StartToStart);
            add(vertex, p.value(), EdgeKind::Release, EdgeRef::EndToEnd);
        }
        collectives.push_back(std::move(c));
    }

    // Data dependencies around GPU communication: the compute op that produced the data (the last to
    // end on another stream before the collective starts) and the op that consumes the result (one
    // starting on another stream right after it ends).
    void producersAndConsumers()
    {
        for (std::uint32_t op = 0; op < t.opCount(); ++op) {
            if (!isCommunication(t.kind(OpId(op))))
                continue;
            const TrackInfo& track = t.trackInfo(t.track(OpId(op)));
            if (!isGpuTrack(track.kind))
                continue;
            const std::uint32_t self = t.track(OpId(op)).value();
            const std::uint32_t producer = lastEndingBefore(track.rank, t.start(OpId(op)), self);
            if (producer != DependencyGraph::kNoVertex && !isCommunication(t.kind(OpId(producer))))
                add(producer, op, EdgeKind::GradientToCollective, EdgeRef::EndToStart);
            const std::uint32_t consumer = firstStartingAfter(track.rank, t.end(OpId(op)), kConsumerWindow, self);
            if (consumer != DependencyGraph::kNoVertex && !isCommunication(t.kind(OpId(consumer))))
                add(op, consumer, EdgeKind::CollectiveToOptimizer, EdgeRef::EndToStart);
        }
    }
};

} // namespace

std::string_view edgeKindName(EdgeKind kind)
{
    switch (kind) {
    case EdgeKind::Program: return "program";
    case EdgeKind::Launch: return "launch";
    case EdgeKind::Sync: return "sync";
    case EdgeKind::StreamWait: return "stream_wait";
    case EdgeKind::Nest: return "nest";
    case EdgeKind::NestEnd: return "nest_end";
    case EdgeKind::ForwardBackward: return "fwdbwd";
    case EdgeKind::Flow: return "flow";
    case EdgeKind::GradientToCollective: return "producer";
    case EdgeKind::CollectiveToOptimizer: return "consumer";
    case EdgeKind::Explicit: return "explicit";
    case EdgeKind::Arrive: return "arrive";
    case EdgeKind::Release: return "release";
    case EdgeKind::Wake: return "wake";
    case EdgeKind::Join: return "join";
    case EdgeKind::Count: break;
    }
    return "?";
}

struct DependencyGraph::Storage {
    Csr graph;
};

DependencyGraph::~DependencyGraph() = default;

Expected<std::shared_ptr<const DependencyGraph>> DependencyGraph::build(
    std::shared_ptr<const Trace> trace, const GraphOptions& options, const CancellationToken* cancel)
{
    const Trace& t = *trace;
    Builder b { t };
    b.gpuTracksOfRank.resize(t.ranks().size());
    for (std::uint32_t tr = 0; tr < t.tracks().size(); ++tr) {
        const TrackInfo& info = t.trackInfo(TrackId(tr));
        if (isGpuTrack(info.kind))
            b.gpuTracksOfRank[info.rank.value()].push_back(tr);
    }
    b.edges.reserve(t.opCount() * 3);
    b.info.reserve(t.opCount() * 3);
    for (const TrackInfo& track : t.tracks())
        b.programOrder(track);
    if (cancel && cancel->isCancelled())
        return Status::cancelled();
    b.recordedLinks();
    b.unresolvedWaits();
    // A format that records its dependencies (layer-wise DAGs) is authoritative: infer nothing more.
    if (!b.hasExplicitDependencies) {
        b.crossThreadWakes();
        b.synchronisation();
        b.producersAndConsumers();
    }
    b.collectivesAcrossRanks(options.joinCollectives);
    b.pointToPoint(options.joinCollectives);
    if (cancel && cancel->isCancelled())
        return Status::cancelled();

    // Parallel edges that tie the same instants add nothing: keep one, of the most specific kind
    // (later kinds in EdgeKind say more than program order). Edges are bucketed by source in two
    // linear passes; rows are short, so each is sorted on its own.
    const auto vertexTotal = static_cast<std::uint32_t>(t.opCount() + b.collectives.size());
    std::vector<std::uint32_t> rowStart(static_cast<std::size_t>(vertexTotal) + 1, 0);
    for (const auto& e : b.edges)
        ++rowStart[e.first + 1];
    for (std::uint32_t v = 0; v < vertexTotal; ++v)
        rowStart[v + 1] += rowStart[v];
    std::vector<std::uint32_t> order(b.edges.size());
    {
        std::vector<std::uint32_t> cursor(rowStart.begin(), rowStart.end() - 1);
        for (std::uint32_t i = 0; i < order.size(); ++i)
            order[cursor[b.edges[i].first]++] = i;
    }
    auto before = [&](std::uint32_t x, std::uint32_t y) {
        if (b.edges[x].second != b.edges[y].second)
            return b.edges[x].second < b.edges[y].second;
        if (b.info[x].ref != b.info[y].ref)
            return b.info[x].ref < b.info[y].ref;
        return b.info[x].kind > b.info[y].kind;
    };
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
    std::vector<EdgeInfo> info;
    edges.reserve(order.size());
    info.reserve(order.size());
    for (std::uint32_t v = 0; v < vertexTotal; ++v) {
        const auto first = order.begin() + rowStart[v];
        const auto last = order.begin() + rowStart[v + 1];
        if (last - first > 1)
            std::sort(first, last, before);
        const std::size_t rowBegin = edges.size();
        for (auto it = first; it != last; ++it) {
            const auto& e = b.edges[*it];
            const EdgeInfo& in = b.info[*it];
            if (edges.size() > rowBegin && edges.back() == e && info.back().ref == in.ref)
                continue;
            edges.push_back(e);
            info.push_back(in);
        }
    }
    // Swapped out, not assigned {}: that would keep the capacity.
    std::vector<std::pair<std::uint32_t, std::uint32_t>>().swap(b.edges);
    std::vector<DependencyGraph::EdgeInfo>().swap(b.info);

    auto graph = std::shared_ptr<DependencyGraph>(new DependencyGraph());
    graph->m_trace = std::move(trace);
    graph->m_collectives = std::move(b.collectives);
    graph->m_lint = std::move(b.lint);
    graph->m_storage = std::make_unique<Storage>(Storage { Csr(boost::edges_are_unsorted_multi_pass, edges.begin(), edges.end(),
        info.begin(), vertexTotal) });
    const Csr& g = graph->m_storage->graph;
    graph->m_outStart = g.m_forward.m_rowstart;
    graph->m_outTarget = g.m_forward.m_column;
    graph->m_outInfo = g.m_forward.m_edge_properties;
    graph->m_inStart = g.m_backward.m_rowstart;
    graph->m_inSource = g.m_backward.m_column;
    graph->m_inEdge = g.m_backward.m_edge_properties;
    return std::shared_ptr<const DependencyGraph>(std::move(graph));
}

std::uint32_t DependencyGraph::collectiveOf(OpId op) const
{
    for (std::uint32_t e = outBegin(op.value()); e < outBegin(op.value() + 1); ++e) {
        if (kind(e) == EdgeKind::Arrive)
            return target(e);
    }
    return kNoVertex;
}

std::size_t DependencyGraph::memoryBytes() const
{
    std::size_t bytes = m_outStart.size_bytes() + m_outTarget.size_bytes() + m_outInfo.size_bytes()
        + m_inStart.size_bytes() + m_inSource.size_bytes() + m_inEdge.size_bytes();
    for (const LogicalCollective& c : m_collectives)
        bytes += sizeof(c) + c.participants.capacity() * sizeof(OpId) + c.group.capacity();
    return bytes;
}

} // namespace sightline
