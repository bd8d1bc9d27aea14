#pragma once

#include "core/strategy/pass.h"

#include <optional>

namespace sightline {

struct BatchSizeParameters {
    std::optional<std::int64_t> samples; // the batch per rank and step; left out: factor gives it
    std::optional<double> factor; // the samples over those before this step; left out: samples gives it
    double kernelFloorUs = 5;
    double fixedShare = 0.06;
};

// Batch size: each rank computes every step on another number of samples, given as the new batch
// (samples, against the measured batch the trace's input shapes show, BatchSize) or as a factor of the
// samples before the step (the measured ones, unless an earlier step changed them). Each device op's
// time above a fixed floor follows the samples as accumulation's micro-batches do (SampleScaling: of
// its time above the floor, the share s does not change and the rest is in proportion), in a job
// without GPUs each CPU op's own time; host ops otherwise keep their time, and activations and
// temporaries follow the samples. Gradients, and so every gradient transfer, keep their bytes. A step
// then makes factor times the samples, which the pass says: throughput, not the iteration, is what
// compares. Before grad_accumulation only (its micro-batches already split the samples), and composed
// with worker_count's global batch through WhatIfJob::samplesFactor. Not modelled: kernels whose
// algorithm changes with the batch, a data loader's time per sample.
class BatchSizePass : public PassWith<BatchSizeParameters> {
public:
    std::string_view name() const override;
    std::string_view summary() const override;

protected:
    const ParameterTable<BatchSizeParameters>& table() const override;
    Status run(const BatchSizeParameters& params, WhatIfJob& job) const override;
    void exportStep(const BatchSizeParameters& params, ExportContext& out) const override;
};

} // namespace sightline
