#pragma once

#include "core/exec/executiongraph.h"
#include "core/model/kernelclassifier.h"

#include <cstdint>
#include <vector>

namespace sightline {

// KernelClassifier's class and precision of each item of a graph, found once per name: a job has
// millions of kernels of a few thousand names, and matching a name costs far more than looking it up.
// For one pass over one graph; not thread-safe.
class KernelClasses {
public:
    explicit KernelClasses(const ExecutionGraph& graph);

    KernelClassifier::Class of(ItemId item) { return ofName(m_graph.nameId(item)); }
    KernelClassifier::Precision precisionOf(ItemId item) { return precisionOfName(m_graph.nameId(item)); }
    // The same of a name id the graph knows: the trace's own ids are the graph's, so a measured op an
    // item stands for is classified through its trace name.
    KernelClassifier::Class ofName(StringId name);
    KernelClassifier::Precision precisionOfName(StringId name);

private:
    static constexpr std::uint8_t kUnknown = 0xFF;
    const ExecutionGraph& m_graph;
    std::vector<std::uint8_t> m_class; // per name id
    std::vector<std::uint8_t> m_precision; // per name id
};

} // namespace sightline
