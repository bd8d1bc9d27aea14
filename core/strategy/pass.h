#pragma once

#include "core/base/resourcelimits.h"
#include "core/base/status.h"
#include "core/replay/replayer.h"
#include "core/strategy/passarguments.h"
#include "core/strategy/passparameter.h"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sightline {

class ExecutionGraph;
class ExecutionGraphBuilder;

// A job as a strategy rewrites it: the execution graph, how it is replayed, and what the passes that
// made it want the user to know.
struct WhatIfJob {
    // What a what-if takes per item of its graph, its replay and its drawing in the window, with room
    // to spare: about 420 bytes were measured on a both view of 15 M drawn ops.
    static constexpr std::uint64_t kBytesPerItem = 512;

    std::shared_ptr<const ExecutionGraph> graph;
    ReplayOptions options;
    std::vector<std::string> warnings;
    // The most items the graph may grow to (maxItemsFor the memory limit).
    std::uint64_t maxItems = maxItemsFor(ResourceLimits::defaultMaxMemoryBytes());

    // What memoryBytes holds at kBytesPerItem per item, within the item ids.
    static std::uint64_t maxItemsFor(std::uint64_t memoryBytes);
    // Builds builder's graph and makes it the job's; the build's error otherwise.
    Status rebuild(ExecutionGraphBuilder& builder);
    // Ok when the graph may take `added` more items; else TooLarge, naming the pass and what to change
    // (advice): called by a pass that multiplies the job before it takes the memory.
    Status checkGrowth(std::uint64_t added, std::string_view pass, std::string_view advice) const;
};

// A strategy pass (DESIGN "What-ifs are jobs"): a pure function from one job to another. It may add,
// remove or re-cost items of the execution graph, or change how the job is replayed (the network).
// Passes are stateless singletons held by PassRegistry.
class Pass {
public:
    virtual ~Pass() = default;
    // snake_case name, as strategies name it.
    virtual std::string_view name() const = 0;
    // What the pass models, in one sentence.
    virtual std::string_view summary() const = 0;
    virtual std::span<const ParameterSpec> parameters() const = 0;
    // Whether the job's transfers must be timed by the cost model for this pass to mean anything
    // (then the baseline is replayed the same way, so that the comparison shows the pass alone).
    virtual bool needsCostModel() const { return false; }
    // Rewrites job; an error names what in the arguments or the job stops the pass.
    virtual Status apply(const PassArguments& args, WhatIfJob& job) const = 0;
};

} // namespace sightline
