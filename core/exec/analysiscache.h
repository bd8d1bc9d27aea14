#pragma once

#include "core/base/expected.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sightline {

class ExecutionGraph;
class InstantOrder;
class KernelBytes;
class CollectiveRoles;
class LaunchOrder;
class LayerModel;
class MicroBatchModel;
class PartitionModel;
class TensorModel;

// The analyses of an execution graph that strategy passes share (LLVM's analysis manager): the instant
// and launch orders, the micro-batches, the layers a pattern names, the collectives' parallelism roles,
// the gradient tensors, the BytePS partitions and the ops that launched memory-bound kernels with
// their bytes. Each is found on first use and kept. A session keeps the cache of its measured graph, so
// every what-if of one job finds each once; a pass that rewrites the graph says which analyses its
// rewrite leaves valid (after()), and the rest are found again for the new graph on demand. Safe to
// use from several threads: an analysis is found once, while the others that want it wait.
class AnalysisCache {
public:
    // Analyses, as a set of flags.
    enum Analysis : std::uint32_t {
        InstantOrders = 1,
        LaunchOrders = 2,
        MicroBatches = 4,
        Layers = 8,
        Tensors = 16,
        Partitions = 32,
        Roles = 64,
        Bytes = 128,
    };
    using Set = std::uint32_t;
    static constexpr Set kNone = 0;
    static constexpr Set kAll
        = InstantOrders | LaunchOrders | MicroBatches | Layers | Tensors | Partitions | Roles | Bytes;

    explicit AnalysisCache(std::shared_ptr<const ExecutionGraph> graph);
    ~AnalysisCache();

    const ExecutionGraph& graph() const { return *m_graph; }
    const std::shared_ptr<const ExecutionGraph>& graphPointer() const { return m_graph; }

    const InstantOrder& instantOrder() const;
    const LaunchOrder& launchOrder() const;
    const MicroBatchModel& microBatches() const;
    // The layers a pattern names (LayerModel::of); the few patterns used last are kept.
    std::shared_ptr<const LayerModel> layers(std::string_view pattern) const;
    // The gradient tensors and their buckets, or why the job has none (TensorModel::of).
    const Expected<TensorModel>& tensors() const;
    // A BytePS job's partitions (PartitionModel::of).
    const Expected<PartitionModel>& partitions() const;
    // The parallelism role of each collective (CollectiveRoles::of).
    const CollectiveRoles& collectiveRoles() const;
    // The op that launched each memory-bound kernel, and its recorded bytes (KernelBytes).
    const KernelBytes& kernelBytes() const;

    // The cache of `next`, a graph a pass made from this one: it keeps the analyses in `preserved` that
    // this cache has found (the pass's rewrite leaves them valid: same items, edges and measured
    // times), and finds the others anew.
    std::shared_ptr<AnalysisCache> after(std::shared_ptr<const ExecutionGraph> next, Set preserved) const;
    // Which analyses have been found so far (for tests).
    Set found() const;

private:
    template <class T>
    struct Slot {
        mutable std::mutex mutex;
        mutable std::shared_ptr<const T> value;
    };
    template <class T, class Make>
    const T& get(const Slot<T>& slot, Make make) const;

    std::shared_ptr<const ExecutionGraph> m_graph;
    Slot<InstantOrder> m_instantOrder;
    Slot<LaunchOrder> m_launchOrder;
    Slot<MicroBatchModel> m_microBatches;
    Slot<Expected<TensorModel>> m_tensors;
    Slot<Expected<PartitionModel>> m_partitions;
    Slot<CollectiveRoles> m_roles;
    Slot<KernelBytes> m_bytes;
    mutable std::mutex m_layerMutex;
    mutable std::vector<std::pair<std::string, std::shared_ptr<const LayerModel>>> m_layers; // the last used last
};

} // namespace sightline
