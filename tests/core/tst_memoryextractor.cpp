// MemoryExtractor on hand-built jobs: allocations paired with their frees by address, else by size
// (latest first); blocks attributed by where they were allocated and freed; resident memory split into
// parameters (from AccumulateGrad shapes, once per parameter under accumulation), optimizer state (by
// the optimizer's class, SGD by its momentum) and the rest of the allocator's total; the window's
// edges; the measured figures; and the host's memory as the device of a rank without GPUs.

#include "core/exec/costextractor.h"
#include "core/graph/dependencygraph.h"

#include "jobbuilder.h"
#include "testsupport.h"

#include <QTest>

using namespace sightline;

namespace {

constexpr TimeNs us = 1000;
constexpr std::int64_t MiB = 1 << 20;

std::shared_ptr<const ExecutionGraph> extracted(
    const TracePtr& trace, std::int64_t firstStep = -1, std::int64_t lastStep = -1)
{
    const auto g = DependencyGraph::build(trace);
    if (!g)
        return nullptr;
    ExtractOptions o;
    o.firstStep = firstStep;
    o.lastStep = lastStep;
    auto x = CostExtractor::extract(**g, o);
    return x ? *x : nullptr;
}

// One training step of one rank (and the start of a second): zero_grad frees the gradient held from
// before, the forward keeps an activation and frees a temporary, the backward (on the autograd thread)
// uses a workspace, frees the activation and makes a gradient, and the optimizer (AdamW) makes state and
// a temporary. Every allocator event carries the allocator's total after it.
struct TrainingJob {
    TracePtr trace;
    OpId freeHeld, allocActivation, allocTemp, freeTemp, allocWorkspace, freeWorkspace, freeActivation, allocGradient,
        allocState, allocOptTemp, freeOptTemp, secondStepFree;
};

TrainingJob trainingJob(const std::string& optimizer = "AdamW", bool momentum = false)
{
    JobBuilder b;
    TrainingJob j;
    const std::uint32_t rank = b.rank(0);
    const std::uint32_t main = b.track(rank, TrackKind::CpuThread, 1);
    const std::uint32_t autograd = b.track(rank, TrackKind::CpuThread, 2);
    b.device(rank, 0, 64 * MiB);
    auto mem = [&](std::uint32_t track, TimeNs t, std::int64_t bytes) {
        const OpId op = b.op(track, "[memory]", OpKind::CpuOp, t, t);
        b.memory(op, bytes);
        return op;
    };
    b.currentStep = 1;
    const OpId step1 = b.op(main, "ProfilerStep#1", OpKind::Annotation, 0, 1000 * us);
    b.op(main, "Optimizer.zero_grad#" + optimizer + ".zero_grad", OpKind::CpuOp, 10 * us, 20 * us);
    j.freeHeld = mem(main, 15 * us, -1 * MiB);
    b.op(main, "aten::linear", OpKind::CpuOp, 100 * us, 200 * us);
    j.allocActivation = mem(main, 110 * us, 4 * MiB);
    j.allocTemp = mem(main, 120 * us, 2 * MiB);
    j.freeTemp = mem(main, 150 * us, -2 * MiB);
    b.op(main, "Optimizer.step#" + optimizer + ".step", OpKind::CpuOp, 800 * us, 900 * us);
    j.allocState = mem(main, 810 * us, 2 * MiB);
    j.allocOptTemp = mem(main, 820 * us, 1 * MiB);
    j.freeOptTemp = mem(main, 830 * us, -1 * MiB);
    if (momentum)
        b.op(main, "aten::mul_", OpKind::CpuOp, 840 * us, 850 * us);
    b.currentStep = 2;
    const OpId step2 = b.op(main, "ProfilerStep#2", OpKind::Annotation, 1000 * us, 2000 * us);
    b.op(main, "Optimizer.zero_grad#" + optimizer + ".zero_grad", OpKind::CpuOp, 1010 * us, 1020 * us);
    j.secondStepFree = mem(main, 1015 * us, -1 * MiB);
    b.currentStep = 1;
    b.op(autograd, "autograd::engine::evaluate_function: AddmmBackward0", OpKind::CpuOp, 400 * us, 600 * us);
    j.allocWorkspace = mem(autograd, 420 * us, 3 * MiB);
    j.freeWorkspace = mem(autograd, 450 * us, -3 * MiB);
    j.freeActivation = mem(autograd, 500 * us, -4 * MiB);
    const OpId acc = b.op(autograd, "torch::autograd::AccumulateGrad", OpKind::CpuOp, 600 * us, 650 * us);
    j.allocGradient = mem(autograd, 610 * us, 1 * MiB);
    b.step(rank, 1, step1);
    b.step(rank, 2, step2);
    // The allocator's total after each event, in time order, from 11 MiB held before the first.
    std::vector<std::pair<TimeNs, std::size_t>> order;
    for (std::size_t k = 0; k < b.d.memory.size(); ++k)
        order.emplace_back(b.d.start[b.d.memory[k].first.value()], k);
    std::sort(order.begin(), order.end());
    std::int64_t total = 11 * MiB;
    for (const auto& [time, k] : order) {
        total += b.d.memory[k].second.bytes;
        b.d.memory[k].second.totalAllocated = total;
    }
    // Shapes and allocator events go by op id: sorted here, as the importer keeps them.
    b.shapes(acc, "[[256,1024]]", "[\"float\"]");
    std::sort(b.d.memory.begin(), b.d.memory.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    std::sort(b.d.shapes.begin(), b.d.shapes.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    j.trace = b.finish();
    return j;
}

// The first block the item allocates (or, with end = &MemoryBlock::release, releases), or nullptr.
const MemoryBlock* blockOf(const ExecutionGraph& g, ItemId item, ItemId MemoryBlock::*end = &MemoryBlock::alloc)
{
    for (const MemoryBlock& b : g.memoryBlocks()) {
        if (b.*end == item)
            return &b;
    }
    return nullptr;
}

} // namespace

Q_DECLARE_METATYPE(MemoryCategory)

class TestMemoryExtractor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void blocksAreAttributed_data()
    {
        QTest::addColumn<int>("event"); // index into the job's events below
        QTest::addColumn<bool>("allocation"); // the event allocates the block (else frees it)
        QTest::addColumn<MemoryCategory>("category");
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<bool>("heldBefore"); // allocated before the window
        QTest::addColumn<bool>("heldAfter"); // still held when it ends
        QTest::newRow("held gradient freed by zero_grad")
            << 0 << false << MemoryCategory::Gradients << qint64(MiB) << true << false;
        QTest::newRow("forward result the backward frees")
            << 1 << true << MemoryCategory::Activations << qint64(4 * MiB) << false << false;
        QTest::newRow("forward temporary")
            << 2 << true << MemoryCategory::Temporaries << qint64(2 * MiB) << false << false;
        QTest::newRow("backward workspace")
            << 3 << true << MemoryCategory::Temporaries << qint64(3 * MiB) << false << false;
        QTest::newRow("gradient made by AccumulateGrad")
            << 4 << true << MemoryCategory::Gradients << qint64(MiB) << false << true;
        QTest::newRow("optimizer state kept")
            << 5 << true << MemoryCategory::OptimizerState << qint64(2 * MiB) << false << true;
        QTest::newRow("optimizer temporary")
            << 6 << true << MemoryCategory::Temporaries << qint64(MiB) << false << false;
    }

    void blocksAreAttributed()
    {
        QFETCH(int, event);
        QFETCH(bool, allocation);
        QFETCH(MemoryCategory, category);
        QFETCH(qint64, bytes);
        QFETCH(bool, heldBefore);
        QFETCH(bool, heldAfter);
        const TrainingJob j = trainingJob();
        const auto g = extracted(j.trace, 1, 1);
        QVERIFY(g);
        const std::vector<ItemId> itemOf = g->itemOfOp();
        const OpId ops[] = { j.freeHeld, j.allocActivation, j.allocTemp, j.allocWorkspace, j.allocGradient,
            j.allocState, j.allocOptTemp };
        const ItemId item = itemOf[ops[event].value()];
        QVERIFY(item.isValid());
        const MemoryBlock* b = blockOf(*g, item, allocation ? &MemoryBlock::alloc : &MemoryBlock::release);
        QVERIFY(b);
        QCOMPARE(b->category, category);
        QCOMPARE(b->bytes, std::int64_t(bytes));
        QCOMPARE(!b->alloc.isValid(), heldBefore);
        QCOMPARE(!b->release.isValid(), heldAfter);
        QCOMPARE(g->memoryBlocks().size(), std::size_t(7));
    }

    void residentAndMeasured()
    {
        // The allocator held 11 MiB before the window; 1 MiB of it (a gradient) is freed in the window.
        // The other 10: the parameter (1 MiB, from AccumulateGrad's shape), AdamW's two states (2 MiB)
        // and 7 MiB the model does not explain. The events rise 6 MiB above the start at most.
        const TrainingJob j = trainingJob();
        const auto g = extracted(j.trace, 1, 1);
        QVERIFY(g);
        QCOMPARE(g->memoryDevices().size(), std::size_t(1));
        const MemoryDevice& d = g->memoryDevices()[0];
        QCOMPARE(d.index, 0);
        QCOMPARE(d.capacityBytes, 64 * MiB);
        QVERIFY(d.eventsRecorded);
        QVERIFY(d.residentMeasured);
        QCOMPARE(d.parameterBytes, MiB);
        QCOMPARE(g->string(d.optimizer), std::string_view("AdamW"));
        QCOMPARE(d.optimizerStates, 2);
        QCOMPARE(d.resident[int(MemoryCategory::Parameters)], MiB);
        QCOMPARE(d.resident[int(MemoryCategory::OptimizerState)], 2 * MiB);
        QCOMPARE(d.resident[int(MemoryCategory::Gradients)], std::int64_t(0));
        QCOMPARE(d.resident[int(MemoryCategory::Other)], 7 * MiB);
        QCOMPARE(d.measuredStartBytes, 11 * MiB);
        QCOMPARE(d.measuredRiseBytes, 6 * MiB);
        QCOMPARE(d.measuredPeakBytes, 17 * MiB);
    }

    void windowEdges()
    {
        // Over both steps, the gradient made in step 1 is freed by step 2's zero_grad: a gradient block
        // from AccumulateGrad to that free.
        const TrainingJob j = trainingJob();
        const auto g = extracted(j.trace);
        QVERIFY(g);
        const std::vector<ItemId> itemOf = g->itemOfOp();
        const MemoryBlock* gradient = blockOf(*g, itemOf[j.allocGradient.value()]);
        QVERIFY(gradient);
        QCOMPARE(gradient->release, itemOf[j.secondStepFree.value()]);
        QCOMPARE(gradient->category, MemoryCategory::Gradients);
        // Over step 2 alone, that free is of memory held before the window.
        const auto second = extracted(j.trace, 2, 2);
        QVERIFY(second);
        QCOMPARE(second->memoryBlocks().size(), std::size_t(1));
        QVERIFY(!second->memoryBlocks()[0].alloc.isValid());
        QCOMPARE(second->memoryBlocks()[0].category, MemoryCategory::Gradients);
        QCOMPARE(second->memoryDevices()[0].measuredStartBytes, 13 * MiB);
    }

    void optimizerState_data()
    {
        QTest::addColumn<QString>("optimizer");
        QTest::addColumn<bool>("momentum"); // an in-place multiply in the step
        QTest::addColumn<int>("states");
        QTest::newRow("AdamW") << QStringLiteral("AdamW") << false << 2;
        QTest::newRow("Adam") << QStringLiteral("Adam") << false << 2;
        QTest::newRow("Adagrad") << QStringLiteral("Adagrad") << false << 1;
        QTest::newRow("SGD with momentum") << QStringLiteral("SGD") << true << 1;
        QTest::newRow("plain SGD") << QStringLiteral("SGD") << false << 0;
        QTest::newRow("unknown") << QStringLiteral("Shampoo") << false << -1;
    }

    void optimizerState()
    {
        QFETCH(QString, optimizer);
        QFETCH(bool, momentum);
        QFETCH(int, states);
        const TrainingJob j = trainingJob(optimizer.toStdString(), momentum);
        const auto g = extracted(j.trace, 1, 1);
        QVERIFY(g);
        const MemoryDevice& d = g->memoryDevices()[0];
        QCOMPARE(d.optimizerStates, states);
        QCOMPARE(d.resident[int(MemoryCategory::OptimizerState)], std::max(states, 0) * MiB);
        QCOMPARE(d.resident[int(MemoryCategory::Other)], (9 - std::max(states, 0)) * MiB);
    }

    void pairing_data()
    {
        QTest::addColumn<bool>("addresses");
        QTest::addColumn<int>("heldAllocation"); // which of the three allocations stays held
        // Without addresses a free takes the latest open allocation of its size; with them, its own.
        QTest::newRow("by size") << false << 0;
        QTest::newRow("by address") << true << 2;
    }

    void pairing()
    {
        QFETCH(bool, addresses);
        QFETCH(int, heldAllocation);
        JobBuilder b;
        const std::uint32_t rank = b.rank(0);
        const std::uint32_t main = b.track(rank, TrackKind::CpuThread, 1);
        b.currentStep = 1;
        const OpId step = b.op(main, "ProfilerStep#1", OpKind::Annotation, 0, 100 * us);
        OpId allocs[3];
        for (int i = 0; i < 3; ++i) {
            allocs[i] = b.op(main, "[memory]", OpKind::CpuOp, (10 + i) * us, (10 + i) * us);
            b.memory(allocs[i], 4096, -1, addresses ? 0x1000u * (i + 1) : 0);
        }
        for (int i = 0; i < 2; ++i) {
            const OpId free = b.op(main, "[memory]", OpKind::CpuOp, (20 + i) * us, (20 + i) * us);
            b.memory(free, -4096, -1, addresses ? 0x1000u * (i + 1) : 0);
        }
        b.step(rank, 1, step);
        const auto g = extracted(b.finish());
        QVERIFY(g);
        const std::vector<ItemId> itemOf = g->itemOfOp();
        QCOMPARE(g->memoryBlocks().size(), std::size_t(3));
        for (int i = 0; i < 3; ++i) {
            const MemoryBlock* block = blockOf(*g, itemOf[allocs[i].value()]);
            QVERIFY(block);
            QCOMPARE(!block->release.isValid(), i == heldAllocation);
        }
        // Without a Total Allocated, the start is unknown; the rise is what the events show.
        QCOMPARE(g->memoryDevices()[0].measuredStartBytes, std::int64_t(-1));
        QCOMPARE(g->memoryDevices()[0].measuredRiseBytes, std::int64_t(3 * 4096));
        QVERIFY(!g->memoryDevices()[0].residentMeasured);
    }

    void accumulationCountsParametersOnce()
    {
        // Two backward passes in a step accumulate the same two gradients twice; without allocator
        // events the device holds the model state alone, on the GPU its streams name.
        JobBuilder b;
        const std::uint32_t rank = b.rank(0);
        const std::uint32_t main = b.track(rank, TrackKind::CpuThread, 1);
        const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
        b.d.tracks[gpu].device = 3;
        b.currentStep = 1;
        const OpId step = b.op(main, "ProfilerStep#1", OpKind::Annotation, 0, 100 * us);
        std::vector<OpId> acc;
        for (int i = 0; i < 4; ++i)
            acc.push_back(
                b.op(main, "torch::autograd::AccumulateGrad", OpKind::CpuOp, (10 + 10 * i) * us, (15 + 10 * i) * us));
        b.op(main, "Optimizer.step#SGD.step", OpKind::CpuOp, 80 * us, 90 * us);
        b.op(gpu, "gemm", OpKind::ComputeKernel, 20 * us, 30 * us);
        for (int i = 0; i < 4; ++i)
            b.shapes(acc[static_cast<std::size_t>(i)], i % 2 ? "[[1024]]" : "[[256,1024]]",
                i % 2 ? "[\"float\"]" : "[\"c10::Half\"]");
        b.step(rank, 1, step);
        const auto g = extracted(b.finish());
        QVERIFY(g);
        QCOMPARE(g->memoryDevices().size(), std::size_t(1));
        const MemoryDevice& d = g->memoryDevices()[0];
        QCOMPARE(d.index, 3);
        QVERIFY(!d.eventsRecorded);
        QCOMPARE(d.parameterBytes, std::int64_t(256 * 1024 * 2 + 1024 * 4));
        // Gradients no block holds are held through the window; plain SGD keeps no state.
        QCOMPARE(d.resident[int(MemoryCategory::Gradients)], d.parameterBytes);
        QCOMPARE(d.resident[int(MemoryCategory::OptimizerState)], std::int64_t(0));
        QVERIFY(g->memoryBlocks().empty());
    }

    void hostEventsAndOtherDevices()
    {
        // Host allocations are not device memory; each device has its own blocks and capacity.
        JobBuilder b;
        const std::uint32_t rank = b.rank(0);
        const std::uint32_t main = b.track(rank, TrackKind::CpuThread, 1);
        b.device(rank, 1, 32 * MiB);
        b.currentStep = 1;
        const OpId step = b.op(main, "ProfilerStep#1", OpKind::Annotation, 0, 100 * us);
        const OpId host = b.op(main, "[memory]", OpKind::CpuOp, 10 * us, 10 * us);
        const OpId d0 = b.op(main, "[memory]", OpKind::CpuOp, 20 * us, 20 * us);
        const OpId d1a = b.op(main, "[memory]", OpKind::CpuOp, 30 * us, 30 * us);
        const OpId d1b = b.op(main, "[memory]", OpKind::CpuOp, 40 * us, 40 * us);
        b.memory(host, 512, -1, 0, -1);
        b.memory(d0, 1024, -1, 0, 0);
        b.memory(d1a, 2048, -1, 0, 1);
        b.memory(d1b, 2048, -1, 0, 1);
        b.step(rank, 1, step);
        const auto g = extracted(b.finish());
        QVERIFY(g);
        QCOMPARE(g->memoryDevices().size(), std::size_t(2));
        QCOMPARE(g->memoryDevices()[0].index, 0);
        QCOMPARE(g->memoryDevices()[0].capacityBytes, std::int64_t(-1));
        QCOMPARE(g->memoryDevices()[1].index, 1);
        QCOMPARE(g->memoryDevices()[1].capacityBytes, 32 * MiB);
        QCOMPARE(g->memoryDevices()[1].measuredRiseBytes, std::int64_t(4096));
        QCOMPARE(g->memoryBlocks().size(), std::size_t(3));
        for (const MemoryBlock& block : g->memoryBlocks())
            QCOMPARE(block.device, block.bytes == 1024 ? 0u : 1u);
    }

    // A rank without GPUs keeps its model on the host: the host's allocator events make its one device.
    // The host's total counts only what was allocated since the profiler started, so the model state
    // stands for what the window began with. Beside a GPU, the host's events are no device's.
    void hostMemoryOfARankWithoutGpus()
    {
        for (const bool withGpu : { false, true }) {
            JobBuilder b;
            const std::uint32_t rank = b.rank(0);
            const std::uint32_t main = b.track(rank, TrackKind::CpuThread, 1);
            if (withGpu)
                b.d.tracks[b.track(rank, TrackKind::GpuStream, 7)].device = 0;
            b.currentStep = 1;
            const OpId step = b.op(main, "ProfilerStep#1", OpKind::Annotation, 0, 100 * us);
            const OpId alloc = b.op(main, "[memory]", OpKind::CpuOp, 10 * us, 10 * us);
            const OpId acc = b.op(main, "torch::autograd::AccumulateGrad", OpKind::CpuOp, 20 * us, 30 * us);
            const OpId free = b.op(main, "[memory]", OpKind::CpuOp, 40 * us, 40 * us);
            b.shapes(acc, "[[256,1024]]", "[\"float\"]");
            b.memory(alloc, 4096, 4096, 0x1000, -1);
            b.memory(free, -4096, 0, 0x1000, -1);
            b.step(rank, 1, step);
            const auto g = extracted(b.finish());
            QVERIFY(g);
            QCOMPARE(g->memoryDevices().size(), std::size_t(1));
            const MemoryDevice& d = g->memoryDevices()[0];
            QCOMPARE(d.parameterBytes, std::int64_t(256 * 1024 * 4));
            QCOMPARE(d.resident[int(MemoryCategory::Parameters)], d.parameterBytes);
            QVERIFY(!d.residentMeasured);
            QCOMPARE(d.measuredPeakBytes, std::int64_t(-1));
            QCOMPARE(d.measuredStartBytes, std::int64_t(-1));
            if (withGpu) {
                QCOMPARE(d.index, 0);
                QVERIFY(!d.eventsRecorded);
                QVERIFY(g->memoryBlocks().empty());
            } else {
                QCOMPARE(d.index, MemoryDevice::kHost);
                QVERIFY(d.eventsRecorded);
                QCOMPARE(d.measuredRiseBytes, std::int64_t(4096));
                QCOMPARE(g->memoryBlocks().size(), std::size_t(1));
                QCOMPARE(g->memoryBlocks()[0].bytes, std::int64_t(4096));
                QCOMPARE(g->memoryBlocks()[0].category, MemoryCategory::Temporaries);
            }
        }
    }

    void nothingToEstimate()
    {
        // No allocator events and no gradient shapes: no device.
        JobBuilder b;
        const std::uint32_t rank = b.rank(0);
        const std::uint32_t main = b.track(rank, TrackKind::CpuThread, 1);
        b.currentStep = 1;
        const OpId step = b.op(main, "ProfilerStep#1", OpKind::Annotation, 0, 100 * us);
        b.op(main, "aten::mm", OpKind::CpuOp, 10 * us, 20 * us);
        b.step(rank, 1, step);
        const auto g = extracted(b.finish());
        QVERIFY(g);
        QVERIFY(g->memoryDevices().empty());
        QVERIFY(g->memoryBlocks().empty());
    }
};

QTEST_GUILESS_MAIN(TestMemoryExtractor)
#include "tst_memoryextractor.moc"
