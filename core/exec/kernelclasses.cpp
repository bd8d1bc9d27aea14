#include "core/exec/kernelclasses.h"

namespace sightline {

KernelClasses::KernelClasses(const ExecutionGraph& graph)
    : m_graph(graph)
{
}

namespace {

// The value cached for the item's name, found by find on the first ask.
template <class T, class Find>
T cached(std::vector<std::uint8_t>& cache, std::uint32_t name, std::uint8_t unknown, Find find)
{
    if (name >= cache.size())
        cache.resize(name + 1, unknown);
    if (cache[name] == unknown)
        cache[name] = static_cast<std::uint8_t>(find());
    return static_cast<T>(cache[name]);
}

} // namespace

KernelClassifier::Class KernelClasses::ofName(StringId name)
{
    return cached<KernelClassifier::Class>(
        m_class, name.value(), kUnknown, [&] { return KernelClassifier::classify(m_graph.string(name)); });
}

KernelClassifier::Precision KernelClasses::precisionOfName(StringId name)
{
    return cached<KernelClassifier::Precision>(
        m_precision, name.value(), kUnknown, [&] { return KernelClassifier::precision(m_graph.string(name)); });
}

} // namespace sightline
