#include "core/strategy/frameworkconfig.h"

#include "core/exec/analysiscache.h"
#include "core/exec/executiongraph.h"
#include "core/exec/tensormodel.h"
#include "core/strategy/batchsize.h"
#include "core/strategy/exportcontext.h"
#include "core/strategy/exporttext.h"
#include "core/strategy/pass.h"
#include "core/strategy/pytorchscript.h"
#include "core/strategy/strategyrunner.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace sightline {

std::string_view frameworkName(Framework framework)
{
    switch (framework) {
    case Framework::PyTorch:
        return "PyTorch";
    case Framework::DeepSpeed:
        return "DeepSpeed";
    case Framework::Horovod:
        return "Horovod";
    case Framework::BytePS:
        return "BytePS";
    case Framework::Xla:
        return "XLA";
    }
    return "?";
}

Expected<FrameworkConfig> FrameworkConfig::of(const Strategy& strategy, const AnalysisCache& measured, const Options& options)
{
    FrameworkConfig c;
    if (options.batch) {
        c.batch = *options.batch;
        c.batchSource = kGiven;
    } else if (const std::optional<BatchSize::Found> found = BatchSize::of(measured.graph().trace())) {
        c.batch = found->size;
        c.batchSource = found->source;
    }
    const Expected<std::vector<BoundStep>> steps = StrategyRunner::bind(strategy);
    if (!steps)
        return steps.status();
    ExportContext context(measured, c);
    for (const BoundStep& step : *steps) {
        const std::size_t first = c.translations.size();
        context.beginStep(step.label());
        step.pass->exportTo(step.params, context);
        for (const Framework f : context.missing())
            context.cannot(f, "the pass says nothing for this framework");
        std::stable_sort(c.translations.begin() + static_cast<std::ptrdiff_t>(first), c.translations.end(),
            [](const Translation& a, const Translation& b) { return a.framework < b.framework; });
    }
    c.settleStaticGraph(measured);
    c.settleDeepSpeedBatch();
    c.notes = c.unexpressed();
    if (!c.batchNote.empty())
        c.notes.push_back(c.batchNote);
    return c;
}

void FrameworkConfig::settleStaticGraph(const AnalysisCache& measured)
{
    staticGraph = false;
    const Expected<TensorModel>& model = measured.tensors();
    if (!model || model->steps().empty()) {
        staticGraphWhy = "off, as the job has no gradient all-reduce to show that every step makes the same gradients";
        return;
    }
    // The steps of the first data-parallel group: the same gradients' bytes in the same order in each.
    const TensorModel::Step& first = model->steps().front();
    const auto bytesOf = [](const TensorModel::Step& s) {
        std::vector<std::int64_t> bytes;
        for (const TensorModel::Tensor& t : s.tensors)
            bytes.push_back(t.bytes);
        return bytes;
    };
    std::size_t compared = 0;
    for (const TensorModel::Step& s : model->steps()) {
        if (s.ranks != first.ranks)
            continue;
        ++compared;
        if (bytesOf(s) != bytesOf(first)) {
            staticGraphWhy = "off, as measured step " + std::to_string(s.number) + " made other gradients than step " + std::to_string(first.number);
            return;
        }
    }
    if (compared < 2)
        staticGraphWhy = "off, as one measured step cannot show that every step makes the same gradients";
    else if (accumulationSteps && *accumulationSteps > 1)
        staticGraphWhy = "off, as the micro-batches run under no_sync(), which DDP's static graph does not take before its first synchronised step";
    else
        staticGraph = true;
}

std::string FrameworkConfig::batchSourceText() const
{
    // worker_count's sharing follows the origin: "as given, shared among 4 workers ...".
    if (batchSource.starts_with(kGiven))
        return "as " + batchSource;
    if (batchSource.starts_with(kStepBatch))
        return "as " + std::string(kStepBatch) + " sets it" + batchSource.substr(kStepBatch.size());
    return "read from " + batchSource + " (--batch sets it)";
}

void FrameworkConfig::settleDeepSpeedBatch()
{
    // The answers written into deepspeed_config.json (the launcher's arguments need no batch).
    const auto expressed = [](const Translation& t) {
        return t.framework == Framework::DeepSpeed && t.expressed && std::find(t.files.begin(), t.files.end(), "deepspeed_config.json") != t.files.end();
    };
    if (std::none_of(translations.begin(), translations.end(), expressed))
        return;
    // DeepSpeed refuses a configuration without a batch size: without one, nothing is written for it.
    const std::int64_t steps = accumulationSteps.value_or(1);
    std::string why;
    if (!batch)
        why = "DeepSpeed needs train_micro_batch_size_per_gpu, and the trace's input shapes do not show the batch: give it (--batch)";
    else if (accumulationSplitsBatch && *batch % steps != 0)
        why = "DeepSpeed needs a whole train_micro_batch_size_per_gpu, and the batch of " + std::to_string(*batch) + " does not split into "
            + std::to_string(steps) + " micro-batches";
    if (why.empty()) {
        microBatch = accumulationSplitsBatch ? *batch / steps : *batch;
        batchNote = "deepspeed_config.json: train_micro_batch_size_per_gpu " + std::to_string(*microBatch)
            + " of a batch of " + std::to_string(*batch) + " samples per rank and step, " + batchSourceText();
        return;
    }
    for (Translation& t : translations) {
        if (expressed(t)) {
            t.expressed = false;
            t.text = why;
            t.files.clear();
        }
    }
}

