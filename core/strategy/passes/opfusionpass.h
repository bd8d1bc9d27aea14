#pragma once

#include "core/strategy/pass.h"

namespace sightline {

struct OpFusionParameters {
    enum class Kernels : std::uint8_t { Elementwise, All };
    enum class AcrossWaits : std::uint8_t { No, Yes };
    enum class Cost : std::uint8_t { Traffic, Ratio };
    enum class Layouts : std::uint8_t { ChannelsLast, Keep };
    std::string match;
    Kernels kernels = Kernels::Elementwise;
    std::optional<std::string> within;
    std::int64_t maxOps = 0;
    Cost cost = Cost::Traffic;
    double ratio = 1;
    OpSet ops;
    AcrossWaits acrossWaits = AcrossWaits::No;
    Layouts layouts = Layouts::ChannelsLast;
};

// Op fusion (dPRO §5.1, Theorem 1; what XLA and TorchInductor do): runs of adjacent compute kernels on
// one device stream become one fused kernel: the device gaps between them and the launch calls of all
// but the first are saved. Kernels fuse when they are neighbours on the stream in one step and phase,
// match the pattern and class, and (with `within`) were launched inside a host span of that name. The
// fused kernel stands for all of their ops. Its time (cost traffic) is, for each memory-bound kernel
// whose op recorded its input shapes, the kernel's bytes at the bandwidth the job's own elementwise
// kernels reach (KernelTraffic), never more than it measured, and for the others a ratio of their time
// (cost ratio: for all). With layouts channels_last, cuDNN's layout conversions around convolutions go,
// fused or not, as a compiler that plans channels-last layouts removes them. A kernel that another
// stream or the host waits for (a gradient's producer, an event) ends a run unless across_waits is
// yes: then what waited for it waits for the fused kernel's end, as a fused kernel's outputs are all
// ready at its end (dPRO Theorem 3 pairs such a fusion with fusing those gradients); a fusion that makes
// the graph wait in a cycle fails at replay. Not modelled: host work of the fused ops other than their
// launches, and the traffic of intermediates a fused kernel keeps on chip (each kernel keeps its own).
class OpFusionPass : public PassWith<OpFusionParameters> {
public:
    std::string_view name() const override;
    std::string_view summary() const override;

protected:
    const ParameterTable<OpFusionParameters>& table() const override;
    Status run(const OpFusionParameters& params, WhatIfJob& job) const override;
    void exportStep(const OpFusionParameters& params, ExportContext& out) const override;
};

} // namespace sightline
