#include "core/exec/kernelclasses.h"

namespace sightline {

KernelClasses::KernelClasses(const ExecutionGraph& graph)
    : m_graph(graph)
{
}

KernelClassifier::Class KernelClasses::of(ItemId item)
{
    const std::uint32_t name = m_graph.nameId(item).value();
    if (name >= m_class.size())
        m_class.resize(name + 1, kUnknown);
    if (m_class[name] == kUnknown)
        m_class[name] = static_cast<std::uint8_t>(KernelClassifier::classify(m_graph.name(item)));
    return static_cast<KernelClassifier::Class>(m_class[name]);
}

} // namespace sightline
