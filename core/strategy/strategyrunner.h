#pragma once

#include "core/base/expected.h"
#include "core/strategy/pass.h"

namespace sightline {

class CancellationToken;

// Applies a strategy's passes in order to a job: each step is checked against its pass (PassRegistry)
// before any runs, so a bad strategy fails whole, naming the step. Pure.
class StrategyRunner {
public:
    // Whether any pass of the strategy needs the cost model (unknown passes need nothing).
    static bool needsCostModel(const Strategy& strategy);
    // Checks every step against its pass without a job: InvalidArgument naming the first bad step.
    static Status validate(const Strategy& strategy);
    static Expected<WhatIfJob> apply(const Strategy& strategy, WhatIfJob job, const CancellationToken* cancel = nullptr);
};

} // namespace sightline
