#include "core/strategy/pass.h"

#include "core/base/ids.h"
#include "core/base/resourcelimits.h"
#include "core/exec/executiongraphbuilder.h"

#include <algorithm>

namespace sightline {

Status WhatIfJob::rebuild(ExecutionGraphBuilder& builder)
{
    Expected<std::shared_ptr<const ExecutionGraph>> built = builder.build();
    if (!built)
        return built.status();
    graph = std::move(*built);
    return {};
}

std::uint64_t WhatIfJob::defaultMaxItems()
{
    return std::min<std::uint64_t>(ResourceLimits::defaultMaxMemoryBytes() / kBytesPerItem, ItemId::kInvalid - 1);
}

Status WhatIfJob::checkGrowth(std::uint64_t added, std::string_view pass, std::string_view advice) const
{
    const std::uint64_t items = graph->itemCount();
    if (added <= maxItems && items <= maxItems - added)
        return {};
    return Status::error(ErrorCode::TooLarge, {}, -1,
        "pass " + std::string(pass) + ": the job would grow from " + std::to_string(items) + " to " + std::to_string(items + added)
            + " items, more than the " + std::to_string(maxItems) + " a what-if may hold within the memory limit (at about "
            + std::to_string(kBytesPerItem) + " bytes each, " + ResourceLimits::gigabytes(maxItems * kBytesPerItem) + "); " + std::string(advice));
}

} // namespace sightline
