#include "core/exec/analysiscache.h"

#include "core/exec/collectiveroles.h"
#include "core/exec/executiongraph.h"
#include "core/exec/instantorder.h"
#include "core/exec/kernelbytes.h"
#include "core/exec/launchorder.h"
#include "core/exec/layermodel.h"
#include "core/exec/microbatchmodel.h"
#include "core/exec/partitionmodel.h"
#include "core/exec/tensormodel.h"

#include <algorithm>

namespace sightline {

AnalysisCache::AnalysisCache(std::shared_ptr<const ExecutionGraph> graph)
    : m_graph(std::move(graph))
{
}

AnalysisCache::~AnalysisCache() = default;

template <class T, class Make>
const T& AnalysisCache::get(const Slot<T>& slot, Make make) const
{
    const std::lock_guard lock(slot.mutex);
    if (!slot.value)
        slot.value = std::make_shared<const T>(make());
    return *slot.value;
}

const InstantOrder& AnalysisCache::instantOrder() const
{
    return get(m_instantOrder, [this] { return InstantOrder(*m_graph); });
}

const LaunchOrder& AnalysisCache::launchOrder() const
{
    return get(m_launchOrder, [this] { return LaunchOrder(*m_graph); });
}

const MicroBatchModel& AnalysisCache::microBatches() const
{
    return get(m_microBatches, [this] { return MicroBatchModel::of(*m_graph, instantOrder()); });
}

const Expected<TensorModel>& AnalysisCache::tensors() const
{
    return get(m_tensors, [this] { return TensorModel::of(*m_graph, collectiveRoles()); });
}

const CollectiveRoles& AnalysisCache::collectiveRoles() const
{
    return get(m_roles, [this] { return CollectiveRoles::of(*m_graph); });
}

const KernelBytes& AnalysisCache::kernelBytes() const
{
    return get(m_bytes, [this] { return KernelBytes(*m_graph); });
}

const Expected<PartitionModel>& AnalysisCache::partitions() const
{
    return get(m_partitions, [this] { return PartitionModel::of(*m_graph); });
}

std::shared_ptr<const LayerModel> AnalysisCache::layers(std::string_view pattern) const
{
    // A few patterns: the window's "auto" and the one or two a strategy's steps name.
    constexpr std::size_t kKept = 4;
    const std::lock_guard lock(m_layerMutex);
    auto found = std::find_if(m_layers.begin(), m_layers.end(), [&](const auto& kept) { return kept.first == pattern; });
    if (found == m_layers.end()) {
        if (m_layers.size() == kKept)
            m_layers.erase(m_layers.begin());
        m_layers.emplace_back(std::string(pattern), std::make_shared<const LayerModel>(LayerModel::of(*m_graph, pattern)));
        found = m_layers.end() - 1;
    }
    std::rotate(found, found + 1, m_layers.end());
    return m_layers.back().second;
}

std::shared_ptr<AnalysisCache> AnalysisCache::after(std::shared_ptr<const ExecutionGraph> next, Set preserved) const
{
    auto cache = std::make_shared<AnalysisCache>(std::move(next));
    const auto keep = [&](auto& to, const auto& from, Analysis a) {
        if ((preserved & a) == 0)
            return;
        const std::lock_guard lock(from.mutex);
        to.value = from.value;
    };
    keep(cache->m_instantOrder, m_instantOrder, InstantOrders);
    keep(cache->m_launchOrder, m_launchOrder, LaunchOrders);
    keep(cache->m_microBatches, m_microBatches, MicroBatches);
    keep(cache->m_tensors, m_tensors, Tensors);
    keep(cache->m_partitions, m_partitions, Partitions);
    keep(cache->m_roles, m_roles, Roles);
    keep(cache->m_bytes, m_bytes, Bytes);
    if ((preserved & Layers) != 0) {
        const std::lock_guard lock(m_layerMutex);
        cache->m_layers = m_layers;
    }
    return cache;
}

AnalysisCache::Set AnalysisCache::found() const
{
    Set set = kNone;
    const auto has = [&](const auto& slot, Analysis a) {
        const std::lock_guard lock(slot.mutex);
        if (slot.value)
            set |= a;
    };
    has(m_instantOrder, InstantOrders);
    has(m_launchOrder, LaunchOrders);
    has(m_microBatches, MicroBatches);
    has(m_tensors, Tensors);
    has(m_partitions, Partitions);
    has(m_roles, Roles);
    has(m_bytes, Bytes);
    const std::lock_guard lock(m_layerMutex);
    if (!m_layers.empty())
        set |= Layers;
    return set;
}

} // namespace sightline
