#pragma once

#include "core/base/message.h"
#include "core/base/resourcelimits.h"
#include "core/base/status.h"
#include "core/replay/replayer.h"
#include "core/exec/analysiscache.h"
#include "core/strategy/parametertable.h"
#include "core/strategy/passparameter.h"

#include <any>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sightline {

class ExecutionGraph;
class ExecutionGraphBuilder;
class ExportContext;

// A BytePS job's re-partition so far (PsRepartition): the graph it was made from with its analyses,
// the partitions and server load the passes chose (tensor_partition's pieces, worker_count's load), and
// the graph it made. The second of those passes re-cuts from the first graph with both.
struct PsPlan {
    std::shared_ptr<const ExecutionGraph> base;
    std::shared_ptr<AnalysisCache> baseAnalyses;
    std::int64_t measuredBytes = 0; // 0: the partitions as measured
    std::int64_t pieceBytes = 0;
    double serverLoad = 1;
    std::shared_ptr<const ExecutionGraph> made;
};

// A job as a strategy rewrites it: the execution graph, the analyses passes share about it, how it is
// replayed, and what the passes that made it want the user to know.
struct WhatIfJob {
    // What a what-if takes per item of its graph, its replay and its drawing in the window, with room
    // to spare: about 420 bytes were measured on a both view of 15 M drawn ops.
    static constexpr std::uint64_t kBytesPerItem = 512;

    std::shared_ptr<const ExecutionGraph> graph;
    ReplayOptions options;
    std::vector<Message> warnings;
    // The most items the graph may grow to (maxItemsFor the memory limit).
    std::uint64_t maxItems = maxItemsFor(ResourceLimits::defaultMaxMemoryBytes());
    // The analyses of graph (a session's, for its measured graph); made on first use when null.
    std::shared_ptr<AnalysisCache> analysisCache {};
    std::optional<PsPlan> psPlan {};
    // The layers an earlier recompute step already recomputes, by global rank and their span's first
    // measured op (a micro-batch's copy of a layer is recomputed with it; worker_count adds the copies
    // of its added ranks): a later step leaves them as they are, so that steps over overlapping layer
    // sets compose.
    std::set<std::pair<std::int32_t, std::uint32_t>> recomputedLayers {};
    // The strategy step being applied, from 0 (StrategyRunner sets it), and the grad_accumulation step
    // that made the graph's micro-batches, if one did: their copies keep the measured micro-batch's
    // times, so passes that find their work by measured times (recompute's layers, op_fusion's runs)
    // must come before it.
    std::size_t step = 0;
    std::optional<std::size_t> microBatchStep {};
    // The factor an earlier step gave the bytes gradient transfers carry (mixed_precision's compressed
    // gradients): a pass that cuts new buckets from the tensors' measured bytes gives them this share.
    double gradientBytesFactor = 1.0;
    // The samples each rank computes on per step over the measured ones, as earlier steps set them
    // (batch_size, worker_count's global batch): the graph's compute times are already for these, and
    // a pass that scales them again (SampleScaling) starts from them.
    double samplesFactor = 1.0;
    // The data-parallel workers over the measured job's, as a worker_count step set them: with
    // samplesFactor, the samples a step of the whole job computes on.
    double workersFactor = 1.0;
    // The micro-batches of a step that each repeat its batch (grad_accumulation's repeat): with the
    // two above, the samples a step of the whole job computes on.
    double stepRepeats = 1.0;
    // Where the trace shows the batch and a step left a rank's batch or micro-batch below one sample
    // (batch_size, worker_count's global batch, grad_accumulation's split): the least samples any step
    // left one with. A job no data loader can feed: the step warns, and searches leave it out.
    std::optional<double> fractionalSamples {};

