#include "core/exec/kernelbytes.h"

#include "core/exec/executiongraph.h"
#include "core/exec/kernelclasses.h"
#include "core/model/inputshapes.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace sightline {

namespace {

constexpr int kMaxNesting = 64;
constexpr std::uint32_t kUnknown = KernelBytes::kNone - 1;

KernelBytes::Op bytesOf(const ExecutionGraph& g, ItemId op)
{
    KernelBytes::Op bytes;
    // A launch call records no inputs.
    const std::span<const OpId> origin = g.origin(op);
    if (g.kind(op) == OpKind::Runtime || origin.empty())
        return bytes;
    const Trace& t = g.trace();
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

bool launchedInConvolution(const ExecutionGraph& g, ItemId kernel)
{
    ItemId op = g.firstSource(kernel, EdgeKind::Launch);
    for (int depth = 0; op.isValid() && depth < kMaxNesting; ++depth) {
        if (g.name(op).find("conv") != std::string_view::npos)
            return true;
        op = g.firstSource(op, EdgeKind::Nest);
    }
    return false;
}

} // namespace

KernelBytes::KernelBytes(const ExecutionGraph& graph)
    : m_flags(graph.itemCount(), 0)
{
    const bool shaped = !graph.trace().shapesTable().empty();
    if (shaped)
        m_slot.assign(graph.itemCount(), kUnknown);
    KernelClasses classes(graph);
    std::vector<std::uint8_t> layoutName; // per name id: 0 no, 1 yes, 2 not yet known
    for (std::uint32_t i = 0; i < graph.itemCount(); ++i) {
        const ItemId item(i);
        if (graph.kind(item) != OpKind::ComputeKernel || graph.madeByPass(item)
            || graph.hasFlag(item, ExecutionGraph::Context))
            continue;
        const KernelClassifier::Class c = classes.of(item);
        if (c == KernelClassifier::Class::Matmul)
            continue;
        // Matching a name costs far more than looking it up: a job has millions of kernels of a few
        // thousand names.
        const std::uint32_t name = graph.nameId(item).value();
        if (name >= layoutName.size())
            layoutName.resize(name + 1, 2);
        if (layoutName[name] == 2)
            layoutName[name] = isLayoutConversion(graph.name(item)) ? 1 : 0;
        std::uint8_t& f = m_flags[i];
        f = kMemoryBound | (c == KernelClassifier::Class::Normalization ? kNormalisation : 0);
        if (layoutName[name] == 1)
            f |= kLayout | (launchedInConvolution(graph, item) ? kConvolutionLayout : 0);
        if (shaped)
            m_slot[i] = launchingOp(graph, item);
    }
}

// The index of the innermost host op around the kernel's launch that recorded tensor inputs, or kNone.
std::uint32_t KernelBytes::launchingOp(const ExecutionGraph& g, ItemId kernel)
{
    ItemId op = g.firstSource(kernel, EdgeKind::Launch);
    for (int depth = 0; op.isValid() && depth < kMaxNesting; ++depth) {
        std::uint32_t& slot = m_slot[op.value()];
        if (slot == kUnknown) {
            const Op bytes = bytesOf(g, op);
            slot = bytes.read > 0 ? static_cast<std::uint32_t>(m_ops.size()) : kNone;
            if (bytes.read > 0)
                m_ops.push_back(bytes);
        }
        if (slot != kNone)
            return slot;
        op = g.firstSource(op, EdgeKind::Nest);
    }
    return kNone;
}

std::uint32_t KernelBytes::opOf(ItemId kernel) const
{
    return flag(kernel, kMemoryBound) && kernel.value() < m_slot.size() ? m_slot[kernel.value()] : kNone;
}

bool KernelBytes::isLayoutConversion(std::string_view kernelName)
{
    std::string lowered(kernelName.substr(0, kernelName.find('<')));
    std::transform(lowered.begin(), lowered.end(), lowered.begin(),
        [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lowered.find("nchwtonhwc") != std::string::npos || lowered.find("nhwctonchw") != std::string::npos;
}

} // namespace sightline
