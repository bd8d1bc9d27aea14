#include "core/strategy/passes/opfusionpass.h"

#include "core/base/checkedmath.h"
#include "core/base/globpattern.h"
#include "core/base/message.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/exec/kernelclasses.h"
#include "core/exec/subgraphcopy.h"
#include "core/memory/memoryrewrite.h"
#include "core/strategy/exportcontext.h"

#include <algorithm>
#include <cmath>

namespace sightline {

namespace {

struct Rules {
    GlobPattern match;
    bool elementwiseOnly;
    std::optional<GlobPattern> within;
    const OpSet* ops; // empty: any kernel
    bool acrossWaits;
};

// Whether a host op or one it is nested in is named like the pattern.
bool launchedWithin(const ExecutionGraph& g, ItemId kernel, const GlobPattern& pattern)
{
    ItemId op = g.firstSource(kernel, EdgeKind::Launch);
    for (int depth = 0; op.isValid() && depth < 64; ++depth) {
        if (pattern.matches(g.name(op)))
            return true;
        op = g.firstSource(op, EdgeKind::Nest);
    }
    return false;
}

bool fusible(const ExecutionGraph& g, ItemId i, const Rules& rules, KernelClasses& classes)
{
    if (g.kind(i) != OpKind::ComputeKernel || g.stepOfStart(i) < 0 || !rules.match.matches(g.name(i)))
        return false;
    if (rules.elementwiseOnly && classes.of(i) == KernelClassifier::Class::Matmul)
        return false;
    if (!rules.ops->empty() && !rules.ops->containsAny(g.origin(i)))
        return false;
    return !rules.within || launchedWithin(g, i, *rules.within);
}

// Whether next waits for nothing but its launch and previous, and (unless acrossWaits) previous is
// waited for by nothing but next: then fusing them cannot make anything wait for itself through other
// streams or the host. Across waits, what waited for previous waits for the fused kernel's end, and a
// path from previous back to next's launch makes a cycle the replay reports.
bool onlyFollows(const ExecutionGraph& g, ItemId previous, ItemId next, bool acrossWaits)
{
    for (std::uint32_t s = g.inBegin(next.value()); s < g.inBegin(next.value() + 1); ++s) {
        const EdgeKind k = g.edgeKind(g.inEdge(s));
        if (k != EdgeKind::Launch && !(k == EdgeKind::Program && ItemId(g.inSource(s)) == previous))
            return false;
    }
    if (acrossWaits)
        return true;
    for (std::uint32_t e = g.outBegin(previous.value()); e < g.outBegin(previous.value() + 1); ++e) {
        if (ItemId(g.target(e)) != next)
            return false;
    }
    return true;
}

// Runs of neighbouring fusible kernels per device track, each of at least two and at most maxOps.
std::vector<std::vector<ItemId>> runsOf(const ExecutionGraph& g, const Rules& rules, std::size_t maxOps)
{
    std::vector<std::vector<ItemId>> byTrack(g.tracks().size());
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (g.onDevice(ItemId(i)))
            byTrack[g.track(ItemId(i)).value()].push_back(ItemId(i));
    }
    std::vector<std::vector<ItemId>> runs;
    KernelClasses classes(g);
    for (auto& items : byTrack) {
        std::stable_sort(items.begin(), items.end(), [&](ItemId a, ItemId b) { return g.anchor(a) < g.anchor(b); });
        std::vector<ItemId> run;
        auto close = [&] {
            if (run.size() >= 2)
                runs.push_back(run);
            run.clear();
        };
        for (const ItemId item : items) {
            if (!fusible(g, item, rules, classes)) {
                close();
                continue;
            }
            const bool joins = !run.empty() && g.stepOfStart(run.back()) == g.stepOfStart(item)
                && g.phase(run.back()) == g.phase(item) && g.firstSource(item, EdgeKind::Program) == run.back()
                && (maxOps == 0 || run.size() < maxOps) && onlyFollows(g, run.back(), item, rules.acrossWaits);
            if (!joins)
                close();
            run.push_back(item);
        }
        close();
    }
    return runs;
}

// The share of the job's compute-kernel time that memory-bound kernels (elementwise, normalisation,
// reduction, layout) take: what a fusing compiler can cut beyond the launches and gaps this pass saves.
double memoryBoundShare(const ExecutionGraph& g)
{
    KernelClasses classes(g);
    double all = 0, memoryBound = 0;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (g.kind(item) != OpKind::ComputeKernel || g.madeByPass(item) || g.hasFlag(item, ExecutionGraph::Context))
            continue;
        const auto t = static_cast<double>(g.minDuration(item));
        all += t;
        if (classes.of(item) != KernelClassifier::Class::Matmul)
            memoryBound += t;
    }
    return all > 0 ? memoryBound / all : 0.0;
}

