#pragma once

#include "core/base/expected.h"
#include "core/exec/tensormodel.h"
#include "core/strategy/pass.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sightline {

struct TensorFusionParameters {
    std::optional<double> bucketCapMb; // DDP style
    double firstBucketMb = 1;
    std::optional<double> thresholdBytes; // Horovod style
    double cycleTimeMs = 1;
    std::optional<std::string> groups; // explicit: ranges of tensor indices, one bucket each ("0-3,4,5-9")
};

// Tensor fusion (dPRO §5.2, Theorem 2): re-buckets the gradient all-reduces of each step, by PyTorch
// DDP's bucket_cap_mb (the first bucket capped separately, a bucket closed once it holds its cap) or by
// Horovod's fusion threshold and cycle time (the tensors ready within one cycle fused up to the
// threshold). A bucket is ready when the last of its gradients is; its transfer is timed by the
// α–β cost model over the topology. The measured buckets and their device participants are replaced
// by the new ones on the same communication stream; everything that waited for a measured bucket
// waits for the step's last new one. The host ops that issued the measured buckets stay. Groups may
// also be given explicitly (the optimizer's choice, tensor by tensor): contiguous ranges of the
// tensors in ready order, the same in every step.
class TensorFusionPass : public PassWith<TensorFusionParameters> {
public:
    std::string_view name() const override;
    std::string_view summary() const override;
    bool needsCostModel() const override { return true; }

    // The new bucket of each tensor of one step, by the step's parameters (explicit groups, DDP style
    // when bucket_cap_mb is given, else Horovod style). Fails with InvalidArgument when groups do not
    // parse or do not cover the step's tensors.
    static Expected<std::vector<std::uint32_t>> assign(
        const ExecutionGraph& graph, const TensorModel::Step& step, const TensorFusionParameters& params);
    // Explicit groups as text: comma-separated ranges ("0-3", or "4" for one tensor) that cover the
    // tensors from 0 in order, without a gap or an overlap. Returns each tensor's bucket; fails with
    // InvalidArgument naming the text.
    static Expected<std::vector<std::uint32_t>> parseGroups(std::string_view text);
    // The text of an assignment whose buckets are contiguous and ascending (parseGroups' inverse).
    static std::string groupsText(std::span<const std::uint32_t> bucketOfTensor);
    // DDP's assignment: tensors in ready order; returns each tensor's bucket.
    static std::vector<std::uint32_t> ddpBuckets(std::span<const std::int64_t> bytes, std::int64_t firstCapBytes, std::int64_t capBytes);
    // Horovod's: tensors in ready order with their ready times; a new bucket at each cycle boundary
    // (cycles from the first ready time) and wherever the threshold would be passed.
    static std::vector<std::uint32_t> horovodBuckets(
        std::span<const std::int64_t> bytes, std::span<const std::int64_t> readyNs, std::int64_t thresholdBytes, std::int64_t cycleNs);

protected:
    const ParameterTable<TensorFusionParameters>& table() const override;
    Status run(const TensorFusionParameters& params, WhatIfJob& job) const override;
    void exportStep(const TensorFusionParameters& params, ExportContext& out) const override;
};

} // namespace sightline
