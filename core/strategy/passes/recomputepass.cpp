#include "core/strategy/passes/recomputepass.h"

#include "core/base/checkedmath.h"
#include "core/base/message.h"
#include "core/base/parallel.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/exec/instantorder.h"
#include "core/exec/launchorder.h"
#include "core/exec/layermodel.h"
#include "core/exec/subgraphcopy.h"
#include "core/memory/allocatedblocks.h"
#include "core/memory/memoryrewrite.h"
#include "core/strategy/exportcontext.h"

#include <algorithm>
#include <map>
#include <set>

namespace sightline {

namespace {

// Where the copy of one layer's forward goes (copies, in the order of layer.forward), before its first
// backward item: per copy its anchor, and the edges that tie the copy in, in order. Reads the graph
// only, so that layers are placed side by side.
struct Placement {
    std::vector<TimeNs> anchor;
    std::vector<ExecutionGraphBuilder::NewEdge> edges;
};

Placement place(const ExecutionGraph& g, const LaunchOrder& launches, const LayerModel::Layer& layer, std::span<const ItemId> copies)
{
    Placement placed;
    const ItemId backward = layer.firstBackward;
    const bool hostBackward = !g.onDevice(backward);
    // Per track of the copies: the first and the last copy in measured order.
    std::map<std::uint32_t, std::pair<std::size_t, std::size_t>> ends;
    for (std::size_t k = 0; k < copies.size(); ++k) {
        const ItemId m = layer.forward[k];
        auto [it, added] = ends.emplace(g.track(m).value(), std::pair(k, k));
        if (g.anchor(m) < g.anchor(layer.forward[it->second.first]))
            it->second.first = k;
        if (SubgraphCopy::measuredEnd(g, m) >= SubgraphCopy::measuredEnd(g, layer.forward[it->second.second]))
            it->second.second = k;
    }
    // The copies stand where they now run, just before the backward item, so that passes after this one
    // that order work by its measured times see them there.
    const TimeNs shift = CheckedMath::timeSub(g.anchor(backward), SubgraphCopy::measuredEnd(g, layer.span));
    placed.anchor.resize(copies.size());
    for (std::size_t k = 0; k < copies.size(); ++k)
        placed.anchor[k] = CheckedMath::timeAdd(g.anchor(layer.forward[k]), shift);
    for (const auto& [track, firstLast] : ends) {
        const auto [first, last] = firstLast;
        const bool device = isGpuTrack(g.tracks()[track].kind);
        if (device != !hostBackward && device) {
            // Device work the host launched takes the backward's place in its stream: after what the
            // host launched before the backward item, before what it launched from then on.
            const auto [before, after] = launches.around(TrackId(track), g.anchor(backward));
            if (before.isValid())
                placed.edges.push_back({ before, copies[first], EdgeKind::Program, EdgeRef::EndToStart });
            if (after.isValid())
                placed.edges.push_back({ copies[last], after, EdgeKind::Program, EdgeRef::EndToStart });
            continue;
        }
        // Work on the backward item's side (its thread, or its device track in a job without host
        // work) runs between what released the backward item and it.
        for (std::uint32_t s = g.inBegin(backward.value()); s < g.inBegin(backward.value() + 1); ++s) {
            const std::uint32_t e = g.inEdge(s);
            if (g.ref(e) != EdgeRef::EndToEnd)
                placed.edges.push_back({ ItemId(g.inSource(s)), copies[first], g.edgeKind(e), g.ref(e) });
        }
        placed.edges.push_back({ copies[last], backward, EdgeKind::Program, EdgeRef::EndToStart });
    }
    return placed;
}

// The work before an item on its track: its predecessor there, or its enclosing op's; invalid when
// the item is the first.
ItemId workBefore(const ExecutionGraph& g, ItemId item)
{
    for (ItemId at = item; at.isValid(); at = g.firstSource(at, EdgeKind::Nest)) {
        if (const ItemId before = g.firstSource(at, EdgeKind::Program); before.isValid())
            return before;
    }
    return {};
}

// The measured forward holds the activations that work after it frees only until the layer's span
// ends, but for its output: the last of them to be allocated (a block's output is made by its last op)
// is the next layer's input, which that layer, or its checkpoint, keeps until its own backward has run.
// The output goes with the work before this layer's backward, where the recompute begins.
// forwardBlocks: the measured blocks the forward allocates (AllocatedBlocks::of).
void releaseForward(const ExecutionGraph& g, ExecutionGraphBuilder& b, const LayerModel::Layer& layer,
    const std::vector<std::size_t>& forwardBlocks)
{
    const auto inForward = [&](ItemId i) { return i.isValid() && std::binary_search(layer.forward.begin(), layer.forward.end(), i); };
    const std::span<MemoryBlock> blocks = b.memoryBlocks();
    std::vector<std::size_t> held;
    ItemId output;
    for (const std::size_t k : forwardBlocks) {
        const MemoryBlock& m = blocks[k];
        if (m.category != MemoryCategory::Activations || m.alloc.value() >= g.itemCount() || !inForward(m.alloc) || inForward(m.release))
            continue;
        held.push_back(k);
        if (!output.isValid() || g.anchor(m.alloc) > g.anchor(output))
            output = m.alloc;
    }
    ItemId before = workBefore(g, layer.firstBackward);
    if (before.isValid() && g.anchor(before) <= SubgraphCopy::measuredEnd(g, layer.span))
        before = layer.span;
    for (std::size_t k : held)
        blocks[k].release = blocks[k].alloc == output && before.isValid() ? before : layer.span;
}

// Puts the copy of one layer's forward where place() found: its memory, anchors, host work's thread
// and edges. measuredBlocks: the blocks of g, as the pass began.
void recompute(const ExecutionGraph& g, ExecutionGraphBuilder& b, const LayerModel::Layer& layer,
    std::span<const ItemId> copies, const Placement& placed, const AllocatedBlocks& measuredBlocks)
{
    // The recomputed forward holds the activations from the recompute to the backward that frees them.
    const std::vector<std::size_t> forwardBlocks = measuredBlocks.of(layer.forward);
    MemoryRewrite::copyBlocks(b, layer.forward, copies,
        MemoryRewrite::categories(MemoryCategory::Activations) | MemoryRewrite::categories(MemoryCategory::Temporaries),
        MemoryRewrite::kSameDevice, &forwardBlocks);
    releaseForward(g, b, layer, forwardBlocks);
    for (std::size_t k = 0; k < copies.size(); ++k)
        b.setAnchor(copies[k], placed.anchor[k]);
    // Host work moves to the backward's thread.
    const ItemId backward = layer.firstBackward;
    if (!g.onDevice(backward)) {
        for (std::size_t k = 0; k < copies.size(); ++k) {
            if (!g.onDevice(layer.forward[k]))
                b.setTrack(copies[k], g.track(backward));
        }
    }
    b.addEdges(placed.edges);
}

// Copies the layers' forwards, each as a part of one set (a layer's copy neither waits for nor feeds
// another's), and places each copy. Layers whose forwards share an item (nested spans the pattern
// names) go to sets of their own.
void recomputeAll(const ExecutionGraph& g, const LaunchOrder& launches, const InstantOrder& order, ExecutionGraphBuilder& b,
    const std::vector<const LayerModel::Layer*>& chosen)
{
    SubgraphCopy copier(g, &order);
    const AllocatedBlocks measuredBlocks(b.memoryBlocks());
    std::vector<std::uint32_t> setOf(g.itemCount(), UINT32_MAX); // per item, the last set it is in
    std::uint32_t set = 0;
    std::size_t first = 0; // the first layer of the set
    std::vector<ItemId> members;
    std::vector<std::uint32_t> partEnds;
    const auto copySet = [&](std::size_t end) {
        copier.select(members, partEnds);
        const std::vector<ItemId> copies = copier.copy(b, "recompute: ", true);
        // Each layer's copies, placed side by side and put in the builder in order.
        std::vector<std::span<const ItemId>> copiesOf;
        for (std::size_t l = first, at = 0; l < end; at += chosen[l]->forward.size(), ++l)
            copiesOf.push_back(std::span(copies).subspan(at, chosen[l]->forward.size()));
        std::vector<Placement> placed(copiesOf.size());
        parallelForBlocks(placed.size(), blockCount(placed.size(), 4), [&](std::size_t, std::size_t begin, std::size_t end) {
            for (std::size_t k = begin; k < end; ++k)
                placed[k] = place(g, launches, *chosen[first + k], copiesOf[k]);
        });
        for (std::size_t k = 0; k < placed.size(); ++k)
            recompute(g, b, *chosen[first + k], copiesOf[k], placed[k], measuredBlocks);
        members.clear();
        partEnds.clear();
        first = end;
        ++set;
    };
    for (std::size_t l = 0; l < chosen.size(); ++l) {
        const std::vector<ItemId>& forward = chosen[l]->forward;
        if (std::any_of(forward.begin(), forward.end(), [&](ItemId i) { return setOf[i.value()] == set; }))
            copySet(l);
        for (const ItemId i : forward)
            setOf[i.value()] = set;
        members.insert(members.end(), forward.begin(), forward.end());
        partEnds.push_back(static_cast<std::uint32_t>(members.size()));
    }
    if (!members.empty())
        copySet(chosen.size());
}

} // namespace

std::string_view RecomputePass::name() const
{
    return "recompute";
}

std::string_view RecomputePass::summary() const
{
    return SL_TEXT("Core", "Recomputes the chosen layers' forward work before their backward instead of keeping activations.");
}

const ParameterTable<RecomputeParameters>& RecomputePass::table() const
{
    using T = ParameterSpec::Type;
    using P = RecomputeParameters;
    static const ParameterTable<P> table {
        { &P::layers, { "layers", T::Text, "", 0, 0, "auto", {},
            SL_TEXT("Core", "the layers: auto (repeated numbered forward spans, or a layer-wise job's layers), or a pattern of span names (* and ?)") } },
        { &P::every, { "every", T::Integer, "", 1, 1e6, "1", {}, SL_TEXT("Core", "recompute every k-th layer of each step (1: all)") } },
        { &P::ops, { "ops", T::Ops, "", 0, 0, "", {},
            SL_TEXT("Core", "only the layers whose span or forward work holds one of these measured ops (ids as \"3-9,12\", as picked in the window); left out, every layer"),
            true } },
    };
    return table;
}

std::vector<const LayerModel::Layer*> RecomputePass::chosenLayers(const ExecutionGraph& g, const LayerModel& layers, const RecomputeParameters& params)
{
    const std::int64_t every = params.every;
    const OpSet& ops = params.ops;
    // A layer is among the chosen ops when its span or any of its forward work stands for one of them.
    const auto picked = [&](const LayerModel::Layer& layer) {
        return ops.empty() || ops.containsAny(g.origin(layer.span))
            || std::any_of(layer.forward.begin(), layer.forward.end(), [&](ItemId i) { return ops.containsAny(g.origin(i)); });
    };
    // Every k-th picked layer of each rank's step.
    std::vector<const LayerModel::Layer*> chosen;
    std::int64_t position = 0;
    std::pair<std::uint32_t, std::int32_t> current { ItemId::kInvalid, -1 };
    for (const LayerModel::Layer& layer : layers.layers()) {
        if (!picked(layer))
            continue;
        const std::pair<std::uint32_t, std::int32_t> key { g.rank(layer.span).value(), g.stepOfStart(layer.span) };
        position = key == current ? position + 1 : 0;
        current = key;
        if ((position + 1) % every == 0)
            chosen.push_back(&layer);
    }
    return chosen;
}

Status RecomputePass::run(const RecomputeParameters& params, WhatIfJob& job) const
{
    const ExecutionGraph& g = *job.graph;
    if (Status s = params.ops.fits(g.trace().opCount()); !s.ok())
        return s;
    if (Status s = job.checkBeforeMicroBatches(); !s.ok())
        return s;
    const AnalysisCache& analyses = job.analyses();
    const std::shared_ptr<const LayerModel> model = analyses.layers(params.layers);
    const LayerModel& layers = *model;
    if (layers.layers().empty())
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core", "no layer with a backward was found (%1); name the layers' spans with 'layers'"), { layers.source() }));
    const OpSet& ops = params.ops;
    // A layer an earlier step recomputes (on its rank, by its span's first measured op) stays as that
    // step left it; a copy of a layer (a micro-batch's, an added rank's) is a layer like the others.
    const auto key = [&](const LayerModel::Layer& layer) {
        return std::pair(g.ranks()[g.rank(layer.span).value()].rank,
            g.origin(layer.span).empty() ? OpId::kInvalid : g.origin(layer.span).front().value());
    };
    std::vector<const LayerModel::Layer*> chosen;
    std::size_t already = 0;
    for (const LayerModel::Layer* layer : chosenLayers(g, layers, params)) {
        if (job.recomputedLayers.count(key(*layer)))
            ++already;
        else
            chosen.push_back(layer);
    }
    if (already > 0)
        job.warnings.emplace_back(SL_TEXT("Core", "%1 of the chosen layers are recomputed by an earlier step already; they are left as they are"),
            std::vector<Message::Arg> { already });
    if (chosen.empty() && already > 0)
        return {};
    std::size_t copied = 0, copiedOrigins = 0, copiedEdges = 0;
    for (const LayerModel::Layer* layerOf : chosen) {
        const LayerModel::Layer& layer = *layerOf;
        copied += layer.forward.size();
        for (const ItemId i : layer.forward) {
            copiedOrigins += g.origin(i).size();
            copiedEdges += g.outBegin(i.value() + 1) - g.outBegin(i.value()) + 1; // its edges and its chain
        }
    }
    ExecutionGraphBuilder b(g);
    // Room for every copy at once, not by doubling.
    b.reserve(copied, copiedOrigins, copiedEdges);
    recomputeAll(g, analyses.launchOrder(), analyses.instantOrder(), b, chosen);
    for (const LayerModel::Layer* layer : chosen)
        job.recomputedLayers.insert(key(*layer));
    const std::size_t done = chosen.size();
    if (ops.empty())
        job.warnings.emplace_back(SL_TEXT("Core", "%1 of %2 layer forwards recomputed (layers: %3)"), std::vector<Message::Arg> { done, layers.layers().size(), layers.source() });
    else
        job.warnings.emplace_back(SL_TEXT("Core", "%1 of %2 layer forwards recomputed (layers: %3; those of the chosen ops)"),
            std::vector<Message::Arg> { done, layers.layers().size(), layers.source() });
    return job.rebuild(b);
}

namespace {

constexpr std::string_view kModulePrefix = "nn.Module: ";

// A layer the profiler names as a module ("nn.Module: BasicBlock_2"): its path in the profiler's module
// hierarchy, the modules around it from the outermost ("ResNet_0/Sequential_1/BasicBlock_2"), without
// a DistributedDataParallel wrapper (the script checkpoints the model before wrapping it); empty for
// any other layer.
std::string modulePath(const ExecutionGraph& g, ItemId span)
{
    std::vector<std::string_view> names;
    for (ItemId at = span; at.isValid(); at = g.firstSource(at, EdgeKind::Nest)) {
        if (g.name(at).starts_with(kModulePrefix))
            names.push_back(g.name(at).substr(kModulePrefix.size()));
    }
    if (names.empty() || !g.name(span).starts_with(kModulePrefix))
        return {};
    if (names.back().starts_with("DistributedDataParallel_") && names.size() > 1)
        names.pop_back();
    std::string path;
    for (auto it = names.rbegin(); it != names.rend(); ++it)
        path += (path.empty() ? "" : "/") + std::string(*it);
    return path;
}

// An operator's name ("aten::linear"), which names no module to checkpoint.
bool namesOperator(const ExecutionGraph& g, ItemId span)
{
    return g.kind(span) != OpKind::Annotation && g.name(span).find("::") != std::string_view::npos;
}

} // namespace

// The checkpointed layers, once each, in forward order: the first rank and step's, or, for a step aimed
// at chosen ops, those of the layers it recomputes wherever they ran. By their module paths where the
// profiler recorded its module hierarchy, else by their labels, which the user maps to modules.
void RecomputePass::exportStep(const RecomputeParameters& params, ExportContext& out) const
{
    const ExecutionGraph& g = out.measured().graph();
    const std::shared_ptr<const LayerModel> layers = out.measured().layers(params.layers);
    const std::vector<const LayerModel::Layer*> chosen = chosenLayers(g, *layers, params);
    std::vector<const LayerModel::Layer*> exported;
    for (const LayerModel::Layer* l : chosen) {
        if (params.ops.empty() && (g.rank(l->span) != g.rank(chosen.front()->span) || g.stepOfStart(l->span) != g.stepOfStart(chosen.front()->span)))
            break;
        if (namesOperator(g, l->span)) {
            out.cannotAll("the layers are operators (" + l->name + "), which name no module to checkpoint: choose module or record_function layers (recompute.layers)");
            return;
        }
        exported.push_back(l);
    }
    if (exported.empty()) {
        out.cannotAll("the trace names no layer for the step to checkpoint");
        return;
    }
    // Module paths where every layer has one; otherwise the labels, which the user maps.
    std::vector<std::string> paths;
    for (const LayerModel::Layer* l : exported)
        paths.push_back(modulePath(g, l->span));
    const bool byPath = std::none_of(paths.begin(), paths.end(), [](const std::string& p) { return p.empty(); });
    std::vector<std::string> names;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < exported.size(); ++i) {
        const std::string& name = byPath ? paths[i] : exported[i]->name;
        if (seen.insert(name).second)
            names.push_back(name);
    }
    FrameworkConfig& c = out.config();
    c.checkpointLayers = names;
    c.checkpointByModulePath = byPath;
    const std::string count = std::to_string(names.size()) + (names.size() == 1 ? " module" : " modules");
    out.becomes(Framework::PyTorch, { "sightline_strategy.py", "checkpoint_layers.json" }, byPath
            ? count + " to wrap in torch.utils.checkpoint, by their paths in the profiler's module hierarchy (sightline_strategy.py, checkpoint_layers.json)"
            : count + " to wrap in torch.utils.checkpoint, named by the trace's labels, which need a mapping to the model's modules (sightline_strategy.py's "
                "checkpoint_mapping, checkpoint_layers.json)");
    out.becomes(Framework::DeepSpeed, { "deepspeed_config.json" }, "activation_checkpointing with number_checkpoints " + std::to_string(names.size())
            + " (deepspeed_config.json), which takes effect where the model wraps the layers of checkpoint_layers.json in deepspeed.checkpointing.checkpoint");
    out.cannot({ Framework::Horovod, Framework::BytePS }, "checkpointing is done in the model (torch.utils.checkpoint), not by a setting of this framework");
    out.cannot(Framework::Xla, "XLA chooses its own rematerialisation; it has no flag naming layers to recompute");
}

} // namespace sightline