// Above this share of memory-bound kernel time, a fusion that keeps the fused kernels' time (ratio 1)
// says that a compiler may gain much more: 13 % on the calibration set's GPT, whose compiled run the
// pass predicts within 2 %; 64 % on the check set's convnet, which compiled to 0.58 of its time.
constexpr double kMemoryBoundShareWarning = 0.25;

} // namespace

std::string_view OpFusionPass::name() const
{
    return "op_fusion";
}

std::string_view OpFusionPass::summary() const
{
    return SL_TEXT("Core", "Fuses runs of neighbouring compute kernels on a stream into one kernel.");
}

const ParameterTable<OpFusionParameters>& OpFusionPass::table() const
{
    using T = ParameterSpec::Type;
    using P = OpFusionParameters;
    static const ParameterTable<P> table {
        { &P::match,
            { "match", T::Text, "", 0, 0, "*", {},
                SL_TEXT("Core", "kernel names that may fuse: * any characters, ? any one") } },
        { &P::kernels,
            { "kernels", T::Choice, "", 0, 0, "elementwise", { "elementwise", "all" },
                SL_TEXT("Core",
                    "elementwise: elementwise, normalisation and reduction kernels (what a fusing compiler fuses); "
                    "all: matrix kernels too") } },
        { &P::within,
            { "within", T::Text, "", 0, 0, "", {},
                SL_TEXT("Core",
                    "only kernels launched inside a host span of this name (a layer, a named range); empty: anywhere"),
                true } },
        { &P::maxOps,
            { "max_ops", T::Integer, "", 0, 1e6, "0", {},
                SL_TEXT("Core", "the most kernels one fused kernel takes; 0: no limit") } },
        { &P::ratio,
            { "ratio", T::Number, "", 0.01, 10, "1", {},
                SL_TEXT("Core", "the fused kernel's time as a share of the sum of the fused kernels' times") } },
        { &P::ops,
            { "ops", T::Ops, "", 0, 0, "", {},
                SL_TEXT("Core",
                    "only these measured kernels (ids as \"3-9,12\", as picked in the window): neighbours among them "
                    "fuse; left out, any"),
                true } },
        { &P::acrossWaits,
            { "across_waits", T::Choice, "", 0, 0, "no", { "no", "yes" },
                SL_TEXT("Core",
                    "yes: also fuse kernels another stream or the host waits for (a gradient's producer), which then "
                    "waits for the fused kernel's end; no: such a kernel ends a run") } },
    };
    return table;
}

