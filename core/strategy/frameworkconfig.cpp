#include "core/strategy/frameworkconfig.h"

#include "core/strategy/exportcontext.h"
#include "core/strategy/pass.h"
#include "core/strategy/strategyrunner.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace sightline {

namespace {

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

// The shortest decimal that reads back as v exactly, so that a framework multiplying it out (DDP's
// bucket_cap_mb × 2^20) gets the bytes the what-if modelled.
std::string number(double v)
{
    if (std::floor(v) == v && std::abs(v) < 1e15)
        return std::to_string(static_cast<std::int64_t>(v));
    char buf[64];
    const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
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

} // namespace

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

Expected<FrameworkConfig> FrameworkConfig::of(const Strategy& strategy, const AnalysisCache& measured, const ExecutionGraph& whatIf)
{
    FrameworkConfig c;
    const Expected<std::vector<BoundStep>> steps = StrategyRunner::bind(strategy);
    if (!steps)
        return steps.status();
    ExportContext context(measured, whatIf, c);
    for (const BoundStep& step : *steps) {
        const std::size_t first = c.translations.size();
        context.beginStep(step.label());
        step.pass->exportTo(step.params, context);
        for (const Framework f : context.missing())
            context.cannot(f, "the pass says nothing for this framework");
        std::stable_sort(c.translations.begin() + static_cast<std::ptrdiff_t>(first), c.translations.end(),
            [](const Translation& a, const Translation& b) { return a.framework < b.framework; });
    }
    c.notes = c.unexpressed();
    return c;
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

std::vector<FrameworkConfig::File> FrameworkConfig::files() const
{
    std::vector<File> out;
    if (bucketCapMb)
        out.push_back({ "ddp_args.json",
            "{\n  \"bucket_cap_mb\": " + number(*bucketCapMb) + "\n}\n", Framework::PyTorch });
    if (!checkpointLayers.empty())
        out.push_back({ "checkpoint_layers.json", "{\n  \"checkpoint_layers\": " + stringList(checkpointLayers, "  ") + "\n}\n", Framework::PyTorch });
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
        out.push_back({ "deepspeed_config.json", text + "}\n", Framework::DeepSpeed });
    }
    if (fusionThresholdBytes)
        out.push_back({ "horovod.env",
            "# Horovod tensor fusion, as Sightline's tensor_fusion step chose it\nHOROVOD_FUSION_THRESHOLD=" + std::to_string(*fusionThresholdBytes)
                + "\nHOROVOD_CYCLE_TIME=" + number(cycleTimeMs.value_or(1)) + "\n", Framework::Horovod });
    if (partitionBytes)
        out.push_back({ "byteps.env", "# BytePS tensor partition, as Sightline's tensor_partition step chose it\nBYTEPS_PARTITION_BYTES=" + std::to_string(*partitionBytes) + "\n", Framework::BytePS });
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
    if (!fusionClusters.empty()) {
        std::string text = "{\n  \"clusters\": [\n";
        for (std::size_t k = 0; k < fusionClusters.size(); ++k)
            text += "    " + stringList(fusionClusters[k], "    ") + (k + 1 < fusionClusters.size() ? ",\n" : "\n");
        out.push_back({ "xla_fusion_clusters.json", text + "  ]\n}\n", Framework::Xla });
    }
    return out;
}

} // namespace sightline
