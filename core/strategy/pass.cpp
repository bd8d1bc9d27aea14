#include "core/strategy/pass.h"

#include "core/base/ids.h"
#include "core/exec/executiongraphbuilder.h"

#include <algorithm>
#include <cstdio>

namespace sightline {

const AnalysisCache& WhatIfJob::analyses()
{
    if (!analysisCache || analysisCache->graphPointer() != graph)
        analysisCache = std::make_shared<AnalysisCache>(graph);
    return *analysisCache;
}

Status WhatIfJob::rebuild(ExecutionGraphBuilder& builder, AnalysisCache::Set preserved)
{
    Expected<std::shared_ptr<const ExecutionGraph>> built = builder.build();
    if (!built)
        return built.status();
    analysisCache = analysisCache && analysisCache->graphPointer() == graph ? analysisCache->after(*built, preserved)
                                                                             : std::make_shared<AnalysisCache>(*built);
    graph = std::move(*built);
    return {};
}

std::uint64_t WhatIfJob::maxItemsFor(std::uint64_t memoryBytes)
{
    return std::min<std::uint64_t>(memoryBytes / kBytesPerItem, ItemId::kInvalid - 1);
}

namespace {

// Bytes for a message: in GB from 1 GB on, else in MB.
std::string sizeText(std::uint64_t bytes)
{
    char text[32];
    if (bytes >= 1'000'000'000)
        std::snprintf(text, sizeof text, "%.1f GB", static_cast<double>(bytes) / 1e9);
    else
        std::snprintf(text, sizeof text, "%.0f MB", static_cast<double>(bytes) / 1e6);
    return text;
}

} // namespace

Status WhatIfJob::checkGrowth(std::uint64_t added, std::string_view advice) const
{
    const std::uint64_t items = graph->itemCount();
    if (added <= maxItems && items <= maxItems - added)
        return {};
    return Status::error(ErrorCode::TooLarge, {}, -1,
        "the job would grow from " + std::to_string(items) + " to " + std::to_string(items + added)
            + " items, more than the " + std::to_string(maxItems) + " a what-if may hold within the memory limit (at about "
            + std::to_string(kBytesPerItem) + " bytes each, " + sizeText(maxItems * kBytesPerItem) + "); " + std::string(advice));
}

} // namespace sightline
