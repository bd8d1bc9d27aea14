// The dependency graph's inference and checks on hand-built jobs: wakes and joins across host threads
// and their tie-breaking, host waits on GPU work, producers and consumers of GPU communication,
// cycles found when the graph is built, times near the ±2^62 ns limit, peers that are no rank, and
// inference that stays O(n log n) in threads and ops.

#include "core/graph/dependencygraph.h"

#include "jobbuilder.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QRegularExpression>
#include <QStringList>
#include <QTest>

#include <algorithm>
#include <map>

using namespace sightline;

namespace {

constexpr TimeNs us = 1000;

using GraphPtr = std::shared_ptr<const DependencyGraph>;

// A one-rank job written as tokens "<track>:<name>:<start us>:<end us>": track c<N> is host thread N,
// g<N> GPU stream N; host threads come first, each kind in the order of N. Names starting with "wait"
// are host syncs, with "nccl" collectives; other ops are CPU ops or compute kernels. Names are unique.
struct TextJob {
    TracePtr trace;
    std::map<std::uint32_t, QString> names;
};

TextJob textJob(const QString& text)
{
    struct Op {
        QString name;
        TimeNs start = 0, end = 0;
    };
    std::map<std::pair<int, int>, std::vector<Op>> tracks; // (0 host / 1 GPU, N) -> ops
    for (const QString& token : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QStringList f = token.split(QLatin1Char(':'));
        if (f.size() != 4)
            qFatal("bad token %s", qPrintable(token));
        const int gpu = f[0].startsWith(QLatin1Char('g')) ? 1 : 0;
        tracks[{ gpu, f[0].mid(1).toInt() }].push_back({ f[1], f[2].toLongLong() * us, f[3].toLongLong() * us });
    }
    JobBuilder b;
    const std::uint32_t rank = b.rank(0);
    std::vector<std::uint32_t> ids;
    for (const auto& [key, ops] : tracks)
        ids.push_back(
            b.track(rank, key.first ? TrackKind::GpuStream : TrackKind::CpuThread, key.second + (key.first ? 7 : 1)));
    TextJob job;
    std::size_t index = 0;
    for (auto& [key, ops] : tracks) {
        std::stable_sort(ops.begin(), ops.end(), [](const Op& a, const Op& b) { return a.start < b.start; });
        for (const Op& o : ops) {
            OpKind kind = key.first ? OpKind::ComputeKernel : OpKind::CpuOp;
            if (o.name.startsWith(QLatin1String("wait")))
                kind = OpKind::Sync;
            else if (o.name.startsWith(QLatin1String("nccl")))
                kind = OpKind::Collective;
            const OpId id = b.op(ids[index], o.name.toStdString(), kind, o.start, o.end);
            job.names[id.value()] = o.name;
        }
        ++index;
    }
    job.trace = b.finish();
    return job;
}

QString refName(EdgeRef ref)
{
    switch (ref) {
    case EdgeRef::EndToStart:
        return QStringLiteral("e2s");
    case EdgeRef::StartToStart:
        return QStringLiteral("s2s");
    case EdgeRef::EndToEnd:
        return QStringLiteral("e2e");
    }
    return QString();
}

// The inferred edges ("kind from to ref"), sorted: wakes, joins, syncs, producers and consumers.
QStringList inferredEdges(const DependencyGraph& g, const TextJob& job)
{
    QStringList out;
    for (std::uint32_t v = 0; v < g.vertexCount(); ++v) {
        for (std::uint32_t e = g.outBegin(v); e < g.outBegin(v + 1); ++e) {
            const EdgeKind k = g.kind(e);
            if (k != EdgeKind::Wake && k != EdgeKind::Join && k != EdgeKind::Sync && k != EdgeKind::GradientToCollective
                && k != EdgeKind::CollectiveToOptimizer)
                continue;
            out << QString::fromLatin1(edgeKindName(k)) + QLatin1Char(' ') + job.names.at(v) + QLatin1Char(' ')
                    + job.names.at(g.target(e)) + QLatin1Char(' ') + refName(g.ref(e));
        }
    }
    out.sort();
    return out;
}

bool hasEdge(const DependencyGraph& g, OpId from, OpId to, EdgeKind kind)
{
    for (std::uint32_t e = g.outBegin(from.value()); e < g.outBegin(from.value() + 1); ++e) {
        if (g.target(e) == to.value() && g.kind(e) == kind)
            return true;
    }
    return false;
}

// The sources of to's in-edges of one kind, with their refs.
std::vector<std::pair<std::uint32_t, EdgeRef>> sources(const DependencyGraph& g, std::uint32_t to, EdgeKind kind)
{
    std::vector<std::pair<std::uint32_t, EdgeRef>> out;
    for (std::uint32_t slot = g.inBegin(to); slot < g.inBegin(to + 1); ++slot) {
        if (g.kind(g.inEdge(slot)) == kind)
            out.emplace_back(g.inSource(slot), g.ref(g.inEdge(slot)));
    }
    return out;
}

} // namespace

