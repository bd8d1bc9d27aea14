#include "core/graph/dependencygraph.h"

#include "core/base/checkedmath.h"
#include "core/base/progress.h"
#include "core/model/opclassifier.h"

#include <boost/graph/compressed_sparse_row_graph.hpp>

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <tuple>
#include <utility>

namespace sightline {

namespace {

using Csr = boost::compressed_sparse_row_graph<boost::bidirectionalS, boost::no_property, DependencyGraph::EdgeInfo,
    boost::no_property, std::uint32_t, std::uint32_t>;

// A measured start this much before its source's end still counts as after it: clocks of CPU and GPU
// timestamps differ by up to about a microsecond.
constexpr TimeNs kTolerance = 1000;
// A consumer starting this soon after a collective ends is taken to have waited for it.
constexpr TimeNs kConsumerWindow = 20000;
// A host thread idle this long before an op was woken by whatever another thread was doing.
constexpr TimeNs kWakeGap = 50000;
// How far back another thread's activity can have woken a thread's first op.
constexpr TimeNs kFirstWakeWindow = 1'000'000'000;

constexpr std::uint32_t kNone = DependencyGraph::kNoVertex;

// Some tracks' ops in one strict total order, with, for every position, the nearest position in one
// direction (before it, or after it) that holds an op of another track: a lookup that must pass over
// one track's ops does so in O(1).
struct OpOrder {
    enum class Skip : std::uint8_t { Backward, Forward };
    std::vector<std::uint32_t> ops;
    // Backward: the nearest earlier position of another track, or kNone. Forward: the nearest later
    // one, or ops.size().
    std::vector<std::uint32_t> other;
};

struct Builder {
    explicit Builder(const Trace& trace)
        : t(trace)
        , cudaMemcpy(trace.strings().find("cudaMemcpy"))
        , hipMemcpy(trace.strings().find("hipMemcpy"))
    {
    }

    const Trace& t;
    const StringId cudaMemcpy;
    const StringId hipMemcpy;
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
            && CheckedMath::saturatingAdd(t.start(OpId(to)), kTolerance) < t.end(OpId(from)))
            ref = EdgeRef::StartToStart;
        edges.emplace_back(from, to);
        info.push_back({ kind, ref });
    }