    // Records that a step left a rank's batch or micro-batch with samples, where that is below one.
    void noteSamples(double samples);
    // What memoryBytes holds at kBytesPerItem per item, within the item ids.
    static std::uint64_t maxItemsFor(std::uint64_t memoryBytes);
    // The analyses of the current graph.
    const AnalysisCache& analyses();
    // Builds builder's graph and makes it the job's; the build's error otherwise. preserved: the
    // analyses the rewrite leaves valid (AnalysisCache::after), none by default.
    Status rebuild(ExecutionGraphBuilder& builder, AnalysisCache::Set preserved = AnalysisCache::kNone);
    // Ok when the graph may take `added` more items; else TooLarge, saying what to change (advice):
    // called by a pass that multiplies the job before it takes the memory.
    Status checkGrowth(std::uint64_t added, Message advice) const;
    // Ok unless a grad_accumulation step made micro-batches before this step (microBatchStep): then
    // InvalidArgument, naming that step, for a pass that finds its work by measured times.
    Status checkBeforeMicroBatches() const;
    // Ok unless a grad_accumulation step made micro-batches before this step: then InvalidArgument,
    // naming that step, for a pass that changes the samples each rank computes on, which the
    // micro-batches have already split.
    Status checkSamplesBeforeMicroBatches() const;
};

// A strategy pass (DESIGN "What-ifs are jobs"): a pure function from one job to another. It may add,
// remove or re-cost items of the execution graph, or change how the job is replayed (the network). A
// pass reads its parameters through a typed struct (PassWith<P>), bound once from a step's checked
// values. Its errors and warnings say what, not where: the runner prefixes each with the step and the
// pass. Passes are stateless singletons held by PassRegistry.
class Pass {
public:
    virtual ~Pass() = default;
    // snake_case name, as strategies name it.
    virtual std::string_view name() const = 0;
    // What the pass models, in one sentence.
    virtual std::string_view summary() const = 0;
    virtual std::span<const ParameterSpec> parameters() const = 0;
    // Whether the job's transfers must be timed by the cost model for this pass to mean anything
    // (then the baseline is replayed the same way, so that the comparison shows the pass alone).
    virtual bool needsCostModel() const { return false; }
    // Whether a strategy may hold more than one step of this pass: true where steps compose (speedups of
    // chosen ops, stragglers, bandwidth scales all multiply, so two steps are one of their product). A
    // second step of any other pass would redo the first on its own output (recompute what is already
    // recomputed, accumulate micro-batches of micro-batches) and is refused.
    virtual bool repeatable() const { return false; }
    // The pass's typed parameters from a step's values, one per spec of parameters(), checked.
    virtual std::any read(std::span<const CheckedValue> values) const = 0;
    // Whether every spec binds to a member of the typed parameters consistently (ParameterTable::check).
    virtual Status checkParameters() const = 0;
    // Rewrites job with parameters read(); an error names what in the parameters or the job stops it.
    virtual Status apply(const std::any& params, WhatIfJob& job) const = 0;
    // What a step with parameters read() becomes in each framework's configuration, or why it has no
    // equivalent there: an answer for every framework (ExportContext), written beside the pass's model.
    virtual void exportTo(const std::any& params, ExportContext& out) const = 0;
};

// A pass whose parameters are the struct P, bound to its specs by table().
template <class P>
class PassWith : public Pass {
public:
    using Params = P;

    std::span<const ParameterSpec> parameters() const final { return table().specs(); }
    std::any read(std::span<const CheckedValue> values) const final { return table().read(values); }
    Status checkParameters() const final { return table().check(); }
    Status apply(const std::any& params, WhatIfJob& job) const final { return run(std::any_cast<const P&>(params), job); }
    void exportTo(const std::any& params, ExportContext& out) const final { exportStep(std::any_cast<const P&>(params), out); }

protected:
    virtual const ParameterTable<P>& table() const = 0;
    virtual Status run(const P& params, WhatIfJob& job) const = 0;
    virtual void exportStep(const P& params, ExportContext& out) const = 0;
};

} // namespace sightline
