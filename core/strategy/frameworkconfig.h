#pragma once

#include "core/base/expected.h"
#include "core/strategy/passparameter.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sightline {

class AnalysisCache;

// The frameworks a strategy is exported to.
enum class Framework : std::uint8_t { PyTorch, DeepSpeed, Horovod, BytePS, Xla };
inline constexpr std::array<Framework, 5> kFrameworks { Framework::PyTorch, Framework::DeepSpeed, Framework::Horovod, Framework::BytePS,
    Framework::Xla };
std::string_view frameworkName(Framework framework);

// A strategy as the frameworks that would run it take it: PyTorch DDP's arguments and the layers to
// checkpoint, a DeepSpeed configuration, Horovod's, BytePS's and XLA's environments, the launchers'
// arguments, and dPRO-style tensor groups. Each pass says what its steps become in every framework, or why they
// have no equivalent there (Pass::exportTo, beside its parameters); of() asks every step's pass and
// keeps its answers as translations, and files() writes what applies, each with a header or key saying
// where it came from. Pure.
class FrameworkConfig {
public:
    struct File {
        std::string name;
        std::string text;
        Framework framework = Framework::PyTorch; // the framework that reads it
    };
    struct TensorGroup {
        std::vector<std::uint32_t> tensors; // gradient indices in the order they become ready
        std::int64_t bytes = 0;
    };
    // What one step became in one framework (expressed), or why it has no equivalent there.
    struct Translation {
        std::string step; // the step's label, "step 2 (recompute)"
        Framework framework = Framework::PyTorch;
        bool expressed = false;
        std::string text;
        std::vector<std::string> files; // expressed: the files the answer is written into
    };

    // What the trace cannot tell the export.
    struct Options {
        std::optional<std::int64_t> batch; // samples per rank and optimizer step, as measured; unset: from the trace's shapes
    };

    // measured: the analyses of the measured job's graph. The error of a strategy that does not bind.
    static Expected<FrameworkConfig> of(const Strategy& strategy, const AnalysisCache& measured, const Options& options = {});

    std::vector<File> files() const;
    // The names of those of files that framework reads, in order.
    static std::vector<std::string> namesFor(const std::vector<File>& files, Framework framework);
    // Per step, the frameworks it has no equivalent in and why, one line a step.
    std::vector<std::string> unexpressed() const;

    std::optional<double> bucketCapMb;
    std::optional<double> firstBucketMb;
    std::optional<std::int64_t> fusionThresholdBytes;
    std::optional<double> cycleTimeMs;
    std::optional<std::int64_t>
        batch; // samples per rank and optimizer step: as measured, or as a batch_size step sets it
    // Where batch came from: kGiven, what in the trace showed it, or kStepBatch; worker_count's
    // shared global batch adds how it was shared.
    std::string batchSource;
    static constexpr std::string_view kGiven = "given";
    static constexpr std::string_view kStepBatch = "the strategy's batch_size step";
    std::string batchNote; // what DeepSpeed's micro-batch is, and where it came from
    std::optional<std::int64_t> microBatch; // DeepSpeed's train_micro_batch_size_per_gpu, when a DeepSpeed file is written
    std::optional<std::int64_t> accumulationSteps;
    bool accumulationSplitsBatch = true; // the micro-batches share the measured batch (else each is a whole one)
    std::optional<std::string> precision; // "bf16" or "fp16"
    std::vector<std::string> checkpointLayers;
    // Whether checkpointLayers are the profiler's module hierarchy paths ("ResNet_0/Sequential_1/BasicBlock_2"),
    // which the script finds in the model by itself; else they are labels the user maps to modules.
    bool checkpointByModulePath = false;
    // DDP's static_graph: whether the measured steps all made the same gradients in the same order (and
    // nothing in the strategy breaks it), and why not where it does not hold.
    bool staticGraph = false;
    std::string staticGraphWhy;
    bool compile = false; // op fusion: torch.compile of the model
    // "fp16" or "bf16": the gradients are sent in 16 bits, as the what-if halved their bytes (DDP's
    // compress hook; Horovod's fp16 compression, its only 16-bit one, whichever the type).
    std::optional<std::string> gradientCompression;
    std::optional<std::int64_t> partitionBytes;
    std::optional<std::int64_t> processes; // every rank of the job the worker count makes
    std::optional<std::int64_t> ranksPerHost;
    std::optional<std::int64_t> bytePsWorkers; // DMLC_NUM_WORKER: hosts of GPUs
    std::optional<std::int64_t> bytePsServers;
    bool bytePsAsync = false; // BYTEPS_ENABLE_ASYNC: workers push and pull without waiting for one another
    std::vector<TensorGroup> tensorGroups;
    std::vector<Translation> translations; // per step in order, one per framework
    std::vector<std::string> notes; // what the export could not say

private:
    // Whether DDP's static_graph holds for the measured job (staticGraph, staticGraphWhy).
    void settleStaticGraph(const AnalysisCache& measured);
    // The micro-batch DeepSpeed is given, or, where it cannot be, the DeepSpeed answers made unexpressed.
    void settleDeepSpeedBatch();
    // Where the batch came from, as a note ends: "as given", "read from ...", or as the step sets it.
    std::string batchSourceText() const;
    std::string deepSpeedText() const;
    std::string horovodrunArgs() const;
    // Horovod's fusion threshold: the replay's, in the bytes Horovod fuses, which under its compression
    // are the compressed tensors' (half the fp32 bytes the replay cut buckets by).
    std::int64_t horovodFusionBytes() const;
    std::string ddpArgs() const;
};

} // namespace sightline
