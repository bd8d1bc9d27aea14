// The dependency graph, the replayer, the critical path and clock alignment: hand-built jobs with known
// answers, and the real corpus (replay error per rank, alignment of the 8-rank DLRM job).

#include "core/align/clockalignment.h"
#include "core/analysis/criticalpath.h"
#include "core/analysis/rankactivity.h"
#include "core/analysis/steptimes.h"
#include "core/graph/dependencygraph.h"
#include "core/import/traceloader.h"
#include "core/replay/replayer.h"

#include "jobbuilder.h"
#include "opreplay.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace sightline;

namespace {

using GraphPtr = std::shared_ptr<const DependencyGraph>;

GraphPtr graphOf(const TracePtr& trace)
{
    auto g = DependencyGraph::build(trace);
    return g ? *g : nullptr;
}

bool hasEdge(const DependencyGraph& g, OpId from, OpId to, EdgeKind kind)
{
    for (std::uint32_t e = g.outBegin(from.value()); e < g.outBegin(from.value() + 1); ++e) {
        if (g.target(e) == to.value() && g.kind(e) == kind)
            return true;
    }
    return false;
}

// Two ranks, each: a step marker on its CPU thread enclosing a compute launch and a collective launch;
// a compute kernel and an all-reduce kernel on two streams.
struct TwoRankJob {
    TracePtr trace;
    OpId step[2], launch[2], commLaunch[2], kernel[2], allReduce[2], tailOp[2];
};

TwoRankJob twoRankJob()
{
    JobBuilder b;
    TwoRankJob j;
    // Rank 0 computes for 100 us, rank 1 for 150 us; the all-reduce starts after each and finishes
    // together at 260 us; a host op waits after it on each rank.
    const TimeNs us = 1000;
    for (int r = 0; r < 2; ++r) {
        const std::uint32_t rank = b.rank(r);
        const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1), gpu = b.track(rank, TrackKind::GpuStream, 7),
                            comm = b.track(rank, TrackKind::GpuStream, 20);
        j.step[r] = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, 300 * us);
        j.launch[r] = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 5 * us, 10 * us);
        j.commLaunch[r] = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 15 * us, 20 * us);
        j.tailOp[r] = b.op(cpu, "cudaDeviceSynchronize", OpKind::Sync, 25 * us, 262 * us);
        const TimeNs computeEnd = (r == 0 ? 112 : 162) * us;
        j.kernel[r] = b.op(gpu, "gemm", OpKind::ComputeKernel, 12 * us, computeEnd);
        j.allReduce[r] = b.op(comm, "ncclDevKernel_AllReduce_Sum_f32_RING_LL", OpKind::Collective, computeEnd + us, 260 * us);
    }
    for (int r = 0; r < 2; ++r) {
        b.link(j.launch[r], j.kernel[r], LinkKind::Launch);
        b.link(j.commLaunch[r], j.allReduce[r], LinkKind::Launch);
        b.step(static_cast<std::uint32_t>(r), 1, j.step[r]);
    }
    j.trace = b.finish();
    return j;
}

QString tracesDir()
{
    return QStringLiteral(SIGHTLINE_TRACES_DIR);
}

} // namespace

