#include "core/exec/kerneltraffic.h"

#include "core/base/checkedmath.h"
#include "core/model/inputshapes.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace sightline {

namespace {

constexpr int kMaxNesting = 64;

bool measuredKernel(const ExecutionGraph& g, ItemId i)
{
    return g.kind(i) == OpKind::ComputeKernel && !g.madeByPass(i) && !g.hasFlag(i, ExecutionGraph::Context)
        && g.minDuration(i) > 0;
}

} // namespace

KernelTraffic::KernelTraffic(const ExecutionGraph& graph)
    : m_graph(graph)
    , m_classes(graph)
{
    if (graph.trace().shapesTable().empty())
        return;
    m_slot.assign(graph.itemCount(), kUnknown);
    for (std::uint32_t i = 0; i < graph.itemCount(); ++i) {
        const ItemId item(i);
        if (!measuredKernel(graph, item) || m_classes.of(item) == KernelClassifier::Class::Matmul)
            continue;
        const std::uint32_t slot = launchingOp(item);
        m_slot[i] = slot;
        if (slot == kNone)
            continue;
        OpBytes& bytes = m_ops[slot];
        bytes.memoryBound = CheckedMath::timeAdd(bytes.memoryBound, graph.minDuration(item));
        ++bytes.kernels;
    }
    measureBandwidth();
}

// The slot of the innermost host op around the kernel's launch that recorded tensor inputs, or kNone.
std::uint32_t KernelTraffic::launchingOp(ItemId kernel)
{
    ItemId op = m_graph.firstSource(kernel, EdgeKind::Launch);
    for (int depth = 0; op.isValid() && depth < kMaxNesting; ++depth) {
        std::uint32_t& slot = m_slot[op.value()];
        if (slot == kUnknown) {
            // A launch call records no inputs.
            const OpBytes bytes = m_graph.kind(op) == OpKind::Runtime ? OpBytes {} : bytesOf(op);
            slot = bytes.read > 0 ? static_cast<std::uint32_t>(m_ops.size()) : kNone;
            if (bytes.read > 0)
                m_ops.push_back(bytes);
        }
        if (slot != kNone)
            return slot;
        op = m_graph.firstSource(op, EdgeKind::Nest);
    }
    return kNone;
}

KernelTraffic::OpBytes KernelTraffic::bytesOf(ItemId op) const
{
    OpBytes bytes;
    const std::span<const OpId> origin = m_graph.origin(op);
    if (origin.empty())
        return bytes;
    const Trace& t = m_graph.trace();
    const ShapeArgs* shapes = t.shapes(origin.front());
    if (!shapes)
        return bytes;
    const InputShapes in = InputShapes::parse(t.string(shapes->dims), t.string(shapes->types));
    for (std::size_t i = 0; i < in.inputs().size(); ++i) {
        const auto b = static_cast<double>(in.bytes(i));
        bytes.read += b;
        bytes.largest = std::max(bytes.largest, b);
    }
    return bytes;
}

double KernelTraffic::trafficOf(ItemId kernel, const OpBytes& op) const
{
    const double reads = m_classes.of(kernel) == KernelClassifier::Class::Normalization ? 2.0 : 1.0;
    return reads * op.read + op.largest;
}

// Whether the item is a memory-bound kernel whose op recorded its inputs.
bool KernelTraffic::isKernelWithOp(ItemId item) const
{
    return item.value() < m_slot.size() && m_slot[item.value()] < kNone && m_graph.kind(item) == OpKind::ComputeKernel;
}

// The duration-weighted median of the bytes per second of elementwise kernels that alone stand for
// their op's bytes.
void KernelTraffic::measureBandwidth()
{
    std::vector<std::pair<double, double>> rates; // bytes per second, weight (ns)
    double total = 0;
    for (std::uint32_t i = 0; i < m_slot.size(); ++i) {
        const ItemId item(i);
        if (!isKernelWithOp(item) || m_classes.of(item) != KernelClassifier::Class::Elementwise || layoutNamed(item))
            continue;
        const OpBytes& op = m_ops[m_slot[i]];
        if (op.kernels != 1)
            continue;
        const auto ns = static_cast<double>(m_graph.minDuration(item));
        rates.emplace_back(trafficOf(item, op) / ns * 1e9, ns);
        total += ns;
    }
    if (rates.empty())
        return;
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

const KernelTraffic::OpBytes* KernelTraffic::pricedOp(ItemId kernel) const
{
    return m_bandwidth > 0 && isKernelWithOp(kernel) ? &m_ops[m_slot[kernel.value()]] : nullptr;
}

// The kernel's part of its op's bytes: its share of the op's memory-bound kernel time.
double KernelTraffic::shareOf(ItemId kernel, const OpBytes& op) const
{
    return static_cast<double>(m_graph.minDuration(kernel)) / static_cast<double>(std::max<TimeNs>(1, op.memoryBound));
}

std::optional<TimeNs> KernelTraffic::floorOf(ItemId kernel) const
{
    const OpBytes* op = pricedOp(kernel);
    if (!op)
        return std::nullopt;
    const double ns = trafficOf(kernel, *op) * shareOf(kernel, *op) / m_bandwidth * 1e9;
    return std::min(m_graph.minDuration(kernel), CheckedMath::saturatingRound(ns));
}

std::optional<TimeNs> KernelTraffic::outputRoundTrip(ItemId kernel) const
{
    const OpBytes* op = pricedOp(kernel);
    if (!op)
        return std::nullopt;
    return CheckedMath::saturatingRound(2 * op->largest * shareOf(kernel, *op) / m_bandwidth * 1e9);
}

bool KernelTraffic::isLayoutConversion(std::string_view kernelName)
{
    std::string lowered(kernelName.substr(0, kernelName.find('<')));
    std::transform(lowered.begin(), lowered.end(), lowered.begin(),
        [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lowered.find("nchwtonhwc") != std::string::npos || lowered.find("nhwctonchw") != std::string::npos;
}

// isLayoutConversion of the item's name, found once per name: matching a name costs far more than
// looking it up, and a job has millions of kernels of a few thousand names.
bool KernelTraffic::layoutNamed(ItemId item) const
{
    const std::uint32_t name = m_graph.nameId(item).value();
    if (name >= m_layoutName.size())
        m_layoutName.resize(name + 1, 2);
    if (m_layoutName[name] == 2)
        m_layoutName[name] = isLayoutConversion(m_graph.name(item)) ? 1 : 0;
    return m_layoutName[name] == 1;
}

bool KernelTraffic::isConvolutionLayout(ItemId kernel) const
{
    if (m_graph.kind(kernel) != OpKind::ComputeKernel || !layoutNamed(kernel))
        return false;
    ItemId op = m_graph.firstSource(kernel, EdgeKind::Launch);
    for (int depth = 0; op.isValid() && depth < kMaxNesting; ++depth) {
        if (m_graph.name(op).find("conv") != std::string_view::npos)
            return true;
        op = m_graph.firstSource(op, EdgeKind::Nest);
    }
    return false;
}

} // namespace sightline
