#include "core/strategy/passes/opfusionpass.h"

#include "core/base/checkedmath.h"
#include "core/base/globpattern.h"
#include "core/base/message.h"
#include "core/cost/devicecatalog.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/exec/kernelclasses.h"
#include "core/exec/kerneltraffic.h"
#include "core/exec/subgraphcopy.h"
#include "core/memory/memoryrewrite.h"
#include "core/strategy/exportcontext.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

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

// The time each kernel keeps inside a fused kernel: a convolution's layout conversion none (channels
// last), a memory-bound kernel with known bytes its traffic's (cost traffic), the others the ratio of
// their own.
class Pricing {
public:
    Pricing(const ExecutionGraph& g, const KernelBytes& bytes, const OpFusionParameters& params)
        : m_g(g)
        , m_bytes(bytes)
        , m_byTraffic(params.cost == OpFusionParameters::Cost::Traffic)
        , m_dropLayouts(params.layouts == OpFusionParameters::Layouts::ChannelsLast)
        , m_ratio(params.ratio)
    {
        if (m_byTraffic)
            m_traffic.emplace(g, bytes);
    }

    bool memoryBound(ItemId i) const { return m_bytes.memoryBound(i); }
    bool removed(ItemId i) const { return m_dropLayouts && m_bytes.convolutionLayout(i); }
    // The bandwidth traffic is priced at; 0 when nothing is.
    double bandwidth() const { return m_traffic ? m_traffic->bandwidth() : 0.0; }
    std::optional<TimeNs> byTraffic(ItemId i) const { return m_byTraffic ? m_traffic->floorOf(i) : std::nullopt; }
    bool priced(ItemId i) const { return removed(i) || byTraffic(i).has_value(); }
    std::optional<TimeNs> byTrafficTrip(ItemId i) const
    {
        return m_byTraffic ? m_traffic->outputRoundTrip(i) : std::nullopt;
    }

    // A run's fused time: what its kernels keep, and when some are priced by their traffic, no less
    // than the shortest of those measured (a kernel's own floor: its launch and tail).
    TimeNs of(const std::vector<ItemId>& run) const
    {
        double total = 0;
        std::optional<TimeNs> shortest;
        for (const ItemId i : run) {
            if (removed(i))
                continue;
            if (const std::optional<TimeNs> floor = byTraffic(i)) {
                total += static_cast<double>(*floor);
                shortest = std::min(shortest.value_or(m_g.minDuration(i)), m_g.minDuration(i));
            } else {
                total += static_cast<double>(m_g.minDuration(i)) * m_ratio;
            }
        }
        const TimeNs fused = CheckedMath::saturatingRound(total);
        return shortest ? std::max(fused, *shortest) : fused;
    }

    // The most the run's fused kernel may take less than its price by keeping on chip the outputs its
    // kernels pass on: the round trip of each priced kernel's output but the run's last kernel's.
    double keptOnChip(const std::vector<ItemId>& run) const
    {
        double saved = 0;
        for (std::size_t k = 0; k + 1 < run.size(); ++k) {
            if (const std::optional<TimeNs> trip = removed(run[k]) ? std::nullopt : byTrafficTrip(run[k]))
                saved += static_cast<double>(*trip);
        }
        return saved;
    }

private:
    const ExecutionGraph& m_g;
    const KernelBytes& m_bytes;
    bool m_byTraffic;
    bool m_dropLayouts;
    double m_ratio;
    std::optional<KernelTraffic> m_traffic;
};

// The job's measured compute-kernel time, and the part of it memory-bound kernels (elementwise,
// normalisation, reduction, layout) the pass does not price by their traffic take: what a fusing
// compiler can cut beyond the launches and gaps this pass saves.
struct KernelTime {
    double all = 0;
    double unpricedMemoryBound = 0;
};

