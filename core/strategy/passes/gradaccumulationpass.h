#pragma once

#include "core/strategy/pass.h"

namespace sightline {

// Gradient accumulation (dPRO Table 4; DeepSpeed's gradient_accumulation_steps, DDP's no_sync): each
// optimizer step runs k micro-batches of forward and backward and synchronises the gradients once.
// The measured forward and backward of each rank's step become the last micro-batch, which keeps the
// gradient communication and everything after it; k - 1 copies of that work without its
// communication run before it, one after the other. With the measured batch split into k
// micro-batches, each device op takes floor + (measured - floor) / k (its time above a fixed floor is
// proportional to the samples), and host ops keep their time. Not modelled: a batch that does not
// split evenly, kernels whose algorithm changes with the batch.
class GradAccumulationPass : public Pass {
public:
    std::string_view name() const override;
    std::string_view summary() const override;
    std::span<const ParameterSpec> parameters() const override;
    Status apply(const PassArguments& args, WhatIfJob& job) const override;
};

} // namespace sightline
