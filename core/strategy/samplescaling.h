#pragma once

#include "core/exec/executiongraph.h"
#include "core/memory/memoryrewrite.h"

#include <span>

namespace sightline {

class ExecutionGraphBuilder;

// How the work of a step follows the samples it computes on, for a micro-batch of accumulation and for
// a rank's share of a global batch: of a device op's measured time above a fixed floor (a launch, a
// kernel's minimum), the share s does not change with the samples (weights read once, partly filled
// waves) and the rest is proportional to them, so f times the measured samples take
// floor + (t - floor)(s + (1 - s) f). The compute is the device work (kernels, copies, memsets); in a
// job without GPUs, the host ops' own time (an op's tail), which is where such a job's kernels run.
// Host ops otherwise keep their time. Activations and temporaries are in proportion to the samples.
// The defaults come from the H100 accumulation pair of tests/fixtures/groundtruth (64 samples against
// 4 x 16: kernels 21.2 -> 25.0 ms). Not modelled: kernels whose algorithm changes with the batch.
class SampleScaling {
public:
    static constexpr double kFloorUs = 5;
    static constexpr double kFixedShare = 0.06;
    static constexpr std::uint32_t kWorkMemory = MemoryRewrite::categories(MemoryCategory::Activations)
        | MemoryRewrite::categories(MemoryCategory::Temporaries);

    // floorUs: the fixed floor in µs (a pass's kernel_floor_us); factor: the samples over those the
    // graph's times are for (1/k for k micro-batches of a batch); prior: those samples over the measured
    // ones (WhatIfJob::samplesFactor), so that two scalings give the time the rule gives their product:
    // the measured share s stays fixed, not s twice.
    SampleScaling(const ExecutionGraph& graph, double floorUs, double fixedShare, double factor, double prior = 1.0);

    // Whether an item of this kind has its time follow the samples: device work (kernels, copies,
    // memsets), and a host op where the host computes (a job without GPUs: hostComputes).
    static bool follows(OpKind kind, bool hostComputes);
    // What an op's time above the floor becomes, as a share of it, for factor times the samples from
    // prior times the measured ones.
    static double keptShare(double fixedShare, double factor, double prior = 1.0);
    static bool hostComputes(const ExecutionGraph& graph);

    // Sets target's time (an item of a builder made from the graph: the item itself, or a copy of it)
    // to item's measured time so scaled; items that are not compute keep theirs. Thread-safe for
    // distinct targets.
    void apply(std::span<TimeNs> durations, std::span<TimeNs> tails, ItemId item, ItemId target) const;
    // Every item of the graph, in a builder made from it, and the work memory its items allocate.
    void applyAll(ExecutionGraphBuilder& builder) const;

private:
    TimeNs scaled(TimeNs t) const;

    const ExecutionGraph& m_graph;
    TimeNs m_floor;
    double m_kept;
    bool m_hostComputes;
    double m_factor;
};

} // namespace sightline
