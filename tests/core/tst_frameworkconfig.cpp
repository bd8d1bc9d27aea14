// FrameworkConfig: a strategy written as the configs frameworks load, from hand-built jobs.

#include "core/strategy/frameworkconfig.h"
#include "core/import/traceloader.h"
#include "core/strategy/batchsize.h"
#include "core/strategy/exportcontext.h"
#include "core/strategy/opset.h"
#include "core/strategy/pass.h"
#include "core/strategy/passregistry.h"
#include "core/strategy/strategyrunner.h"

#include "deepspeedschema.h"
#include "strategyjobs.h"
#include "testsupport.h"

#include <QFileInfo>
#include <QTest>

#include <cmath>
#include <cstdlib>
#include <limits>

using namespace sightline;
using namespace sightline::strategyjobs;

namespace {

std::string fileText(const FrameworkConfig& c, const std::string& name)
{
    for (const FrameworkConfig::File& f : c.files()) {
        if (f.name == name)
            return f.text;
    }
    return {};
}

} // namespace

class TestFrameworkConfig : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void tensorFusionAsDdpHorovodAndGroups()
    {
        // Two 1 MiB gradients: a 0.5 MiB cap keeps them apart, DDP style, with the first bucket capped
        // at 1 MiB too; Horovod's threshold is the cap in bytes.
        const auto session = sessionOf(twoGradientJob(4));
        Strategy s = oneStep("tensor_fusion", { { "bucket_cap_mb", 0.5 }, { "first_bucket_mb", 1.0 } });
        const auto r = session->whatIf({ s, {}, { CommSource::Measured, false, std::nullopt } });
        QVERIFY2(r, errorOf(r).c_str());
        // The hand-built job records no shapes: the batch is given.
        const FrameworkConfig c = *FrameworkConfig::of(s, session->analyses(), { 8 });
        // One measured step cannot show that every step makes the same gradients: no static graph.
        QCOMPARE(fileText(c, "ddp_args.json"), std::string("{\n  \"bucket_cap_mb\": 0.5,\n  \"gradient_as_bucket_view\": true,\n  \"static_graph\": false\n}\n"));
        QVERIFY(fileText(c, "horovod.env").find("HOROVOD_FUSION_THRESHOLD=524288\nHOROVOD_CYCLE_TIME=1\n") != std::string::npos);
        QCOMPARE(c.tensorGroups.size(), std::size_t(2));
        QCOMPARE(c.tensorGroups[0].tensors, std::vector<std::uint32_t>({ 0 }));
        QCOMPARE(c.tensorGroups[1].bytes, std::int64_t(1 << 20));
        const std::string script = fileText(c, "sightline_strategy.py");
        QVERIFY(script.find("\nFIRST_BUCKET_BYTES = 1048576\n") != std::string::npos);
        QVERIFY(script.find("\nMODELLED_BUCKET_BYTES = [1048576, 1048576]\n") != std::string::npos);
        // DeepSpeed reads bucket sizes only under ZeRO, in elements: 512 KiB of fp32 gradients.
        const std::string deepSpeed = fileText(c, "deepspeed_config.json");
        QCOMPARE(deepspeedschema::check(QByteArray::fromStdString(deepSpeed)), QString());
        QVERIFY(deepSpeed.find("\"stage\": 1,\n    \"reduce_bucket_size\": 131072,\n    \"allgather_bucket_size\": 131072,\n    \"overlap_comm\": true")
            != std::string::npos);
        QVERIFY(deepSpeed.find("\"train_micro_batch_size_per_gpu\": 8,") != std::string::npos);
        QCOMPARE(fileText(c, "xla.env"),
            std::string("# XLA's all-reduce combining, as Sightline's tensor_fusion step chose it\nXLA_FLAGS=--xla_gpu_all_reduce_combine_threshold_bytes=524288\n"));
        QCOMPARE(c.notes.size(), std::size_t(2)); // what has no equivalent, and where DeepSpeed's batch came from
        QCOMPARE(c.notes.front(), std::string("step 1 (tensor_fusion) has no equivalent in BytePS: BytePS does not fuse tensors, and its partition size is tensor_partition's"));

        // Under mixed precision the replay cuts the same buckets (by the gradients' fp32 bytes) and sends
        // them in half the bytes: DeepSpeed's buckets hold as many elements, and Horovod, which fuses
        // the tensors its compression made, half the bytes (it packed twice the elements).
        Strategy cast = s;
        cast.steps.push_back({ "mixed_precision", { { "precision", std::string("bf16") } } });
        const FrameworkConfig half = *FrameworkConfig::of(cast, session->analyses(), { 8 });
        QVERIFY(fileText(half, "deepspeed_config.json").find("\"reduce_bucket_size\": 131072,") != std::string::npos);
        QVERIFY2(fileText(half, "horovod.env").find("HOROVOD_FUSION_THRESHOLD=262144\n") != std::string::npos,
            fileText(half, "horovod.env").c_str());
        QVERIFY(fileText(half, "horovod_optimizer.json").find("\"compression\": \"fp16\"") != std::string::npos);

        // Explicit groups: the groups as given, the largest one's size as the frameworks' cap and the
        // first one's as DDP's first bucket, and each translation says that sizes only approximate them.
        const Strategy grouped = oneStep("tensor_fusion", { { "groups", std::string("0-1") } });
        const FrameworkConfig g = *FrameworkConfig::of(grouped, session->analyses(), { 8 });
        QCOMPARE(g.tensorGroups.size(), std::size_t(1));
        QCOMPARE(g.tensorGroups[0].tensors, std::vector<std::uint32_t>({ 0, 1 }));
        QVERIFY(fileText(g, "ddp_args.json").find("\"bucket_cap_mb\": 2,") != std::string::npos);
        QVERIFY(fileText(g, "horovod.env").find("HOROVOD_FUSION_THRESHOLD=2097152\n") != std::string::npos);
        const std::string groupedScript = fileText(g, "sightline_strategy.py");
        QVERIFY(groupedScript.find("\nFIRST_BUCKET_BYTES = 2097152\n") != std::string::npos);
        QVERIFY(groupedScript.find("\nMODELLED_BUCKET_BYTES = [2097152]\n") != std::string::npos);
        for (const FrameworkConfig::Translation& t : g.translations) {
            if (t.expressed)
                QVERIFY2(t.text.find("largest group's size as its cap") != std::string::npos, t.text.c_str());
        }
        // Groups that do not match the job's gradients have no equivalent anywhere.
        const FrameworkConfig none = *FrameworkConfig::of(
            oneStep("tensor_fusion", { { "groups", std::string("0-2") } }), session->analyses(), { 8 });
        for (const FrameworkConfig::Translation& t : none.translations)
            QVERIFY(!t.expressed);
    }

    void accumulationPrecisionAndCheckpoints()
    {
        const auto session = sessionOf(layerJob());
        Strategy s;
        s.steps.push_back({ "recompute", { { "layers", std::string("block_*") } } });
        s.steps.push_back({ "grad_accumulation", { { "micro_batches", 4.0 } } });
        s.steps.push_back({ "mixed_precision", { { "precision", std::string("fp16") } } });
        const auto r = session->whatIf({ s, {}, { CommSource::Measured, false, std::nullopt } });
        QVERIFY2(r, errorOf(r).c_str());
        const FrameworkConfig c = *FrameworkConfig::of(s, session->analyses(), { 16 });
        QCOMPARE(c.checkpointLayers, std::vector<std::string>({ "block_0" }));
        QCOMPARE(fileText(c, "deepspeed_config.json"),
            std::string("{\n  \"train_micro_batch_size_per_gpu\": 4,\n  \"gradient_accumulation_steps\": 4,\n  \"fp16\": {\n    \"enabled\": true\n  },\n"
                        "  \"activation_checkpointing\": {\n    \"partition_activations\": false,\n    \"contiguous_memory_optimization\": false,\n"
                        "    \"number_checkpoints\": 1\n  }\n}\n"));
        // A record_function label names no module: the file and the script say it needs a mapping.
        QCOMPARE(fileText(c, "checkpoint_layers.json"),
            std::string("{\n  \"names\": \"trace_labels\",\n  \"needs_mapping\": true,\n  \"checkpoint_layers\": [\n    \"block_0\"\n  ]\n}\n"));
        const std::string script = fileText(c, "sightline_strategy.py");
        QVERIFY(script.find("\nCHECKPOINT_MODULES = []\nCHECKPOINT_LABELS = [\"block_0\"]\n") != std::string::npos);
        QVERIFY(script.find("\nAUTOCAST_DTYPE = \"float16\"\nACCUMULATION_STEPS = 4\n") != std::string::npos);
        QVERIFY(script.find("\nGRADIENT_COMPRESSION = \"fp16\"\n") != std::string::npos);
        // Micro-batches run under no_sync(), which DDP's static graph does not take.
        QVERIFY(script.find("\"static_graph\": False}") != std::string::npos);
        QVERIFY(fileText(c, "ddp_args.json").empty());
        QVERIFY(fileText(c, "horovod.env").empty());
        // Horovod accumulates in its optimizer and sends fp16 gradients, as the what-if halved their bytes.
        QCOMPARE(fileText(c, "horovod_optimizer.json"), std::string("{\n  \"backward_passes_per_step\": 4,\n  \"compression\": \"fp16\"\n}\n"));
        const FrameworkConfig keptBytes
            = *FrameworkConfig::of(oneStep("mixed_precision", { { "gradient_bytes_factor", 1.0 } }), session->analyses(), { 16 });
        QVERIFY(fileText(keptBytes, "horovod_optimizer.json").empty());
        QVERIFY(!keptBytes.translations[static_cast<std::size_t>(Framework::Horovod)].expressed);
    }

    // A recompute step aimed at chosen ops checkpoints the layers holding them, wherever they ran.
    void checkpointsOfChosenOps()
    {
        const auto trace = TraceLoader::load({ toStd(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/fixtures/groundtruth/checkpoint/none")) });
        QVERIFY(trace);
        const auto session = sessionOf(*trace);
        const Trace& t = session->trace();
        // block_2's spans on the host (the trace also copies annotations onto the GPU's rows).
        std::vector<OpId> blockTwo;
        for (std::uint32_t v = 0; v < t.opCount(); ++v) {
            if (t.string(t.name(OpId(v))) == "block_2" && !isGpuTrack(t.trackInfo(t.track(OpId(v))).kind))
                blockTwo.push_back(OpId(v));
        }
        QVERIFY(!blockTwo.empty());
        const Strategy s = oneStep("recompute", { { "ops", OpSet::of({ blockTwo.back() }).text() } });
        const auto r = session->whatIf({ s, {}, { CommSource::Measured, false, std::nullopt } });
        QVERIFY2(r, errorOf(r).c_str());
        const FrameworkConfig c = *FrameworkConfig::of(s, session->analyses());
        QCOMPARE(c.checkpointLayers, std::vector<std::string>({ "block_2" }));
        // Without ops, every layer of the first step.
        const Strategy all = oneStep("recompute", {});
        const auto every = session->whatIf({ all, {}, { CommSource::Measured, false, std::nullopt } });
        QVERIFY2(every, errorOf(every).c_str());
        QVERIFY(FrameworkConfig::of(all, session->analyses())->checkpointLayers.size() > 2);
    }

    // Fused kernels are a compiler's work: no framework file names them; PyTorch's script compiles the
    // model, and the others say why they cannot.
    void fusedKernelsNeedACompiler()
    {
        const auto session = sessionOf(kernelChainJob());
        const Strategy s = oneStep("op_fusion", {});
        const auto r = session->whatIf({ s, {}, { CommSource::Measured, false, std::nullopt } });
        QVERIFY2(r, errorOf(r).c_str());
        const FrameworkConfig c = *FrameworkConfig::of(s, session->analyses());
        QCOMPARE(FrameworkConfig::namesFor(c.files(), Framework::PyTorch), std::vector<std::string>({ "sightline_strategy.py" }));
        QCOMPARE(c.files().size(), std::size_t(1));
        QVERIFY(fileText(c, "sightline_strategy.py").find("\nCOMPILE = True\n") != std::string::npos);
        QCOMPARE(c.notes.size(), std::size_t(1));
        QVERIFY(c.notes.front().find("PyTorch") == std::string::npos);
        QVERIFY(c.notes.front().find("in XLA: XLA fuses kernels by itself") != std::string::npos);
    }

    void partitionAsBytePs()
    {
        const auto session = sessionOf(allReduceJob({ 100, 100 }));
        const Strategy s = oneStep("tensor_partition", { { "partition_bytes", 262144.0 } });
        const auto r = session->whatIf({ s, {}, { CommSource::Measured, false, std::nullopt } });
        QVERIFY2(r, errorOf(r).c_str());
        const FrameworkConfig c = *FrameworkConfig::of(s, session->analyses());
        QCOMPARE(c.files().size(), std::size_t(1));
        QCOMPARE(fileText(c, "byteps.env"),
            std::string("# BytePS, as Sightline's strategy chose it\nBYTEPS_PARTITION_BYTES=262144\n"));
    }

    // DeepSpeed refuses a configuration without a batch size: without one, no DeepSpeed file is written
    // and its steps say why; a batch that micro-batches do not split is refused alike.
    void deepSpeedNeedsABatch()
    {
        QVERIFY(!deepspeedschema::check("{ \"gradient_accumulation_steps\": 4, \"bf16\": { \"enabled\": true } }").isEmpty());
        QVERIFY(!deepspeedschema::check("{ \"train_micro_batch_size_per_gpu\": 4, \"zero_optimization\": { \"reduce_bucket_size\": 1.5 } }").isEmpty());
        QVERIFY(!deepspeedschema::check("{ \"train_micro_batch_size_per_gpu\": 4, \"zero_optimization\": { \"stage\": 4 } }").isEmpty());
        QVERIFY(!deepspeedschema::check("{ \"train_micro_batch_size_per_gpu\": 4, \"bf16\": { \"on\": true } }").isEmpty());
        const auto session = sessionOf(layerJob());
        const Strategy s = oneStep("grad_accumulation", { { "micro_batches", 4.0 } });
        const FrameworkConfig none = *FrameworkConfig::of(s, session->analyses());
        QVERIFY(fileText(none, "deepspeed_config.json").empty());
        const FrameworkConfig::Translation& t = none.translations[static_cast<std::size_t>(Framework::DeepSpeed)];
        QVERIFY(!t.expressed);
        QVERIFY2(t.text.find("give it (--batch)") != std::string::npos, t.text.c_str());
        const FrameworkConfig uneven = *FrameworkConfig::of(s, session->analyses(), { 10 });
        QVERIFY(fileText(uneven, "deepspeed_config.json").empty());
        QVERIFY(uneven.translations[static_cast<std::size_t>(Framework::DeepSpeed)].text.find("does not split into 4") != std::string::npos);
        // The launcher's arguments need no batch: with a worker count, they are written all the same.
        Strategy withWorkers = s;
        withWorkers.steps.push_back({ "worker_count", { { "workers", 2.0 }, { "ranks_per_host", 1.0 } } });
        const FrameworkConfig launcher = *FrameworkConfig::of(withWorkers, session->analyses());
        QCOMPARE(fileText(launcher, "deepspeed_args.txt"), std::string("--num_nodes=2 --num_gpus=1\n"));
        QVERIFY(launcher.translations[kFrameworks.size() + static_cast<std::size_t>(Framework::DeepSpeed)].expressed);
        QVERIFY(!launcher.translations[static_cast<std::size_t>(Framework::DeepSpeed)].expressed);
        const FrameworkConfig even = *FrameworkConfig::of(s, session->analyses(), { 12 });
        QCOMPARE(deepspeedschema::check(QByteArray::fromStdString(fileText(even, "deepspeed_config.json"))), QString());
        QVERIFY(even.notes.back().find("train_micro_batch_size_per_gpu 3 of a batch of 12 samples per rank and step, as given") != std::string::npos);
    }

    // A batch_size step gives DeepSpeed its batch, which micro-batches after it split; as a factor, it
    // needs the measured batch, and one that makes whole samples. Frameworks whose batch is the
    // training script's say what to set it to.
    void batchSizeSetsDeepSpeedsBatch()
    {
        const auto session = sessionOf(layerJob());
        Strategy s = oneStep("batch_size", { { "samples", 32.0 } });
        s.steps.push_back({ "grad_accumulation", { { "micro_batches", 4.0 } } });
        const FrameworkConfig c = *FrameworkConfig::of(s, session->analyses());
        const std::string deepSpeed = fileText(c, "deepspeed_config.json");
        QCOMPARE(deepspeedschema::check(QByteArray::fromStdString(deepSpeed)), QString());
        QVERIFY2(deepSpeed.find("\"train_micro_batch_size_per_gpu\": 8,") != std::string::npos, deepSpeed.c_str());
        QVERIFY2(c.notes.back().find("train_micro_batch_size_per_gpu 8 of a batch of 32 samples per rank and step, as "
                                     "the strategy's batch_size step sets it")
                != std::string::npos,
            c.notes.back().c_str());
        QCOMPARE(c.batchSource, std::string(FrameworkConfig::kStepBatch));
        const FrameworkConfig::Translation& pytorch = c.translations[static_cast<std::size_t>(Framework::PyTorch)];
        QVERIFY(!pytorch.expressed);
        QVERIFY2(
            pytorch.text.find("data loader's batch_size): set it to 32") != std::string::npos, pytorch.text.c_str());

        const Strategy half = oneStep("batch_size", { { "factor", 0.5 } });
        const FrameworkConfig unknown = *FrameworkConfig::of(half, session->analyses());
        QVERIFY(fileText(unknown, "deepspeed_config.json").empty());
        QVERIFY(unknown.translations[static_cast<std::size_t>(Framework::DeepSpeed)].text.find("give 'samples'")
            != std::string::npos);
        const FrameworkConfig given = *FrameworkConfig::of(half, session->analyses(), { 12 });
        QVERIFY(fileText(given, "deepspeed_config.json").find("\"train_micro_batch_size_per_gpu\": 6,")
            != std::string::npos);
        const FrameworkConfig odd = *FrameworkConfig::of(half, session->analyses(), { 11 });
        QVERIFY(fileText(odd, "deepspeed_config.json").empty());
        QVERIFY(odd.translations[static_cast<std::size_t>(Framework::DeepSpeed)].text.find(
                    "of a batch of 11 is not a whole number")
            != std::string::npos);

        // The step's batch, then shared among twice the workers: the source says both.
        const auto ddp = sessionOfFiles(SIGHTLINE_SOURCE_DIR "/tests/fixtures/groundtruth/ddp/bucket25mb");
        QVERIFY(ddp);
        Strategy shared = oneStep("batch_size", { { "samples", 16.0 } });
        shared.steps.push_back(
            { "worker_count", { { "workers", 4.0 }, { "ranks_per_host", 2.0 }, { "batch", std::string("global") } } });
        const FrameworkConfig four = *FrameworkConfig::of(shared, ddp->analyses());
        QCOMPARE(four.batch.value_or(-1), std::int64_t { 8 });
        QVERIFY2(
            four.notes.back().find("train_micro_batch_size_per_gpu 8 of a batch of 8 samples per rank and step, as "
                                   "the strategy's batch_size step sets it, shared among 4 workers from a global "
                                   "batch of 32")
                != std::string::npos,
            four.notes.back().c_str());

        // A given batch, shared the same way: the note says it was given, not read from "given".
        Strategy sharedGiven = oneStep("tensor_fusion", { { "bucket_cap_mb", 2.0 } });
        sharedGiven.steps.push_back(shared.steps.back());
        const FrameworkConfig givenFour = *FrameworkConfig::of(sharedGiven, ddp->analyses(), { 16 });
        QCOMPARE(givenFour.batch.value_or(-1), std::int64_t { 8 });
        const auto batchNote = std::find_if(givenFour.notes.begin(), givenFour.notes.end(), [](const std::string& n) {
            return n.starts_with("deepspeed_config.json: train_micro_batch_size_per_gpu");
        });
        QVERIFY(batchNote != givenFour.notes.end());
        QCOMPARE(*batchNote,
            std::string("deepspeed_config.json: train_micro_batch_size_per_gpu 8 of a batch of 8 samples per rank and "
                        "step, as given, shared among 4 workers from a global batch of 32"));
    }

    // The project's CPU DDP job, five steps of the same gradients: DDP's static graph holds, and the
    // script holds the exact cap and the buckets the what-if modelled (the traced job's 1,089,802 fp32
    // parameters); micro-batches under no_sync() turn the static graph off.
    void pytorchScriptOfADdpJob()
    {
        const auto trace = TraceLoader::load({ toStd(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/fixtures/groundtruth-cpu/ddp/bucket25mb")) });
        QVERIFY(trace);
        const auto session = sessionOf(*trace);
        Strategy s = oneStep("tensor_fusion", { { "bucket_cap_mb", 2.0 } });
        const FrameworkConfig c = *FrameworkConfig::of(s, session->analyses());
        QVERIFY2(c.staticGraph, c.staticGraphWhy.c_str());
        const std::string script = fileText(c, "sightline_strategy.py");
        QVERIFY(script.find("\nDDP_KWARGS = {\"bucket_cap_mb\": 2, \"gradient_as_bucket_view\": True, \"static_graph\": True}\n") != std::string::npos);
        std::string buckets;
        std::int64_t bytes = 0;
        for (const FrameworkConfig::TensorGroup& g : c.tensorGroups) {
            buckets += (buckets.empty() ? "" : ", ") + std::to_string(g.bytes);
            bytes += g.bytes;
        }
        QCOMPARE(bytes, std::int64_t(1089802) * 4);
        QVERIFY(script.find("\nMODELLED_BUCKET_BYTES = [" + buckets + "]\n") != std::string::npos);
        QVERIFY(script.find("\nTORCHRUN_ARGS = None\n") != std::string::npos);
        s.steps.push_back({ "grad_accumulation", { { "micro_batches", 2.0 } } });
        const FrameworkConfig accumulated = *FrameworkConfig::of(s, session->analyses());
        QVERIFY(!accumulated.staticGraph);
        QVERIFY2(accumulated.staticGraphWhy.find("no_sync()") != std::string::npos, accumulated.staticGraphWhy.c_str());
    }

    // Where the profiler recorded its module hierarchy (with_stack), the layers to checkpoint are named
    // by their paths in it, without DDP's wrapper; an operator names no module and is refused.
    void checkpointsByModulePath()
    {
        const QString path = QStringLiteral(SIGHTLINE_TRACES_DIR "/kineto/rocm-mi300-ckpt/resnet_act_checkpoint.json.gz");
        if (!QFileInfo::exists(path))
            QSKIP("../shared/traces is absent");
        const auto trace = TraceLoader::load({ toStd(path) });
        QVERIFY(trace);
        const auto session = sessionOf(*trace);
        const FrameworkConfig c = *FrameworkConfig::of(oneStep("recompute", { { "layers", std::string("nn.Module: BasicBlock_*") } }), session->analyses());
        QVERIFY(c.checkpointByModulePath);
        QCOMPARE(c.checkpointLayers.size(), std::size_t(8));
        QCOMPARE(c.checkpointLayers[2], std::string("ResNet_0/CheckpointWrapper_1/Sequential_1/BasicBlock_2"));
        QVERIFY(fileText(c, "checkpoint_layers.json").find("\"names\": \"profiler_module_hierarchy\",\n  \"needs_mapping\": false") != std::string::npos);
        QVERIFY(fileText(c, "sightline_strategy.py").find("\nCHECKPOINT_LABELS = []\n") != std::string::npos);

        const FrameworkConfig ops = *FrameworkConfig::of(oneStep("recompute", { { "layers", std::string("aten::batch_norm") } }), session->analyses());
        QVERIFY(ops.checkpointLayers.empty());
        QVERIFY(fileText(ops, "checkpoint_layers.json").empty());
        for (const FrameworkConfig::Translation& t : ops.translations) {
            QVERIFY(!t.expressed);
            QVERIFY2(t.text.find("the layers are operators (aten::batch_norm)") != std::string::npos, t.text.c_str());
        }
    }

    // The batch a trace's shapes show, on the recorded fixtures whose batches their READMEs state.
    void batchFromTheTraceShapes_data()
    {
        QTest::addColumn<QString>("job");
        QTest::addColumn<qint64>("batch");
        QTest::addColumn<QString>("from");
        QTest::newRow("transformer, batch 64") << QStringLiteral("groundtruth/amp/fp32") << qint64(64) << QStringLiteral("aten::");
        QTest::newRow("convnet, batch 256") << QStringLiteral("groundtruth-gpu2/convnet/amp/fp32") << qint64(256) << QStringLiteral("aten::conv2d");
        QTest::newRow("gpt-large, batch 16") << QStringLiteral("groundtruth-gpu2/gpt-large/amp/fp32") << qint64(16) << QStringLiteral("aten::embedding");
        QTest::newRow("cpu mlp, batch 16") << QStringLiteral("groundtruth-cpu/batch/batch16") << qint64(16) << QStringLiteral("aten::linear");
        QTest::newRow("cpu mlp, batch 8") << QStringLiteral("groundtruth-cpu/batch/batch8") << qint64(8) << QStringLiteral("aten::linear");
    }
    void batchFromTheTraceShapes()
    {
        QFETCH(QString, job);
        QFETCH(qint64, batch);
        QFETCH(QString, from);
        const auto trace = TraceLoader::load({ toStd(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/fixtures/") + job) });
        QVERIFY(trace);
        const std::optional<BatchSize::Found> found = BatchSize::of(**trace);
        QVERIFY(found);
        QCOMPARE(found->size, std::int64_t(batch));
        QVERIFY2(found->source.find(toStd(from)) != std::string::npos, found->source.c_str());
        // A job without recorded shapes shows none.
        QVERIFY(!BatchSize::of(*layerJob()));
    }

    // DDP multiplies bucket_cap_mb out to bytes (int(bucket_cap_mb * 1024 * 1024)): the number written
    // must give the modelled bytes back, not one fewer.
    void byteCapsRoundTrip_data()
    {
        QTest::addColumn<double>("thresholdBytes");
        QTest::newRow("1000") << 1000.0;
        QTest::newRow("999999") << 999999.0;
        QTest::newRow("25 MiB + 3") << 26214403.0;
        QTest::newRow("7") << 7.0;
    }
    void byteCapsRoundTrip()
    {
        QFETCH(double, thresholdBytes);
        const auto session = sessionOf(twoGradientJob(4));
        const Strategy s = oneStep("tensor_fusion", { { "threshold_bytes", thresholdBytes } });
        const FrameworkConfig c = *FrameworkConfig::of(s, session->analyses());
        const std::string ddp = fileText(c, "ddp_args.json");
        const std::string key = "\"bucket_cap_mb\": ";
        QVERIFY(ddp.find(key) != std::string::npos);
        const double mb = std::strtod(ddp.c_str() + ddp.find(key) + key.size(), nullptr);
        QCOMPARE(static_cast<std::int64_t>(mb * 1024 * 1024), static_cast<std::int64_t>(thresholdBytes));
        QVERIFY(fileText(c, "horovod.env").find("HOROVOD_FUSION_THRESHOLD=" + std::to_string(static_cast<std::int64_t>(thresholdBytes)) + "\n")
            != std::string::npos);
        // Horovod-style buckets close after each cycle too, which DDP's do not: the script compares
        // nothing, and caps DDP's first bucket like the others.
        const std::string script = fileText(c, "sightline_strategy.py");
        QVERIFY(script.find("\nFIRST_BUCKET_BYTES = " + std::to_string(static_cast<std::int64_t>(thresholdBytes)) + "\n") != std::string::npos);
        QVERIFY(script.find("\nMODELLED_BUCKET_BYTES = []\n") != std::string::npos);
    }

    // BytePS reads its partition size with atoi: a size past 32 bits is refused, not written to wrap.
    void bytePsPartitionWithinItsInt()
    {
        const auto session = sessionOf(allReduceJob({ 100, 100 }));
        const FrameworkConfig most = *FrameworkConfig::of(oneStep("tensor_partition", { { "partition_bytes", 2147483647.0 } }), session->analyses());
        QVERIFY(fileText(most, "byteps.env").find("BYTEPS_PARTITION_BYTES=2147483647\n") != std::string::npos);
        QVERIFY(most.translations[static_cast<std::size_t>(Framework::BytePS)].text.find("aligns it down") != std::string::npos);
        const FrameworkConfig past = *FrameworkConfig::of(oneStep("tensor_partition", { { "partition_bytes", 2147483648.0 } }), session->analyses());
        QVERIFY(past.files().empty());
        QCOMPARE(past.notes.size(), std::size_t(1));
        QVERIFY2(past.notes.front().find("in BytePS: BytePS reads BYTEPS_PARTITION_BYTES as a 32-bit int: at most 2147483647 bytes, not 2147483648")
                != std::string::npos,
            past.notes.front().c_str());
    }

    // worker_count becomes the launchers' process counts, on hosts of ranks_per_host ranks.
    void workerCountAsLaunchers()
    {
        const auto session = sessionOfFiles(SIGHTLINE_SOURCE_DIR "/tests/fixtures/groundtruth/ddp/bucket25mb");
        QVERIFY(session);
        const auto exported = [&](std::map<std::string, ParameterValue> params) {
            return *FrameworkConfig::of(oneStep("worker_count", std::move(params)), session->analyses());
        };
        const FrameworkConfig c = exported({ { "workers", 8.0 }, { "ranks_per_host", 4.0 } });
        QCOMPARE(fileText(c, "torchrun_args.txt"), std::string("--nnodes=2 --nproc_per_node=4\n"));
        QCOMPARE(fileText(c, "deepspeed_args.txt"), std::string("--num_nodes=2 --num_gpus=4\n"));
        QCOMPARE(fileText(c, "horovodrun_args.txt"), std::string("-np 8 -H HOST_1:4,HOST_2:4\n"));
        QVERIFY(fileText(c, "byteps.env").find("\nDMLC_NUM_WORKER=2\nDMLC_NUM_SERVER=2\n") != std::string::npos);
        // Strong scaling: the measured global batch (2 ranks of the measured batch) shared among 8.
        QVERIFY(c.batch);
        const FrameworkConfig strong
            = exported({ { "workers", 8.0 }, { "ranks_per_host", 4.0 }, { "batch", std::string("global") } });
        const std::int64_t global = *c.batch * 2;
        const bool even = global % 8 == 0;
        QCOMPARE(strong.batch.value_or(-1), even ? global / 8 : *c.batch);
        const std::string said = strong.translations.front().text;
        QVERIFY2(said.find(even ? "samples, the global batch of " + std::to_string(global) + " shared"
                                : "does not split evenly among 8 workers")
                != std::string::npos,
            said.c_str());
        const FrameworkConfig oneServer = exported({ { "workers", 8.0 }, { "ranks_per_host", 4.0 }, { "servers", 1.0 } });
        QVERIFY(fileText(oneServer, "byteps.env").find("\nDMLC_NUM_WORKER=2\nDMLC_NUM_SERVER=1\n") != std::string::npos);
        // The trace names no hosts: how many ranks share one is not guessed.
        const FrameworkConfig unknown = exported({ { "workers", 8.0 } });
        QVERIFY(unknown.files().empty());
        QVERIFY2(unknown.notes.front().find("the trace names no hosts") != std::string::npos, unknown.notes.front().c_str());
        const FrameworkConfig uneven = exported({ { "workers", 6.0 }, { "ranks_per_host", 4.0 } });
        QVERIFY(uneven.files().empty());
        QVERIFY(uneven.notes.front().find("6 ranks do not fill hosts of 4 alike") != std::string::npos);
        // An asynchronous parameter server: BytePS's asynchronous mode, with a worker per host as the
        // what-if pushes from every rank; the all-reducing frameworks have none.
        const FrameworkConfig async = exported(
            { { "workers", 8.0 }, { "ranks_per_host", 1.0 }, { "mode", std::string("async_ps") }, { "servers", 2.0 } });
        QCOMPARE(fileText(async, "byteps.env"),
            std::string("# BytePS, as Sightline's strategy chose "
                        "it\nDMLC_NUM_WORKER=8\nDMLC_NUM_SERVER=2\nBYTEPS_ENABLE_ASYNC=1\n"));
        QVERIFY(fileText(async, "torchrun_args.txt").empty());
        QVERIFY(!async.translations[static_cast<std::size_t>(Framework::PyTorch)].expressed);
        const FrameworkConfig asyncHosts
            = exported({ { "workers", 8.0 }, { "ranks_per_host", 4.0 }, { "mode", std::string("async_ps") } });
        QVERIFY(asyncHosts.files().empty());
        const std::string why = asyncHosts.translations[static_cast<std::size_t>(Framework::BytePS)].text;
        QVERIFY2(why.find("BytePS sums the GPUs of a host before it pushes") != std::string::npos, why.c_str());
    }

    // Each environment or argument file, read the way its framework reads it (Horovod: strtol and
    // strtof; horovodrun: whole MiB; BytePS: atoi into 32 bits), gives back the strategy's values exactly.
    void frameworkFilesRoundTrip_data()
    {
        QTest::addColumn<double>("thresholdBytes");
        QTest::addColumn<double>("cycleMs");
        QTest::addColumn<double>("partitionBytes");
        QTest::newRow("whole MiB") << 67108864.0 << 2.5 << 4096000.0;
        QTest::newRow("odd bytes") << 1000003.0 << 0.1 << 2147483647.0;
        QTest::newRow("tiny") << 1.0 << 3.333 << 1024.0;
    }
    void frameworkFilesRoundTrip()
    {
        QFETCH(double, thresholdBytes);
        QFETCH(double, cycleMs);
        QFETCH(double, partitionBytes);
        const auto session = sessionOf(allReduceJob({ 100, 100 }));
        Strategy s;
        s.steps.push_back({ "tensor_fusion", { { "threshold_bytes", thresholdBytes }, { "cycle_time_ms", cycleMs } } });
        s.steps.push_back({ "tensor_partition", { { "partition_bytes", partitionBytes } } });
        const FrameworkConfig c = *FrameworkConfig::of(s, session->analyses());
        const auto valueOf = [&](const std::string& file, const std::string& key) {
            const std::string text = fileText(c, file);
            const std::size_t at = text.find("\n" + key + "=");
            return at == std::string::npos ? std::string() : text.substr(at + key.size() + 2, text.find('\n', at + 1) - at - key.size() - 2);
        };
        const std::string threshold = valueOf("horovod.env", "HOROVOD_FUSION_THRESHOLD");
        QCOMPARE(static_cast<double>(std::strtol(threshold.c_str(), nullptr, 10)), thresholdBytes);
        const std::string cycle = valueOf("horovod.env", "HOROVOD_CYCLE_TIME");
        QCOMPARE(std::strtof(cycle.c_str(), nullptr), static_cast<float>(cycleMs));
        const std::string partition = valueOf("byteps.env", "BYTEPS_PARTITION_BYTES");
        const long long parsed = std::strtoll(partition.c_str(), nullptr, 10);
        QVERIFY(parsed <= std::numeric_limits<std::int32_t>::max());
        QCOMPARE(static_cast<double>(static_cast<std::int32_t>(parsed)), partitionBytes);
        // horovodrun: --fusion-threshold-mb only where the threshold is whole MiB; --cycle-time-ms always.
        const std::string args = fileText(c, "horovodrun_args.txt");
        const std::size_t mb = args.find("--fusion-threshold-mb ");
        QCOMPARE(mb != std::string::npos, std::fmod(thresholdBytes, 1048576.0) == 0);
        if (mb != std::string::npos)
            QCOMPARE(std::strtod(args.c_str() + mb + 22, nullptr) * 1048576.0, thresholdBytes);
        const std::size_t ms = args.find("--cycle-time-ms ");
        QVERIFY(ms != std::string::npos);
        QCOMPARE(static_cast<float>(std::strtod(args.c_str() + ms + 16, nullptr)), static_cast<float>(cycleMs));
    }

    void nothingToExport()
    {
        const auto session = sessionOf(allReduceJob({ 100 }));
        const Strategy s = oneStep("speedup", { { "percent", 10.0 } });
        const auto r = session->whatIf({ s, {}, { CommSource::Measured, false, std::nullopt } });
        QVERIFY(r);
        const FrameworkConfig c = *FrameworkConfig::of(s, session->analyses());
        QVERIFY(c.files().empty());
        // One line says why, for every framework at once.
        QCOMPARE(c.notes.size(), std::size_t(1));
        QVERIFY2(c.notes.front().starts_with("step 1 (speedup) has no equivalent in PyTorch, DeepSpeed, Horovod, BytePS and XLA: "), c.notes.front().c_str());
    }

    // Each pass answers for every framework, beside its parameters: what its step becomes there, or why
    // it has none. A registered pass missing from this table fails the test, so a new pass is checked.
    void everyPassAnswersForEveryFramework()
    {
        const std::map<std::string, std::map<std::string, ParameterValue>> params {
            { "speedup", { { "percent", 10.0 } } },
            { "straggler", { { "rank", 1.0 } } },
            { "network", { { "bandwidth_scale", 2.0 } } },
            { "worker_count", { { "workers", 4.0 } } },
            { "grad_accumulation", { { "micro_batches", 2.0 } } },
            { "batch_size", { { "samples", 8.0 } } },
            { "mixed_precision", {} },
            { "recompute", {} },
            { "op_fusion", {} },
            { "tensor_fusion", { { "bucket_cap_mb", 1.0 } } },
            { "tensor_partition", { { "partition_bytes", 262144.0 } } },
        };
        const auto session = sessionOfFiles(SIGHTLINE_SOURCE_DIR "/tests/fixtures/groundtruth/ddp/bucket25mb");
        QVERIFY(session);
        for (const Pass* pass : PassRegistry::all()) {
            const std::string name(pass->name());
            QVERIFY2(params.contains(name), ("no parameters for the pass " + name + " in this test").c_str());
            const Strategy s = oneStep(name, params.at(name));
            const Status bound = StrategyRunner::validate(s);
            QVERIFY2(bound.ok(), bound.toString().c_str());
            const FrameworkConfig c = *FrameworkConfig::of(s, session->analyses());
            QCOMPARE(c.translations.size(), kFrameworks.size());
            for (std::size_t f = 0; f < kFrameworks.size(); ++f) {
                const FrameworkConfig::Translation& t = c.translations[f];
                QCOMPARE(t.framework, kFrameworks[f]);
                QCOMPARE(t.step, "step 1 (" + name + ")");
                QVERIFY2(!t.text.empty() && t.text != "the pass says nothing for this framework",
                    (name + " says nothing for " + std::string(frameworkName(t.framework))).c_str());
            }
            // Each file written is one an answer is written into, and each answer's files are written, of
            // its framework, and named in its text.
            const std::vector<FrameworkConfig::File> files = c.files();
            for (const FrameworkConfig::File& file : files) {
                const bool named = std::any_of(c.translations.begin(), c.translations.end(), [&](const FrameworkConfig::Translation& t) {
                    return t.expressed && std::find(t.files.begin(), t.files.end(), file.name) != t.files.end();
                });
                QVERIFY2(named, (name + " writes " + file.name + " without saying so").c_str());
            }
            for (const FrameworkConfig::Translation& t : c.translations) {
                QVERIFY2(t.expressed || t.files.empty(), (name + ": an answer without an equivalent names files").c_str());
                for (const std::string& f : t.files) {
                    const std::vector<std::string> ofFramework = FrameworkConfig::namesFor(files, t.framework);
                    QVERIFY2(std::find(ofFramework.begin(), ofFramework.end(), f) != ofFramework.end(),
                        (name + " says " + f + " for " + std::string(frameworkName(t.framework)) + ", which is not written for it").c_str());
                    QVERIFY2(t.text.find(f) != std::string::npos, (name + "'s answer does not name " + f).c_str());
                }
            }
        }
    }

    // The last word for a framework stands; one left unanswered is missing.
    void contextKeepsOneAnswerPerFramework()
    {
        const auto session = sessionOf(allReduceJob({ 100 }));
        FrameworkConfig c;
        ExportContext context(session->analyses(), c);
        context.beginStep("step 1 (x)");
        context.cannot(Framework::Horovod, "first");
        context.becomes(Framework::Horovod, { "horovod.env" }, "second");
        context.cannot({ Framework::PyTorch, Framework::Xla }, "why");
        QCOMPARE(c.translations.size(), std::size_t(3));
        QCOMPARE(c.translations[0].text, std::string("second"));
        QCOMPARE(c.translations[0].files, std::vector<std::string>({ "horovod.env" }));
        QVERIFY(c.translations[0].expressed);
        QCOMPARE(context.missing(), std::vector<Framework>({ Framework::DeepSpeed, Framework::BytePS }));
        context.beginStep("step 2 (y)");
        QCOMPARE(context.missing().size(), kFrameworks.size());
        QCOMPARE(c.unexpressed(), std::vector<std::string>({ "step 1 (x) has no equivalent in PyTorch and XLA: why" }));
    }
};

QTEST_GUILESS_MAIN(TestFrameworkConfig)
#include "tst_frameworkconfig.moc"
