#pragma once

#include "core/exec/memorytypes.h"

#include <cstdint>
#include <span>
#include <vector>

namespace sightline {

class ExecutionGraphBuilder;

// How a strategy pass changes device memory, on the builder it rewrites a graph with (the blocks and
// devices of MemoryBlock and MemoryDevice; MemoryEstimator replays them). A pass that adds, copies or
// removes work applies the rule of its strategy here, and the estimate of its graph follows:
// - recomputation of a forward segment S, re-run as copies C before the backward:
//     copyBlocks(S, C, Activations | Temporaries), then releaseAt(S, Activations, last item of S):
//     the copies hold the activations from the recompute to the backward op that frees them, the
//     originals only until the segment ends;
// - gradient accumulation over k micro-batches of the forward and backward items FB, with copies
//     C2..Ck: scale(Activations | Temporaries, 1/k, FB), then copyBlocks(FB, Cj, Activations |
//     Temporaries) for each copy; gradients accumulate in place, allocated by the first micro-batch
//     that runs and kept (allocateAt(FB, the first copies, Gradients)); the model state is unchanged;
// - mixed precision (autocast): scale(Activations, 0.5, A) with A the items that allocated activations
//     outside the ops autocast runs in fp32 (normalisations, softmax, losses: their saved inputs stay
//     fp32), or scale(Activations, f) with one factor for all, and an Other block of half the weight's
//     bytes from each parameter's cast to the backward that reads the copy (addMemoryBlock: autocast's
//     cast cache); parameters, gradients and optimizer state stay fp32 (16-bit weights without master
//     copies: scaleResident(Parameters | Gradients, 0.5));
// - op fusion: moveBlocks(each fused item, the fused item) before removing them;
// - sharded optimizer state over N ranks: scaleResident(OptimizerState, 1/N).
// docs/memory.md says more, with what the ground-truth fixtures measured for each strategy.
// Items are the builder's ids (those of the graph it was made from, then the added ones). Block sizes
// are rounded to whole bytes and saturate. Functions return how many blocks they touched.
class MemoryRewrite {
public:
    static constexpr std::uint32_t categories(MemoryCategory c) { return 1u << static_cast<unsigned>(c); }
    static constexpr std::uint32_t kAllCategories = (1u << kMemoryCategoryCount) - 1;
    static constexpr std::uint32_t kSameDevice = 0xFFFFFFFFu;

    // Every rewrite below that names items reads every block, or, given `among`, only those blocks:
    // the blocks the items allocate (AllocatedBlocks::of), or a superset. A pass that rewrites many
    // groups one after the other (worker_count's ranks, recompute's layers, grad_accumulation's
    // micro-batches) passes each group's own, so that it reads them rather than every block of the
    // graph it grows.

    // Scales the blocks of the categories (a mask of categories()) allocated by one of allocatedBy,
    // or all of them when allocatedBy is empty. factor >= 0.
    static std::size_t scale(ExecutionGraphBuilder& builder, std::uint32_t categoryMask, double factor,
        std::span<const ItemId> allocatedBy = {}, const std::vector<std::size_t>* among = nullptr);
    // Scales every device's resident memory of the categories.
    static void scaleResident(ExecutionGraphBuilder& builder, std::uint32_t categoryMask, double factor);
    // For each block of the categories allocated by members[i], adds one allocated by copies[i]; it is
    // released by copies[j] when the original's release is members[j], else by the same item as the
    // original. On toDevice when given (a copy on another rank), else on the original's device.
    static std::size_t copyBlocks(ExecutionGraphBuilder& builder, std::span<const ItemId> members,
        std::span<const ItemId> copies, std::uint32_t categoryMask, std::uint32_t toDevice = kSameDevice,
        const std::vector<std::size_t>* among = nullptr);
    // Blocks of the categories allocated by members[i] and not released by members are allocated by
    // copies[i] instead; their release stays.
    static std::size_t allocateAt(ExecutionGraphBuilder& builder, std::span<const ItemId> members,
        std::span<const ItemId> copies, std::uint32_t categoryMask, const std::vector<std::size_t>* among = nullptr);
    // Blocks of the categories allocated by members and released outside them (or held to the end)
    // are released by release instead.
    static std::size_t releaseAt(ExecutionGraphBuilder& builder, std::span<const ItemId> members,
        std::uint32_t categoryMask, ItemId release, const std::vector<std::size_t>* among = nullptr);
    // Every block allocated or released by from is allocated or released by to.
    static std::size_t moveBlocks(ExecutionGraphBuilder& builder, ItemId from, ItemId to);
    // The device that holds a rank's model state (the first of the rank with parameters, else its first),
    // or kSameDevice when the rank has none: where a pass adds a block for work of that rank.
    static std::uint32_t deviceOf(ExecutionGraphBuilder& builder, RankId rank);
};

} // namespace sightline
