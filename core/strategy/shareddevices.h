#pragma once

#include "core/cost/linktopology.h"
#include "core/exec/executiongraph.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sightline {

class ExecutionGraphBuilder;

// The devices that two or more measured ranks took turns on, and what each rank's kernels would take on
// a GPU of its own. A device is one GPU index of one host (LinkTopology's hosts, taken by ranks per host
// where the trace names none), or, for a job without GPU work, the cores of one host (a GPU job whose
// trace gives no GPU index shares none it can tell). Only ranks
// recorded by files of their own count: the workers a layer-wise profile makes of one worker are
// modelled, and their device index is the model's. Nor do ranks that ran collective kernels on their
// GPUs (NCCL, RCCL), which refuse two ranks on one GPU: ranks that all report index 0 saw a GPU each
// (CUDA_VISIBLE_DEVICES). Ranks whose collectives run on host threads (gloo) on one index of one host
// are taken as sharing it: the trace cannot tell that from a GPU each, and the warning says which.
//
// On a shared GPU the measured kernel times hold the other ranks' turns. A kernel's own time is taken
// as its share of the GPU: over each stretch of its measured span, the GPU's time divided among the
// ranks whose kernels ran then (a rank's concurrent streams are one rank). This reads the trace's own
// clocks, which ranks on one host share.
// Compute kernels and memsets take their share; copies run on copy engines and keep their times.
// Without concurrent streams in a rank, the ranks' times together add up to the GPU's busy time. The
// replay runs each rank on tracks of its own, so a job whose rank count changes runs each rank on a
// GPU of its own (apply). The GPU's switches between the ranks stay in the shares: on the H100 sets
// (tests/fixtures/groundtruth*), a rank's share came 13 to 18 % above its kernels run alone on the GPU
// (tst_strategy checks it; nothing is fitted on it). Not modelled: MPS, under which kernels of several
// processes run at once at less than their share each.
class SharedDevices {
public:
    struct Device {
        std::vector<std::int32_t> ranks; // global ranks, ascending
        std::int32_t gpu = -1; // its index; -1: the host's cores
        std::string host; // its name; empty where the trace names none
    };

    // The measured graph's shared devices (and their kernels' own times), over the given topology.
    SharedDevices(const ExecutionGraph& graph, const TopologyOptions& options);

    // The shared devices, the lowest first rank first.
    const std::vector<Device>& devices() const { return m_devices; }
    bool sharesGpus() const { return !m_devices.empty() && m_devices.front().gpu >= 0; }

    // The time an item of a graph over the same trace would take on a GPU of its own, over its time as
    // measured: the own times of its measured ops over theirs; 1 for items not on a shared GPU.
    double ownShare(const ExecutionGraph& graph, ItemId item) const;
    // Every item of a builder made from graph takes that share of its time.
    void apply(const ExecutionGraph& graph, ExecutionGraphBuilder& builder) const;
    // The shared GPUs' kernel time as measured, and what it comes to on GPUs of their own.
    TimeNs measuredKernelTime() const { return m_measured; }
    TimeNs ownKernelTime() const { return m_own; }

private:
    void ownTimesOn(const Trace& trace, const std::vector<TrackId>& tracks);
    TimeNs ownTime(OpId op) const;

    std::vector<Device> m_devices;
    std::vector<std::pair<OpId, TimeNs>> m_ownTime; // by op, ascending
    TimeNs m_measured = 0;
    TimeNs m_own = 0;
};

} // namespace sightline
