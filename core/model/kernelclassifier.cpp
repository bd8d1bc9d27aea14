#include "core/model/kernelclassifier.h"

#include <algorithm>
#include <array>
#include <span>
#include <string>

namespace sightline {

namespace {

std::string lowered(std::string_view name)
{
    // Only the kernel's own name counts: its template arguments or parameter list may name types such
    // as "gemm_params" of a kernel that is not a GEMM. "(anonymous namespace)" is part of the name.
    std::size_t cut = name.find('<');
    for (std::size_t p = name.find('('); p != std::string_view::npos && p < cut; p = name.find('(', p + 1)) {
        if (name.substr(p, 10) != "(anonymous") {
            cut = p;
            break;
        }
    }
    std::string s(name.substr(0, std::min(cut, name.size())));
    for (char& c : s)
        c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    return s;
}

bool containsAny(const std::string& s, std::span<const std::string_view> needles)
{
    for (std::string_view n : needles) {
        if (s.find(n) != std::string::npos)
            return true;
    }
    return false;
}

// Whether one of needles begins a token of s: at its start or after a character that is no letter
// (cuDNN's sm80_xmma_dgrad_..., not TensorFlow's BiasAddGrad).
bool beginsAToken(const std::string& s, std::span<const std::string_view> needles)
{
    for (std::string_view n : needles) {
        for (std::size_t at = s.find(n); at != std::string::npos; at = s.find(n, at + 1)) {
            if (at == 0 || s[at - 1] < 'a' || s[at - 1] > 'z')
                return true;
        }
    }
    return false;
}

} // namespace

KernelClassifier::Class KernelClassifier::classify(std::string_view kernelName)
{
    const std::string s = lowered(kernelName);
    // Triton's kernels say what they are by their prefix; the rest of the name lists the ops fused
    // into them (triton_poi_fused_convolution_relu_0 adds a convolution's bias).
    if (s.starts_with("triton_tem_"))
        return Class::Matmul;
    if (s.starts_with("triton_poi_"))
        return Class::Elementwise;
    if (s.starts_with("triton_red_") || s.starts_with("triton_per_"))
        return Class::Normalization;
    // Vendor GEMM and convolution kernel families and their tile-shape spellings (sm90_xmma_gemm_...,
    // ampere_sgemm_128x64_nn, volta_h884gemm_..., cutlass::Kernel2, implicit_convolve_sgemm,
    // flash_fwd_kernel, fmha_cutlassF; cuBLAS's generated Hopper kernels, nvjet_sm90_tst_256x128_...),
    // TensorFlow's matrix ops (MatMul, BatchMatMulV2, _FusedMatMul) and a layer-wise profile's Linear.
    static constexpr std::array<std::string_view, 16> matmul { "gemm", "gemv", "cutlass", "xmma", "cublas", "nvjet",
        "convolve", "convolution", "conv1d", "conv2d", "conv3d", "winograd", "flash", "fmha", "attention", "matmul" };
    static constexpr std::array<std::string_view, 3> cudnnPasses { "wgrad", "dgrad", "fprop" };
    if (containsAny(s, matmul) || beginsAToken(s, cudnnPasses) || s == "linear")
        return Class::Matmul;
    static constexpr std::array<std::string_view, 11> norm { "norm", "softmax", "reduce", "welford", "_red_", "per_row",
        "per_col", "cross_entropy", "bn_fw", "bn_bw", "biasaddgrad" };
    if (containsAny(s, norm))
        return Class::Normalization;
    return Class::Elementwise;
}

KernelClassifier::Precision KernelClassifier::precision(std::string_view kernelName)
{
    // The whole name, template arguments included: a kernel's element type is often only there.
    std::string s(kernelName);
    for (char& c : s)
        c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    // 16-bit inputs first: mixed kernels (bf16bf16_bf16f32) accumulate in fp32. cuBLAS's s1688gemm
    // and s16816gemm spell their input type apart (ampere_fp16_s16816gemm_fp16, ampere_tf32_s1688gemm_tf32).
    static constexpr std::array<std::string_view, 9> half { "bf16", "fp16", "f16", "bfloat16", "half", "hgemm", "h884", "h1688", "h16816" };
    if (containsAny(s, half) || (s.starts_with("nvjet") && s.find("_h_") != std::string::npos))
        return Precision::Half;
    // CUTLASS's tensor-op kernels on fp32 elements run at TF32 (cutlass_80_tensorop_s1688gemm).
    const std::size_t tensorOp = s.find("tensorop_s");
    if (s.find("tf32") != std::string::npos
        || (tensorOp != std::string::npos && tensorOp + 10 < s.size() && s[tensorOp + 10] >= '0' && s[tensorOp + 10] <= '9'))
        return Precision::Tf32;
    static constexpr std::array<std::string_view, 6> single { "f32", "sgemm", "ffma", "float", "scudnn", "sgemv" };
    if (containsAny(s, single) || (s.starts_with("nvjet") && s.find("_s_") != std::string::npos))
        return Precision::Fp32;
    return Precision::Unknown;
}

std::string_view KernelClassifier::className(Class c)
{
    switch (c) {
    case Class::Matmul:
        return "matmul";
    case Class::Normalization:
        return "normalization";
    case Class::Elementwise:
        return "elementwise";
    }
    return "elementwise";
}

} // namespace sightline
