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
{
}

double SampleScaling::keptShare(double fixedShare, double factor, double prior)
{
    return (fixedShare + (1.0 - fixedShare) * prior * factor) / (fixedShare + (1.0 - fixedShare) * prior);
}

bool SampleScaling::follows(OpKind kind, bool hostComputes)
{
    return isDeviceWork(kind) || (hostComputes && kind == OpKind::CpuOp);
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

void SampleScaling::apply(std::span<TimeNs> durations, std::span<TimeNs> tails, ItemId item, ItemId target) const
{
    const OpKind kind = m_graph.kind(item);
    if (!follows(kind, m_hostComputes))
        return;
    const bool device = isDeviceWork(kind);
    if (m_graph.minDuration(item) > m_floor)
        durations[target.value()] = scaled(m_graph.minDuration(item));
    if (!device && m_graph.tail(item) > m_floor)
        tails[target.value()] = scaled(m_graph.tail(item));
}

void SampleScaling::applyAll(ExecutionGraphBuilder& builder) const
{
    const std::span<TimeNs> durations = builder.minDurations();
    const std::span<TimeNs> tails = builder.tails();
    for (std::uint32_t i = 0; i < m_graph.itemCount(); ++i)
        apply(durations, tails, ItemId(i), ItemId(i));
    MemoryRewrite::scale(builder, kWorkMemory, m_factor);
}

} // namespace sightline
