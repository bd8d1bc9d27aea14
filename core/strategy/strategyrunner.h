#pragma once

#include "core/base/expected.h"
#include "core/strategy/pass.h"

#include <any>
#include <span>
#include <string>
#include <vector>

namespace sightline {

class CancellationToken;

// One step of a strategy bound to its pass: the typed parameters the pass reads.
struct BoundStep {
    const Pass* pass = nullptr;
    std::size_t index = 0; // the step's place in the strategy, from 0
    std::any params; // the pass's Params

    template <class P>
    const P* as() const { return std::any_cast<P>(&params); }
    // How the step's errors and warnings begin: "step 2 (recompute)".
    std::string label() const;
    // what, said by this step: "step 2 (recompute): what".
    Message said(Message what) const;
};

// Applies a strategy's passes in order to a job: each step is bound to its pass (PassRegistry) before
// any runs, so a bad strategy fails whole, naming the step. A step's errors and warnings are prefixed
// with its label here, and only here. Pure.
class StrategyRunner {
public:
    // Whether any pass of the strategy needs the cost model (unknown passes need nothing).
    static bool needsCostModel(const Strategy& strategy);
    // Every step bound to its pass, or InvalidArgument naming the first bad step.
    static Expected<std::vector<BoundStep>> bind(const Strategy& strategy);
    // Checks every step against its pass without a job: bind()'s error, or ok.
    static Status validate(const Strategy& strategy);
    static Expected<WhatIfJob> apply(const Strategy& strategy, WhatIfJob job, const CancellationToken* cancel = nullptr);
    static Expected<WhatIfJob> apply(std::span<const BoundStep> steps, WhatIfJob job, const CancellationToken* cancel = nullptr);
};

} // namespace sightline
