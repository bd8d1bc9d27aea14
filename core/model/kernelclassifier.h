#pragma once

#include <cstdint>
#include <string_view>

namespace sightline {

// What a device compute kernel mostly does, from its name, for the passes that re-cost kernels by what
// bounds them: matrix and convolution kernels (tensor-core bound: GEMMs of cuBLAS, CUTLASS and Triton,
// cuDNN convolutions, fused attention), reductions and normalisations (softmax, layer and batch norm,
// reductions), and elementwise or memory-bound kernels (everything else). Names are matched as lower
// case on whole tokens or known prefixes. Pure, thread-safe.
class KernelClassifier {
public:
    enum class Class : std::uint8_t { Matmul, Normalization, Elementwise };
    static Class classify(std::string_view kernelName);
    static std::string_view className(Class c);
};

} // namespace sightline
