#pragma once

#include "core/strategy/pass.h"

namespace sightline {

// "Make these X% faster" (a hot spot fixed, a faster kernel): the items matched by name pattern, kind
// and rank take that much less (or, below zero, more) of their own time. Gaps, and transfers the cost
// model times, are left as they are.
class SpeedupPass : public Pass {
public:
    std::string_view name() const override;
    std::string_view summary() const override;
    std::span<const ParameterSpec> parameters() const override;
    Status apply(const PassArguments& args, WhatIfJob& job) const override;
};

} // namespace sightline
