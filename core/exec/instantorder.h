#pragma once

#include "core/exec/executiongraph.h"

#include <vector>

namespace sightline {

// A topological order of an execution graph's instants (each item's start, then its end; the edges tie
// them as EdgeRef says), found first in first out from the roots in measured order. Passes
// that rewire work use it to know that one instant cannot depend on another: when a's position is
// below b's, nothing of b precedes a. Unlike measured times it holds for synthetic items wherever a
// pass put them. O(items log items + edges); a graph whose instants wait in a cycle leaves the
// instants of the cycle unordered (complete() is false).
class InstantOrder {
public:
    explicit InstantOrder(const ExecutionGraph& graph);

    std::uint32_t start(ItemId i) const { return m_position[2 * i.value()]; }
    std::uint32_t end(ItemId i) const { return m_position[2 * i.value() + 1]; }
    // The position of the instant an edge's source contributes (its start for StartToStart, else its end).
    std::uint32_t sourceInstant(ItemId source, EdgeRef ref) const { return ref == EdgeRef::StartToStart ? start(source) : end(source); }
    bool complete() const { return m_complete; }

    static constexpr std::uint32_t kUnordered = 0xFFFFFFFFu;

private:
    std::vector<std::uint32_t> m_position;
    bool m_complete = true;
};

} // namespace sightline
