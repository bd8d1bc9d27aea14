#pragma once

#include "core/strategy/pass.h"

namespace sightline {

// "Fix the straggler": every item of one rank takes the median duration, and the median gap before
// it, of its counterparts on the other ranks (same track position in the rank, same name, same
// position among its namesakes on the track). Communication and host waits keep theirs: the other
// ranks set them.
class StragglerPass : public Pass {
public:
    std::string_view name() const override;
    std::string_view summary() const override;
    std::span<const ParameterSpec> parameters() const override;
    Status apply(const PassArguments& args, WhatIfJob& job) const override;
};

} // namespace sightline
