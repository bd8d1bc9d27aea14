#pragma once

#include "core/strategy/pass.h"

namespace sightline {

struct NetworkParameters {
    enum class IntraHost : std::uint8_t { NvLink, Pcie };
    enum class AllReduce : std::uint8_t { Ring, Tree };
    // Per link type (LinkType order): bandwidth in GB/s and latency in µs, where given.
    std::optional<double> nvlinkGBps, pcieGBps, networkGBps;
    std::optional<double> nvlinkLatencyUs, pcieLatencyUs, networkLatencyUs;
    double bandwidthScale = 1;
    std::optional<std::int64_t> ranksPerHost;
    std::optional<IntraHost> intraHost;
    std::optional<AllReduce> allReduce;
    std::optional<double> gamma;
};

// The network (Proteus §VI): bandwidth and latency per link type, ranks per host, how GPUs in a host
// connect, the all-reduce algorithm and the overlap slowdown γ. Transfers are then timed by the α–β
// cost model over the link topology, starting from the parameters fitted to the trace.
class NetworkPass : public PassWith<NetworkParameters> {
public:
    std::string_view name() const override;
    bool repeatable() const override { return true; }
    std::string_view summary() const override;
    bool needsCostModel() const override { return true; }

protected:
    const ParameterTable<NetworkParameters>& table() const override;
    Status run(const NetworkParameters& params, WhatIfJob& job) const override;
    void exportStep(const NetworkParameters& params, ExportContext& out) const override;
};

} // namespace sightline