class TestDependencyGraph : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void inference_data()
    {
        QTest::addColumn<QString>("job");
        QTest::addColumn<QStringList>("expected");
        // Every thread's first op was idle before the trace; w on c2 was idle since x ended at 100 us.
        QTest::newRow("the latest end wakes") << QStringLiteral("c0:a:200:300 c1:b:400:500 c2:x:0:100 c2:w:1000:1100")
                                              << QStringList { QStringLiteral("wake x a e2s"),
                                                     QStringLiteral("wake a b e2s"), QStringLiteral("wake b w e2s") };
        QTest::newRow("a later start of a running op wakes; the burst joins it")
            << QStringLiteral("c0:a:200:300 c1:b:600:2000 c2:x:0:100 c2:w:1000:1100 c2:w2:1120:1500 c2:w3:1600:2500")
            << QStringList { QStringLiteral("wake x a e2s"), QStringLiteral("wake a b e2s"),
                   QStringLiteral("wake b w s2s"), QStringLiteral("join w2 b e2e") };
        QTest::newRow("equal ends: the smaller thread")
            << QStringLiteral("c0:a:200:700 c1:b:300:700 c2:x:0:100 c2:w:1000:1100")
            << QStringList { QStringLiteral("wake x a e2s"), QStringLiteral("wake a b s2s"),
                   QStringLiteral("wake a w e2s") };
        QTest::newRow("equal ends on one thread: the earlier op")
            << QStringLiteral("c0:a:200:700 c0:a2:700:700 c2:x:0:100 c2:w:1000:1100")
            << QStringList { QStringLiteral("wake x a e2s"), QStringLiteral("wake a w e2s") };
        QTest::newRow("an end and a start at one instant: the smaller thread's end")
            << QStringLiteral("c0:a:200:700 c1:b:700:2000 c2:x:0:100 c2:w:1000:1100")
            << QStringList { QStringLiteral("wake x a e2s"), QStringLiteral("wake a b s2s"),
                   QStringLiteral("wake a w e2s"), QStringLiteral("join w b e2e") };
        QTest::newRow("a start and an end at one instant: the smaller thread's start")
            << QStringLiteral("c0:b:700:2000 c1:a:200:700 c2:x:0:100 c2:w:1000:1100")
            << QStringList { QStringLiteral("wake a b s2s"), QStringLiteral("wake x a e2s"),
                   QStringLiteral("wake b w s2s"), QStringLiteral("join w b e2e") };
        QTest::newRow("nothing since the thread went idle") << QStringLiteral("c0:a:50:100 c2:x:0:100 c2:w:1000:1100")
                                                            << QStringList { QStringLiteral("wake x a s2s") };
        QTest::newRow("the innermost running op; equal starts: the smaller thread")
            << QStringLiteral("c0:p:100:5000 c0:c:600:3000 c1:q:600:2500 c2:x:0:50 c2:w:1000:1100 c2:w2:1120:1200")
            << QStringList { QStringLiteral("wake x p e2s"), QStringLiteral("wake p q s2s"),
                   QStringLiteral("join q p e2e"), QStringLiteral("wake c w s2s"), QStringLiteral("join w2 c e2e") };
        QTest::newRow("a join's equal ends: the earlier op")
            << QStringLiteral("c0:b:600:2000 c2:x:0:100 c2:w:1000:1500 c2:w2:1010:1500")
            << QStringList { QStringLiteral("wake x b e2s"), QStringLiteral("wake b w s2s"),
                   QStringLiteral("join w b e2e") };

        QTest::newRow("a sync waits for the latest end; equal ends: the smaller stream")
            << QStringLiteral("c0:wait:0:1000 g0:k1:100:500 g1:k2:200:500 g2:k3:300:400")
            << QStringList { QStringLiteral("sync k1 wait e2e") };
        QTest::newRow("equal ends on one stream: the later op") << QStringLiteral(
            "c0:wait:0:1000 g0:k1:100:500 g0:k2:100:500") << QStringList { QStringLiteral("sync k2 wait e2e") };
        QTest::newRow("no sync on work that ended before the call")
            << QStringLiteral("c0:wait:600:1000 g0:k1:100:500") << QStringList {};
        QTest::newRow("the latest end however many ops overlap it")
            << QStringLiteral("c0:wait:0:1500 g0:long:0:1000 g0:s1:10:2000 g0:s2:11:2000 g0:s3:12:2000 g0:s4:13:2000 "
                              "g0:s5:14:2000 g0:s6:15:2000 g0:s7:16:2000 g0:s8:17:2000 g0:s9:18:2000")
            << QStringList { QStringLiteral("sync long wait e2e") };
        QTest::newRow("producer and consumer")
            << QStringLiteral("g0:gemm:100:500 g1:nccl:520:800 g0:opt:805:900 g2:late:900:1000")
            << QStringList { QStringLiteral("producer gemm nccl e2s"), QStringLiteral("consumer nccl opt e2s") };
        QTest::newRow("the own stream is skipped; equal starts: the smaller op")
            << QStringLiteral("g0:a:100:300 g1:before:100:350 g1:nccl:400:600 g0:c1:610:700 g2:c2:610:700")
            << QStringList { QStringLiteral("producer a nccl e2s"), QStringLiteral("consumer nccl c1 e2s") };
        QTest::newRow("communication neither produces nor consumes")
            << QStringLiteral("g0:nccl2:100:300 g1:nccl:400:600 g0:nccl3:610:700") << QStringList {};
    }
    void inference()
    {
        QFETCH(QString, job);
        QFETCH(QStringList, expected);
        const TextJob j = textJob(job);
        const auto g = DependencyGraph::build(j.trace);
        QVERIFY2(g, errorOf(g).c_str());
        expected.sort();
        QCOMPARE(inferredEdges(**g, j), expected);
    }

    void manyThreads_data()
    {
        QTest::addColumn<int>("threads");
        QTest::newRow("30k threads") << 30'000;
        QTest::newRow("300k threads") << 300'000;
    }
    void manyThreads()
    {
        // One op per thread, every 10 us, each running 25 us: op i starts while i-1 and i-2 run and
        // just after i-3 ended. Scanning every other thread per op would take hours here.
        QFETCH(int, threads);
        JobBuilder b;
        const std::uint32_t rank = b.rank(0);
        std::vector<OpId> ops;
        for (int i = 0; i < threads; ++i) {
            const std::uint32_t track = b.track(rank, TrackKind::CpuThread, i + 1);
            ops.push_back(b.op(track, "op", OpKind::CpuOp, i * 10 * us, i * 10 * us + 25 * us));
        }
        const TracePtr trace = b.finish();
        QElapsedTimer timer;
        timer.start();
        const auto g = DependencyGraph::build(trace);
        qInfo("graph of %d threads built in %lld ms", threads, static_cast<long long>(timer.elapsed()));
        QVERIFY2(g, errorOf(g).c_str());
        std::size_t wakes = 0;
        for (int i = 0; i < threads; ++i) {
            const auto in = sources(**g, ops[i].value(), EdgeKind::Wake);
            wakes += in.size();
            if (i == 0)
                continue;
            QCOMPARE(in.size(), std::size_t(1));
            const int expected = i < 3 ? i - 1 : i - 3;
            QCOMPARE(in.front().first, ops[expected].value());
            QCOMPARE(in.front().second, i < 3 ? EdgeRef::StartToStart : EdgeRef::EndToStart);
        }
        QCOMPARE(wakes, std::size_t(threads - 1));
    }

    void burstInsideOneBlockingCall()
    {
        // One thread blocks in a call for the whole job while another runs 200k short ops, each after
        // an idle gap: every one of them starts inside the call, and the last of them ends it.
        constexpr int kOps = 200'000;
        JobBuilder b;
        const std::uint32_t rank = b.rank(0);
        const std::uint32_t main = b.track(rank, TrackKind::CpuThread, 1),
                            worker = b.track(rank, TrackKind::CpuThread, 2);
        const OpId call = b.op(main, "backward", OpKind::Annotation, 0, kOps * 100 * us + 1000 * us);
        std::vector<OpId> ops;
        for (int i = 0; i < kOps; ++i)
            ops.push_back(b.op(worker, "work", OpKind::CpuOp, i * 100 * us + 60 * us, i * 100 * us + 90 * us));
        const auto g = DependencyGraph::build(b.finish());
        QVERIFY2(g, errorOf(g).c_str());
        const auto joins = sources(**g, call.value(), EdgeKind::Join);
        QCOMPARE(joins.size(), std::size_t(1));
        QCOMPARE(joins.front().first, ops.back().value());
        QVERIFY(hasEdge(**g, call, ops.front(), EdgeKind::Wake));
        for (int i = 1; i < kOps; ++i)
            QVERIFY(sources(**g, ops[i].value(), EdgeKind::Wake).empty());
    }

    void cycles_data()
    {
        QTest::addColumn<int>("scenario");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("pattern");
        QTest::newRow("forward and backward both ways")
            << 0 << QStringLiteral("rank0.json")
            << QStringLiteral(
                   R"("aten::mm" \(rank 0\) waits \(fwdbwd\) for "MmBackward0" \(rank 0\) waits \(fwdbwd\) for "aten::mm" \(rank 0\)|"MmBackward0" \(rank 0\) waits \(fwdbwd\) for "aten::mm" \(rank 0\) waits \(fwdbwd\) for "MmBackward0" \(rank 0\))");
        QTest::newRow("a kernel launches its launcher")
            << 1 << QStringLiteral("rank1.json") << QStringLiteral(R"(waits \(launch\) for "gemm" \(rank 1\))");
    }
    void cycles()
    {
        QFETCH(int, scenario);
        QFETCH(QString, file);
        QFETCH(QString, pattern);
        JobBuilder b;
        const std::uint32_t r0 = b.rank(0), r1 = b.rank(1);
        const std::uint32_t cpu0 = b.track(r0, TrackKind::CpuThread, 1);
        const std::uint32_t cpu1 = b.track(r1, TrackKind::CpuThread, 1), gpu1 = b.track(r1, TrackKind::GpuStream, 7);
        const OpId forward = b.op(cpu0, "aten::mm", OpKind::CpuOp, 0, 10 * us);
        const OpId backward = b.op(cpu0, "MmBackward0", OpKind::CpuOp, 20 * us, 30 * us);
        const OpId launch = b.op(cpu1, "cudaLaunchKernel", OpKind::Runtime, 0, 10 * us);
        const OpId kernel = b.op(gpu1, "gemm", OpKind::ComputeKernel, 20 * us, 30 * us);
        b.link(launch, kernel, LinkKind::Launch);
        if (scenario == 0) {
            b.link(forward, backward, LinkKind::ForwardBackward);
            b.link(backward, forward, LinkKind::ForwardBackward);
        } else {
            b.link(kernel, launch, LinkKind::Launch);
        }
        const auto g = DependencyGraph::build(b.finish());
        QVERIFY(!g);
        QCOMPARE(g.status().code(), ErrorCode::DependencyCycle);
        QCOMPARE(QString::fromStdString(g.status().file()), file);
        const QString detail = QString::fromStdString(g.status().detail());
        QVERIFY2(QRegularExpression(pattern).match(detail).hasMatch(), qPrintable(detail));
    }

    void synchronousCopyIsNoCycle()
    {
        // The copy call starts the copy and returns after it: each vertex waits for the other, at
        // different instants, which is no cycle.
        JobBuilder b;
        const std::uint32_t rank = b.rank(0);
        const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1), gpu = b.track(rank, TrackKind::GpuStream, 7);
        const OpId call = b.op(cpu, "cudaMemcpyAsync", OpKind::Runtime, 0, 100 * us);
        const OpId copy = b.op(gpu, "Memcpy HtoD", OpKind::Memcpy, 10 * us, 90 * us);
        b.link(call, copy, LinkKind::Launch);
        const auto g = DependencyGraph::build(b.finish());
        QVERIFY2(g, errorOf(g).c_str());
        QVERIFY(hasEdge(**g, call, copy, EdgeKind::Launch));
        QVERIFY(hasEdge(**g, copy, call, EdgeKind::Sync));
    }

    // A span on a device stream (gpu_user_annotation) waits for the launch of the first op it covers,
    // through spans nested in it; one that covers no launched op waits only for the stream.
    void deviceSpansWaitForTheirFirstLaunch()
    {
        JobBuilder b;
        const std::uint32_t rank = b.rank(0);
        const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1), gpu = b.track(rank, TrackKind::GpuStream, 40);
        const OpId first = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 0, 5 * us);
        const OpId second = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 1000 * us, 1005 * us);
        const OpId kernel = b.op(gpu, "ncclKernel_AllReduce", OpKind::Collective, 10 * us, 20 * us);
        const OpId outer = b.op(gpu, "nccl:all_reduce", OpKind::Annotation, 1010 * us, 1040 * us);
        const OpId inner = b.op(gpu, "inner span", OpKind::Annotation, 1010 * us, 1030 * us);
        const OpId covered = b.op(gpu, "ncclKernel_AllReduce", OpKind::Collective, 1011 * us, 1029 * us);
        const OpId empty = b.op(gpu, "empty span", OpKind::Annotation, 1100 * us, 1110 * us);
        b.link(first, kernel, LinkKind::Launch);
        b.link(second, covered, LinkKind::Launch);
        const auto g = DependencyGraph::build(b.finish());
        QVERIFY2(g, errorOf(g).c_str());
        QVERIFY(hasEdge(**g, second, outer, EdgeKind::Launch));
        QVERIFY(hasEdge(**g, second, inner, EdgeKind::Launch));
        QVERIFY(!hasEdge(**g, first, outer, EdgeKind::Launch));
        QVERIFY(!hasEdge(**g, first, empty, EdgeKind::Launch) && !hasEdge(**g, second, empty, EdgeKind::Launch));
    }

    void timesNearTheLimit()
    {
        // Ops at both ends of the ±2^62 ns range: every wait, window and tolerance stays in range.
        constexpr TimeNs kEdge = (TimeNs(1) << 62) - 1;
        JobBuilder b;
        const std::uint32_t rank = b.rank(0);
        const std::uint32_t c0 = b.track(rank, TrackKind::CpuThread, 1), c1 = b.track(rank, TrackKind::CpuThread, 2);
        const std::uint32_t g0 = b.track(rank, TrackKind::GpuStream, 7), g1 = b.track(rank, TrackKind::GpuStream, 8);
        const OpId early = b.op(c0, "early", OpKind::CpuOp, -kEdge, -kEdge + 10);
        const OpId wait = b.op(c0, "cudaDeviceSynchronize", OpKind::Sync, kEdge - 200, kEdge - 5);
        const OpId late = b.op(c1, "late", OpKind::CpuOp, kEdge - 100, kEdge - 10);
        const OpId gemm = b.op(g0, "gemm", OpKind::ComputeKernel, kEdge - 60, kEdge - 50);
        const OpId optimizer = b.op(g0, "adam", OpKind::ComputeKernel, kEdge - 25, kEdge - 20);
        const OpId allReduce = b.op(g1, "ncclAllReduce", OpKind::Collective, kEdge - 45, kEdge - 30);
        const auto g = DependencyGraph::build(b.finish());
        QVERIFY2(g, errorOf(g).c_str());
        QVERIFY(hasEdge(**g, wait, late, EdgeKind::Wake));
        QVERIFY(hasEdge(**g, late, wait, EdgeKind::Join));
        QVERIFY(hasEdge(**g, optimizer, wait, EdgeKind::Sync));
        QVERIFY(hasEdge(**g, gemm, allReduce, EdgeKind::GradientToCollective));
        QVERIFY(hasEdge(**g, allReduce, optimizer, EdgeKind::CollectiveToOptimizer));
        QVERIFY(hasEdge(**g, early, wait, EdgeKind::Program));
    }

    void glooCollectivesJoinAcrossWorkerThreads_data()
    {
        QTest::addColumn<bool>("namedGroup");
        QTest::newRow("one process group") << true;
        // torch 1.13's traces name none: the job's default group.
        QTest::newRow("no process group named") << false;
    }

    void glooCollectivesJoinAcrossWorkerThreads()
    {
        // Two ranks of a gloo job: each hands its all-reduces (c10d::allreduce_) to gloo worker threads,
        // which take turns, so the threads of one collective differ between ranks. The gloo ops are
        // joined in time order, the hand-over calls left out.
        QFETCH(bool, namedGroup);
        JobBuilder b;
        std::vector<OpId> gloo;
        for (int r = 0; r < 2; ++r) {
            const std::uint32_t rank = b.rank(r);
            const std::uint32_t main = b.track(rank, TrackKind::CpuThread, 10);
            const std::uint32_t workerA = b.track(rank, TrackKind::CpuThread, 20 + 2 * r);
            const std::uint32_t workerB = b.track(rank, TrackKind::CpuThread, 21 + 2 * r);
            std::vector<OpId> calls;
            for (int k = 0; k < 3; ++k)
                calls.push_back(b.op(main, "c10d::allreduce_", OpKind::Collective, (100 * k + 1) * us, (100 * k + 2) * us));
            // Rank 0's first collective runs on its first worker, rank 1's on its second.
            const std::uint32_t first = r == 0 ? workerA : workerB, second = r == 0 ? workerB : workerA;
            std::map<std::uint32_t, std::vector<std::pair<int, OpId>>> byTrack;
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t worker = k % 2 == 0 ? first : second;
                byTrack[worker].push_back({ k, OpId() });
            }
            for (std::uint32_t worker : { workerA, workerB }) {
                for (auto& [k, op] : byTrack[worker]) {
                    op = b.op(worker, "gloo:all_reduce", OpKind::Collective, (100 * k + 5) * us, (100 * k + 50) * us);
                    gloo.push_back(op);
                }
            }
        }
        if (namedGroup) {
            ProcessGroup pg;
            pg.name = b.d.strings.intern("0");
            pg.ranks = { 0, 1 };
            b.d.processGroups.push_back(pg);
        }
        const TracePtr trace = b.finish();
        const auto g = DependencyGraph::build(trace);
        QVERIFY2(g, errorOf(g).c_str());
        QCOMPARE((*g)->collectives().size(), std::size_t(3));
        for (const LogicalCollective& c : (*g)->collectives()) {
            QCOMPARE(c.participants.size(), std::size_t(2));
            QCOMPARE(trace->start(c.participants[0]), trace->start(c.participants[1]));
            for (OpId p : c.participants)
                QCOMPARE(trace->string(trace->name(p)), std::string_view("gloo:all_reduce"));
        }
        QVERIFY((*g)->lint().empty());
    }

    void glooWaitsForTheCopyToPinnedMemory()
    {
        // Two ranks of a gloo job on GPU tensors: each c10d::allreduce_ launches a copy of its bucket to
        // pinned memory and hands the work to a gloo worker, whose op opens at once but sends only once
        // the copy is done. Bucket sizes: 4 MB, 1 MB, 4 MB. The third worker op starts late (its thread
        // was busy), after a copy of the next step (4 MB too) was launched: its own copy is the earlier one.
        // Rank 1's second copy ends after its worker op ended, so it is no copy of that op.
        const std::int64_t sizes[] = { 4'000'000, 1'000'000, 4'000'000, 4'000'000 };
        JobBuilder b;
        std::vector<std::vector<OpId>> copies(2), workers(2);
        for (int r = 0; r < 2; ++r) {
            const std::uint32_t rank = b.rank(r);
            const std::uint32_t main = b.track(rank, TrackKind::CpuThread, 10);
            const std::uint32_t worker = b.track(rank, TrackKind::CpuThread, 20);
            const std::uint32_t stream = b.track(rank, TrackKind::GpuStream, 30);
            std::vector<OpId> launches;
            for (int k = 0; k < 4; ++k) {
                const TimeNs at = 100 * k * us;
                b.op(main, "c10d::allreduce_", OpKind::Collective, at + 1 * us, at + 4 * us);
                launches.push_back(b.op(main, "cudaMemcpyAsync", OpKind::Runtime, at + 2 * us, at + 3 * us));
            }
            for (int k = 0; k < 3; ++k) {
                const TimeNs start = k == 2 ? 310 * us : 100 * k * us + 5 * us;
                const OpId op = b.op(worker, "gloo:all_reduce", OpKind::Collective, start, start + 50 * us);
                b.d.bytes[op.value()] = sizes[k];
                workers[r].push_back(op);
            }
            for (int k = 0; k < 4; ++k) {
                const TimeNs at = 100 * k * us;
                const TimeNs copyEnd = r == 1 && k == 1 ? at + 90 * us : at + 22 * us;
                const OpId copy = b.op(stream, "Memcpy DtoH (Device -> Pinned)", OpKind::Memcpy, at + 20 * us, copyEnd);
                b.d.bytes[copy.value()] = sizes[k];
                b.link(launches[static_cast<std::size_t>(k)], copy, LinkKind::Launch);
                copies[r].push_back(copy);
            }
        }
        const TracePtr trace = b.finish();
        const auto g = DependencyGraph::build(trace);
        QVERIFY2(g, errorOf(g).c_str());
        QCOMPARE((*g)->collectives().size(), std::size_t(3));
        // collective k -> the copies staged for it
        std::vector<std::vector<OpId>> staged(3);
        for (std::uint32_t v = 0; v < (*g)->opCount(); ++v) {
            for (std::uint32_t e = (*g)->outBegin(v); e < (*g)->outBegin(v + 1); ++e) {
                if ((*g)->kind(e) != EdgeKind::Staging)
                    continue;
                QVERIFY((*g)->isCollectiveVertex((*g)->target(e)));
                QCOMPARE((*g)->ref(e), EdgeRef::EndToStart);
                staged[(*g)->target(e) - (*g)->opCount()].push_back(OpId(v));
            }
        }
        for (int k = 0; k < 3; ++k) {
            std::vector<OpId> expected;
            for (int r = 0; r < 2; ++r) {
                if (!(r == 1 && k == 1))
                    expected.push_back(copies[r][static_cast<std::size_t>(k)]);
            }
            std::sort(staged[static_cast<std::size_t>(k)].begin(), staged[static_cast<std::size_t>(k)].end());
            QCOMPARE(staged[static_cast<std::size_t>(k)], expected);
        }
    }

    // A copy staging a gloo bucket runs on a side stream after a stream wait on the compute stream,
    // which a trace without CUDA sync events does not resolve: it waits for the op that ended last on
    // another stream before it started (the gradient's kernel), not only for its launch. Copies on
    // the compute stream itself already follow it, and other device copies are left alone.
    void stagedCopyWaitsForTheGradient_data()
    {
        QTest::addColumn<bool>("sideStream");
        QTest::addColumn<bool>("inCollective");
        QTest::addColumn<bool>("waits");
        QTest::newRow("side stream, staged") << true << true << true;
        QTest::newRow("compute stream, staged") << false << true << false;
        QTest::newRow("side stream, not staged") << true << false << false;
    }
    void stagedCopyWaitsForTheGradient()
    {
        QFETCH(bool, sideStream);
        QFETCH(bool, inCollective);
        QFETCH(bool, waits);
        JobBuilder b;
        const std::uint32_t rank = b.rank(0);
        const std::uint32_t main = b.track(rank, TrackKind::CpuThread, 10);
        const std::uint32_t compute = b.track(rank, TrackKind::GpuStream, 7);
        const std::uint32_t side = b.track(rank, TrackKind::GpuStream, 68);
        const OpId kernelLaunch = b.op(main, "cudaLaunchKernel", OpKind::Runtime, 0, 1 * us);
        if (inCollective)
            b.op(main, "c10d::allreduce_", OpKind::Collective, 2 * us, 6 * us);
        const OpId copyLaunch = b.op(main, "cudaMemcpyAsync", OpKind::Runtime, 3 * us, 4 * us);
        const OpId kernel = b.op(compute, "wgrad", OpKind::ComputeKernel, 2 * us, 20 * us);
        const OpId copy
            = b.op(sideStream ? side : compute, "Memcpy DtoH (Device -> Pinned)", OpKind::Memcpy, 21 * us, 23 * us);
        b.d.bytes[copy.value()] = 4'000'000;
        b.link(kernelLaunch, kernel, LinkKind::Launch);
        b.link(copyLaunch, copy, LinkKind::Launch);
        const auto g = DependencyGraph::build(b.finish());
        QVERIFY2(g, errorOf(g).c_str());
        bool found = false;
        for (std::uint32_t e = (*g)->outBegin(kernel.value()); e < (*g)->outBegin(kernel.value() + 1); ++e)
            found = found || ((*g)->target(e) == copy.value() && (*g)->kind(e) == EdgeKind::GradientToCollective);
        QCOMPARE(found, waits);
    }

    void peerThatIsNoRank_data()
    {
        QTest::addColumn<QString>("groupRanks");
        QTest::addColumn<bool>("paired");
        QTest::newRow("two ranks") << QStringLiteral("[0, 1]") << true;
        QTest::newRow("30 digits") << QStringLiteral("[0, 123456789012345678901234567890]") << false;
        QTest::newRow("2^32 + 1") << QStringLiteral("[0, 4294967297]") << false;
        QTest::newRow("2^31") << QStringLiteral("[0, 2147483648]") << false;
    }
    void peerThatIsNoRank()
    {
        // A peer too large for an int32 is no rank, even in a two-rank job: the send stays unpaired.
        QFETCH(QString, groupRanks);
        QFETCH(bool, paired);
        JobBuilder b;
        const std::uint32_t g0 = b.track(b.rank(0), TrackKind::GpuStream, 20),
                            g1 = b.track(b.rank(1), TrackKind::GpuStream, 20);
        const OpId send = b.op(g0, "ncclDevKernel_SendRecv", OpKind::Send, 0, 10 * us);
        const OpId recv = b.op(g1, "ncclDevKernel_SendRecv", OpKind::Recv, 5 * us, 10 * us);
        b.comm(send, "send", "", 100, 2, groupRanks.toStdString());
        b.comm(recv, "recv", "", 100, 2, "[0, 1]");
        const auto g = DependencyGraph::build(b.finish());
        QVERIFY2(g, errorOf(g).c_str());
        QCOMPARE((*g)->collectiveOf(send) != DependencyGraph::kNoVertex, paired);
        QCOMPARE((*g)->collectiveOf(recv) != DependencyGraph::kNoVertex, paired);
        const bool sendUnmatched = std::any_of((*g)->lint().begin(), (*g)->lint().end(),
            [&](const GraphLint& l) { return l.code == GraphLint::Code::UnmatchedSendRecv && l.op == send; });
        QCOMPARE(sendUnmatched, !paired);
    }
};

QTEST_GUILESS_MAIN(TestDependencyGraph)
#include "tst_dependencygraph.moc"
