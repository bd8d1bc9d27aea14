#include "core/strategy/strategyrunner.h"

#include "core/base/progress.h"
#include "core/strategy/passregistry.h"

namespace sightline {

bool StrategyRunner::needsCostModel(const Strategy& strategy)
{
    for (const PassStep& step : strategy.steps) {
        if (const Pass* pass = PassRegistry::find(step.pass); pass && pass->needsCostModel())
            return true;
    }
    return false;
}

namespace {

// Every step with its pass and arguments, or the error of the first bad one.
Expected<std::vector<std::pair<const Pass*, PassArguments>>> resolveAll(const Strategy& strategy)
{
    std::vector<std::pair<const Pass*, PassArguments>> steps;
    for (std::size_t k = 0; k < strategy.steps.size(); ++k) {
        const PassStep& step = strategy.steps[k];
        const Pass* pass = PassRegistry::find(step.pass);
        if (!pass)
            return Status::error(ErrorCode::InvalidArgument, {}, -1,
                "step " + std::to_string(k + 1) + ": unknown pass '" + step.pass + "'");
        Expected<PassArguments> args = PassRegistry::resolve(*pass, step);
        if (!args)
            return Status::error(ErrorCode::InvalidArgument, {}, -1, "step " + std::to_string(k + 1) + ": " + args.status().detail());
        steps.emplace_back(pass, std::move(*args));
    }
    return steps;
}

} // namespace

Status StrategyRunner::validate(const Strategy& strategy)
{
    const auto steps = resolveAll(strategy);
    return steps ? Status() : steps.status();
}

Expected<WhatIfJob> StrategyRunner::apply(const Strategy& strategy, WhatIfJob job, const CancellationToken* cancel)
{
    auto resolved = resolveAll(strategy);
    if (!resolved)
        return resolved.status();
    const auto& steps = *resolved;
    for (std::size_t k = 0; k < steps.size(); ++k) {
        if (cancel && cancel->isCancelled())
            return Status::cancelled();
        if (Status s = steps[k].first->apply(steps[k].second, job); !s.ok())
            return Status::error(s.code(), s.file(), s.byteOffset(), "step " + std::to_string(k + 1) + " (" + std::string(steps[k].first->name()) + "): " + s.detail());
    }
    return job;
}

} // namespace sightline
