#include "core/exec/kerneltraffic.h"

#include "core/base/checkedmath.h"

#include <algorithm>

namespace sightline {

KernelTraffic::KernelTraffic(const ExecutionGraph& graph, const KernelBytes& bytes)
    : m_graph(graph)
    , m_bytes(bytes)
    , m_launched(bytes.ops().size())
{
    if (m_launched.empty())
        return;
    for (std::uint32_t i = 0; i < graph.itemCount(); ++i) {
        const std::uint32_t op = bytes.opOf(ItemId(i));
        if (op == KernelBytes::kNone || graph.minDuration(ItemId(i)) <= 0)
            continue;
        m_launched[op].time = CheckedMath::timeAdd(m_launched[op].time, graph.minDuration(ItemId(i)));
        ++m_launched[op].kernels;
    }
    measureBandwidth();
}

double KernelTraffic::trafficOf(ItemId kernel, std::uint32_t op) const
{
    const KernelBytes::Op& bytes = m_bytes.ops()[op];
    return (m_bytes.normalisation(kernel) ? 2.0 : 1.0) * bytes.read + bytes.largest;
}

// The kernel's part of its op's bytes: its share of the op's memory-bound kernel time.
double KernelTraffic::shareOf(ItemId kernel, std::uint32_t op) const
{
    return static_cast<double>(m_graph.minDuration(kernel))
        / static_cast<double>(std::max<TimeNs>(1, m_launched[op].time));
}

// The duration-weighted median of the bytes per second of elementwise kernels that alone stand for
// their op's bytes.
void KernelTraffic::measureBandwidth()
{
    std::vector<std::pair<double, double>> rates; // bytes per second, weight (ns)
    double total = 0;
    for (std::uint32_t i = 0; i < m_graph.itemCount(); ++i) {
        const ItemId item(i);
        const std::uint32_t op = m_bytes.opOf(item);
        if (op == KernelBytes::kNone || m_launched[op].kernels != 1 || m_bytes.normalisation(item)
            || m_bytes.layoutConversion(item))
            continue;
        const auto ns = static_cast<double>(m_graph.minDuration(item));
        if (ns <= 0)
            continue;
        rates.emplace_back(trafficOf(item, op) / ns * 1e9, ns);
        total += ns;
    }
    std::sort(rates.begin(), rates.end());
    double seen = 0;
    for (const auto& [rate, weight] : rates) {
        seen += weight;
        if (seen * 2 >= total) {
            m_bandwidth = rate;
            return;
        }
    }
}

std::uint32_t KernelTraffic::pricedOp(ItemId kernel) const
{
    if (m_bandwidth <= 0 || m_graph.minDuration(kernel) <= 0)
        return KernelBytes::kNone;
    return m_bytes.opOf(kernel);
}

std::optional<TimeNs> KernelTraffic::floorOf(ItemId kernel) const
{
    const std::uint32_t op = pricedOp(kernel);
    if (op == KernelBytes::kNone)
        return std::nullopt;
    const double ns = trafficOf(kernel, op) * shareOf(kernel, op) / m_bandwidth * 1e9;
    return std::min(m_graph.minDuration(kernel), CheckedMath::saturatingRound(ns));
}

std::optional<TimeNs> KernelTraffic::outputRoundTrip(ItemId kernel) const
{
    const std::uint32_t op = pricedOp(kernel);
    if (op == KernelBytes::kNone)
        return std::nullopt;
    return CheckedMath::saturatingRound(2 * m_bytes.ops()[op].largest * shareOf(kernel, op) / m_bandwidth * 1e9);
}

} // namespace sightline
