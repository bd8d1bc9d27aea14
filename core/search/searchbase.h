#pragma once

#include "core/base/message.h"
#include "core/strategy/passparameter.h"

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace sightline {

// The steps every candidate of a search starts with (a scenario: a network, stragglers, a worker count,
// or choices the user fixed), and where a candidate's own steps go among them. They go before the
// base's grad_accumulation step, if it holds one: the passes a search adds find their work by measured
// times that the micro-batches' copies share (recompute, op_fusion), or change the samples the
// micro-batches split, and are refused after it; after the base's steps otherwise. A search makes no
// choice of a pass that a strategy holds once and the base holds already (grad_accumulation,
// mixed_precision, tensor_fusion, tensor_partition, op_fusion): leftOut says so. A value type.
class SearchBase {
public:
    SearchBase() = default;
    explicit SearchBase(Strategy steps);

    const Strategy& strategy() const { return m_steps; }
    // The base's step of a pass, by index, if it holds one.
    std::optional<std::size_t> stepOf(std::string_view pass) const;
    // The base with a candidate's own steps in their place.
    Strategy with(std::span<const PassStep> own) const;
    // A candidate's own steps, from a strategy with() made.
    std::vector<PassStep> ownOf(const Strategy& made) const;
    // Where the base holds a step of pass, which a strategy holds once: a note that the search leaves
    // its own choices of it out (what: those choices, for the user).
    std::optional<Message> leftOut(std::string_view pass, const Message& what) const;

private:
    Strategy m_steps;
    std::size_t m_ownAt = 0; // where a candidate's own steps go
};

} // namespace sightline
