#include "core/strategy/frameworkconfig.h"

#include "core/exec/executiongraph.h"
#include "core/exec/layermodel.h"
#include "core/exec/tensormodel.h"
#include "core/model/trace.h"
#include "core/exec/analysiscache.h"
#include "core/strategy/passes/gradaccumulationpass.h"
#include "core/strategy/passes/mixedprecisionpass.h"
#include "core/strategy/passes/opfusionpass.h"
#include "core/strategy/passes/recomputepass.h"
#include "core/strategy/passes/tensorfusionpass.h"
#include "core/strategy/passes/tensorpartitionpass.h"
#include "core/strategy/strategyrunner.h"

#include <cmath>
#include <cstdio>
#include <set>

namespace sightline {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

std::string quoted(std::string_view s)
{
    std::string out = "\"";
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", u);
            out += buf;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string number(double v)
{
    if (std::floor(v) == v && std::abs(v) < 1e15)
        return std::to_string(static_cast<std::int64_t>(v));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string stringList(const std::vector<std::string>& items, const std::string& indent)
{
    if (items.empty())
        return "[]";
    std::string s = "[\n";
    for (std::size_t i = 0; i < items.size(); ++i)
        s += indent + "  " + quoted(items[i]) + (i + 1 < items.size() ? ",\n" : "\n");
    return s + indent + "]";
}

// The checkpointed layers' names, once each, in forward order: the first rank and step's, or, for a
// step aimed at chosen ops, those of the layers it recomputes wherever they ran.
std::vector<std::string> layersToCheckpoint(const AnalysisCache& analyses, const RecomputeParameters& params)
{
    const ExecutionGraph& g = analyses.graph();
    const std::shared_ptr<const LayerModel> layers = analyses.layers(params.layers);
    const std::vector<const LayerModel::Layer*> chosen = RecomputePass::chosenLayers(g, *layers, params);
    std::vector<std::string> names;
    std::set<std::string> seen;
    for (const LayerModel::Layer* l : chosen) {
        if (params.ops.empty() && (g.rank(l->span) != g.rank(chosen.front()->span) || g.stepOfStart(l->span) != g.stepOfStart(chosen.front()->span)))
            break;
        if (seen.insert(l->name).second)
            names.push_back(l->name);
    }
    return names;
}

// The first step's gradients grouped as the tensor_fusion step groups them.
std::vector<FrameworkConfig::TensorGroup> groupsOf(const AnalysisCache& analyses, const TensorFusionParameters& params)
{
    const Expected<TensorModel>& model = analyses.tensors();
    if (!model || model->steps().empty())
        return {};
    const TensorModel::Step& step = model->steps().front();
    const std::vector<std::uint32_t> bucket = TensorFusionPass::assign(analyses.graph(), step, params);
    std::vector<FrameworkConfig::TensorGroup> groups;
    for (std::uint32_t t = 0; t < bucket.size(); ++t) {
        if (bucket[t] >= groups.size())
            groups.resize(bucket[t] + 1);
        groups[bucket[t]].tensors.push_back(t);
        groups[bucket[t]].bytes += step.tensors[t].bytes;
    }
    return groups;
}

// The kernels each fused kernel of the first rank's first step stands for.
std::vector<std::vector<std::string>> clustersOf(const ExecutionGraph& g)
{
    std::vector<std::vector<std::string>> clusters;
    RankId rank;
    std::int32_t step = -1;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (!g.hasFlag(item, ExecutionGraph::Synthetic) || !g.name(item).starts_with("fused: ") || g.origin(item).size() < 2)
            continue;
        if (!rank.isValid()) {
            rank = g.rank(item);
            step = g.stepOfStart(item);
        }
        if (g.rank(item) != rank || g.stepOfStart(item) != step)
            continue;
        std::vector<std::string> names;
        for (const OpId op : g.origin(item))
            names.emplace_back(g.trace().string(g.trace().name(op)));
        clusters.push_back(std::move(names));
    }
    return clusters;
}

} // namespace

FrameworkConfig FrameworkConfig::of(const Strategy& strategy, const AnalysisCache& measured, const ExecutionGraph& whatIf)
{
    FrameworkConfig c;
    const Expected<std::vector<BoundStep>> steps = StrategyRunner::bind(strategy);
    if (!steps)
        return c;
    for (const BoundStep& step : *steps) {
        if (const auto* p = step.as<TensorFusionParameters>()) {
            if (p->bucketCapMb) {
                c.bucketCapMb = *p->bucketCapMb;
                c.firstBucketMb = p->firstBucketMb;
                c.fusionThresholdBytes = std::llround(*c.bucketCapMb * kMiB);
            } else {
                c.fusionThresholdBytes = std::llround(p->thresholdBytes.value_or(0));
                c.bucketCapMb = static_cast<double>(*c.fusionThresholdBytes) / kMiB;
            }
            c.cycleTimeMs = p->cycleTimeMs;
            c.tensorGroups = groupsOf(measured, *p);
            if (c.tensorGroups.empty())
                c.notes.push_back("tensor groups: the job has no gradient all-reduce to group");
        } else if (const auto* p = step.as<GradAccumulationParameters>()) {
            c.accumulationSteps = p->microBatches;
        } else if (const auto* p = step.as<MixedPrecisionParameters>()) {
            c.precision = p->precision == MixedPrecisionParameters::Precision::Bf16 ? "bf16" : "fp16";
        } else if (const auto* p = step.as<RecomputeParameters>()) {
            c.checkpointLayers = layersToCheckpoint(measured, *p);
        } else if (const auto* p = step.as<TensorPartitionParameters>()) {
            c.partitionBytes = std::llround(p->partitionBytes);
        } else if (step.as<OpFusionParameters>()) {
            c.fusionClusters = clustersOf(whatIf);
        }
    }
    return c;
}

std::vector<FrameworkConfig::File> FrameworkConfig::files() const
{
    std::vector<File> out;
    if (bucketCapMb)
        out.push_back({ "ddp_args.json",
            "{\n  \"bucket_cap_mb\": " + number(*bucketCapMb) + "\n}\n" });
    if (!checkpointLayers.empty())
        out.push_back({ "checkpoint_layers.json", "{\n  \"checkpoint_layers\": " + stringList(checkpointLayers, "  ") + "\n}\n" });
    if (bucketCapMb || accumulationSteps || precision || !checkpointLayers.empty()) {
        std::vector<std::string> keys;
        if (accumulationSteps)
            keys.push_back("  \"gradient_accumulation_steps\": " + std::to_string(*accumulationSteps));
        if (precision)
            keys.push_back("  \"" + *precision + "\": {\n    \"enabled\": true\n  }");
        if (!checkpointLayers.empty())
            keys.push_back("  \"activation_checkpointing\": {\n    \"partition_activations\": false,\n    \"contiguous_memory_optimization\": false,\n"
                           "    \"number_checkpoints\": "
                + std::to_string(checkpointLayers.size()) + "\n  }");
        if (fusionThresholdBytes)
            keys.push_back("  \"zero_optimization\": {\n    \"reduce_bucket_size\": " + std::to_string(*fusionThresholdBytes) + "\n  }");
        std::string text = "{\n";
        for (std::size_t i = 0; i < keys.size(); ++i)
            text += keys[i] + (i + 1 < keys.size() ? ",\n" : "\n");
        out.push_back({ "deepspeed_config.json", text + "}\n" });
    }
    if (fusionThresholdBytes)
        out.push_back({ "horovod.env",
            "# Horovod tensor fusion, as Sightline's tensor_fusion step chose it\nHOROVOD_FUSION_THRESHOLD=" + std::to_string(*fusionThresholdBytes)
                + "\nHOROVOD_CYCLE_TIME=" + number(cycleTimeMs.value_or(1)) + "\n" });
    if (partitionBytes)
        out.push_back({ "byteps.env", "# BytePS tensor partition, as Sightline's tensor_partition step chose it\nBYTEPS_PARTITION_BYTES=" + std::to_string(*partitionBytes) + "\n" });
    if (!tensorGroups.empty()) {
        std::string text = "{\n  \"tensor_groups\": [\n";
        for (std::size_t g = 0; g < tensorGroups.size(); ++g) {
            text += "    { \"bytes\": " + std::to_string(tensorGroups[g].bytes) + ", \"tensors\": [";
            for (std::size_t t = 0; t < tensorGroups[g].tensors.size(); ++t)
                text += (t ? ", " : "") + std::to_string(tensorGroups[g].tensors[t]);
            text += std::string("] }") + (g + 1 < tensorGroups.size() ? ",\n" : "\n");
        }
        out.push_back({ "tensor_groups.json", text + "  ]\n}\n" });
    }
    if (!fusionClusters.empty()) {
        std::string text = "{\n  \"clusters\": [\n";
        for (std::size_t k = 0; k < fusionClusters.size(); ++k)
            text += "    " + stringList(fusionClusters[k], "    ") + (k + 1 < fusionClusters.size() ? ",\n" : "\n");
        out.push_back({ "xla_fusion_clusters.json", text + "  ]\n}\n" });
    }
    return out;
}

} // namespace sightline
