#include "core/exec/profileroverhead.h"

#include "core/base/checkedmath.h"
#include "core/base/message.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/model/trace.h"

#include <algorithm>
#include <cmath>

namespace sightline {

namespace {

// A trace of PyTorch's profiler: Kineto's, or a plain Chrome trace of PyTorch's ops (an older torch's
// CPU profiler).
bool isProfilerTrace(const ExecutionGraph& g)
{
    if (g.trace().format() == "kineto")
        return true;
    if (g.trace().format() != "chrome")
        return false;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (g.kind(ItemId(i)) == OpKind::CpuOp && g.name(ItemId(i)).starts_with("aten::"))
            return true;
    }
    return false;
}

} // namespace

bool ProfilerOverhead::recorded(const ExecutionGraph& g, ItemId i)
{
    if (!g.track(i).isValid() || g.onDevice(i) || g.origin(i).size() != 1 || g.hasFlag(i, ExecutionGraph::Context))
        return false;
    if (g.tracks()[g.track(i).value()].kind != TrackKind::CpuThread)
        return false;
    const OpKind k = g.kind(i);
    return k == OpKind::CpuOp || k == OpKind::Runtime || k == OpKind::Sync || k == OpKind::Annotation;
}

ProfilerOverhead::Estimate ProfilerOverhead::estimate(const ExecutionGraph& g, std::optional<double> givenNs)
{
    Estimate e;
    e.steps = g.steps().size();
    for (const ExecTrack& t : g.tracks())
        e.device = e.device || isGpuTrack(t.kind);
    for (std::uint32_t i = 0; i < g.itemCount(); ++i)
        e.hostEvents += recorded(g, ItemId(i));
    if (givenNs) {
        e.perEventNs = *givenNs;
        e.source = "as given";
        return e;
    }
    if (!isProfilerTrace(g)) {
        e.source = "the job is not a profiler trace";
        e.hostEvents = 0;
        return e;
    }
    if (e.device) {
        e.perEventNs = kKinetoNs;
        e.source = "the PyTorch profiler (Kineto) with record_shapes and profile_memory, calibrated on the H100 pairs";
        // The calibration's traces recorded allocations; one that records none was likely made without
        // profile_memory, whose events cost less each (DLRM's trace: 22 % of its step taken out).
        if (g.trace().memoryEvents().empty())
            e.warning = Message(SL_TEXT("Core",
                "the trace records no allocator events, so the profiler likely ran without profile_memory, while its "
                "cost per host event was calibrated with it: the job without the profiler may be slower than "
                "estimated"));
    } else {
        e.perEventNs = kCpuProfilerNs;
        e.source = "PyTorch's CPU profiler with record_shapes and profile_memory, calibrated on the CPU pairs";
        e.warning = Message(SL_TEXT("Core", "on a job without a GPU the profiler also slows the ops' own compute, which a cost per event does not take "
                                            "out: figures of the job without the profiler may still be up to 30 % slow (the CPU pairs of docs/fidelity.md: "
                                            "+27 % on the accumulation base)"));
    }
    return e;
}

Expected<std::shared_ptr<const ExecutionGraph>> ProfilerOverhead::remove(const std::shared_ptr<const ExecutionGraph>& graph, double perEventNs)
{
    const auto cost = static_cast<TimeNs>(std::llround(perEventNs));
    if (cost <= 0)
        return graph;
    const ExecutionGraph& g = *graph;
    ExecutionGraphBuilder b(g);
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (!recorded(g, item))
            continue;
        TimeNs left = cost;
        const TimeNs fromGap = std::min(left, std::max<TimeNs>(0, g.gap(item)));
        if (fromGap > 0)
            b.setGap(item, g.gap(item) - fromGap);
        left -= fromGap;
        // A host wait lasts as long as what it waits for.
        if (left <= 0 || g.kind(item) == OpKind::Sync)
            continue;
        if (g.tail(item) > 0) {
            const TimeNs fromTail = std::min(left, g.tail(item));
            b.setTail(item, g.tail(item) - fromTail);
            if (g.minDuration(item) > 0)
                b.setMinDuration(item, std::max<TimeNs>(0, g.minDuration(item) - fromTail));
        } else if (g.minDuration(item) > 0) {
            b.setMinDuration(item, std::max<TimeNs>(0, g.minDuration(item) - left));
        }
    }
    return b.build();
}

} // namespace sightline