std::vector<std::string> FrameworkConfig::unexpressed() const
{
    // Per step, the frameworks it has no equivalent in, those with one reason together.
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < translations.size();) {
        std::size_t end = i;
        while (end < translations.size() && translations[end].step == translations[i].step)
            ++end;
        std::vector<std::pair<std::string, std::vector<Framework>>> reasons; // reason, the frameworks giving it
        for (std::size_t k = i; k < end; ++k) {
            const Translation& t = translations[k];
            if (t.expressed)
                continue;
            auto it = std::find_if(reasons.begin(), reasons.end(), [&](const auto& r) { return r.first == t.text; });
            if (it == reasons.end())
                reasons.push_back({ t.text, { t.framework } });
            else
                it->second.push_back(t.framework);
        }
        if (!reasons.empty()) {
            std::string line = translations[i].step + " has no equivalent";
            for (std::size_t r = 0; r < reasons.size(); ++r) {
                const std::vector<Framework>& in = reasons[r].second;
                line += r ? "; in " : " in ";
                for (std::size_t f = 0; f < in.size(); ++f)
                    line += std::string(f == 0 ? "" : f + 1 < in.size() ? ", " : " and ") + std::string(frameworkName(in[f]));
                line += ": " + reasons[r].first;
            }
            lines.push_back(line);
        }
        i = end;
    }
    return lines;
}

// A configuration DeepSpeed's own validation accepts (DeepSpeedConfig and DeepSpeedZeroConfig): the
// micro-batch and accumulation steps, the precision, ZeRO stage 1 where the buckets are set (the
// stage under which DeepSpeed reads them, in elements, overlapped with the backward as modelled), and
// the checkpointing block that deepspeed.checkpointing.checkpoint reads.
std::string FrameworkConfig::deepSpeedText() const
{
    std::vector<std::string> keys;
    keys.push_back("  \"train_micro_batch_size_per_gpu\": " + std::to_string(microBatch.value_or(1)));
    keys.push_back("  \"gradient_accumulation_steps\": " + std::to_string(accumulationSteps.value_or(1)));
    if (precision)
        keys.push_back("  \"" + *precision + "\": {\n    \"enabled\": true\n  }");
    if (fusionThresholdBytes) {
        // Bucket sizes count elements, whatever their type: the replay cut its buckets by the measured
        // gradients' fp32 bytes, 4 to an element, under mixed precision too (whose 16-bit buckets then
        // hold as many elements in half the bytes, as the replay sent them).
        const std::int64_t elementBytes = 4;
        const std::string elements = std::to_string(std::max<std::int64_t>(1, (*fusionThresholdBytes + elementBytes - 1) / elementBytes));
        keys.push_back("  \"zero_optimization\": {\n    \"stage\": 1,\n    \"reduce_bucket_size\": " + elements + ",\n    \"allgather_bucket_size\": "
            + elements + ",\n    \"overlap_comm\": true,\n    \"contiguous_gradients\": true\n  }");
    }
    if (!checkpointLayers.empty())
        keys.push_back("  \"activation_checkpointing\": {\n    \"partition_activations\": false,\n    \"contiguous_memory_optimization\": false,\n"
                       "    \"number_checkpoints\": "
            + std::to_string(checkpointLayers.size()) + "\n  }");
    std::string text = "{\n";
    for (std::size_t i = 0; i < keys.size(); ++i)
        text += keys[i] + (i + 1 < keys.size() ? ",\n" : "\n");
    return text + "}\n";
}

std::int64_t FrameworkConfig::horovodFusionBytes() const
{
    const std::int64_t bytes = fusionThresholdBytes.value_or(0);
    return gradientCompression ? (bytes + 1) / 2 : bytes;
}

// horovodrun's arguments: the processes and hosts of a worker count (host names to fill in), and the
// fusion threshold in whole MiB where it is one (the environment file holds it exactly) and cycle time.
std::string FrameworkConfig::horovodrunArgs() const
{
    std::vector<std::string> args;
    if (processes) {
        args.push_back("-np " + std::to_string(*processes));
        std::string hosts = "-H ";
        for (std::int64_t h = 0; h < *processes / *ranksPerHost; ++h)
            hosts += (h ? ",HOST_" : "HOST_") + std::to_string(h + 1) + ":" + std::to_string(*ranksPerHost);
        args.push_back(hosts);
    }
    if (fusionThresholdBytes) {
        if (horovodFusionBytes() % (1 << 20) == 0)
            args.push_back("--fusion-threshold-mb " + std::to_string(horovodFusionBytes() >> 20));
        args.push_back("--cycle-time-ms " + ExportText::number(cycleTimeMs.value_or(1)));
    }
    std::string text;
    for (const std::string& a : args)
        text += (text.empty() ? "" : " ") + a;
    return text + "\n";
}

