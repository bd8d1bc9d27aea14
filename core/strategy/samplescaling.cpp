#include "core/strategy/samplescaling.h"

#include "core/base/checkedmath.h"
#include "core/exec/executiongraphbuilder.h"

#include <algorithm>

namespace sightline {

namespace {

bool isDeviceWork(OpKind k)
{
    return k == OpKind::ComputeKernel || k == OpKind::Memcpy || k == OpKind::Memset;
}

} // namespace

SampleScaling::SampleScaling(
    const ExecutionGraph& graph, double floorUs, double fixedShare, double factor, double prior)
    : m_graph(graph)
    , m_floor(CheckedMath::saturatingRound(floorUs * 1000.0))
    , m_kept(keptShare(fixedShare, factor, prior))
    , m_hostComputes(hostComputes(graph))
    , m_factor(factor)
    , m_loading(loadingOf(graph))
{
}

std::vector<SampleScaling::Loading> SampleScaling::loadingOf(const ExecutionGraph& g)
{
    std::vector<Loading> loading(g.itemCount(), Loading::No);
    std::vector<std::uint32_t> stack;
    for (std::uint32_t root = 0; root < g.itemCount(); ++root) {
        if (g.kind(ItemId(root)) != OpKind::Io || g.onDevice(ItemId(root)) || loading[root] != Loading::No)
            continue;
        loading[root] = Loading::Loader;
        stack.assign(1, root);
        while (!stack.empty()) {
            const std::uint32_t i = stack.back();
            stack.pop_back();
            for (std::uint32_t e = g.outBegin(i); e < g.outBegin(i + 1); ++e) {
                const std::uint32_t j = g.target(e);
                if (g.edgeKind(e) != EdgeKind::Nest || loading[j] != Loading::No || g.kind(ItemId(j)) == OpKind::Sync
                    || g.onDevice(ItemId(j)))
                    continue;
                loading[j] = Loading::Nested;
                stack.push_back(j);
            }
        }
    }
    return loading;
}

double SampleScaling::keptShare(double fixedShare, double factor, double prior)
{
    return (fixedShare + (1.0 - fixedShare) * prior * factor) / (fixedShare + (1.0 - fixedShare) * prior);
}

bool SampleScaling::follows(ItemId item) const
{
    const OpKind kind = m_graph.kind(item);
    return isDeviceWork(kind) || m_loading[item.value()] != Loading::No || (m_hostComputes && kind == OpKind::CpuOp);
}

SampleScaling::Columns SampleScaling::Columns::of(ExecutionGraphBuilder& builder)
{
    return { builder.minDurations(), builder.gaps(), builder.tails() };
}

bool SampleScaling::hostComputes(const ExecutionGraph& graph)
{
    return std::none_of(
        graph.tracks().begin(), graph.tracks().end(), [](const ExecTrack& t) { return isGpuTrack(t.kind); });
}

TimeNs SampleScaling::scaled(TimeNs t) const
{
    return CheckedMath::timeAdd(
        m_floor, CheckedMath::saturatingRound(static_cast<double>(CheckedMath::timeSub(t, m_floor)) * m_kept));
}

void SampleScaling::apply(const Columns& columns, ItemId item, ItemId target) const
{
    if (!follows(item))
        return;
    if (m_graph.minDuration(item) > m_floor)
        columns.durations[target.value()] = scaled(m_graph.minDuration(item));
    if (!isDeviceWork(m_graph.kind(item)) && m_graph.tail(item) > m_floor)
        columns.tails[target.value()] = scaled(m_graph.tail(item));
    if (gapFollows(item) && m_graph.gap(item) > m_floor)
        columns.gaps[target.value()] = scaled(m_graph.gap(item));
}

void SampleScaling::applyAll(ExecutionGraphBuilder& builder) const
{
    const Columns columns = Columns::of(builder);
    for (std::uint32_t i = 0; i < m_graph.itemCount(); ++i)
        apply(columns, ItemId(i), ItemId(i));
    MemoryRewrite::scale(builder, kWorkMemory, m_factor);
}

} // namespace sightline
