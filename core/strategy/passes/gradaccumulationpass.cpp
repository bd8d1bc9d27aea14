#include "core/strategy/passes/gradaccumulationpass.h"

#include "core/base/message.h"
#include "core/base/parallel.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/exec/microbatchmodel.h"
#include "core/exec/subgraphcopy.h"
#include "core/memory/allocatedblocks.h"
#include "core/memory/memoryrewrite.h"
#include "core/model/opclassifier.h"
#include "core/model/trace.h"
#include "core/strategy/batchsize.h"
#include "core/strategy/exportcontext.h"
#include "core/strategy/samplescaling.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <numeric>
#include <optional>
#include <unordered_map>

namespace sightline {

namespace {

// Where the trace shows the batch: a warning when the samples a rank computes on before the step
// (the measured batch, as earlier steps changed it) do not make k micro-batches of whole samples. The
// pass splits the batch evenly whatever it holds, which no data loader does, and below one sample a
// micro-batch exists nowhere but in the figures (the job notes it: searches leave it out). Where the
// trace does not show the batch, that this cannot be told (unless the earlier steps' samples make k
// whole shares of the measured batch); nothing where the split is whole.
std::optional<Message> splitNote(WhatIfJob& job, std::uint32_t k)
{
    const std::optional<BatchSize::Found> batch = BatchSize::of(job.graph->trace());
    if (!batch)
        return BatchSize::unknownShare(job.samplesFactor / k);
    const double samples = static_cast<double>(batch->size) * job.samplesFactor;
    const double each = samples / k;
    job.noteSamples(each);
    if (BatchSize::whole(each))
        return std::nullopt;
    if (each < 1)
        return Message(SL_TEXT("Core",
                           "a batch of %1 samples (%2) cannot make %3 micro-batches of one sample or more: each "
                           "would hold %4 samples, which no data loader gives, and the figures are of those fractions"),
            { BatchSize::text(samples), batch->source, k, BatchSize::text(each) });
    return Message(SL_TEXT("Core",
                       "a batch of %1 samples (%2) does not split evenly into %3 micro-batches: the figures are of "
                       "micro-batches of %4 samples each, which a data loader cannot give"),
        { BatchSize::text(samples), batch->source, k, BatchSize::text(each) });
}

constexpr std::uint32_t kWorkMemory = SampleScaling::kWorkMemory;

// Work memory (activations, temporaries) the micro-batch allocates but work outside it frees (a free recorded after the op that
// used the block, outside any op of the phase: a tensor a variable holds to the end of the step) is
// freed instead by the micro-batch's host work that ends last before the free, on any of its threads
// (the backward the autograd thread runs, not the call that started it), so that each copy frees it
// within its own micro-batch: part `part` of the copier's set.
void releaseWithinMicroBatch(const ExecutionGraph& g, ExecutionGraphBuilder& b, const SubgraphCopy& copier,
    std::uint32_t part, const std::vector<ItemId>& members, const std::vector<std::size_t>& memberBlocks)
{
    if (b.memoryBlocks().empty())
        return;
    std::vector<ItemId> host; // by measured end
    std::copy_if(members.begin(), members.end(), std::back_inserter(host), [&](ItemId m) { return !g.onDevice(m); });
    std::stable_sort(host.begin(), host.end(), [&](ItemId x, ItemId y) { return SubgraphCopy::measuredEnd(g, x) < SubgraphCopy::measuredEnd(g, y); });
    for (const std::size_t k : memberBlocks) {
        MemoryBlock& block = b.memoryBlocks()[k];
        if ((kWorkMemory & MemoryRewrite::categories(block.category)) == 0 || !block.alloc.isValid() || block.alloc.value() >= g.itemCount()
            || copier.partOf(block.alloc) != part || !block.release.isValid()
            || block.release.value() >= g.itemCount() || copier.partOf(block.release) == part || g.rank(block.release) != g.rank(block.alloc))
            continue;
        const auto at = std::upper_bound(
            host.begin(), host.end(), g.anchor(block.release), [&](TimeNs t, ItemId x) { return t < SubgraphCopy::measuredEnd(g, x); });
        if (at != host.begin() && SubgraphCopy::measuredEnd(g, *std::prev(at)) >= g.anchor(block.alloc))
            block.release = *std::prev(at);
    }
}

// A gradient the micro-batch's backward work makes and keeps (as against one an AccumulateGrad makes):
// the allocating item's position in repeated, and that of the AccumulateGrad that takes it (the first
// to start after it on its thread), with its block.
struct HandOff {
    std::size_t block = 0;
    std::size_t made = 0;
    std::size_t taken = 0;
};

std::vector<HandOff> gradientHandOffs(const ExecutionGraph& g, const MicroBatchModel::MicroBatch& mb,
    std::span<const MemoryBlock> blocks, const std::vector<std::size_t>& repeatedBlocks)
{
    std::unordered_map<std::uint32_t, std::size_t> position; // of the gradients' allocating items
    for (const std::size_t k : repeatedBlocks) {
        if (blocks[k].category == MemoryCategory::Gradients && blocks[k].alloc.isValid())
            position.emplace(blocks[k].alloc.value(), 0);
    }
    if (position.empty())
        return {};
    // The micro-batch's AccumulateGrad ops per thread, by start: (start, position).
    std::map<std::uint32_t, std::vector<std::pair<TimeNs, std::size_t>>> accumulates;
    for (std::size_t p = 0; p < mb.repeated.size(); ++p) {
        const ItemId item = mb.repeated[p];
        if (const auto it = position.find(item.value()); it != position.end())
            it->second = p;
        if (OpClassifier::isAccumulateGrad(g.name(item)))
            accumulates[g.track(item).value()].emplace_back(g.anchor(item), p);
    }
    for (auto& [track, ops] : accumulates)
        std::sort(ops.begin(), ops.end());
    std::vector<HandOff> out;
    for (const std::size_t k : repeatedBlocks) {
        const MemoryBlock& b = blocks[k];
        if (b.category != MemoryCategory::Gradients || !b.alloc.isValid())
            continue;
        const auto ops = accumulates.find(g.track(b.alloc).value());
        if (ops == accumulates.end())
            continue;
        const TimeNs at = g.anchor(b.alloc);
        const auto next = std::upper_bound(ops->second.begin(), ops->second.end(), std::pair(at, SIZE_MAX));
        const bool inAccumulate
            = next != ops->second.begin() && SubgraphCopy::measuredEnd(g, mb.repeated[std::prev(next)->second]) >= at;
        if (!inAccumulate && next != ops->second.end())
            out.push_back({ k, position.at(b.alloc.value()), next->second });
    }
    return out;
}

// Gives each micro-batch's compute its time for a k-th of the samples (SampleScaling): the measured
// micro-batch's and its copies' (copies as laid out by SubgraphCopy, the rank-steps as the parts that
// partEnds ends), the rank-steps side by side.
void scaleCompute(ExecutionGraphBuilder& b, const SampleScaling& samples,
    std::span<const MicroBatchModel::MicroBatch> batches, std::span<const std::uint32_t> partEnds,
    std::span<const ItemId> copies, std::uint32_t k)
{
    const SampleScaling::Columns columns = SampleScaling::Columns::of(b);
    parallelForBlocks(batches.size(), blockCount(batches.size(), 4), [&](std::size_t, std::size_t begin, std::size_t end) {
        for (std::size_t part = begin; part < end; ++part) {
            const std::vector<ItemId>& repeated = batches[part].repeated;
            const std::size_t last = (k - 1) * std::size_t(partEnds[part]);
            for (std::size_t at = (k - 1) * std::size_t(part == 0 ? 0 : partEnds[part - 1]); at < last; at += repeated.size()) {
                for (std::size_t m = 0; m < repeated.size(); ++m)
                    samples.apply(columns, repeated[m], copies[at + m]);
            }
            for (const ItemId item : batches[part].all)
                samples.apply(columns, item, item);
        }
    });
}

} // namespace

std::string_view GradAccumulationPass::name() const
{
    return "grad_accumulation";
}

std::string_view GradAccumulationPass::summary() const
{
    return SL_TEXT("Core", "Runs k micro-batches of forward and backward per optimizer step, with one gradient synchronisation.");
}

const ParameterTable<GradAccumulationParameters>& GradAccumulationPass::table() const
{
    using T = ParameterSpec::Type;
    using P = GradAccumulationParameters;
    static const ParameterTable<P> table {
        { &P::microBatches, { "micro_batches", T::Integer, "", 1, 1024, "", {}, SL_TEXT("Core", "micro-batches per optimizer step (k)") } },
        { &P::batch, { "batch", T::Choice, "", 0, 0, "split", { "split", "repeat" },
            SL_TEXT("Core", "split: the measured batch is split into k micro-batches; repeat: each micro-batch is the measured batch") } },
        { &P::kernelFloorUs, { "kernel_floor_us", T::Number, "us", 0, 1e6, "5", {}, SL_TEXT("Core", "the part of a device op's time that does not shrink with fewer samples") } },
        { &P::fixedShare, { "fixed_share", T::Number, "", 0, 1, "0.06", {},
            SL_TEXT("Core", "the share of a device op's time above the floor that does not shrink either (weights read once per micro-batch, partly filled waves)") } },
    };
    return table;
}

Status GradAccumulationPass::run(const GradAccumulationParameters& params, WhatIfJob& job) const
{
    const ExecutionGraph& g = *job.graph;
    const auto k = static_cast<std::uint32_t>(params.microBatches);
    const bool split = params.batch == GradAccumulationParameters::Batch::Split;
    const SampleScaling samples(g, params.kernelFloorUs, params.fixedShare, 1.0 / k, job.samplesFactor);
    const std::vector<MicroBatchModel::MicroBatch>& batches = job.analyses().microBatches().batches();
    if (batches.empty())
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core", "the job has no forward or backward work in its steps (the trace marks no phases)")));
    if (k == 1) {
        job.warnings.emplace_back(SL_TEXT("Core", "one micro-batch leaves the job as it is"));
        return {};
    }
    ExecutionGraphBuilder b(g);
    // Every rank-step's repeated work is a part of one set, copied k - 1 times in one go: the columns
    // are gathered once for all, and the parts' edges side by side. Room for every micro-batch's copies
    // at once, not by doubling.
    std::vector<ItemId> members;
    std::vector<std::uint32_t> partEnds;
    std::size_t copiedOrigins = 0, copiedEdges = 0;
    for (const MicroBatchModel::MicroBatch& mb : batches) {
        members.insert(members.end(), mb.repeated.begin(), mb.repeated.end());
        partEnds.push_back(static_cast<std::uint32_t>(members.size()));
        for (ItemId i : mb.repeated) {
            copiedOrigins += (k - 1) * g.origin(i).size();
            copiedEdges += std::size_t(k - 1) * (g.outBegin(i.value() + 1) - g.outBegin(i.value()) + 1); // its edges and its chain
        }
    }
    if (Status s = job.checkGrowth(std::uint64_t(k - 1) * members.size(), Message(SL_TEXT("Core", "choose fewer micro-batches"))); !s.ok())
        return s;
    SubgraphCopy copier(g, &job.analyses().instantOrder());
    copier.select(members, partEnds);
    std::vector<std::string> prefixes; // micro-batches 1 .. k-1
    for (std::uint32_t c = 1; c < k; ++c)
        prefixes.push_back("microbatch " + std::to_string(c) + "/" + std::to_string(k) + ": ");
    b.reserve((k - 1) * members.size(), copiedOrigins, copiedEdges);
    const std::vector<ItemId> copies = copier.copy(b, prefixes, true);
    // Each micro-batch's rewrites read its own blocks: those its measured work allocates, and those
    // each copy adds.
    const AllocatedBlocks measuredBlocks(b.memoryBlocks());
    for (std::uint32_t part = 0; part < batches.size(); ++part) {
        const MicroBatchModel::MicroBatch& mb = batches[part];
        const std::vector<std::size_t> allBlocks = measuredBlocks.of(mb.all);
        const std::vector<std::size_t> repeatedBlocks = measuredBlocks.of(mb.repeated);
        // A micro-batch of 1/k of the samples keeps 1/k of the activations and temporaries, and each
        // micro-batch holds its own; gradients accumulate in place.
        if (split)
            MemoryRewrite::scale(b, kWorkMemory, 1.0 / k, mb.all, &allBlocks);
        releaseWithinMicroBatch(g, b, copier, part, mb.repeated, repeatedBlocks);
        const std::size_t size = mb.repeated.size();
        const std::size_t at = (k - 1) * (part == 0 ? 0 : partEnds[part - 1]);
        std::vector<std::span<const ItemId>> rounds; // micro-batches 1 .. k-1, then the measured one
        for (std::uint32_t c = 1; c < k; ++c) {
            rounds.push_back(std::span(copies).subspan(at + (c - 1) * size, size));
            const std::span<const ItemId> round = rounds.back();
            const std::size_t before = b.memoryBlocks().size();
            MemoryRewrite::copyBlocks(b, mb.repeated, round, kWorkMemory, MemoryRewrite::kSameDevice, &repeatedBlocks);
            // The host work a micro-batch ends with gives back what it holds past its own frees (the
            // measured job frees some of it later, in work that is not repeated). The round's items
            // are new: the blocks just copied are all they allocate.
            std::vector<std::size_t> roundBlocks(b.memoryBlocks().size() - before);
            std::iota(roundBlocks.begin(), roundBlocks.end(), before);
            if (!round.empty())
                MemoryRewrite::releaseAt(b, round, kWorkMemory, round[mb.lastHost], &roundBlocks);
        }
        // The gradients are allocated by the first micro-batch's backward and kept through the others.
        // In each later one the backward makes each gradient anew, and its AccumulateGrad adds it into
        // the one kept and frees it: a temporary of the gradient's size from the one to the other.
        if (!rounds.empty()) {
            const std::vector<HandOff> handOffs = gradientHandOffs(g, mb, b.memoryBlocks(), repeatedBlocks);
            MemoryRewrite::allocateAt(
                b, mb.repeated, rounds.front(), MemoryRewrite::categories(MemoryCategory::Gradients), &repeatedBlocks);
            for (std::size_t c = 1; c <= rounds.size(); ++c) {
                const std::span<const ItemId> round
                    = c < rounds.size() ? rounds[c] : std::span<const ItemId>(mb.repeated);
                for (const HandOff& h : handOffs) {
                    MemoryBlock made = b.memoryBlocks()[h.block];
                    made.alloc = round[h.made];
                    made.release = round[h.taken];
                    made.category = MemoryCategory::Temporaries;
                    b.addMemoryBlock(made);
                }
            }
        }
        // The first micro-batch waits for what the measured one waited for before it began; waits on
        // work that ran during the measured micro-batch (interleaved ops of other phases) stay with it.
        for (const MicroBatchModel::Wait& w : mb.waits)
            b.addEdge(w.source, rounds.front()[w.position], w.kind, w.ref);
        // Micro-batches run one after the other: the next starts on each track once the previous one
        // has finished its host work on every thread (backward() returns) and its work on that track.
        rounds.push_back(mb.all);
        for (std::size_t c = 0; c + 1 < rounds.size(); ++c) {
            const MicroBatchModel::TrackEnds& next = c + 2 == rounds.size() ? mb.allEnds : mb.repeatedEnds;
            for (const auto& [track, first] : next.first) {
                for (const auto& [otherTrack, last] : mb.repeatedEnds.last) {
                    const bool host = !isGpuTrack(g.tracks()[otherTrack].kind);
                    if (host || otherTrack == track)
                        b.addEdge(rounds[c][last], rounds[c + 1][first], EdgeKind::Program, EdgeRef::EndToStart);
                }
            }
        }
    }
    if (split)
        scaleCompute(b, samples, batches, partEnds, copies, k);
    if (split) {
        job.warnings.emplace_back(SL_TEXT("Core", "%1 rank-steps run %2 micro-batches of 1/%2 of their batch"),
            std::vector<Message::Arg> { batches.size(), k });
        if (std::optional<Message> note = splitNote(job, k))
            job.warnings.push_back(std::move(*note));
    } else {
        job.stepRepeats *= k;
        job.warnings.emplace_back(
            SL_TEXT("Core",
                "%1 rank-steps run %2 micro-batches of their whole batch: a step computes on %2 "
                "times its samples, so compare throughput, samples per second, not the iteration"),
            std::vector<Message::Arg> { batches.size(), k });
    }
    job.microBatchStep = job.step;
    return job.rebuild(b);
}

void GradAccumulationPass::exportStep(const GradAccumulationParameters& params, ExportContext& out) const
{
    out.config().accumulationSteps = params.microBatches;
    out.config().accumulationSplitsBatch = params.batch == GradAccumulationParameters::Batch::Split;
    out.becomes(Framework::DeepSpeed, { "deepspeed_config.json" }, "gradient_accumulation_steps " + std::to_string(params.microBatches) + " (deepspeed_config.json)");
    out.becomes(Framework::PyTorch, { "sightline_strategy.py" }, std::to_string(params.microBatches)
            + (params.batch == GradAccumulationParameters::Batch::Split ? " micro-batches splitting each batch" : " whole batches a step")
            + ", run by train_step() with no_sync() on all but the last (sightline_strategy.py)");
    out.becomes(Framework::Horovod, { "horovod_optimizer.json" }, "backward_passes_per_step " + std::to_string(params.microBatches)
            + " (horovod_optimizer.json), a keyword argument of hvd.DistributedOptimizer; the script runs the micro-batches");
    out.cannot({ Framework::BytePS, Framework::Xla }, "accumulation is a loop in the training script, not a setting of this framework");
}

} // namespace sightline