KernelTime kernelTime(const ExecutionGraph& g, const Pricing& pricing)
{
    KernelTime time;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (g.kind(item) != OpKind::ComputeKernel || g.madeByPass(item) || g.hasFlag(item, ExecutionGraph::Context))
            continue;
        const auto t = static_cast<double>(g.minDuration(item));
        time.all += t;
        if (pricing.memoryBound(item) && !pricing.priced(item))
            time.unpricedMemoryBound += t;
    }
    return time;
}

// Above this share of memory-bound kernel time left unpriced, a fusion that keeps the fused kernels'
// time (ratio 1) says that a compiler may gain much more: 13 % on the calibration set's GPT, whose
// compiled run the pass predicts within 2 % at ratio 1; 64 % on the check set's convnet, which compiled
// to 0.58 of its time.
constexpr double kMemoryBoundShareWarning = 0.25;

// Above this share of the kernel time, what fused kernels may save beyond their price by keeping the
// outputs they pass on on chip is said: half of the 10 % the check sets hold what-ifs to.
constexpr double kKeptOnChipWarning = 0.05;

// Bytes per second as terabytes per second, two decimals.
std::string terabytes(double bytesPerSecond)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", bytesPerSecond / 1e12);
    return text;
}

// The bandwidth the job's elementwise kernels reached against the device's datasheet: above it, the
// kernels it was measured on were served from the chip's caches, and prices at it are too short.
void checkBandwidth(const ExecutionGraph& g, double bandwidth, WhatIfJob& job)
{
    for (const ExecRank& r : g.ranks()) {
        const std::optional<DeviceSpec> spec = r.device.empty() ? std::nullopt : DeviceCatalog::find(r.device);
        if (!spec || spec->memoryGBps <= 0)
            continue;
        if (bandwidth > spec->memoryGBps * 1e9)
            job.warnings.emplace_back(
                SL_TEXT("Core",
                    "the job's elementwise kernels moved their bytes at %1 TB/s, more than the %2 TB/s of memory "
                    "bandwidth "
                    "its device's datasheet gives (%3): caches served them, so the fused kernels priced at that rate "
                    "may be too fast"),
                std::vector<Message::Arg> {
                    terabytes(bandwidth), terabytes(spec->memoryGBps * 1e9), std::string(spec->name) });
        return;
    }
}

// The launch of a kernel that is no longer made costs the host nothing.
void dropLaunch(const ExecutionGraph& g, ItemId kernel, ExecutionGraphBuilder& b)
{
    const ItemId launcher = g.firstSource(kernel, EdgeKind::Launch);
    if (launcher.isValid()) {
        b.setMinDuration(launcher, 0);
        b.setGap(launcher, 0);
    }
}

// The run each item is in, kInvalid for none.
std::vector<std::uint32_t> runIndex(const ExecutionGraph& g, const std::vector<std::vector<ItemId>>& runs)
{
    std::vector<std::uint32_t> runOf(g.itemCount(), ItemId::kInvalid);
    for (std::uint32_t r = 0; r < runs.size(); ++r) {
        for (ItemId i : runs[r])
            runOf[i.value()] = r;
    }
    return runOf;
}

// The layout conversions the pass removes that are in no run: those between two matrix kernels.
std::vector<ItemId> lonelyLayouts(
    const ExecutionGraph& g, const Rules& rules, const std::vector<std::uint32_t>& runOf, const Pricing& pricing)
{
    KernelClasses classes(g);
    std::vector<ItemId> out;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (runOf[i] == ItemId::kInvalid && g.kind(item) == OpKind::ComputeKernel && pricing.removed(item)
            && fusible(g, item, rules, classes))
            out.push_back(item);
    }
    return out;
}

