#pragma once

#include <cstdint>
#include <string_view>

namespace sightline {

// What a device compute kernel mostly does, from its name, for the passes that re-cost kernels by what
// bounds them: matrix and convolution kernels (tensor-core bound: GEMMs of cuBLAS, CUTLASS and Triton,
// cuDNN convolutions, fused attention), reductions and normalisations (softmax, layer and batch norm,
// reductions), and elementwise or memory-bound kernels (everything else). Names are matched as lower
// case on known prefixes (Triton's triton_poi_, triton_red_, triton_per_, triton_tem_ decide alone),
// family names, and cuDNN's pass names at a token's start. Also the precision a matrix kernel computes in, from the
// types its name spells (cuBLAS's and cuDNN's f32f32_tf32f32, sgemm and ffma, CUTLASS's bf16 and
// h16816, nvjet's _h_ and template arguments such as <float> or c10::BFloat16). Pure, thread-safe.
class KernelClassifier {
public:
    enum class Class : std::uint8_t { Matmul, Normalization, Elementwise };
    // Half: fp16 or bf16 inputs (whatever they accumulate in); Unknown: the name spells no type.
    enum class Precision : std::uint8_t { Unknown, Fp32, Tf32, Half };
    static Class classify(std::string_view kernelName);
    static Precision precision(std::string_view kernelName);
    static std::string_view className(Class c);
};

} // namespace sightline
