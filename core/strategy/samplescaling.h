#pragma once

#include "core/exec/executiongraph.h"
#include "core/memory/memoryrewrite.h"

#include <cstdint>
#include <span>
#include <vector>

namespace sightline {

class ExecutionGraphBuilder;

// How the work of a step follows the samples it computes on, for a micro-batch of accumulation and for
// a rank's share of a global batch: of an op's measured time above a fixed floor (a launch, a kernel's
// minimum, a call's overhead), the share s does not change with the samples (weights read once, partly
// filled waves) and the rest is proportional to them, so f times the measured samples take
// floor + (t - floor)(s + (1 - s) f). The compute is the device work (kernels, copies, memsets); in a
// job without GPUs, the host ops' own time (an op's tail), which is where such a job's kernels run.
// Data loading in the training process (a DataLoader's next, and the host work nested in it with the
// time between) loads the samples, and follows them alike: a loader of fewer samples a call reads and
// transforms fewer, or waits for its workers' fewer. Other host ops keep their time, as do host waits.
// Activations and temporaries are in proportion to the samples.
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

    // Whether the item's own time follows the samples: device work (kernels, copies, memsets), data
    // loading, and a host op where the host computes (a job without GPUs: hostComputes).
    bool follows(ItemId item) const;
    // Whether the host time before the item (its gap) follows them too: it is nested in data loading.
    bool gapFollows(ItemId item) const { return m_loading[item.value()] == Loading::Nested; }
    // What an op's time above the floor becomes, as a share of it, for factor times the samples from
    // prior times the measured ones.
    static double keptShare(double fixedShare, double factor, double prior = 1.0);

    // A builder's columns apply writes.
    struct Columns {
        std::span<TimeNs> durations, gaps, tails;
        static Columns of(ExecutionGraphBuilder& builder);
    };
    // Sets target's time (an item of a builder made from the graph: the item itself, or a copy of it)
    // to item's measured time so scaled; items whose time does not follow the samples keep theirs.
    // Thread-safe for distinct targets.
    void apply(const Columns& columns, ItemId item, ItemId target) const;
    // Every item of the graph, in a builder made from it, and the work memory its items allocate.
    void applyAll(ExecutionGraphBuilder& builder) const;

private:
    // Data loading: a DataLoader's next (OpKind::Io) off the device, and the host work nested in it
    // other than waits.
    enum class Loading : std::uint8_t { No, Loader, Nested };
    static std::vector<Loading> loadingOf(const ExecutionGraph& graph);
    // A job without GPUs: its host ops compute.
    static bool hostComputes(const ExecutionGraph& graph);
    TimeNs scaled(TimeNs t) const;

    const ExecutionGraph& m_graph;
    TimeNs m_floor;
    double m_kept;
    bool m_hostComputes;
    double m_factor;
    std::vector<Loading> m_loading; // per item
};

} // namespace sightline