std::vector<std::string> FrameworkConfig::namesFor(const std::vector<File>& files, Framework framework)
{
    std::vector<std::string> names;
    for (const File& f : files) {
        if (f.framework == framework)
            names.push_back(f.name);
    }
    return names;
}

// DistributedDataParallel's keyword arguments, as the script passes them.
std::string FrameworkConfig::ddpArgs() const
{
    return "{\n  \"bucket_cap_mb\": " + ExportText::number(bucketCapMb.value_or(25)) + ",\n  \"gradient_as_bucket_view\": true,\n  \"static_graph\": "
        + (staticGraph ? "true" : "false") + "\n}\n";
}

std::vector<FrameworkConfig::File> FrameworkConfig::files() const
{
    std::vector<File> out;
    if (bucketCapMb)
        out.push_back({ "ddp_args.json", ddpArgs(), Framework::PyTorch });
    if (PyTorchScript::applies(*this))
        out.push_back({ "sightline_strategy.py", PyTorchScript::text(*this), Framework::PyTorch });
    if (!checkpointLayers.empty())
        // Paths of the profiler's module hierarchy name modules; labels need the user's mapping to modules.
        out.push_back({ "checkpoint_layers.json",
            std::string("{\n  \"names\": ") + (checkpointByModulePath ? "\"profiler_module_hierarchy\"" : "\"trace_labels\"") + ",\n  \"needs_mapping\": "
                + (checkpointByModulePath ? "false" : "true") + ",\n  \"checkpoint_layers\": " + ExportText::stringList(checkpointLayers, "  ") + "\n}\n",
            Framework::PyTorch });
    if (microBatch)
        out.push_back({ "deepspeed_config.json", deepSpeedText(), Framework::DeepSpeed });
    if (fusionThresholdBytes)
        out.push_back({ "horovod.env",
            "# Horovod tensor fusion, as Sightline's tensor_fusion step chose it\nHOROVOD_FUSION_THRESHOLD="
                + std::to_string(horovodFusionBytes())
                + "\nHOROVOD_CYCLE_TIME=" + ExportText::number(cycleTimeMs.value_or(1)) + "\n",
            Framework::Horovod });
    if (fusionThresholdBytes || processes)
        out.push_back({ "horovodrun_args.txt", horovodrunArgs(), Framework::Horovod });
    if (accumulationSteps || gradientCompression) {
        // Keyword arguments of hvd.DistributedOptimizer; compression names a member of hvd.Compression.
        std::string text = "{\n";
        if (accumulationSteps)
            text += "  \"backward_passes_per_step\": " + std::to_string(*accumulationSteps) + (gradientCompression ? ",\n" : "\n");
        if (gradientCompression)
            text += "  \"compression\": \"fp16\"\n";
        out.push_back({ "horovod_optimizer.json", text + "}\n", Framework::Horovod });
    }
    if (processes) {
        const std::int64_t hosts = *processes / *ranksPerHost;
        out.push_back({ "torchrun_args.txt", "--nnodes=" + std::to_string(hosts) + " --nproc_per_node=" + std::to_string(*ranksPerHost) + "\n", Framework::PyTorch });
        out.push_back(
            { "deepspeed_args.txt", "--num_nodes=" + std::to_string(hosts) + " --num_gpus=" + std::to_string(*ranksPerHost) + "\n", Framework::DeepSpeed });
    }
    if (partitionBytes || bytePsWorkers) {
        std::string text = "# BytePS, as Sightline's strategy chose it\n";
        if (partitionBytes)
            text += "BYTEPS_PARTITION_BYTES=" + std::to_string(*partitionBytes) + "\n";
        if (bytePsWorkers)
            text += "DMLC_NUM_WORKER=" + std::to_string(*bytePsWorkers) + "\nDMLC_NUM_SERVER=" + std::to_string(bytePsServers.value_or(*bytePsWorkers)) + "\n";
        if (bytePsAsync)
            text += "BYTEPS_ENABLE_ASYNC=1\n";
        out.push_back({ "byteps.env", text, Framework::BytePS });
    }
    if (!tensorGroups.empty()) {
        std::string text = "{\n  \"tensor_groups\": [\n";
        for (std::size_t g = 0; g < tensorGroups.size(); ++g) {
            text += "    { \"bytes\": " + std::to_string(tensorGroups[g].bytes) + ", \"tensors\": [";
            for (std::size_t t = 0; t < tensorGroups[g].tensors.size(); ++t)
                text += (t ? ", " : "") + std::to_string(tensorGroups[g].tensors[t]);
            text += std::string("] }") + (g + 1 < tensorGroups.size() ? ",\n" : "\n");
        }
        out.push_back({ "tensor_groups.json", text + "  ]\n}\n", Framework::PyTorch });
    }
    if (fusionThresholdBytes)
        out.push_back({ "xla.env",
            "# XLA's all-reduce combining, as Sightline's tensor_fusion step chose it\nXLA_FLAGS=--xla_gpu_all_reduce_combine_threshold_bytes="
                + std::to_string(*fusionThresholdBytes) + "\n",
            Framework::Xla });
    return out;
}

} // namespace sightline
