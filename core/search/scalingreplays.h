#pragma once

#include "core/base/expected.h"
#include "core/search/scalingcurve.h"
#include "core/strategy/passparameter.h"

#include <functional>
#include <optional>

namespace sightline {

class Evaluator;
class JobSession;
struct WhatIfResult;

// A scaling curve's counts replayed whole, beside its model: each count whose job stays within the
// session's limit of items runs as the prefix and the step a count asks for (none: the prefix alone;
// placed among the prefix's steps as SearchBase places a search's own),
// through the evaluator, and its point gets the replay's iteration. Counts past the global batch a step
// computes on (strong scaling, where the trace shows the batch: a worker would hold less than a sample), past the
// limit, candidates that failed, and replays whose checks of their own figures warned are said in the curve's warnings,
// and so are the warnings each count's replay adds to base's (links the trace never measured, the
// batch's model), which a second what-if of each count with a step of its own finds; a warning several
// counts give alike is said once, naming them.
class ScalingReplays {
public:
    using StepFor = std::function<std::optional<PassStep>(int workers)>;
    // base: the prefix's own what-if, whose graph sizes a worker's items. Fails as the evaluation does.
    static Status fill(const JobSession& session, const Strategy& prefix, const WhatIfResult& base,
        Evaluator& evaluator, const StepFor& stepFor, ScalingCurve& curve);
};

} // namespace sightline
