// MemoryRewrite, the hooks strategy passes change device memory with, on a hand-built job of two
// forward items F1 F2, two backward items B1 (frees F2's activation, makes a gradient) and B2 (frees
// F1's), and the optimizer O. Each recipe of memoryrewrite.h (recomputation, accumulation, mixed
// precision, fusion, sharded optimizer state) is applied as a pass would, the graph built, and its
// estimate compared with a peak computed by hand. Removing items with and without moving their blocks
// shows what build() does with the blocks of removed items.

#include "core/exec/executiongraphbuilder.h"
#include "core/memory/allocatedblocks.h"
#include "core/memory/memoryestimator.h"
#include "core/memory/memoryrewrite.h"
#include "core/replay/schedule.h"

#include "handschedule.h"
#include "jobbuilder.h"

#include <QTest>

using namespace sightline;

namespace {

using Mask = std::uint32_t;
constexpr Mask activations = MemoryRewrite::categories(MemoryCategory::Activations);
constexpr Mask temporaries = MemoryRewrite::categories(MemoryCategory::Temporaries);

// The job: items F1 F2 B1 B2 O, then `extra` synthetic items for a pass's copies. Resident: 30 bytes
// of parameters, 60 of optimizer state. Blocks: F1's activation (100, to B2's end), F2's (200, to B1's
// end), F1's temporary (50, within F1), B1's gradient (30, kept).
struct Job {
    std::unique_ptr<ExecutionGraphBuilder> b;
    ItemId f1, f2, b1, b2, o;
    std::vector<ItemId> extra;
};

Job job(int extra)
{
    Job j;
    j.b = std::make_unique<ExecutionGraphBuilder>(emptyJob());
    const RankId rank = j.b->addRank({ RankId(0), 0, {} });
    const TrackId track = j.b->addTrack({ rank, TrackKind::CpuThread, TrackId(0), {} });
    auto item = [&] {
        ExecutionGraphBuilder::Item i;
        i.track = track;
        i.flags = ExecutionGraph::Synthetic;
        return j.b->addItem(i, {});
    };
    j.f1 = item();
    j.f2 = item();
    j.b1 = item();
    j.b2 = item();
    j.o = item();
    for (int i = 0; i < extra; ++i)
        j.extra.push_back(item());
    MemoryDevice d;
    d.rank = rank;
    d.index = 0;
    d.eventsRecorded = true;
    d.parameterBytes = 30;
    d.optimizerStates = 2;
    d.resident[int(MemoryCategory::Parameters)] = 30;
    d.resident[int(MemoryCategory::OptimizerState)] = 60;
    const std::uint32_t dev = j.b->addMemoryDevice(d);
    j.b->addMemoryBlock({ 100, j.f1, j.b2, dev, MemoryCategory::Activations });
    j.b->addMemoryBlock({ 200, j.f2, j.b1, dev, MemoryCategory::Activations });
    j.b->addMemoryBlock({ 50, j.f1, j.f1, dev, MemoryCategory::Temporaries });
    j.b->addMemoryBlock({ 30, j.b1, ItemId(), dev, MemoryCategory::Gradients });
    return j;
}

// The estimate of the built job over spans given per item id.
DeviceMemoryEstimate estimate(Job& j, const std::vector<std::pair<TimeNs, TimeNs>>& spans)
{
    auto g = j.b->build();
    if (!g)
        qFatal("%s", g.status().toString().c_str());
    const Schedule s = scheduleOf(spans);
    const MemoryEstimate e = MemoryEstimator::estimate(**g, s);
    if (e.devices.size() != 1)
        qFatal("one device expected");
    return e.devices[0];
}

} // namespace

