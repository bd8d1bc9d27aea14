#pragma once

#include "core/strategy/pass.h"

namespace sightline {

// The network (Proteus §VI): bandwidth and latency per link type, ranks per host, how GPUs in a host
// connect, the all-reduce algorithm and the overlap slowdown γ. Transfers are then timed by the α–β
// cost model over the link topology, starting from the parameters fitted to the trace.
class NetworkPass : public Pass {
public:
    std::string_view name() const override;
    std::string_view summary() const override;
    std::span<const ParameterSpec> parameters() const override;
    bool needsCostModel() const override { return true; }
    Status apply(const PassArguments& args, WhatIfJob& job) const override;
};

} // namespace sightline
