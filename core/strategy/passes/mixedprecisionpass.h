#pragma once

#include "core/strategy/pass.h"

namespace sightline {

struct MixedPrecisionParameters {
    enum class Precision : std::uint8_t { Bf16, Fp16 };
    Precision precision = Precision::Bf16;
    double matmulFactor = 0.5;
    double normalizationFactor = 0.8;
    double elementwiseFactor = 0.6;
    double optimizerFactor = 1;
    double gradientBytesFactor = 0.5;
    double castGBps = 900;
    double castHostUs = 10;
    double activationBytesFactor = 0.65;
};

// Mixed precision (automatic mixed precision as PyTorch's autocast and DeepSpeed's fp16/bf16 run it):
// compute kernels take a factor of their time by what bounds them (KernelClassifier: tensor-core
// matrix kernels, normalisations and reductions, elementwise kernels; kernels of the optimizer keep
// fp32 master weights), gradient transfers carry a factor of their bytes, and every forward matrix op
// (linear, mm, bmm, addmm, matmul, convolution) first casts its fp32 weight: a host op that launches a
// cast kernel reading 4 and writing 2 bytes per weight element. Not modelled: casts of activations and
// of weight gradients, loss scaling's unscale and overflow check (fp16), and kernels whose choice of
// algorithm changes with the precision beyond the factors.
class MixedPrecisionPass : public PassWith<MixedPrecisionParameters> {
public:
    std::string_view name() const override;
    std::string_view summary() const override;

protected:
    const ParameterTable<MixedPrecisionParameters>& table() const override;
    Status run(const MixedPrecisionParameters& params, WhatIfJob& job) const override;
};

} // namespace sightline