class TestMemoryRewrite : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void asMeasured()
    {
        // F1 [0,10] F2 [10,20] B1 [20,30] B2 [30,40] O [40,50]: 90 resident; F1 allocates 150 (240),
        // frees its temporary as F2 allocates 200 (390), B1 makes its gradient (420), then frees.
        Job j = job(0);
        const DeviceMemoryEstimate e = estimate(j, { { 0, 10 }, { 10, 20 }, { 20, 30 }, { 30, 40 }, { 40, 50 } });
        QCOMPARE(e.peakBytes, std::int64_t(420));
        QCOMPARE(e.peakTime, TimeNs(20));
    }

    void recomputation()
    {
        // Recompute copies R2 (of F2) and R1 (of F1) run just before the backward items that need
        // them: F1 [0,10] F2 [10,20] R2 [20,25] B1 [25,35] R1 [35,40] B2 [40,50]. The originals keep
        // their activations only to the end of the segment (F2's end, 20: down to 90); R2 holds 200
        // to B1's end (290, 320 with the gradient, then 120), R1 100 and a temporary 50 (270).
        // The peak is now the forward's own, 390 at F2's start, where it was 420.
        Job j = job(2);
        const ItemId r1 = j.extra[0];
        const ItemId r2 = j.extra[1];
        const std::vector<ItemId> segment { j.f1, j.f2 };
        const std::vector<ItemId> copies { r1, r2 };
        QCOMPARE(MemoryRewrite::copyBlocks(*j.b, segment, copies, activations | temporaries), std::size_t(3));
        QCOMPARE(MemoryRewrite::releaseAt(*j.b, segment, activations, j.f2), std::size_t(2));
        const DeviceMemoryEstimate e
            = estimate(j, { { 0, 10 }, { 10, 20 }, { 25, 35 }, { 40, 50 }, { 50, 60 }, { 35, 40 }, { 20, 25 } });
        QCOMPARE(e.peakBytes, std::int64_t(390));
        QCOMPARE(e.peakTime, TimeNs(10));
    }

    void accumulation()
    {
        // Two micro-batches: the forward and backward run twice, each on half the samples, so their
        // activations and temporaries halve; the gradient accumulates in place. F1 F2 B1 B2 [0,40],
        // the copies [40,80], O [80,90]: 90, 165, 140, 240, 270 (the gradient), 170, 120, then the second
        // micro-batch rises to 270 again. Without the rewrite the peak was 420.
        Job j = job(4);
        const std::vector<ItemId> fb { j.f1, j.f2, j.b1, j.b2 };
        QCOMPARE(MemoryRewrite::scale(*j.b, activations | temporaries, 0.5, fb), std::size_t(3));
        QCOMPARE(MemoryRewrite::copyBlocks(*j.b, fb, j.extra, activations | temporaries), std::size_t(3));
        const DeviceMemoryEstimate e = estimate(j,
            { { 0, 10 }, { 10, 20 }, { 20, 30 }, { 30, 40 }, { 80, 90 }, { 40, 50 }, { 50, 60 }, { 60, 70 },
                { 70, 80 } });
        QCOMPARE(e.peakBytes, std::int64_t(270));
        QCOMPARE(e.peakTime, TimeNs(20));
        QCOMPARE(e.atPeak[int(MemoryCategory::Activations)], std::int64_t(150));
        QCOMPARE(e.atPeak[int(MemoryCategory::Gradients)], std::int64_t(30));
    }

    void accumulationKeepsTheFirstGradients()
    {
        // As a pass orders them: the copies (micro-batch 1) C1..C4 [0,40] run before the measured
        // F1 F2 B1 B2 [40,80], O [80,90], and the gradient is allocated by C3 (B1's copy) and kept. 90,
        // 165, 240 (C2 at 10, C1's temporary freed), 270 at 20 (the gradient), 170, 120, then the
        // measured micro-batch: 195, 270 at 50, and B1 allocates nothing. Without allocateAt the
        // gradient came only at 60, after the first micro-batch.
        Job j = job(4);
        const std::vector<ItemId> fb { j.f1, j.f2, j.b1, j.b2 };
        MemoryRewrite::scale(*j.b, activations | temporaries, 0.5, fb);
        MemoryRewrite::copyBlocks(*j.b, fb, j.extra, activations | temporaries);
        QCOMPARE(MemoryRewrite::allocateAt(*j.b, fb, j.extra, MemoryRewrite::categories(MemoryCategory::Gradients)), std::size_t(1));
        const DeviceMemoryEstimate e = estimate(j,
            { { 40, 50 }, { 50, 60 }, { 60, 70 }, { 70, 80 }, { 80, 90 }, { 0, 10 }, { 10, 20 }, { 20, 30 },
                { 30, 40 } });
        QCOMPARE(e.peakBytes, std::int64_t(270));
        QCOMPARE(e.peakTime, TimeNs(20));
        QCOMPARE(e.atPeak[int(MemoryCategory::Gradients)], std::int64_t(30));
        QCOMPARE(e.atPeak[int(MemoryCategory::Activations)], std::int64_t(150));
    }

    void mixedPrecision()
    {
        // Activations in 16 bits (halved), and the cast of the weights (half their 30 bytes, autocast's
        // cache) held from F1's start to the forward's end: 90 + 50 + 50 + 15 = 205; F1's temporary goes and F2's 100
        // comes (255); F2's end frees the cast (240) as B1 makes the gradient (270).
        Job j = job(0);
        QCOMPARE(MemoryRewrite::scale(*j.b, activations, 0.5), std::size_t(2));
        const std::uint32_t device = MemoryRewrite::deviceOf(*j.b, RankId(0));
        QCOMPARE(device, 0u);
        j.b->addMemoryBlock({ 15, j.f1, j.f2, device, MemoryCategory::Other });
        const DeviceMemoryEstimate e = estimate(j, { { 0, 10 }, { 10, 20 }, { 20, 30 }, { 30, 40 }, { 40, 50 } });
        QCOMPARE(e.peakBytes, std::int64_t(270));
        QCOMPARE(e.peakTime, TimeNs(20));
    }

    void shardedOptimizerState()
    {
        Job j = job(0);
        MemoryRewrite::scaleResident(*j.b, MemoryRewrite::categories(MemoryCategory::OptimizerState), 0.25);
        const DeviceMemoryEstimate e = estimate(j, { { 0, 10 }, { 10, 20 }, { 20, 30 }, { 30, 40 }, { 40, 50 } });
        QCOMPARE(e.startBytes, std::int64_t(45));
        QCOMPARE(e.peakBytes, std::int64_t(375));
    }

    void fusionMovesBlocks()
    {
        // F1 and F2 fused into X [0,20]: the blocks they allocated and released move to X; everything
        // X allocates comes at its start and what it frees at its end: 90 + 350 = 440, then 390 at
        // X's end, and the gradient on top: 420 at 20 stays below 440.
        Job j = job(1);
        const ItemId x = j.extra[0];
        QCOMPARE(MemoryRewrite::moveBlocks(*j.b, j.f1, x), std::size_t(2));
        QCOMPARE(MemoryRewrite::moveBlocks(*j.b, j.f2, x), std::size_t(1));
        QCOMPARE(MemoryRewrite::moveBlocks(*j.b, ItemId(), x), std::size_t(0));
        j.b->removeItem(j.f1);
        j.b->removeItem(j.f2);
        // Ids after build: B1 B2 O X.
        const DeviceMemoryEstimate e = estimate(j, { { 20, 30 }, { 30, 40 }, { 40, 50 }, { 0, 20 } });
        QCOMPARE(e.peakBytes, std::int64_t(440));
        QCOMPARE(e.peakTime, TimeNs(0));
    }

    void removedItemsTakeTheirBlocks()
    {
        // Without moving them: removing F1 takes the two blocks it allocated, removing B1 its gradient;
        // F2's activation, which B1 released, is then held to the end.
        Job j = job(0);
        j.b->removeItem(j.f1);
        j.b->removeItem(j.b1);
        auto g = j.b->build();
        QVERIFY(g);
        QCOMPARE((*g)->memoryBlocks().size(), std::size_t(1));
        const MemoryBlock& left = (*g)->memoryBlocks()[0];
        QCOMPARE(left.bytes, std::int64_t(200));
        QCOMPARE(left.alloc, ItemId(0)); // F2, renumbered
        QVERIFY(!left.release.isValid());
    }

    void removedRanksTakeTheirDevices()
    {
        // A pass that drops a rank (fewer workers) drops its devices and their blocks; the devices of
        // later ranks move down with their ranks.
        Job j = job(0);
        const RankId second = j.b->addRank({ RankId(), 1, {} });
        MemoryDevice other;
        other.rank = second;
        other.index = 0;
        const std::uint32_t device = j.b->addMemoryDevice(other);
        j.b->addMemoryBlock({ 64, j.o, ItemId(), device, MemoryCategory::Temporaries });
        j.b->removeRank(RankId(0));
        auto g = j.b->build();
        QVERIFY2(g, g ? "" : g.status().toString().c_str());
        QCOMPARE((*g)->memoryDevices().size(), std::size_t(1));
        QCOMPARE((*g)->memoryDevices()[0].rank, RankId(0));
        QCOMPARE((*g)->ranks()[0].rank, 1);
        // The items were on rank 0's thread: they went too, and with O the block it allocated.
        QVERIFY((*g)->memoryBlocks().empty());
    }

    void copiesOnAnotherDevice()
    {
        // A copy of work on another rank (a pass that adds workers) takes its blocks to that rank's
        // device.
        Job j = job(2);
        MemoryDevice other;
        other.rank = RankId(0);
        other.index = 1;
        const std::uint32_t second = j.b->addMemoryDevice(other);
        const std::vector<ItemId> members { j.f1, j.f2 };
        QCOMPARE(
            MemoryRewrite::copyBlocks(*j.b, members, j.extra, MemoryRewrite::kAllCategories, second), std::size_t(3));
        auto g = j.b->build();
        QVERIFY(g);
        std::size_t onSecond = 0;
        for (const MemoryBlock& b : (*g)->memoryBlocks())
            onSecond += b.device == second;
        QCOMPARE(onSecond, std::size_t(3));
    }

    // AllocatedBlocks finds each group's own blocks (in the blocks' order, each once), and copyBlocks
    // reading only those adds the same copies as reading every block, however many were added since.
    void copiesAmongTheGroupsBlocks()
    {
        Job j = job(4);
        const AllocatedBlocks measured(j.b->memoryBlocks());
        const std::vector<ItemId> members { j.f2, j.f1, j.f1 };
        QCOMPARE(measured.of(members), (std::vector<std::size_t> { 0, 1, 2 }));
        QCOMPARE(measured.of(std::vector<ItemId> { j.b1 }), std::vector<std::size_t> { 3 });
        QVERIFY(measured.of(std::vector<ItemId> { j.o, j.b2, ItemId(), ItemId(999) }).empty());

        const std::vector<ItemId> forward { j.f1, j.f2 };
        const std::vector<std::size_t> among = measured.of(forward);
        const std::vector<ItemId> first { j.extra[0], j.extra[1] }, second { j.extra[2], j.extra[3] };
        QCOMPARE(MemoryRewrite::copyBlocks(
                     *j.b, forward, first, activations | temporaries, MemoryRewrite::kSameDevice, &among),
            std::size_t(3));
        // The first copies' blocks are not the forward's: the second copy reads the same three.
        QCOMPARE(MemoryRewrite::copyBlocks(*j.b, forward, second, activations, MemoryRewrite::kSameDevice, &among),
            std::size_t(2));
        const std::span<const MemoryBlock> blocks = j.b->memoryBlocks();
        QCOMPARE(blocks.size(), std::size_t(9));
        QCOMPARE(blocks[4].alloc, j.extra[0]);
        QCOMPARE(blocks[4].release, j.b2);
        QCOMPARE(blocks[5].alloc, j.extra[1]);
        QCOMPARE(blocks[6].alloc, j.extra[0]);
        QCOMPARE(blocks[6].release, j.extra[0]);
        QCOMPARE(blocks[7].alloc, j.extra[2]);
        QCOMPARE(blocks[8].alloc, j.extra[3]);
        QCOMPARE(blocks[8].bytes, std::int64_t(200));

        // The other rewrites read only the blocks among names: the copies' own (7 and 8) here, then the
        // gradient's (3), where B1 is not among the blocks read at first.
        const std::vector<std::size_t> copied { 7, 8 };
        QCOMPARE(MemoryRewrite::releaseAt(*j.b, second, activations, j.o, &copied), std::size_t(2));
        QCOMPARE(j.b->memoryBlocks()[7].release, j.o);
        QCOMPARE(j.b->memoryBlocks()[4].release, j.b2);
        const std::vector<ItemId> backward { j.b1 };
        const std::vector<ItemId> moved { j.b2 };
        QCOMPARE(
            MemoryRewrite::allocateAt(*j.b, backward, moved, MemoryRewrite::kAllCategories, &among), std::size_t(0));
        const std::vector<std::size_t> gradient = measured.of(backward);
        QCOMPARE(
            MemoryRewrite::allocateAt(*j.b, backward, moved, MemoryRewrite::kAllCategories, &gradient), std::size_t(1));
        QCOMPARE(j.b->memoryBlocks()[3].alloc, j.b2);
        QCOMPARE(MemoryRewrite::scale(*j.b, activations, 0.5, forward, &among), std::size_t(2));
        QCOMPARE(j.b->memoryBlocks()[1].bytes, std::int64_t(100));
        QCOMPARE(j.b->memoryBlocks()[5].bytes, std::int64_t(200));
    }
};

QTEST_GUILESS_MAIN(TestMemoryRewrite)
#include "tst_memoryrewrite.moc"
