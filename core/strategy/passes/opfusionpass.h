#pragma once

#include "core/strategy/pass.h"

namespace sightline {

struct OpFusionParameters {
    enum class Kernels : std::uint8_t { Elementwise, All };
    enum class AcrossWaits : std::uint8_t { No, Yes };
    std::string match;
    Kernels kernels = Kernels::Elementwise;
    std::optional<std::string> within;
    std::int64_t maxOps = 0;
    double ratio = 1;
    OpSet ops;
    AcrossWaits acrossWaits = AcrossWaits::No;
};

// Op fusion (dPRO §5.1, Theorem 1; what XLA and TorchInductor do): runs of adjacent compute kernels on
// one device stream become one fused kernel that lasts the sum of their times (or a given ratio of it):
// the device gaps between them and the launch calls of all but the first are saved. Kernels fuse when
// they are neighbours on the stream in one step and phase, match the pattern and class, and (with
// `within`) were launched inside a host span of that name. The fused kernel stands for all of their ops.
// A kernel that another stream or the host waits for (a gradient's producer, an event) ends a run unless
// across_waits is yes: then what waited for it waits for the fused kernel's end, as a fused kernel's
// outputs are all ready at its end (dPRO Theorem 3 pairs such a fusion with fusing those gradients);
// a fusion that makes the graph wait in a cycle fails at replay. Not modelled: host work of the fused
// ops other than their launches, and memory traffic saved inside the fused kernel beyond the ratio.
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
