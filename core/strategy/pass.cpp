#include "core/strategy/pass.h"

#include "core/base/ids.h"
#include "core/base/message.h"
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

Status WhatIfJob::checkGrowth(std::uint64_t added, Message advice) const
{
    const std::uint64_t items = graph->itemCount();
    if (added <= maxItems && items <= maxItems - added)
        return {};
    return Status::error(ErrorCode::TooLarge, {}, -1,
        Message(SL_TEXT("Core", "the job would grow from %1 to %2 items, more than the %3 a what-if may hold within the memory limit (at about %4 bytes each, %5); %6"),
            { items, items + added, maxItems, kBytesPerItem, sizeText(maxItems * kBytesPerItem), std::move(advice) }));
}

void WhatIfJob::noteSamples(double samples)
{
    if (samples < 1 && (!fractionalSamples || samples < *fractionalSamples))
        fractionalSamples = samples;
}

Status WhatIfJob::checkBeforeMicroBatches() const
{
    if (!microBatchStep)
        return {};
    return Status::error(ErrorCode::InvalidArgument, {}, -1,
        Message(
            SL_TEXT("Core",
                "step %1 (grad_accumulation) made micro-batches whose copies keep the measured micro-batch's times, "
                "by which this pass finds its work: give this step before that one, which then repeats its changes "
                "in every micro-batch"),
            { *microBatchStep + 1 }));
}

Status WhatIfJob::checkSamplesBeforeMicroBatches() const
{
    if (!microBatchStep)
        return {};
    return Status::error(ErrorCode::InvalidArgument, {}, -1,
        Message(SL_TEXT("Core",
                    "step %1 (grad_accumulation) made micro-batches, each computing on its share of the samples: give "
                    "this step, which changes the samples, before that one"),
            { *microBatchStep + 1 }));
}

} // namespace sightline
