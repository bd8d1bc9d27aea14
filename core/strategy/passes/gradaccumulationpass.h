#pragma once

#include "core/strategy/pass.h"

namespace sightline {

struct GradAccumulationParameters {
    enum class Batch : std::uint8_t { Split, Repeat };
    std::int64_t microBatches = 1;
    Batch batch = Batch::Split;
    double kernelFloorUs = 5;
    double fixedShare = 0.06;
};

// Gradient accumulation (dPRO Table 4; DeepSpeed's gradient_accumulation_steps, DDP's no_sync): each
// optimizer step runs k micro-batches of forward and backward and synchronises the gradients once.
// The measured forward and backward of each rank's step become the last micro-batch, which keeps the
// gradient communication and everything after it; k - 1 copies of that work without its
// communication run before it, one after the other. With the measured batch split into k
// micro-batches, each device op takes floor + (measured - floor) (s + (1 - s) / k): of its time above a
// fixed floor (launch, a kernel's minimum), the share s does not shrink with the samples (weights read
// once per micro-batch, partly filled waves) and the rest is proportional to them. s = 0.06 by default,
// from the H100 pair of tests/fixtures/groundtruth (64 samples against 4 x 16: kernels 21.2 -> 25.0 ms).
// Host ops keep their time. Not modelled: a batch that does not split evenly, kernels whose algorithm
// changes with the batch.
class GradAccumulationPass : public PassWith<GradAccumulationParameters> {
public:
    std::string_view name() const override;
    std::string_view summary() const override;

protected:
    const ParameterTable<GradAccumulationParameters>& table() const override;
    Status run(const GradAccumulationParameters& params, WhatIfJob& job) const override;
    void exportStep(const GradAccumulationParameters& params, ExportContext& out) const override;
};

} // namespace sightline