class TestReplay : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void graphEdges()
    {
        const TwoRankJob j = twoRankJob();
        const GraphPtr g = graphOf(j.trace);
        QVERIFY(g);
        for (int r = 0; r < 2; ++r) {
            QVERIFY(hasEdge(*g, j.launch[r], j.kernel[r], EdgeKind::Launch));
            QVERIFY(hasEdge(*g, j.step[r], j.launch[r], EdgeKind::Nest));
            QVERIFY(hasEdge(*g, j.launch[r], j.commLaunch[r], EdgeKind::Program));
            QVERIFY(hasEdge(*g, j.tailOp[r], j.step[r], EdgeKind::NestEnd));
            QVERIFY(hasEdge(*g, j.kernel[r], j.allReduce[r], EdgeKind::GradientToCollective));
            QVERIFY(hasEdge(*g, j.allReduce[r], j.tailOp[r], EdgeKind::Sync));
        }
        // One logical collective joins both all-reduces.
        QCOMPARE(g->collectives().size(), std::size_t(1));
        QCOMPARE(g->collectives()[0].participants.size(), std::size_t(2));
        QCOMPARE(g->collectiveOf(j.allReduce[0]), g->opCount());
        QCOMPARE(g->collectiveOf(j.allReduce[1]), g->opCount());
        QVERIFY(g->lint().empty());
    }

    void extremeDurationsSaturate()
    {
        // What-if durations past any real job: the replay neither overflows nor passes them off as a
        // measure of the job. A real job's replay is not flagged.
        const TwoRankJob j = twoRankJob();
        const GraphPtr g = graphOf(j.trace);
        const Expected<OpReplay> normal = OpReplay::run(*g);
        QVERIFY2(normal, errorOf(normal).c_str());
        QVERIFY(!normal->schedule.timesOutOfRange);
        const Expected<OpReplay> r = OpReplay::run(*g, {}, {},
            { { j.kernel[0], std::numeric_limits<TimeNs>::max() }, { j.kernel[1], std::numeric_limits<TimeNs>::max() / 2 } });
        QVERIFY2(r, errorOf(r).c_str());
        const Schedule& s = r->schedule;
        QVERIFY(s.timesOutOfRange);
        QVERIFY(s.finish >= s.begin);
        QCOMPARE(r->graph->itemCount(), normal->graph->itemCount());
        for (std::uint32_t i = 0; i < r->graph->itemCount(); ++i) {
            // A saturated time is still a replayed time, never the "not replayed" marker.
            QVERIFY(s.replayed(i));
            QVERIFY(s.end[i] >= s.start[i]);
        }
        const CriticalPath path = CriticalPathAnalysis::compute(*r->graph, s);
        QVERIFY(path.length >= 0);
        for (const CriticalPath::Hold& hold : path.holds)
            QVERIFY(hold.held >= 0);
    }

    void replayReproducesMeasurement()
    {
        const TwoRankJob j = twoRankJob();
        const GraphPtr g = graphOf(j.trace);
        const Expected<OpReplay> r = OpReplay::run(*g);
        QVERIFY2(r, errorOf(r).c_str());
        for (std::uint32_t v = 0; v < g->opCount(); ++v) {
            QCOMPARE(r->start(OpId(v)), j.trace->start(OpId(v)));
            QCOMPARE(r->end(OpId(v)), j.trace->end(OpId(v)));
        }
        const Schedule& s = r->schedule;
        QCOMPARE(s.steps.size(), std::size_t(2));
        QCOMPARE(s.steps[0].replayed, s.steps[0].measured);
        // Deterministic: a second replay is bit-identical.
        const Expected<Schedule> again = Replayer::replay(*r->graph);
        QVERIFY(again->start == s.start && again->end == s.end && again->order == s.order);
    }

    void collectiveWaitsForLastParticipant()
    {
        // Rank 1's compute takes 100 us longer: its all-reduce arrives later and rank 0's all-reduce,
        // synchronisation and step all end 100 us later, though nothing on rank 0 changed.
        const TwoRankJob j = twoRankJob();
        const GraphPtr g = graphOf(j.trace);
        const Expected<OpReplay> r = OpReplay::run(*g, {}, {}, { { j.kernel[1], 250000 } });
        QVERIFY2(r, errorOf(r).c_str());
        QCOMPARE(r->start(j.allReduce[1]), TimeNs(263000));
        QCOMPARE(r->end(j.allReduce[0]), TimeNs(360000));
        QCOMPARE(r->end(j.allReduce[1]), TimeNs(360000));
        QCOMPARE(r->end(j.tailOp[0]), TimeNs(362000));
        QCOMPARE(r->end(j.step[0]), TimeNs(400000));
        QCOMPARE(r->schedule.steps[0].replayed, TimeNs(400000));
        // Rank 0's own ops before the collective did not move.
        QCOMPARE(r->start(j.kernel[0]), TimeNs(12000));
        QCOMPARE(r->end(j.kernel[0]), TimeNs(112000));
    }

    void stepTimesAndIteration()
    {
        // The iteration is the slowest rank's mean step: rank 0 averages 15 us replayed (12 measured),
        // rank 1 takes 30 us in its one step (25 measured). Without steps it is the replayed window.
        Schedule s;
        s.steps = { { RankId(1), 1, 25000, 30000 }, { RankId(0), 1, 10000, 10000 }, { RankId(0), 2, 14000, 20000 } };
        const std::vector<RankStepTime> ranks = StepTimes::perRank(s);
        QCOMPARE(ranks.size(), std::size_t(2));
        QCOMPARE(ranks[0].rank, RankId(0));
        QCOMPARE(ranks[0].measured, 12000.0);
        QCOMPARE(ranks[0].replayed, 15000.0);
        const RankStepTime it = StepTimes::iteration(s);
        QCOMPARE(it.measured, 25000.0);
        QCOMPARE(it.replayed, 30000.0);
        Schedule none;
        none.begin = 5000;
        none.finish = 47000;
        QCOMPARE(StepTimes::iteration(none).replayed, 42000.0);
        QCOMPARE(StepTimes::iteration(none).measured, 0.0);
    }

    void criticalPathAndSlack()
    {
        const TwoRankJob j = twoRankJob();
        const GraphPtr g = graphOf(j.trace);
        const Expected<OpReplay> r = OpReplay::run(*g);
        QVERIFY2(r, errorOf(r).c_str());
        const CriticalPath path = CriticalPathAnalysis::compute(*r->graph, r->schedule);
        const ItemId allReduce = r->collectiveOf(j.allReduce[0]);
        QVERIFY(allReduce.isValid());
        // The path runs through rank 1's longer compute into the joint all-reduce.
        QVERIFY(std::find(path.items.begin(), path.items.end(), r->item(j.kernel[1])) != path.items.end());
        QVERIFY(std::find(path.items.begin(), path.items.end(), allReduce) != path.items.end());
        QVERIFY(std::find(path.items.begin(), path.items.end(), r->item(j.kernel[0])) == path.items.end());
        QCOMPARE(path.length, TimeNs(300000));
        TimeNs sum = 0;
        for (TimeNs v : path.total)
            sum += v;
        QCOMPARE(sum, path.length);
        // Rank 0's compute could finish 50 us later (it starts the all-reduce at 113 us, the last
        // participant arrives at 163 us) without moving anything.
        QCOMPARE(path.slack[r->item(j.kernel[0]).value()], TimeNs(50000));
        QCOMPARE(path.slack[r->item(j.kernel[1]).value()], TimeNs(0));
        QCOMPARE(path.slack[allReduce.value()], TimeNs(0));
        // Segments are contiguous in time.
        for (std::size_t i = 1; i < path.segments.size(); ++i)
            QCOMPARE(path.segments[i].from, path.segments[i - 1].to);
        // Without slack the path is the same and its slack empty; the slack alone is the same.
        const CriticalPath bare = CriticalPathAnalysis::compute(*r->graph, r->schedule, false);
        QVERIFY(bare.slack.empty());
        QCOMPARE(bare.length, path.length);
        QCOMPARE(bare.items, path.items);
        QCOMPARE(bare.total, path.total);
        QCOMPARE(CriticalPathAnalysis::slack(*r->graph, r->schedule), path.slack);
    }

    void streamWaitEdges()
    {
        // Kineto's CUDA sync events name the stream and the cudaEventRecord correlation they wait for:
        // the kernel issued before the record (correlation 1 < 100) is what the wait waits for.
        const QString file = QStringLiteral(SIGHTLINE_TRACES_DIR "/kineto/kineto-h100-tiny/after_fix_trace.json");
        if (!QFile::exists(file))
            QSKIP("trace corpus not beside the checkout");
        auto trace = TraceLoader::load({ file.toStdString() });
        QVERIFY2(trace, errorOf(trace).c_str());
        const Trace& t = **trace;
        OpId kernel, waitOp, eventSync;
        for (std::uint32_t v = 0; v < t.opCount(); ++v) {
            const std::string_view name = t.string(t.name(OpId(v)));
            if (name == "Kernel")
                kernel = OpId(v);
            else if (name == "Stream Wait Event")
                waitOp = OpId(v);
            else if (name == "Event Sync")
                eventSync = OpId(v);
        }
        QVERIFY(kernel.isValid() && waitOp.isValid() && eventSync.isValid());
        const GraphPtr g = graphOf(*trace);
        QVERIFY(g);
        QVERIFY(hasEdge(*g, kernel, waitOp, EdgeKind::StreamWait));
        QVERIFY(hasEdge(*g, kernel, eventSync, EdgeKind::StreamWait));
        QVERIFY(!hasEdge(*g, waitOp, kernel, EdgeKind::StreamWait));
    }

    void rankActivity()
    {
        // One step of 100 us: kernels 0-40 and 30-60 us, communication 50-80 us on another stream.
        JobBuilder b;
        const std::uint32_t r = b.rank(0);
        const std::uint32_t cpu = b.track(r, TrackKind::CpuThread, 1);
        const std::uint32_t gpu = b.track(r, TrackKind::GpuStream, 7);
        const std::uint32_t nccl = b.track(r, TrackKind::GpuStream, 20);
        const TimeNs us = 1000;
        const OpId step = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, 100 * us);
        b.op(gpu, "a", OpKind::ComputeKernel, 0, 40 * us);
        b.op(gpu, "b", OpKind::ComputeKernel, 30 * us, 60 * us);
        b.op(nccl, "allreduce", OpKind::Collective, 50 * us, 80 * us);
        b.step(r, 1, step);
        const auto activity = RankActivityAnalysis::compute(*b.finish());
        QCOMPARE(activity.size(), std::size_t(1));
        const RankActivity& a = activity.front();
        QCOMPARE(a.window, 100 * us);
        QCOMPARE(a.compute, 60 * us);
        QCOMPARE(a.communication, 30 * us);
        QCOMPARE(a.exposedCommunication, 20 * us);
        QCOMPARE(a.idle, 20 * us);
        QVERIFY(std::abs(a.overlap() - 1.0 / 3.0) < 1e-9);
    }

    void criticalPathAttributesTimeToLeaves()
    {
        // A user annotation on a GPU stream spans two kernels and holds the path with its own
        // duration. The path gives its time to the kernels that ran inside it (compute) and counts
        // the rest of it, where the device ran nothing, as waiting.
        JobBuilder b;
        const std::uint32_t rank = b.rank(0);
        const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
        const TimeNs us = 1000;
        const OpId span = b.op(gpu, "## forward ##", OpKind::Annotation, 10 * us, 101 * us);
        const OpId k1 = b.op(gpu, "gemm", OpKind::ComputeKernel, 10 * us, 50 * us);
        const OpId k2 = b.op(gpu, "relu", OpKind::ComputeKernel, 60 * us, 100 * us);
        const GraphPtr g = graphOf(b.finish());
        QVERIFY(g);
        const Expected<OpReplay> r = OpReplay::run(*g);
        QVERIFY2(r, errorOf(r).c_str());
        const CriticalPath path = CriticalPathAnalysis::compute(*r->graph, r->schedule);
        QCOMPARE(path.length, 91 * us);
        QCOMPARE(path.total[static_cast<int>(PathCategory::Compute)], 80 * us);
        QCOMPARE(path.total[static_cast<int>(PathCategory::Wait)], 11 * us);
        QCOMPARE(path.total[static_cast<int>(PathCategory::Host)], TimeNs(0));
        const std::vector<ItemId> expected { r->item(k1), r->item(span), r->item(k2), r->item(span) };
        QCOMPARE(path.items, expected);
        for (std::size_t i = 1; i < path.segments.size(); ++i)
            QCOMPARE(path.segments[i].from, path.segments[i - 1].to);

        // On a host thread, a CPU op's nested work is its own leaf work; the host time between
        // nested ops, and the gaps before host ops, count as host time.
        JobBuilder h;
        const std::uint32_t cpu = h.track(h.rank(0), TrackKind::CpuThread, 1);
        const OpId outer = h.op(cpu, "aten::linear", OpKind::CpuOp, 0, 100 * us);
        h.op(cpu, "aten::t", OpKind::CpuOp, 10 * us, 30 * us);
        h.op(cpu, "aten::addmm", OpKind::CpuOp, 40 * us, 90 * us);
        const GraphPtr hg = graphOf(h.finish());
        const Expected<OpReplay> hr = OpReplay::run(*hg);
        QVERIFY2(hr, errorOf(hr).c_str());
        const CriticalPath hostPath = CriticalPathAnalysis::compute(*hr->graph, hr->schedule);
        QCOMPARE(hostPath.length, 100 * us);
        QCOMPARE(hostPath.total[static_cast<int>(PathCategory::Host)], 100 * us);
        QCOMPARE(hostPath.total[static_cast<int>(PathCategory::Compute)], TimeNs(0));
        // The enclosing op holds only what no nested op covers: its tail after the last one.
        for (const CriticalPath::Hold& hold : hostPath.holds) {
            if (hold.item == hr->item(outer))
                QCOMPARE(hold.held, 10 * us);
        }
    }

    void threadsWakeThreads()
    {
        // The main thread calls backward and blocks; the autograd thread, idle until then, runs the
        // backward ops; the optimizer runs on the main thread after backward returns.
        JobBuilder b;
        const std::uint32_t r = b.rank(0);
        const std::uint32_t main = b.track(r, TrackKind::CpuThread, 1);
        const std::uint32_t autograd = b.track(r, TrackKind::CpuThread, 2);
        const TimeNs us = 1000;
        const OpId backward = b.op(main, "## backward ##", OpKind::Annotation, 0, 1000 * us);
        const OpId seed = b.op(main, "aten::ones_like", OpKind::CpuOp, 10 * us, 20 * us);
        const OpId optimizer = b.op(main, "Optimizer.step#SGD.step", OpKind::CpuOp, 1010 * us, 1100 * us);
        const OpId earlier = b.op(autograd, "autograd::engine::evaluate_function: AddBackward0", OpKind::CpuOp, 0, 5 * us);
        const OpId first = b.op(autograd, "autograd::engine::evaluate_function: MmBackward0", OpKind::CpuOp, 100 * us, 300 * us);
        const OpId second = b.op(autograd, "autograd::engine::evaluate_function: AddmmBackward0", OpKind::CpuOp, 300 * us, 900 * us);
        const GraphPtr g = graphOf(b.finish());
        QVERIFY(g);
        QVERIFY(hasEdge(*g, seed, first, EdgeKind::Wake));
        QVERIFY(hasEdge(*g, second, backward, EdgeKind::Join));
        QVERIFY(!hasEdge(*g, earlier, first, EdgeKind::Wake));
        // Lengthening the backward work delays backward's return and the optimizer after it.
        const Expected<OpReplay> replay = OpReplay::run(*g, {}, {}, { { second, 800 * us } });
        QVERIFY2(replay, errorOf(replay).c_str());
        QCOMPARE(replay->end(backward), 1200 * us);
        QCOMPARE(replay->start(optimizer), 1210 * us);
        // The thread's idle stretch is not on the critical path: the wake is.
        const CriticalPath path = CriticalPathAnalysis::compute(*replay->graph, replay->schedule);
        QVERIFY(std::find(path.items.begin(), path.items.end(), replay->item(seed)) != path.items.end());
        QVERIFY(std::find(path.items.begin(), path.items.end(), replay->item(earlier)) == path.items.end());
    }

    void sendRecvMatchedByPeer()
    {
        // Rank 0 sends twice to rank 1 and once to rank 2; rank 1 and 2 receive. Each two-rank group
        // names the peer. One more send names a three-rank group: its peer is unknown.
        JobBuilder b;
        std::uint32_t nccl[3];
        for (int r = 0; r < 3; ++r)
            nccl[r] = b.track(b.rank(r), TrackKind::GpuStream, 20);
        const TimeNs us = 1000;
        const OpId s01a = b.op(nccl[0], "ncclDevKernel_SendRecv", OpKind::Send, 0, 10 * us);
        const OpId s02 = b.op(nccl[0], "ncclDevKernel_SendRecv", OpKind::Send, 20 * us, 30 * us);
        const OpId s01b = b.op(nccl[0], "ncclDevKernel_SendRecv", OpKind::Send, 40 * us, 50 * us);
        const OpId unknown = b.op(nccl[0], "ncclDevKernel_SendRecv", OpKind::Send, 60 * us, 70 * us);
        const OpId r10a = b.op(nccl[1], "ncclDevKernel_SendRecv", OpKind::Recv, 5 * us, 10 * us);
        const OpId r10b = b.op(nccl[1], "ncclDevKernel_SendRecv", OpKind::Recv, 45 * us, 50 * us);
        const OpId r20 = b.op(nccl[2], "ncclDevKernel_SendRecv", OpKind::Recv, 25 * us, 30 * us);
        b.comm(s01a, "send", "", 100, 2, "[0, 1]");
        b.comm(s02, "send", "", 100, 2, "[0, 2]");
        b.comm(s01b, "send", "", 100, 2, "[0, 1]");
        b.comm(unknown, "send", "", 100, 3, "[0, 1, 2]");
        b.comm(r10a, "recv", "", 100, 2, "[0, 1]");
        b.comm(r10b, "recv", "", 100, 2, "[0, 1]");
        b.comm(r20, "recv", "", 100, 2, "[0, 2]");
        const GraphPtr g = graphOf(b.finish());
        QVERIFY(g);
        QCOMPARE(g->collectives().size(), std::size_t(3));
        QCOMPARE(g->collectiveOf(s01a), g->collectiveOf(r10a));
        QCOMPARE(g->collectiveOf(s01b), g->collectiveOf(r10b));
        QCOMPARE(g->collectiveOf(s02), g->collectiveOf(r20));
        QVERIFY(g->collectiveOf(s01a) != g->collectiveOf(s01b));
        QCOMPARE(g->collectiveOf(unknown), DependencyGraph::kNoVertex);
        QVERIFY(std::any_of(g->lint().begin(), g->lint().end(),
            [&](const GraphLint& l) { return l.code == GraphLint::Code::UnmatchedSendRecv && l.op == unknown; }));
        // The receive cannot finish before the send has started: delaying the send delays it.
        const Expected<OpReplay> r = OpReplay::run(*g);
        QVERIFY2(r, errorOf(r).c_str());
        const ItemId pair = r->collectiveOf(s02);
        QVERIFY(pair.isValid());
        QCOMPARE(r->schedule.start[pair.value()], 25 * us);
    }

    void hostNesting()
    {
        // A parent on a host thread ends after its last child: lengthening the child lengthens it.
        JobBuilder b;
        const std::uint32_t r = b.rank(0);
        const std::uint32_t cpu = b.track(r, TrackKind::CpuThread, 1);
        const OpId parent = b.op(cpu, "aten::linear", OpKind::CpuOp, 0, 100);
        const OpId child1 = b.op(cpu, "aten::t", OpKind::CpuOp, 10, 30);
        const OpId child2 = b.op(cpu, "aten::addmm", OpKind::CpuOp, 40, 90);
        const OpId next = b.op(cpu, "aten::relu", OpKind::CpuOp, 105, 120);
        const TracePtr trace = b.finish();
        const GraphPtr g = graphOf(trace);
        QVERIFY(hasEdge(*g, parent, child1, EdgeKind::Nest));
        QVERIFY(hasEdge(*g, child1, child2, EdgeKind::Program));
        QVERIFY(hasEdge(*g, child2, parent, EdgeKind::NestEnd));
        QVERIFY(hasEdge(*g, parent, next, EdgeKind::Program));
        const Expected<OpReplay> replay = OpReplay::run(*g, {}, {}, { { child2, 150 } });
        QVERIFY(replay);
        QCOMPARE(replay->end(child2), TimeNs(190));
        QCOMPARE(replay->end(parent), TimeNs(200));
        QCOMPARE(replay->start(next), TimeNs(205));
    }

    void programmaticLaunchFollowsItsPredecessor()
    {
        // On Hopper a split-K convolution's second kernel starts its prologue while the first finishes
        // (programmatic dependent launch): it stays ordered after the first's end, keeps its measured
        // lead of 3 us, and follows the first when a what-if shortens it. An overlap of more than half
        // the first kernel says nothing about a lead and stays start-to-start.
        const TimeNs us = 1000;
        JobBuilder b;
        const std::uint32_t r = b.rank(0);
        const std::uint32_t cpu = b.track(r, TrackKind::CpuThread, 1), gpu = b.track(r, TrackKind::GpuStream, 7);
        const OpId launch1 = b.op(cpu, "cudaLaunchKernelExC", OpKind::Runtime, 0, 5 * us);
        const OpId launch2 = b.op(cpu, "cudaLaunchKernelExC", OpKind::Runtime, 6 * us, 11 * us);
        const OpId launch3 = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 12 * us, 17 * us);
        const OpId wgrad = b.op(gpu, "sm90_xmma_wgrad", OpKind::ComputeKernel, 10 * us, 760 * us);
        const OpId reduce = b.op(gpu, "sm90_xmma_wgrad_reduce", OpKind::ComputeKernel, 757 * us, 763 * us);
        const OpId overlapping = b.op(gpu, "elementwise", OpKind::ComputeKernel, 759 * us, 800 * us);
        b.link(launch1, wgrad, LinkKind::Launch);
        b.link(launch2, reduce, LinkKind::Launch);
        b.link(launch3, overlapping, LinkKind::Launch);
        const GraphPtr g = graphOf(b.finish());
        QVERIFY(g);
        const auto refOf = [&](OpId from, OpId to) {
            for (std::uint32_t e = g->outBegin(from.value()); e < g->outBegin(from.value() + 1); ++e) {
                if (g->target(e) == to.value() && g->kind(e) == EdgeKind::Program)
                    return g->ref(e);
            }
            return EdgeRef::EndToEnd;
        };
        QCOMPARE(refOf(wgrad, reduce), EdgeRef::EndToStart);
        QCOMPARE(refOf(reduce, overlapping), EdgeRef::StartToStart);
        const Expected<OpReplay> measured = OpReplay::run(*g);
        QVERIFY2(measured, errorOf(measured).c_str());
        QCOMPARE(measured->start(reduce), 757 * us);
        const Expected<OpReplay> shortened = OpReplay::run(*g, {}, {}, { { wgrad, 250 * us } });
        QVERIFY2(shortened, errorOf(shortened).c_str());
        QCOMPARE(shortened->end(wgrad), 260 * us);
        QCOMPARE(shortened->start(reduce), 257 * us);
    }

    void realTracesReplay_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("dlrm-8xV100") << QStringLiteral("kineto/dlrm-8xV100");
        QTest::newRow("hta-nccl-a100") << QStringLiteral("kineto/hta-nccl-a100/nccl_data.json.gz");
        QTest::newRow("hta-alltoall-a100") << QStringLiteral("kineto/hta-alltoall-a100/rank0.json.gz");
        QTest::newRow("tb-resnet50-v100") << QStringLiteral("kineto/tb-resnet50-v100");
    }
    void realTracesReplay()
    {
        QFETCH(QString, path);
        const QString full = tracesDir() + QLatin1Char('/') + path;
        if (!QFileInfo::exists(full))
            QSKIP("the trace corpus is not present");
        const auto trace = TraceLoader::load({ QFile::encodeName(full).toStdString() });
        QVERIFY2(trace, errorOf(trace).c_str());
        const GraphPtr g = graphOf(*trace);
        QVERIFY(g);
        ExtractOptions extract;
        extract.rankOffsets = ClockAligner::align(*g).offsets;
        const Expected<OpReplay> r = OpReplay::run(*g, extract);
        QVERIFY2(r, errorOf(r).c_str());
        QVERIFY(!r->schedule.steps.empty());
        for (const ReplayedStep& st : r->schedule.steps) {
            const double error = std::abs(static_cast<double>(st.replayed - st.measured)) / static_cast<double>(st.measured);
            QVERIFY2(error <= 0.05, qPrintable(QStringLiteral("rank %1 step %2: measured %3 replayed %4")
                                                   .arg(st.rank.value()).arg(st.number).arg(st.measured).arg(st.replayed)));
        }
        const CriticalPath cp = CriticalPathAnalysis::compute(*r->graph, r->schedule);
        QVERIFY(cp.length > 0);
        TimeNs sum = 0;
        for (TimeNs v : cp.total)
            sum += v;
        QCOMPARE(sum, cp.length);
        // The critical path made alongside the summaries, on a second thread, is the same, and so is the
        // schedule with its summaries.
        int calls = 0;
        CriticalPath alongside;
        const Expected<Schedule> again = Replayer::replay(*r->graph, {}, nullptr, [&](const Schedule& s) {
            ++calls;
            alongside = CriticalPathAnalysis::compute(*r->graph, s);
        });
        QVERIFY2(again, errorOf(again).c_str());
        QCOMPARE(calls, 1);
        QCOMPARE(alongside.length, cp.length);
        QCOMPARE(alongside.items, cp.items);
        QCOMPARE(alongside.slack, cp.slack);
        QCOMPARE(again->start, r->schedule.start);
        QCOMPARE(again->end, r->schedule.end);
        QCOMPARE(again->steps.size(), r->schedule.steps.size());
        for (std::size_t k = 0; k < again->steps.size(); ++k)
            QCOMPARE(again->steps[k].replayed, r->schedule.steps[k].replayed);
    }

    void dlrmAlignment()
    {
        const QString dir = tracesDir() + QStringLiteral("/kineto/dlrm-8xV100");
        if (!QFileInfo::exists(dir))
            QSKIP("the trace corpus is not present");
        const auto trace = TraceLoader::load({ QFile::encodeName(dir).toStdString() });
        QVERIFY(trace);
        const GraphPtr g = graphOf(*trace);
        QVERIFY(g->collectives().size() >= 4);
        const ClockAlignment a = ClockAligner::align(*g);
        for (TimeNs o : a.offsets)
            QVERIFY2(std::abs(o) <= 10000, qPrintable(QString::number(o)));

        // Shift each rank's clock by a known amount and recover it (relative to rank 0).
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const std::int64_t shiftUs[8] = { 0, 1500, -2300, 700, 12000, -450, 3333, -8000 };
        const QRegularExpression ts(QStringLiteral("\"ts\": (\\d+)"));
        const QStringList files = QDir(dir).entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
        QCOMPARE(files.size(), 8);
        for (int i = 0; i < files.size(); ++i) {
            QFile in(dir + QLatin1Char('/') + files[i]);
            QVERIFY(in.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(in.readAll());
            QString shifted;
            shifted.reserve(text.size() + 4096);
            qsizetype last = 0;
            for (auto it = ts.globalMatch(text); it.hasNext();) {
                const auto m = it.next();
                shifted += QStringView(text).mid(last, m.capturedStart(1) - last);
                shifted += QString::number(m.captured(1).toLongLong() + shiftUs[i]);
                last = m.capturedEnd(1);
            }
            shifted += QStringView(text).mid(last);
            QFile outFile(tmp.filePath(files[i]));
            QVERIFY(outFile.open(QIODevice::WriteOnly));
            outFile.write(shifted.toUtf8());
        }
        const auto moved = TraceLoader::load({ QFile::encodeName(tmp.path()).toStdString() });
        QVERIFY2(moved, errorOf(moved).c_str());
        const GraphPtr mg = graphOf(*moved);
        const ClockAlignment b = ClockAligner::align(*mg);
        for (std::uint32_t r = 0; r < (*moved)->ranks().size(); ++r) {
            const int rank = (*moved)->rankInfo(RankId(r)).rank;
            const TimeNs expected = (shiftUs[rank] - shiftUs[0]) * 1000;
            QVERIFY2(std::abs(b.offsets[r] - expected) <= 10000,
                qPrintable(QStringLiteral("rank %1: offset %2 ns, shifted by %3 ns").arg(rank).arg(b.offsets[r]).arg(expected)));
        }
        // Replaying the shifted job with its offsets gives the unshifted step times.
        ExtractOptions extract;
        extract.rankOffsets = b.offsets;
        const Expected<OpReplay> r = OpReplay::run(*mg, extract);
        QVERIFY(r);
        for (const ReplayedStep& st : r->schedule.steps) {
            const double error = std::abs(static_cast<double>(st.replayed - st.measured)) / static_cast<double>(st.measured);
            QVERIFY(error <= 0.05);
        }
    }
};

QTEST_GUILESS_MAIN(TestReplay)
#include "tst_replay.moc"
