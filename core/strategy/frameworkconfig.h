#pragma once

#include "core/strategy/passparameter.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sightline {

class AnalysisCache;
class ExecutionGraph;

// A strategy as the frameworks that would run it take it: PyTorch DDP's arguments and the layers to
// checkpoint, a DeepSpeed configuration, Horovod's and BytePS's environments, and dPRO-style tensor
// groups and XLA fusion clusters. Built from the strategy's parameters, the measured job (its gradients
// and layers) and the what-if job (its fused kernels); files() writes what applies, each with a header
// or key saying where it came from. Pure.
class FrameworkConfig {
public:
    struct File {
        std::string name;
        std::string text;
    };
    struct TensorGroup {
        std::vector<std::uint32_t> tensors; // gradient indices in the order they become ready
        std::int64_t bytes = 0;
    };

    // measured: the analyses of the measured job's graph.
    static FrameworkConfig of(const Strategy& strategy, const AnalysisCache& measured, const ExecutionGraph& whatIf);

    std::vector<File> files() const;

    std::optional<double> bucketCapMb;
    std::optional<double> firstBucketMb;
    std::optional<std::int64_t> fusionThresholdBytes;
    std::optional<double> cycleTimeMs;
    std::optional<std::int64_t> accumulationSteps;
    std::optional<std::string> precision; // "bf16" or "fp16"
    std::vector<std::string> checkpointLayers;
    std::optional<std::int64_t> partitionBytes;
    std::vector<TensorGroup> tensorGroups;
    std::vector<std::vector<std::string>> fusionClusters; // per fused kernel, the kernels it fused
    std::vector<std::string> notes; // what the export could not say
};

} // namespace sightline
