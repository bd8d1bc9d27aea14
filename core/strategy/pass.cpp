#include "core/strategy/pass.h"

#include "core/exec/executiongraphbuilder.h"

namespace sightline {

Status WhatIfJob::rebuild(ExecutionGraphBuilder& builder)
{
    Expected<std::shared_ptr<const ExecutionGraph>> built = builder.build();
    if (!built)
        return built.status();
    graph = std::move(*built);
    return {};
}

} // namespace sightline