    // The order of two ops on one device stream. A stream runs one op after another, but a kernel
    // launched as a programmatic dependent (Hopper's PDL, which cuDNN's split-K convolutions use) starts
    // its prologue while its predecessor finishes: it stays ordered after the predecessor's end, and the
    // replay keeps the measured lead (a gap below zero) however long the predecessor becomes. Only a
    // lead under half the predecessor's time reads that way; a larger overlap is kept start-to-start.
    void addStreamOrder(std::uint32_t from, std::uint32_t to)
    {
        const TimeNs lead = CheckedMath::saturatingSub(t.end(OpId(from)), t.start(OpId(to)));
        if (lead > kTolerance && t.start(OpId(to)) >= t.start(OpId(from)) && lead <= t.duration(OpId(from)) / 2) {
            edges.emplace_back(from, to);
            info.push_back({ EdgeKind::Program, EdgeRef::EndToStart });
            return;
        }
        add(from, to, EdgeKind::Program, EdgeRef::EndToStart);
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
                addStreamOrder(op - 1, op);
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
            if (previous == DependencyGraph::kNoVertex && !stack.empty()
                && stack.back().lastChild != DependencyGraph::kNoVertex)
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
                    active = CheckedMath::saturatingSub(t.start(OpId(op)), kFirstWakeWindow);
                if (CheckedMath::saturatingSub(t.start(OpId(op)), active) >= kWakeGap)
                    idleStarts.emplace_back(op, active);
            }
            if (previous != DependencyGraph::kNoVertex)
                add(previous, op, EdgeKind::Program, EdgeRef::EndToStart);
            stack.push_back({ op, DependencyGraph::kNoVertex });
        }
        while (!stack.empty())
            close();
    }

    // Host ops that began after their thread sat idle, and when the thread was last active, in op order
    // (so grouped by rank).
    std::vector<std::pair<std::uint32_t, TimeNs>> idleStarts;

    std::uint32_t trackOf(std::uint32_t op) const { return t.track(OpId(op)).value(); }
    TimeNs startOf(std::uint32_t op) const { return t.start(OpId(op)); }
    TimeNs endOf(std::uint32_t op) const { return t.end(OpId(op)); }

    // The ops of tracks sorted by less, a strict total order. Each track is one run, sorted only when
    // it is not already (a stream's ops by start or end, a thread's by start mostly are); runs are
    // then merged pairwise. O(n log n), O(n log tracks) when the runs come sorted.
    template <class Less> OpOrder orderOps(std::span<const std::uint32_t> tracks, Less less, OpOrder::Skip skip) const
    {
        OpOrder order;
        std::vector<std::size_t> runEnds;
        for (std::uint32_t tr : tracks) {
            const TrackInfo& info = t.trackInfo(TrackId(tr));
            const std::size_t begin = order.ops.size();
            for (std::uint32_t op = info.firstOp; op < info.firstOp + info.opCount; ++op)
                order.ops.push_back(op);
            if (!std::is_sorted(order.ops.begin() + begin, order.ops.end(), less))
                std::sort(order.ops.begin() + begin, order.ops.end(), less);
            if (order.ops.size() > begin)
                runEnds.push_back(order.ops.size());
        }
        std::vector<std::uint32_t> merged(runEnds.size() > 1 ? order.ops.size() : 0);
        while (runEnds.size() > 1) {
            std::vector<std::size_t> mergedEnds;
            std::size_t begin = 0;
            for (std::size_t k = 0; k < runEnds.size(); k += 2) {
                const std::size_t middle = runEnds[k];
                const std::size_t end = k + 1 < runEnds.size() ? runEnds[k + 1] : middle;
                std::merge(order.ops.begin() + begin, order.ops.begin() + middle, order.ops.begin() + middle,
                    order.ops.begin() + end, merged.begin() + begin, less);
                mergedEnds.push_back(end);
                begin = end;
            }
            order.ops.swap(merged);
            runEnds.swap(mergedEnds);
        }
        const auto n = static_cast<std::uint32_t>(order.ops.size());
        order.other.resize(n);
        if (skip == OpOrder::Skip::Backward) {
            for (std::uint32_t i = 0; i < n; ++i) {
                if (i == 0)
                    order.other[i] = kNone;
                else
                    order.other[i] = trackOf(order.ops[i - 1]) != trackOf(order.ops[i]) ? i - 1 : order.other[i - 1];
            }
        } else {
            for (std::uint32_t i = n; i-- > 0;) {
                if (i + 1 == n)
                    order.other[i] = n;
                else
                    order.other[i] = trackOf(order.ops[i + 1]) != trackOf(order.ops[i]) ? i + 1 : order.other[i + 1];
            }
        }
        return order;
    }

    // The op at the last position before limit of a Backward order that is not on track skip, or kNone.
    static std::uint32_t lastOther(const OpOrder& order, std::size_t limit, std::uint32_t skip, const Builder& b)
    {
        if (limit == 0)
            return kNone;
        std::uint32_t p = static_cast<std::uint32_t>(limit - 1);
        if (b.trackOf(order.ops[p]) == skip)
            p = order.other[p];
        return p == kNone ? kNone : order.ops[p];
    }

    // Of two ops (or kNone), the one that ends later; the smaller id on a tie.
    std::uint32_t laterEnd(std::uint32_t a, std::uint32_t b) const
    {
        if (a == kNone)
            return b;
        if (b == kNone)
            return a;
        if (endOf(a) != endOf(b))
            return endOf(a) > endOf(b) ? a : b;
        return std::min(a, b);
    }

    // A node of the stabbing tree over a rank's host ops: the op that ends last in its range, and the
    // one that ends last among those of the range on another track than that one's.
    struct EndPair {
        std::uint32_t best = kNone;
        std::uint32_t other = kNone;
    };
    EndPair mergeEnds(EndPair a, EndPair b) const
    {
        if (a.best == kNone)
            return b;
        if (b.best == kNone)
            return a;
        if (endOf(b.best) > endOf(a.best))
            std::swap(a, b);
        // b's ops off a.best's track: b.other when both bests share a track, else b.best itself.
        return { a.best, laterEnd(a.other, trackOf(a.best) == trackOf(b.best) ? b.other : b.best) };
    }
    // The last position below limit in node's range [lo, hi) whose op ends after at on another track
    // than own, or kNone. A node passes only when such an op lies in its range, so the descent leaves
    // the path to limit at most once, for good: O(log n).
    std::uint32_t lastRunning(const std::vector<EndPair>& tree, std::size_t node, std::size_t lo, std::size_t hi,
        std::size_t limit, TimeNs at, std::uint32_t own) const
    {
        if (lo >= limit)
            return kNone;
        const EndPair& e = tree[node];
        const bool holds = (e.best != kNone && endOf(e.best) > at && trackOf(e.best) != own)
            || (e.other != kNone && endOf(e.other) > at);
        if (!holds)
            return kNone;
        if (hi - lo == 1)
            return static_cast<std::uint32_t>(lo);
        const std::size_t mid = lo + (hi - lo) / 2;
        const std::uint32_t right = lastRunning(tree, 2 * node + 1, mid, hi, limit, at, own);
        return right != kNone ? right : lastRunning(tree, 2 * node, lo, mid, limit, at, own);
    }

    // Threads that wake threads: the autograd engine's thread sits idle until the main thread calls
    // backward, and the main thread sits blocked until the engine is done. An op that begins after its
    // thread sat idle depends on the latest thing another host thread of the rank did in that
    // stretch: an op that ended (end to start) or began (start to start) before it. The innermost op
    // still running on another thread then ends after the last op of the burst within it (join).
    //
    // Per rank, O((n + q) log n) for n host ops and q idle starts: the rank's host ops sorted by start
    // and by end answer "the latest start (end) before at off the own thread" by binary search; a tree
    // over the start order finds the op with the latest start still running at `at` off the own
    // thread; the joins are answered offline in order of their bound, with ops entered into a range
    // maximum tree as their ends pass it. Ties go where a scan of the threads in track order, and of
    // each thread's ops in order, would find them first: to the smaller op id.
    void crossThreadWakes(const RankInfo& rank, std::span<const std::pair<std::uint32_t, TimeNs>> idle)
    {
        if (idle.empty())
            return;
        std::vector<std::uint32_t> threads;
        for (std::uint32_t tr = rank.firstTrack; tr < rank.firstTrack + rank.trackCount; ++tr) {
            const TrackInfo& info = t.trackInfo(TrackId(tr));
            if (info.kind == TrackKind::CpuThread && info.opCount > 0)
                threads.push_back(tr);
        }
        // Without another thread there is nothing to wait for.
        if (threads.size() < 2)
            return;
        // Equal instants: the smaller op id last, so that the last position before a bound holds it.
        const OpOrder byStart = orderOps(
            threads,
            [this](std::uint32_t a, std::uint32_t b) {
                return startOf(a) != startOf(b) ? startOf(a) < startOf(b) : a > b;
            },
            OpOrder::Skip::Backward);
        const OpOrder byEnd = orderOps(
            threads,
            [this](std::uint32_t a, std::uint32_t b) { return endOf(a) != endOf(b) ? endOf(a) < endOf(b) : a > b; },
            OpOrder::Skip::Backward);
        const std::size_t n = byStart.ops.size();
        std::size_t leaves = 1;
        while (leaves < n)
            leaves *= 2;
        std::vector<EndPair> tree(2 * leaves);
        for (std::size_t i = 0; i < n; ++i)
            tree[leaves + i].best = byStart.ops[i];
        for (std::size_t node = leaves; node-- > 1;)
            tree[node] = mergeEnds(tree[2 * node], tree[2 * node + 1]);

        struct Join {
            std::uint32_t op; // the idle start
            std::uint32_t limit; // the first op of its thread starting at or after until
            TimeNs until; // the end of the op running on another thread
            std::uint32_t running;
        };
        std::vector<Join> joins;
        for (const auto& [op, idleSince] : idle) {
            const TimeNs at = startOf(op);
            const std::uint32_t own = trackOf(op);
            const std::size_t startsBefore
                = static_cast<std::size_t>(std::partition_point(byStart.ops.begin(), byStart.ops.end(),
                                               [&](std::uint32_t x) { return startOf(x) < at; })
                    - byStart.ops.begin());
            const std::size_t endsBefore = static_cast<std::size_t>(
                std::partition_point(byEnd.ops.begin(), byEnd.ops.end(), [&](std::uint32_t x) { return endOf(x) < at; })
                - byEnd.ops.begin());
            // Each op offers its end when it ended before at, else its start. The latest start before
            // at stands for itself or is matched by its op's own end (an op that ended before at
            // cannot start later than the latest end), so the latest of both lists picks the same op.
            std::uint32_t began = lastOther(byStart, startsBefore, own, *this);
            std::uint32_t ended = lastOther(byEnd, endsBefore, own, *this);
            if (began != kNone && startOf(began) <= idleSince)
                began = kNone;
            if (ended != kNone && endOf(ended) <= idleSince)
                ended = kNone;
            std::uint32_t waker = began != kNone ? began : ended;
            if (began != kNone && ended != kNone) {
                if (endOf(ended) != startOf(began))
                    waker = endOf(ended) > startOf(began) ? ended : began;
                else
                    waker = std::min(began, ended);
            }
            if (waker != kNone)
                add(waker, op, EdgeKind::Wake, endOf(waker) < at ? EdgeRef::EndToStart : EdgeRef::StartToStart);
            const std::uint32_t position = lastRunning(tree, 1, 0, leaves, startsBefore, at, own);
            if (position == kNone)
                continue;
            const std::uint32_t running = byStart.ops[position];
            const TrackInfo& track = t.trackInfo(TrackId(own));
            joins.push_back({ op, firstStartingFrom(track, endOf(running), false), endOf(running), running });
        }
        if (joins.empty())
            return;
        // The innermost op another thread is running (a call that blocks, such as backward) ends
        // after the last op of the burst that ends within it: the op of [op, limit) that ends last
        // before until. Ops enter a range-maximum tree over the rank's host op ids in end order.
        std::sort(joins.begin(), joins.end(), [](const Join& a, const Join& b) { return a.until < b.until; });
        const std::uint32_t base = t.trackInfo(TrackId(threads.front())).firstOp;
        const TrackInfo& lastThread = t.trackInfo(TrackId(threads.back()));
        const std::size_t span = lastThread.firstOp + lastThread.opCount - base;
        std::vector<std::uint32_t> ends(2 * span, kNone);
        std::size_t entered = 0;
        for (const Join& j : joins) {
            for (; entered < byEnd.ops.size() && endOf(byEnd.ops[entered]) < j.until; ++entered) {
                std::size_t node = span + byEnd.ops[entered] - base;
                ends[node] = byEnd.ops[entered];
                for (node /= 2; node >= 1; node /= 2)
                    ends[node] = laterEnd(ends[2 * node], ends[2 * node + 1]);
            }
            std::uint32_t lastOp = kNone;
            for (std::size_t lo = span + j.op - base, hi = span + j.limit - base; lo < hi; lo /= 2, hi /= 2) {
                if (lo & 1)
                    lastOp = laterEnd(lastOp, ends[lo++]);
                if (hi & 1)
                    lastOp = laterEnd(lastOp, ends[--hi]);
            }
            if (lastOp != kNone)
                add(lastOp, j.running, EdgeKind::Join, EdgeRef::EndToEnd);
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

    // The GPU ops of the rank being inferred, by start and by end, made on first use and dropped with
    // the rank.
    std::vector<std::uint32_t> gpuTracks;
    OpOrder gpuByStart, gpuByEnd;
    bool gpuByStartMade = false, gpuByEndMade = false;

    // The op on a GPU track of the rank with the latest end at or before time, excluding track skip;
    // on a tie, the one on the smaller track, then the later op. O(log n).
    std::uint32_t lastEndingBefore(TimeNs time, std::uint32_t skipTrack)
    {
        if (!gpuByEndMade) {
            gpuByEnd = orderOps(
                gpuTracks,
                [this](std::uint32_t a, std::uint32_t b) {
                    if (endOf(a) != endOf(b))
                        return endOf(a) < endOf(b);
                    return trackOf(a) != trackOf(b) ? trackOf(a) > trackOf(b) : a < b;
                },
                OpOrder::Skip::Backward);
            gpuByEndMade = true;
        }
        const auto limit = static_cast<std::size_t>(std::partition_point(gpuByEnd.ops.begin(), gpuByEnd.ops.end(),
                                                        [&](std::uint32_t x) { return endOf(x) <= time; })
            - gpuByEnd.ops.begin());
        return lastOther(gpuByEnd, limit, skipTrack, *this);
    }

    // The first op on another GPU track of the rank starting in [time, time + window); on a tie, the
    // smaller op id. O(log n).
    std::uint32_t firstStartingAfter(TimeNs time, TimeNs window, std::uint32_t skipTrack)
    {
        if (!gpuByStartMade) {
            gpuByStart = orderOps(
                gpuTracks,
                [this](std::uint32_t a, std::uint32_t b) {
                    return startOf(a) != startOf(b) ? startOf(a) < startOf(b) : a < b;
                },
                OpOrder::Skip::Forward);
            gpuByStartMade = true;
        }
        const auto n = static_cast<std::uint32_t>(gpuByStart.ops.size());
        auto p = static_cast<std::uint32_t>(std::partition_point(gpuByStart.ops.begin(), gpuByStart.ops.end(),
                                                [&](std::uint32_t x) { return startOf(x) < time; })
            - gpuByStart.ops.begin());
        if (p < n && trackOf(gpuByStart.ops[p]) == skipTrack)
            p = gpuByStart.other[p];
        if (p >= n || startOf(gpuByStart.ops[p]) >= CheckedMath::saturatingAdd(time, window))
            return kNone;
        return gpuByStart.ops[p];
    }

    // Inference within one rank: wakes across its host threads, host waits on its GPU work, and the
    // producers and consumers of its GPU communication.
    void inferWithin(const RankInfo& rank, std::span<const std::pair<std::uint32_t, TimeNs>> idle)
    {
        crossThreadWakes(rank, idle);
        gpuTracks.clear();
        for (std::uint32_t tr = rank.firstTrack; tr < rank.firstTrack + rank.trackCount; ++tr) {
            if (isGpuTrack(t.trackInfo(TrackId(tr)).kind))
                gpuTracks.push_back(tr);
        }
        gpuByStartMade = gpuByEndMade = false;
        for (std::uint32_t tr = rank.firstTrack; tr < rank.firstTrack + rank.trackCount; ++tr) {
            const TrackInfo& track = t.trackInfo(TrackId(tr));
            for (std::uint32_t op = track.firstOp; op < track.firstOp + track.opCount; ++op) {
                if (isGpuTrack(track.kind)) {
                    producersAndConsumers(op, tr);
                    stagedCopyProducer(op, tr);
                } else
                    synchronisation(op);
            }
        }
        gpuByStart = {};
        gpuByEnd = {};
    }

    // A host call that waits for the device waits for the GPU op that ended last before it returned.
    void synchronisation(std::uint32_t op)
    {
        const OpKind k = t.kind(OpId(op));
        const StringId name = t.name(OpId(op));
        if (k != OpKind::Sync && !(cudaMemcpy.isValid() && name == cudaMemcpy)
            && !(hipMemcpy.isValid() && name == hipMemcpy))
            return;
        const std::uint32_t waited = lastEndingBefore(t.end(OpId(op)), kNone);
        if (waited != kNone && t.end(OpId(waited)) > t.start(OpId(op)))
            add(waited, op, EdgeKind::Sync, EdgeRef::EndToEnd);
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
            case LinkKind::Encloses:
                // As nesting on one thread: the span starts before what it covers and ends after it (a
                // link the measured times contradict says nothing).
                if (t.start(l.to) < t.start(l.from) || t.end(l.to) > t.end(l.from))
                    break;
                add(l.from.value(), l.to.value(), EdgeKind::Nest, EdgeRef::StartToStart);
                add(l.to.value(), l.from.value(), EdgeKind::NestEnd, EdgeRef::EndToEnd);
                break;
            }
        }
    }

    // A span a device stream records around its work (Kineto's gpu_user_annotation) does no work of its
    // own: it begins when the first op it covers is launched, not only after the stream's previous op
    // by the measured gap, which on an idle stream is how late the host launched that op. Without the
    // launch, a what-if that sped the host up kept a communication stream's spans, and the kernels in
    // them, where they were measured.
    void annotationLaunches()
    {
        // Each span on a device stream and the first op it covers that is not a span itself: few, so
        // the launches are looked up for them alone.
        std::vector<std::pair<std::uint32_t, std::uint32_t>> covering; // (covered op, span), by covered op
        for (const TrackInfo& track : t.tracks()) {
            if (!isGpuTrack(track.kind))
                continue;
            const std::uint32_t last = track.firstOp + track.opCount;
            for (std::uint32_t op = track.firstOp; op < last; ++op) {
                if (t.kind(OpId(op)) != OpKind::Annotation)
                    continue;
                std::uint32_t covered = op + 1;
                while (covered < last && t.start(OpId(covered)) < t.end(OpId(op))
                    && t.kind(OpId(covered)) == OpKind::Annotation)
                    ++covered;
                if (covered < last && t.start(OpId(covered)) < t.end(OpId(op)))
                    covering.emplace_back(covered, op);
            }
        }
        if (covering.empty())
            return;
        std::sort(covering.begin(), covering.end());
        std::vector<std::uint8_t> launched(covering.size(), 0);
        for (const Link& l : t.links()) {
            if (l.kind != LinkKind::Launch)
                continue;
            auto it = std::lower_bound(covering.begin(), covering.end(), std::pair { l.to.value(), std::uint32_t(0) });
            for (; it != covering.end() && it->first == l.to.value(); ++it) {
                std::uint8_t& once = launched[static_cast<std::size_t>(it - covering.begin())];
                if (!once)
                    add(l.from.value(), it->second, EdgeKind::Launch, EdgeRef::StartToStart);
                once = 1;
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
                std::to_string(count)
                    + " cudaStreamWaitEvent calls do not say which stream and event they wait for (the profiler "
                      "records that with CUDA sync events on); cross-stream waits are inferred from the measured "
                      "times" });
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
        // A job of one process group names it; CPU-side ops without a group of their own belong to it,
        // or to the job's default group where the trace names none (gloo runs a collective on whichever
        // worker thread is free, so threads do not identify it).
        std::set<std::string_view> groupNames;
        for (const ProcessGroup& pg : t.processGroups())
            groupNames.insert(t.string(pg.name));
        const std::string onlyGroup = groupNames.size() == 1 ? "pg " + std::string(*groupNames.begin()) : std::string();
        std::vector<std::uint32_t> lastOnTrack(t.tracks().size(), kNone);
        for (std::uint32_t op = 0; op < t.opCount(); ++op) {
            const OpKind k = t.kind(OpId(op));
            // Waiters: synchronisation that an importer placed in a collective's group.
            const bool waiter = DependencyGraph::isWaiter(t, OpId(op)) && t.commArgs(OpId(op)) != nullptr;
            if (k != OpKind::Collective && !waiter)
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
            else if (!gpu)
                key = onlyGroup.empty() ? std::string("default group") : onlyGroup;
            else
                key = std::string(gpu ? "stream " : "thread ") + std::to_string(track.tid);
            std::uint32_t& last = lastOnTrack[t.track(OpId(op)).value()];
            if (!gpu && last != kNone && t.end(OpId(last)) >= t.end(OpId(op)))
                continue;
            if (!gpu)
                last = op;
            groups[key][rank].push_back(op);
        }
        // CPU-side ops of several threads: in start order, and where gloo's worker threads record the
        // collectives, those alone (the c10d:: calls beside them only hand the work over).
        for (auto& [key, perRank] : groups) {
            for (auto& [rank, ops] : perRank) {
                if (hasGpuComm[rank])
                    continue;
                const bool gloo = std::any_of(ops.begin(), ops.end(), [&](std::uint32_t op) { return t.string(t.name(OpId(op))).starts_with("gloo:"); });
                if (gloo)
                    std::erase_if(ops, [&](std::uint32_t op) { return !t.string(t.name(OpId(op))).starts_with("gloo:"); });
                std::stable_sort(ops.begin(), ops.end(), [&](std::uint32_t a, std::uint32_t b) { return t.start(OpId(a)) < t.start(OpId(b)); });
            }
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
            const bool moves = std::any_of(perRank.begin(), perRank.end(), [&](const auto& ranked) {
                return std::any_of(ranked.second.begin(), ranked.second.end(),
                    [&](std::uint32_t op) { return !DependencyGraph::isWaiter(t, OpId(op)); });
            });
            if (!moves) {
                lint.push_back({ GraphLint::Code::MissingParticipant, OpId(perRank.begin()->second.front()),
                    "group " + key
                        + ": its ops only wait for a transfer that is not in the trace, so they keep their measured "
                          "durations" });
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
                    const std::string_view name
                        = args && args->collective.isValid() ? t.string(args->collective) : t.string(t.name(op));
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
    // of a two-rank job; -1 when the trace does not say. A member too large for an int32 is no rank
    // (-1), but still a member.
    int peerOf(OpId op) const
    {
        const int self = t.rankInfo(t.rank(op)).rank;
        const CommArgs* args = t.commArgs(op);
        if (args && args->groupRanks.isValid()) {
            constexpr std::int64_t kTooLarge = std::int64_t(INT32_MAX) + 1;
            std::vector<int> members;
            std::int64_t value = -1;
            for (char ch : t.string(args->groupRanks)) {
                if (ch >= '0' && ch <= '9') {
                    // Held at kTooLarge once past the int32 range, so the sum never overflows.
                    value = std::min(kTooLarge, (value < 0 ? 0 : value * 10) + (ch - '0'));
                } else if (value >= 0) {
                    members.push_back(value < kTooLarge ? static_cast<int>(value) : -1);
                    value = -1;
                }
            }
            if (value >= 0)
                members.push_back(value < kTooLarge ? static_cast<int>(value) : -1);
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
        std::map<std::tuple<std::string, int, int>, std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>>>
            pairs;
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
            const std::string group
                = args && args->processGroup.isValid() ? std::string(t.string(args->processGroup)) : std::string();
            const int self = t.rankInfo(t.rank(OpId(op))).rank;
            auto& entry = k == OpKind::Send ? pairs[{ group, self, peer }].first : pairs[{ group, peer, self }].second;
            entry.push_back(op);
        }
        if (unknownPeer > 0) {
            lint.push_back({ GraphLint::Code::UnmatchedSendRecv, firstUnknown,
                std::to_string(unknownPeer)
                    + " sends or receives do not say their peer; their measured durations are kept" });
        }
        for (const auto& [key, lists] : pairs) {
            const auto& [group, from, to] = key;
            const auto& [sends, recvs] = lists;
            const std::string name = "p2p " + (group.empty() ? std::string() : group + " ") + std::to_string(from)
                + "->" + std::to_string(to);
            if (sends.size() != recvs.size()) {
                lint.push_back(
                    { GraphLint::Code::UnmatchedSendRecv, OpId(sends.empty() ? recvs.front() : sends.front()),
                        name + ": " + std::to_string(sends.size()) + " sends and " + std::to_string(recvs.size())
                            + " receives; the first " + std::to_string(std::min(sends.size(), recvs.size()))
                            + " are paired in order" });
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

    struct StagedCopy {
        TimeNs launched; // the launch call's start
        std::uint32_t copy;
        auto operator<=>(const StagedCopy&) const = default;
    };
    using StagedCopies = std::map<std::pair<std::uint32_t, std::int64_t>, std::deque<StagedCopy>>;
    std::optional<StagedCopies> stagedCopiesFound; // copiesToHost's, found once
    // Device-to-host copies launched inside a host collective call, by rank and size, in launch order;
    // found on first use.
    StagedCopies& copiesToHost()
    {
        if (!stagedCopiesFound)
            stagedCopiesFound = findCopiesToHost();
        return *stagedCopiesFound;
    }
    StagedCopies findCopiesToHost() const
    {
        std::vector<StagedCopy> launched;
        for (const Link& l : t.links()) {
            if (l.kind != LinkKind::Launch || t.kind(l.to) != OpKind::Memcpy
                || t.string(t.name(l.to)).find("DtoH") == std::string_view::npos
                || isGpuTrack(t.trackInfo(t.track(l.from)).kind))
                continue;
            const TimeNs from = t.start(l.from), to = t.end(l.from);
            bool inCollective = false;
            t.forEachOverlapping(t.track(l.from), from, std::max(to, from + 1), [&](OpId around) {
                inCollective = inCollective || (t.kind(around) == OpKind::Collective && t.start(around) <= from && t.end(around) >= to);
            });
            if (inCollective)
                launched.push_back({ from, l.to.value() });
        }
        std::sort(launched.begin(), launched.end());
        StagedCopies staged;
        for (const StagedCopy& c : launched)
            staged[{ t.rank(OpId(c.copy)).value(), t.bytes(OpId(c.copy)) }].push_back(c);
        return staged;
    }

    // gloo runs the collective of a GPU tensor on host memory. The calling thread's collective op
    // launches a copy of the tensor to pinned host memory and hands the work over; the gloo worker thread
    // that takes it (its span opens at the hand-over, often long before) waits for that copy before it
    // sends anything. Each worker op is matched to its rank's copies by size, first come first served,
    // and the copy then releases the logical collective's transfer. A copy launched after the worker op
    // began, or ending after it ended, is not its copy: such a worker op gets no edge. Once the transfer
    // is done, the worker op copies the result back to the device (resultCopy), which waits for it.
    void stagingCopies()
    {
        std::vector<std::tuple<TimeNs, std::uint32_t, std::uint32_t>> workers; // start, op, collective vertex
        for (std::size_t c = 0; c < collectives.size(); ++c) {
            for (OpId p : collectives[c].participants) {
                if (t.trackInfo(t.track(p)).kind == TrackKind::CpuThread && t.string(t.name(p)).starts_with("gloo:"))
                    workers.emplace_back(t.start(p), p.value(), static_cast<std::uint32_t>(t.opCount() + c));
            }
        }
        if (workers.empty())
            return;
        // The last use: the copies are taken as they are matched.
        StagedCopies& copies = copiesToHost();
        if (copies.empty())
            return;
        std::sort(workers.begin(), workers.end());
        std::vector<StagedWorker> staged;
        for (const auto& [start, op, vertex] : workers) {
            const auto it = copies.find({ t.rank(OpId(op)).value(), t.bytes(OpId(op)) });
            if (it == copies.end() || it->second.empty())
                continue;
            const StagedCopy c = it->second.front();
            if (c.launched > start || t.end(OpId(c.copy)) > t.end(OpId(op)))
                continue;
            it->second.pop_front();
            add(c.copy, vertex, EdgeKind::Staging, EdgeRef::EndToStart);
            staged.push_back({ vertex, op, t.end(OpId(c.copy)) });
        }
        resultCopies(staged);
    }

    // A worker op whose staging copy was found, and when that copy ended.
    struct StagedWorker {
        std::uint32_t vertex;
        std::uint32_t op;
        TimeNs copied;
    };

    // The first op a gloo worker op holds after the transfer: nested in it, starting once its staging
    // copy ended, and neither a wait (the synchronisation on that copy) nor inside one. The untraced
    // stretch before it is the transfer; kNone where the worker op holds no such op.
    std::uint32_t resultCopy(std::uint32_t op, TimeNs copied) const
    {
        const TrackInfo& track = t.trackInfo(t.track(OpId(op)));
        const std::uint32_t last = track.firstOp + track.opCount;
        const TimeNs end = t.end(OpId(op));
        TimeNs waited = std::numeric_limits<TimeNs>::min(); // the end of the waits seen so far
        for (std::uint32_t k = op + 1; k < last && t.start(OpId(k)) < end; ++k) {
            if (t.end(OpId(k)) > end)
                break;
            if (t.kind(OpId(k)) == OpKind::Sync) {
                waited = std::max(waited, t.end(OpId(k)));
                continue;
            }
            if (t.start(OpId(k)) >= copied && t.start(OpId(k)) >= waited)
                return k;
        }
        return kNone;
    }

    // The transfer releases the op that copies its result back on each rank (resultCopy), where that op
    // started after every rank's part had arrived; without the edge, the copy back kept its measured
    // delay after the wait before it, which held the measured transfer, whatever the transfer became.
    void resultCopies(const std::vector<StagedWorker>& staged)
    {
        std::map<std::uint32_t, TimeNs> arrived; // per collective vertex: its last arrival
        for (const StagedWorker& w : staged) {
            TimeNs& last = arrived.try_emplace(w.vertex, std::numeric_limits<TimeNs>::min()).first->second;
            last = std::max({ last, w.copied, t.start(OpId(w.op)) });
        }
        for (const StagedWorker& w : staged) {
            const std::uint32_t result = resultCopy(w.op, w.copied);
            if (result != kNone && t.start(OpId(result)) >= arrived[w.vertex])
                add(w.vertex, result, EdgeKind::CollectiveToOptimizer, EdgeRef::EndToStart);
        }
    }

    // Device-to-host copies that stage a host collective's bytes (copiesToHost), marked before the
    // ranks are inferred where the trace records no stream waits; empty otherwise.
    std::vector<std::uint8_t> stagedCopies;
    void markStagedCopies()
    {
        if (hasStreamWaits)
            return;
        for (const auto& [key, copies] : copiesToHost()) {
            for (const StagedCopy& c : copies) {
                if (stagedCopies.empty())
                    stagedCopies.assign(t.opCount(), 0);
                stagedCopies[c.copy] = 1;
            }
        }
    }

    // A copy that stages a host collective's bytes (gloo's) copies a gradient that the device made on
    // another stream, after a stream wait the trace does not resolve: it waits for the op that ended
    // last on another of its rank's streams before it started, as device communication does. Without
    // that, its place was the measured delay after its launch alone, and work repeated or moved before
    // the gradient (accumulation's micro-batches) left the copy, and the all-reduce, before it.
    void stagedCopyProducer(std::uint32_t op, std::uint32_t track)
    {
        if (stagedCopies.empty() || !stagedCopies[op])
            return;
        const std::uint32_t producer = lastEndingBefore(t.start(OpId(op)), track);
        if (producer != kNone)
            add(producer, op, EdgeKind::GradientToCollective, EdgeRef::EndToStart);
    }

    // Data dependencies around GPU communication: the compute op that produced the data (the last to
    // end on another stream before the collective starts) and the op that consumes the result (one
    // starting on another stream right after it ends).
    void producersAndConsumers(std::uint32_t op, std::uint32_t track)
    {
        if (!isCommunication(t.kind(OpId(op))))
            return;
        const std::uint32_t producer = lastEndingBefore(t.start(OpId(op)), track);
        if (producer != kNone && !isCommunication(t.kind(OpId(producer))))
            add(producer, op, EdgeKind::GradientToCollective, EdgeRef::EndToStart);
        const std::uint32_t consumer = firstStartingAfter(t.end(OpId(op)), kConsumerWindow, track);
        if (consumer != kNone && !isCommunication(t.kind(OpId(consumer))))
            add(op, consumer, EdgeKind::CollectiveToOptimizer, EdgeRef::EndToStart);
    }
};

// Instants of the graph: vertex v starts at 2v and ends at 2v + 1 (build keeps vertices below 2^31, so
// these fit 32 bits). An EndToStart edge ties end(from) to start(to), StartToStart start(from) to
// start(to), EndToEnd end(from) to end(to), and every vertex's start precedes its end.
std::uint32_t targetInstant(const DependencyGraph& g, std::uint32_t e)
{
    return 2 * g.target(e) + (g.ref(e) == EdgeRef::EndToEnd ? 1 : 0);
}

// "name" (rank R) for an op, "name" (collective in group) for a logical collective.
std::string describeVertex(const DependencyGraph& g, std::uint32_t v)
{
    const Trace& t = g.trace();
    if (g.isCollectiveVertex(v))
        return "\"" + std::string(t.string(g.collective(v).name)) + "\" (collective in " + g.collective(v).group + ")";
    return "\"" + std::string(t.string(t.name(OpId(v)))) + "\" (rank "
        + std::to_string(t.rankInfo(t.rank(OpId(v))).rank) + ")";
}

// Kahn's algorithm over the instants, O(V + E): fails with DependencyCycle, against the source file of
// a rank in the cycle, naming the cycle's first few waits. The order taken is last in first out, which
// follows one track's chain while it is in cache. pending is scratch space; its capacity is reused.
Status checkAcyclic(const DependencyGraph& g, std::vector<std::uint32_t>& pending)
{
    constexpr std::uint32_t kResolved = 0xFFFFFFFFu;
    const std::size_t instants = 2 * static_cast<std::size_t>(g.vertexCount());
    // Dependencies an instant still waits for, counted from the in-edges so that the writes are in
    // order; kResolved once the instant is taken.
    pending.resize(instants);
    for (std::uint32_t v = 0; v < g.vertexCount(); ++v) {
        std::uint32_t toStart = 0, toEnd = 1;
        for (std::uint32_t slot = g.inBegin(v); slot < g.inBegin(v + 1); ++slot) {
            if (g.ref(g.inEdge(slot)) == EdgeRef::EndToEnd)
                ++toEnd;
            else
                ++toStart;
        }
        pending[2 * std::size_t(v)] = toStart;
        pending[2 * std::size_t(v) + 1] = toEnd;
    }
    std::vector<std::uint32_t> ready;
    std::size_t resolved = 0;
    auto release = [&](std::uint32_t y) {
        if (--pending[y] == 0) {
            pending[y] = kResolved;
            ready.push_back(y);
        }
    };
    for (std::size_t i = 0; i < instants; ++i) {
        if (pending[i] != 0)
            continue;
        pending[i] = kResolved;
        ready.push_back(static_cast<std::uint32_t>(i));
        while (!ready.empty()) {
            const std::uint32_t x = ready.back();
            ready.pop_back();
            ++resolved;
            const std::uint32_t v = x / 2;
            if (x % 2 == 0 && --pending[x + 1] == 0) {
                // The end waited only for this start (the usual case): both are taken in one pass
                // over the out-edges.
                pending[x + 1] = kResolved;
                ++resolved;
                for (std::uint32_t e = g.outBegin(v); e < g.outBegin(v + 1); ++e)
                    release(targetInstant(g, e));
            } else {
                const bool fromStart = x % 2 == 0;
                for (std::uint32_t e = g.outBegin(v); e < g.outBegin(v + 1); ++e) {
                    if ((g.ref(e) == EdgeRef::StartToStart) == fromStart)
                        release(targetInstant(g, e));
                }
            }
        }
    }
    if (resolved == instants)
        return {};

    // Every instant left waits for another one left: walking back along them must repeat, and the
    // stretch from the repeat on is a cycle.
    constexpr std::uint32_t kOwnStart = 0xFFFFFFFFu; // the step from a vertex's end back to its start
    std::vector<std::uint32_t> seenAt(instants, kNone);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> path; // instant, and the edge to the one it waits for
    std::uint32_t x = 0;
    while (pending[x] == kResolved)
        ++x;
    while (seenAt[x] == kNone) {
        seenAt[x] = static_cast<std::uint32_t>(path.size());
        const std::uint32_t v = x / 2;
        std::uint32_t next = kNone, edge = kOwnStart;
        if (x % 2 == 1 && pending[x - 1] != kResolved) {
            next = x - 1;
        } else {
            for (std::uint32_t slot = g.inBegin(v); slot < g.inBegin(v + 1) && next == kNone; ++slot) {
                const std::uint32_t e = g.inEdge(slot);
                const EdgeRef ref = g.ref(e);
                if ((x % 2 == 1) != (ref == EdgeRef::EndToEnd))
                    continue;
                const std::uint32_t source = 2 * g.inSource(slot) + (ref == EdgeRef::StartToStart ? 0 : 1);
                if (pending[source] != kResolved) {
                    next = source;
                    edge = e;
                }
            }
        }
        path.emplace_back(x, edge);
        x = next;
    }
    const std::span<const std::pair<std::uint32_t, std::uint32_t>> cycle(path.begin() + seenAt[x], path.end());
    constexpr std::size_t kShownWaits = 6;
    std::string detail = describeVertex(g, cycle.front().first / 2);
    std::size_t waits = 0;
    std::uint32_t opInCycle = kNone;
    for (std::size_t i = 0; i < cycle.size(); ++i) {
        const std::uint32_t v = cycle[i].first / 2;
        if (opInCycle == kNone && !g.isCollectiveVertex(v))
            opInCycle = v;
        if (cycle[i].second == kOwnStart)
            continue;
        if (waits++ < kShownWaits) {
            detail += " waits (" + std::string(edgeKindName(g.kind(cycle[i].second))) + ") for "
                + describeVertex(g, cycle[(i + 1) % cycle.size()].first / 2);
        }
    }
    if (waits > kShownWaits)
        detail += " and so on, " + std::to_string(waits) + " waits in all";
    std::string file;
    if (opInCycle != kNone)
        file = std::string(g.trace().string(g.trace().rankInfo(g.trace().rank(OpId(opInCycle))).sourceFile));
    return Status::error(ErrorCode::DependencyCycle, std::move(file), -1, "the dependencies form a cycle: " + detail);
}

} // namespace

std::string_view edgeKindName(EdgeKind kind)
{
    switch (kind) {
    case EdgeKind::Program:
        return "program";
    case EdgeKind::Launch:
        return "launch";
    case EdgeKind::Sync:
        return "sync";
    case EdgeKind::StreamWait:
        return "stream_wait";
    case EdgeKind::Nest:
        return "nest";
    case EdgeKind::NestEnd:
        return "nest_end";
    case EdgeKind::ForwardBackward:
        return "fwdbwd";
    case EdgeKind::Flow:
        return "flow";
    case EdgeKind::GradientToCollective:
        return "producer";
    case EdgeKind::CollectiveToOptimizer:
        return "consumer";
    case EdgeKind::Explicit:
        return "explicit";
    case EdgeKind::Arrive:
        return "arrive";
    case EdgeKind::Release:
        return "release";
    case EdgeKind::Wake:
        return "wake";
    case EdgeKind::Join:
        return "join";
    case EdgeKind::Staging:
        return "staging";
    case EdgeKind::Window:
        return "window";
    case EdgeKind::Count:
        break;
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
    b.edges.reserve(t.opCount() * 3);
    b.info.reserve(t.opCount() * 3);
    for (const TrackInfo& track : t.tracks())
        b.programOrder(track);
    if (cancel && cancel->isCancelled())
        return Status::cancelled();
    b.recordedLinks();
    b.annotationLaunches();
    b.unresolvedWaits();
    // A format that records its dependencies (layer-wise DAGs) is authoritative: infer nothing more.
    if (!b.hasExplicitDependencies) {
        b.markStagedCopies();
        // Idle starts come in op order, so each rank's are one stretch.
        std::span<const std::pair<std::uint32_t, TimeNs>> idle(b.idleStarts);
        for (std::uint32_t r = 0; r < t.ranks().size(); ++r) {
            std::size_t count = 0;
            while (count < idle.size() && t.rank(OpId(idle[count].first)).value() == r)
                ++count;
            b.inferWithin(t.rankInfo(RankId(r)), idle.first(count));
            idle = idle.subspan(count);
            if (cancel && cancel->isCancelled())
                return Status::cancelled();
        }
    }
    b.collectivesAcrossRanks(options.joinCollectives);
    b.pointToPoint(options.joinCollectives);
    b.stagingCopies();
    if (cancel && cancel->isCancelled())
        return Status::cancelled();
    // Vertex and edge ids are 32-bit, and the instants (two per vertex, here and in the replayer) need
    // one bit more: a job that does not fit is refused, not wrapped.
    constexpr std::size_t kMaxVertices = std::size_t(1) << 31;
    if (t.opCount() + b.collectives.size() >= kMaxVertices || b.edges.size() >= kNone) {
        return Status::error(ErrorCode::TooLarge,
            t.ranks().empty() ? std::string() : std::string(t.string(t.rankInfo(RankId(0)).sourceFile)), -1,
            std::to_string(t.opCount() + b.collectives.size()) + " vertices and " + std::to_string(b.edges.size())
                + " edges exceed the graph's 32-bit ids");
    }

    // Parallel edges that tie the same instants add nothing: keep one, of the most specific kind
    // (later kinds in EdgeKind say more than program order). Edges are bucketed by source in two
    // linear passes; rows are short, so each is sorted on its own.
    const auto vertexTotal = static_cast<std::uint32_t>(t.opCount() + b.collectives.size());
    std::vector<std::uint32_t> rowStart(static_cast<std::size_t>(vertexTotal) + 1, 0);
    for (const auto& e : b.edges)
        ++rowStart[e.first + 1];
    for (std::uint32_t v = 0; v < vertexTotal; ++v)
        rowStart[v + 1] += rowStart[v];
    // The bucketing's scratch serves the cycle check after it (two counts per vertex): sized for both
    // now, the check finds most of its pages already mapped.
    std::vector<std::uint32_t> order;
    order.reserve(std::max(b.edges.size(), 2 * static_cast<std::size_t>(vertexTotal)));
    order.resize(b.edges.size());
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
    graph->m_storage = std::make_unique<Storage>(
        Storage { Csr(boost::edges_are_unsorted_multi_pass, edges.begin(), edges.end(), info.begin(), vertexTotal) });
    const Csr& g = graph->m_storage->graph;
    graph->m_outStart = g.m_forward.m_rowstart;
    graph->m_outTarget = g.m_forward.m_column;
    graph->m_outInfo = g.m_forward.m_edge_properties;
    graph->m_inStart = g.m_backward.m_rowstart;
    graph->m_inSource = g.m_backward.m_column;
    graph->m_inEdge = g.m_backward.m_edge_properties;
    if (cancel && cancel->isCancelled())
        return Status::cancelled();
    if (Status acyclic = checkAcyclic(*graph, order); !acyclic.ok())
        return acyclic;
    return std::shared_ptr<const DependencyGraph>(std::move(graph));
}

bool DependencyGraph::isWaiter(const Trace& trace, OpId participant)
{
    return trace.kind(participant) == OpKind::Sync;
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
