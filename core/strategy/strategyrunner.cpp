#include "core/strategy/strategyrunner.h"

#include "core/base/checkedmath.h"
#include "core/base/message.h"
#include "core/base/progress.h"
#include "core/exec/executiongraph.h"
#include "core/strategy/passregistry.h"

namespace sightline {

std::string BoundStep::label() const
{
    return "step " + std::to_string(index + 1) + " (" + std::string(pass ? pass->name() : "?") + ")";
}

Message BoundStep::said(Message what) const
{
    return Message(SL_TEXT("Core", "step %1 (%2): %3"), { index + 1, std::string(pass ? pass->name() : "?"), std::move(what) });
}

namespace {

// What a pass computes saturates at the int64 limits rather than wrapping; a duration or byte count that
// reached the range's edge is a step gone past any job (speed-ups or slow-downs stacked until a kernel
// takes centuries), refused here for every pass alike.
Status checkRange(const ExecutionGraph& g)
{
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (g.minDuration(item) >= CheckedMath::kTimeLimit)
            return Status::error(ErrorCode::ValueOutOfRange, {}, -1,
                "item '" + std::string(g.name(item)) + "' would take " + std::to_string(g.minDuration(item))
                    + " ns, past the 2^62 ns (146 years) a replay keeps; the steps' factors multiply");
        if (const CommCost* c = g.comm(item); c && c->bytes >= (std::int64_t(1) << 62))
            return Status::error(ErrorCode::ValueOutOfRange, {}, -1,
                "transfer '" + std::string(g.name(item)) + "' would move " + std::to_string(c->bytes)
                    + " bytes, past 2^62; the steps' factors multiply");
    }
    return {};
}

} // namespace

bool StrategyRunner::needsCostModel(const Strategy& strategy)
{
    for (const PassStep& step : strategy.steps) {
        if (const Pass* pass = PassRegistry::find(step.pass); pass && pass->needsCostModel())
            return true;
    }
    return false;
}

Expected<std::vector<BoundStep>> StrategyRunner::bind(const Strategy& strategy)
{
    std::vector<BoundStep> steps;
    for (std::size_t k = 0; k < strategy.steps.size(); ++k) {
        const PassStep& step = strategy.steps[k];
        const Pass* pass = PassRegistry::find(step.pass);
        if (!pass)
            return Status::error(ErrorCode::InvalidArgument, {}, -1, Message(SL_TEXT("Core", "step %1: unknown pass '%2'"), { k + 1, step.pass }));
        BoundStep bound { pass, k, {} };
        if (!pass->repeatable()) {
            for (const BoundStep& earlier : steps) {
                if (earlier.pass == pass)
                    return Status::error(ErrorCode::InvalidArgument, {}, -1,
                        bound.said(Message(SL_TEXT("Core", "%1 is one already; a strategy holds one %2 step, as a second would redo the first on its own output"),
                            { earlier.label(), std::string(pass->name()) })));
            }
        }
        Expected<std::any> params = PassRegistry::bind(*pass, step);
        if (!params)
            return Status::error(ErrorCode::InvalidArgument, {}, -1, bound.said(params.status().message()));
        bound.params = std::move(*params);
        steps.push_back(std::move(bound));
    }
    return steps;
}

Status StrategyRunner::validate(const Strategy& strategy)
{
    const auto steps = bind(strategy);
    return steps ? Status() : steps.status();
}

Expected<WhatIfJob> StrategyRunner::apply(const Strategy& strategy, WhatIfJob job, const CancellationToken* cancel)
{
    Expected<std::vector<BoundStep>> steps = bind(strategy);
    if (!steps)
        return steps.status();
    return apply(*steps, std::move(job), cancel);
}

Expected<WhatIfJob> StrategyRunner::apply(std::span<const BoundStep> steps, WhatIfJob job, const CancellationToken* cancel)
{
    for (const BoundStep& step : steps) {
        if (cancel && cancel->isCancelled())
            return Status::cancelled();
        const std::size_t before = job.warnings.size();
        job.step = step.index;
        if (Status s = step.pass->apply(step.params, job); !s.ok())
            return Status::error(s.code(), s.file(), s.byteOffset(), step.said(s.message()));
        if (Status s = checkRange(*job.graph); !s.ok())
            return Status::error(s.code(), s.file(), s.byteOffset(), step.said(s.message()));
        for (std::size_t w = before; w < job.warnings.size(); ++w)
            job.warnings[w] = step.said(std::move(job.warnings[w]));
    }
    return job;
}

} // namespace sightline
