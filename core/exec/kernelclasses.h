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

    KernelClassifier::Class of(ItemId item);
    KernelClassifier::Precision precisionOf(ItemId item);

private:
    static constexpr std::uint8_t kUnknown = 0xFF;
    const ExecutionGraph& m_graph;
    std::vector<std::uint8_t> m_class; // per name id
    std::vector<std::uint8_t> m_precision; // per name id
};

} // namespace sightline
