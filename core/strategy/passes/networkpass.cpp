#include "core/strategy/passes/networkpass.h"

#include "core/base/message.h"
#include "core/cost/linktopology.h"
#include "core/exec/executiongraph.h"
#include "core/strategy/exportcontext.h"

#include <string>

namespace sightline {

std::string_view NetworkPass::name() const
{
    return "network";
}

std::string_view NetworkPass::summary() const
{
    return SL_TEXT("Core", "Sets link bandwidths and latencies, the hosts, the all-reduce algorithm and the overlap slowdown.");
}

const ParameterTable<NetworkParameters>& NetworkPass::table() const
{
    using T = ParameterSpec::Type;
    using P = NetworkParameters;
    static const ParameterTable<P> table {
        { &P::nvlinkGBps, { "nvlink_gbps", T::Number, "GB/s", 0.001, 1e5, "", {}, SL_TEXT("Core", "NVLink bandwidth per GPU"), true } },
        { &P::pcieGBps, { "pcie_gbps", T::Number, "GB/s", 0.001, 1e5, "", {}, SL_TEXT("Core", "PCIe bandwidth per GPU"), true } },
        { &P::networkGBps, { "network_gbps", T::Number, "GB/s", 0.001, 1e5, "", {}, SL_TEXT("Core", "network bandwidth per host"), true } },
        { &P::nvlinkLatencyUs, { "nvlink_latency_us", T::Number, "us", 0, 1e6, "", {}, SL_TEXT("Core", "NVLink latency per algorithm step"), true } },
        { &P::pcieLatencyUs, { "pcie_latency_us", T::Number, "us", 0, 1e6, "", {}, SL_TEXT("Core", "PCIe latency per algorithm step"), true } },
        { &P::networkLatencyUs, { "network_latency_us", T::Number, "us", 0, 1e6, "", {}, SL_TEXT("Core", "network latency per algorithm step"), true } },
        { &P::bandwidthScale, { "bandwidth_scale", T::Number, "x", 0.001, 1000, "1", {}, SL_TEXT("Core", "multiplies every link's bandwidth, after the values above") } },
        { &P::ranksPerHost, { "ranks_per_host", T::Integer, "", 1, 1e6, "", {}, SL_TEXT("Core", "ranks per host, in rank order"), true } },
        { &P::intraHost, { "intra_host", T::Choice, "", 0, 0, "", { "nvlink", "pcie" }, SL_TEXT("Core", "how GPUs in one host reach each other"), true } },
        { &P::allReduce, { "allreduce", T::Choice, "", 0, 0, "", { "ring", "tree" }, SL_TEXT("Core", "the all-reduce algorithm"), true } },
        { &P::gamma, { "gamma", T::Number, "", 0, 10, "", {}, SL_TEXT("Core", "slowdown of compute while communication overlaps it (0.1: 10%)"), true } },
    };
    return table;
}

Status NetworkPass::run(const NetworkParameters& params, WhatIfJob& job) const
{
    ReplayOptions& o = job.options;
    o.communication = CommSource::CostModel;
    const std::optional<double> bandwidth[kLinkTypeCount] = { params.nvlinkGBps, params.pcieGBps, params.networkGBps };
    const std::optional<double> latency[kLinkTypeCount] = { params.nvlinkLatencyUs, params.pcieLatencyUs, params.networkLatencyUs };
    for (int l = 0; l < kLinkTypeCount; ++l) {
        const auto type = static_cast<LinkType>(l);
        LinkParameters p = o.costModel.parameters(type);
        if (bandwidth[l])
            p.bytesPerNs = *bandwidth[l];
        if (latency[l])
            p.alphaNs = *latency[l] * 1000.0;
        p.bytesPerNs *= params.bandwidthScale;
        // Steps of this pass compose by multiplying; below 1 kB/s a link is not a link, and the times
        // of its transfers would leave the range replays keep.
        constexpr double kMinBytesPerNs = 1e-6;
        if (p.bytesPerNs < kMinBytesPerNs)
            return Status::error(ErrorCode::ValueOutOfRange, {}, -1,
                Message(SL_TEXT("Core", "%1 bandwidth falls to %2 bytes/s (the scales of every network step multiply); at least 1000 bytes/s is modelled"),
                    { linkTypeName(type), std::to_string(p.bytesPerNs * 1e9) }));
        o.costModel.setParameters(type, p);
        if (bandwidth[l] || latency[l])
            o.setGiven(type);
    }
    if (params.ranksPerHost && job.graph->asynchronous())
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core",
                "ranks_per_host cannot place the workers once worker_count's async_ps mode has put the parameter "
                "servers on hosts of their own: give it before that step")));
    if (params.ranksPerHost)
        o.topology.ranksPerHost = static_cast<int>(*params.ranksPerHost);
    if (params.intraHost)
        o.topology.intraHost = *params.intraHost == NetworkParameters::IntraHost::Pcie ? LinkType::Pcie : LinkType::NvLink;
    if (params.allReduce)
        o.costModel.treeAllReduce = *params.allReduce == NetworkParameters::AllReduce::Tree;
    if (params.gamma)
        o.overlapSlowdown = *params.gamma;
    return {};
}

void NetworkPass::exportStep(const NetworkParameters&, ExportContext& out) const
{
    out.cannotAll("links' bandwidth and latency are the cluster's hardware, not a framework setting");
}

} // namespace sightline