// Each run becomes one kernel at the pricing's time, standing for all of the run's ops; the fused
// kernel waits for what any of its kernels waited for, and what waited for one of them waits for it;
// edges inside a run go.
void fuseRuns(const ExecutionGraph& g, const std::vector<std::vector<ItemId>>& runs,
    const std::vector<std::uint32_t>& runOf, const Pricing& pricing, ExecutionGraphBuilder& b)
{
    std::vector<ItemId> fused(runs.size());
    for (std::uint32_t r = 0; r < runs.size(); ++r) {
        const std::vector<ItemId>& run = runs[r];
        std::vector<OpId> origin;
        for (ItemId i : run) {
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
        item.minDuration = pricing.of(run);
        item.measuredOverlap = g.measuredOverlap(first);
        fused[r] = b.addItem(item, origin);
        for (ItemId i : run)
            MemoryRewrite::moveBlocks(b, i, fused[r]);
        for (std::size_t k = 1; k < run.size(); ++k)
            dropLaunch(g, run[k], b);
    }
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
}

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
        { &P::cost,
            { "cost", T::Choice, "", 0, 0, "traffic", { "traffic", "ratio" },
                SL_TEXT("Core",
                    "traffic: a memory-bound kernel whose op recorded its input shapes takes its bytes at the "
                    "bandwidth the "
                    "job's own elementwise kernels reach (never more than it measured), the others keep ratio of their "
                    "time; "
                    "ratio: every kernel keeps ratio of its time") } },
        { &P::ratio,
            { "ratio", T::Number, "", 0.01, 10, "1", {},
                SL_TEXT("Core",
                    "the time a fused kernel keeps of the kernels not priced by their traffic, as a share of their "
                    "sum") } },
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
        { &P::layouts,
            { "layouts", T::Choice, "", 0, 0, "channels_last", { "channels_last", "keep" },
                SL_TEXT("Core",
                    "channels_last: cuDNN's layout conversions around convolutions (nchwToNhwc, nhwcToNchw) go, as a "
                    "compiler that plans channels-last layouts removes them; keep: they keep their time") } },
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
    const auto runs = runsOf(g, rules, static_cast<std::size_t>(params.maxOps));
    const Pricing pricing(g, job.analyses().kernelBytes(), params);
    const std::vector<std::uint32_t> runOf = runIndex(g, runs);
    const std::vector<ItemId> layouts = lonelyLayouts(g, rules, runOf, pricing);
    if (runs.empty() && layouts.empty()) {
        job.warnings.emplace_back(SL_TEXT("Core", "no two neighbouring kernels on a stream can fuse"));
        return {};
    }
    ExecutionGraphBuilder b(g);
    fuseRuns(g, runs, runOf, pricing, b);
    for (const ItemId i : layouts) {
        b.setMinDuration(i, 0);
        b.setGap(i, 0);
        dropLaunch(g, i, b);
    }
    std::size_t fusedOps = 0, removedLayouts = layouts.size();
    for (const auto& run : runs) {
        fusedOps += run.size();
        removedLayouts += static_cast<std::size_t>(
            std::count_if(run.begin(), run.end(), [&](ItemId i) { return pricing.removed(i); }));
    }
    if (!runs.empty())
        job.warnings.emplace_back(
            SL_TEXT("Core", "%1 kernels fused into %2"), std::vector<Message::Arg> { fusedOps, runs.size() });
    if (removedLayouts > 0)
        job.warnings.emplace_back(
            SL_TEXT("Core", "%1 layout conversions around convolutions removed (channels-last layouts)"),
            std::vector<Message::Arg> { removedLayouts });
    checkBandwidth(g, pricing.bandwidth(), job);
    const KernelTime time = kernelTime(g, pricing);
    const double share = time.all > 0 ? time.unpricedMemoryBound / time.all : 0.0;
    double kept = 0;
    for (const auto& run : runs)
        kept += pricing.keptOnChip(run);
    if (time.all > 0 && kept >= kKeptOnChipWarning * time.all)
        job.warnings.emplace_back(
            SL_TEXT("Core",
                "fused kernels move the outputs they pass one another through memory, as the kernels they fuse did: a "
                "compiler "
                "that keeps them on chip may take up to %1 % less of the device's kernel time than this"),
            std::vector<Message::Arg> { static_cast<int>(std::lround(kept / time.all * 100)) });
    if (params.ratio >= 1 && share >= kMemoryBoundShareWarning)
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
