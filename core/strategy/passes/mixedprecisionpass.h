#pragma once

#include "core/strategy/pass.h"

#include <optional>

namespace sightline {

struct MixedPrecisionParameters {
    enum class Precision : std::uint8_t { Bf16, Fp16 };
    Precision precision = Precision::Bf16;
    std::optional<double> matmulFactor; // left out: from the device's datasheet and each kernel's precision
    double normalizationFactor = 0.87;
    double elementwiseFactor = 0.86;
    double optimizerFactor = 1;
    double gradientBytesFactor = 0.5;
    double castGBps = 900;
    double castHostUs = 10;
    std::optional<double> activationBytesFactor; // left out: by the op that saved each activation
};

// Mixed precision (automatic mixed precision as PyTorch's autocast and DeepSpeed's fp16/bf16 run it):
// compute kernels take a factor of their time by what bounds them (KernelClassifier: tensor-core
// matrix kernels, normalisations and reductions, elementwise kernels; kernels of the optimizer keep
// fp32 master weights). A matrix kernel's factor comes from the job's device (DeviceCatalog: its
// 16-bit peak against the FP32 or TF32 peak the kernel's name says it ran at) unless matmul_factor is
// given. Activations kept for backward take half their bytes, but for those saved by the ops autocast
// runs in fp32 (normalisations, softmax, losses, reductions), unless activation_bytes_factor is given.
// Gradient transfers carry a factor of their bytes, and every forward matrix op
// (linear, mm, bmm, addmm, matmul, convolution) first casts its fp32 weight: a host op that launches a
// cast kernel reading 4 and writing 2 bytes per weight element; a linear or convolution weight's copy
// (autocast's cache) is held from its cast to the layer's backward. Not modelled: casts of activations and
// of weight gradients, loss scaling's unscale and overflow check (fp16), and kernels whose choice of
// algorithm changes with the precision beyond the factors.
class MixedPrecisionPass : public PassWith<MixedPrecisionParameters> {
public:
    std::string_view name() const override;
    std::string_view summary() const override;

protected:
    const ParameterTable<MixedPrecisionParameters>& table() const override;
    Status run(const MixedPrecisionParameters& params, WhatIfJob& job) const override;
    void exportStep(const MixedPrecisionParameters& params, ExportContext& out) const override;
};

} // namespace sightline
