#pragma once

#include "core/strategy/passparameter.h"

#include <string>

namespace sightline {

// One strategy the search evaluates, with the text that names it: each step's pass and its parameters
// sorted by name, numbers written exactly. Equal strategies have equal keys. The key breaks ties between
// candidates of equal figures, so that the search's choice never depends on the order candidates were
// made or evaluated in, nor on which process evaluated them. A value type.
struct Candidate {
    Strategy strategy;
    std::string key;

    static Candidate of(Strategy strategy);
    static std::string keyOf(const Strategy& strategy);
    // One step's part of a key ("tensor_fusion{groups=\"0-3,4\"}").
    static std::string keyOf(const PassStep& step);
};

} // namespace sightline
