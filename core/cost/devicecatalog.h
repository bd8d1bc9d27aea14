#pragma once

#include <optional>
#include <string_view>

namespace sightline {

// What the vendor's datasheet says about one accelerator, for the models that need a device's own
// figures: how its GPUs reach each other inside a host, and its peak throughput per precision. Dense
// figures (no structured sparsity), per GPU (a dual-GPU board's figures halved). Zero where the device
// has no such unit. docs/fidelity.md names the datasheet of every entry.
struct DeviceSpec {
    std::string_view name; // as the catalog names it ("V100 SXM2")
    std::string_view source; // the datasheet the figures come from
    // The GPU-to-GPU fabric inside a host: NVLink (or AMD's Infinity Fabric), else PCIe. Unknown where
    // the name gives no form factor and the model comes in both (an "A100" without SXM or PCIe).
    std::optional<bool> nvlink;
    double gpuLinkGBps = 0; // per GPU and direction over that fabric (0: unknown)
    double memoryGBps = 0;
    double fp32Tflops = 0; // FP32 matrix throughput without tensor cores (or AMD's FP32 matrix cores)
    double tf32Tflops = 0; // TF32 tensor cores (0: none)
    double fp16Tflops = 0; // FP16 tensor cores, or FP16 units at twice FP32 (0: no faster FP16)
    double bf16Tflops = 0; // BF16 tensor cores (0: no BF16 at more than FP32's rate)
};

// Looks devices up by the name a trace records (Kineto's deviceProperties name, a layer-wise profile's
// device): "Tesla V100-SXM2-16GB", "NVIDIA A100-SXM4-80GB", "NVIDIA H100 80GB HBM3", "AMD Instinct
// MI300X", "Tesla K80". The model is a word of the name (so "A10" is not "A100"), the form factor
// another (SXM, PCIe, NVL, HBM3). Case-insensitive. Thread-safe (immutable).
class DeviceCatalog {
public:
    // The device the name stands for, or nothing when the catalog does not know it.
    static std::optional<DeviceSpec> find(std::string_view deviceName);
};

} // namespace sightline