Status OpFusionPass::run(const OpFusionParameters& params, WhatIfJob& job) const
{
    const ExecutionGraph& g = *job.graph;
    const OpSet& ops = params.ops;
    if (Status s = ops.fits(g.trace().opCount()); !s.ok())
        return s;
    if (Status s = job.checkBeforeMicroBatches(); !s.ok())
        return s;
    const Rules rules { GlobPattern(params.match), params.kernels == OpFusionParameters::Kernels::Elementwise,
        params.within && !params.within->empty() ? std::optional<GlobPattern>(GlobPattern(*params.within))
                                                 : std::nullopt,
        &ops, params.acrossWaits == OpFusionParameters::AcrossWaits::Yes };
    const double ratio = params.ratio;
    const auto runs = runsOf(g, rules, static_cast<std::size_t>(params.maxOps));
    if (runs.empty()) {
        job.warnings.emplace_back(SL_TEXT("Core", "no two neighbouring kernels on a stream can fuse"));
        return {};
    }
    ExecutionGraphBuilder b(g);
    std::vector<std::uint32_t> runOf(g.itemCount(), ItemId::kInvalid);
    for (std::uint32_t r = 0; r < runs.size(); ++r) {
        for (ItemId i : runs[r])
            runOf[i.value()] = r;
    }
    std::size_t fusedOps = 0;
    std::vector<ItemId> fused(runs.size());
    for (std::uint32_t r = 0; r < runs.size(); ++r) {
        const std::vector<ItemId>& run = runs[r];
        TimeNs total = 0;
        std::vector<OpId> origin;
        for (ItemId i : run) {
            total = CheckedMath::timeAdd(total, g.minDuration(i));
            const auto ops = g.origin(i);
            origin.insert(origin.end(), ops.begin(), ops.end());
            b.removeItem(i);
        }
        const ItemId first = run.front();
        ExecutionGraphBuilder::Item item;
        item.kind = OpKind::ComputeKernel;
        item.flags = ExecutionGraph::SelfTimed | ExecutionGraph::Synthetic;
        item.track = g.track(first);
        item.name = b.intern("fused: " + std::to_string(run.size()) + " ops");
        item.stepOfStart = g.stepOfStart(first);
        item.stepOfEnd = g.stepOfEnd(run.back());
        item.anchor = g.anchor(first);
        item.gap = g.gap(first);
        item.minDuration = CheckedMath::saturatingRound(static_cast<double>(total) * ratio);
        item.measuredOverlap = g.measuredOverlap(first);
        fused[r] = b.addItem(item, origin);
        fusedOps += run.size();
        for (ItemId i : run)
            MemoryRewrite::moveBlocks(b, i, fused[r]);
        // The launches of all but the first kernel are no longer made.
        for (std::size_t k = 1; k < run.size(); ++k) {
            const ItemId launcher = g.firstSource(run[k], EdgeKind::Launch);
            if (launcher.isValid()) {
                b.setMinDuration(launcher, 0);
                b.setGap(launcher, 0);
            }
        }
    }
    // The fused kernel waits for what any of its kernels waited for, and what waited for one of them
    // waits for it; edges inside a run go.
    for (std::uint32_t r = 0; r < runs.size(); ++r) {
        for (ItemId i : runs[r]) {
            for (std::uint32_t s = g.inBegin(i.value()); s < g.inBegin(i.value() + 1); ++s) {
                const std::uint32_t src = g.inSource(s);
                if (runOf[src] == r)
                    continue;
                const ItemId from = runOf[src] == ItemId::kInvalid ? ItemId(src) : fused[runOf[src]];
                b.addEdge(from, fused[r], g.edgeKind(g.inEdge(s)), g.ref(g.inEdge(s)));
            }
            for (std::uint32_t e = g.outBegin(i.value()); e < g.outBegin(i.value() + 1); ++e) {
                const std::uint32_t to = g.target(e);
                if (runOf[to] == ItemId::kInvalid)
                    b.addEdge(fused[r], ItemId(to), g.edgeKind(e), g.ref(e));
            }
        }
    }
    job.warnings.emplace_back(SL_TEXT("Core", "%1 kernels fused into %2"), std::vector<Message::Arg> { fusedOps, runs.size() });
    if (const double share = memoryBoundShare(g); ratio >= 1 && share >= kMemoryBoundShareWarning)
        job.warnings.emplace_back(SL_TEXT("Core", "memory-bound kernels (elementwise, normalisation, layout) take %1 % of the device's kernel time, and fused kernels "
                                                  "keep the sum of their times (ratio 1): a compiler that fuses them also saves their memory traffic and may re-plan "
                                                  "layouts, so the job compiled may be much faster than this; set ratio for what it saves"),
            std::vector<Message::Arg> { static_cast<int>(std::lround(share * 100)) });
    return job.rebuild(b);
}

// Fusing kernels is a compiler's work, not a setting: torch.compile for PyTorch, and XLA, which fuses
// by itself on every compile.
void OpFusionPass::exportStep(const OpFusionParameters&, ExportContext& out) const
{
    out.config().compile = true;
    out.becomes(Framework::PyTorch, { "sightline_strategy.py" }, "torch.compile of the model in wrap() (sightline_strategy.py; PyTorch 2.0 or newer): the compiler chooses what it fuses, "
                                    "which may differ from the kernels the step fused");
    out.cannot(Framework::Xla, "XLA fuses kernels by itself on every compile; no flag names the kernels to fuse");
    out.cannot({ Framework::DeepSpeed, Framework::Horovod, Framework::BytePS }, "kernels are fused by a compiler, not by a setting of this framework");
}

} // namespace sightline
