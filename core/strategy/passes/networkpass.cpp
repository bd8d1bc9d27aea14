#include "core/strategy/passes/networkpass.h"

#include <array>

namespace sightline {

std::string_view NetworkPass::name() const
{
    return "network";
}

std::string_view NetworkPass::summary() const
{
    return "Sets link bandwidths and latencies, the hosts, the all-reduce algorithm and the overlap slowdown.";
}

std::span<const ParameterSpec> NetworkPass::parameters() const
{
    using T = ParameterSpec::Type;
    static const std::array<ParameterSpec, 11> specs { {
        { "nvlink_gbps", T::Number, "GB/s", 0.001, 1e5, "", {}, "NVLink bandwidth per GPU", true },
        { "pcie_gbps", T::Number, "GB/s", 0.001, 1e5, "", {}, "PCIe bandwidth per GPU", true },
        { "network_gbps", T::Number, "GB/s", 0.001, 1e5, "", {}, "network bandwidth per host", true },
        { "nvlink_latency_us", T::Number, "us", 0, 1e6, "", {}, "NVLink latency per algorithm step", true },
        { "pcie_latency_us", T::Number, "us", 0, 1e6, "", {}, "PCIe latency per algorithm step", true },
        { "network_latency_us", T::Number, "us", 0, 1e6, "", {}, "network latency per algorithm step", true },
        { "bandwidth_scale", T::Number, "x", 0.001, 1000, "1", {}, "multiplies every link's bandwidth, after the values above" },
        { "ranks_per_host", T::Integer, "", 1, 1e6, "", {}, "ranks per host, in rank order", true },
        { "intra_host", T::Choice, "", 0, 0, "", { "nvlink", "pcie" }, "how GPUs in one host reach each other", true },
        { "allreduce", T::Choice, "", 0, 0, "", { "ring", "tree" }, "the all-reduce algorithm", true },
        { "gamma", T::Number, "", 0, 10, "", {}, "slowdown of compute while communication overlaps it (0.1: 10%)", true },
    } };
    return specs;
}

Status NetworkPass::apply(const PassArguments& args, WhatIfJob& job) const
{
    ReplayOptions& o = job.options;
    o.communication = CommSource::CostModel;
    const char* names[kLinkTypeCount] = { "nvlink", "pcie", "network" };
    for (int l = 0; l < kLinkTypeCount; ++l) {
        const auto type = static_cast<LinkType>(l);
        LinkParameters p = o.costModel.parameters(type);
        const std::string prefix = names[l];
        if (args.given(prefix + "_gbps"))
            p.bytesPerNs = args.number(prefix + "_gbps");
        if (args.given(prefix + "_latency_us"))
            p.alphaNs = args.number(prefix + "_latency_us") * 1000.0;
        p.bytesPerNs *= args.number("bandwidth_scale");
        o.costModel.setParameters(type, p);
    }
    if (args.given("ranks_per_host"))
        o.topology.ranksPerHost = static_cast<int>(args.integer("ranks_per_host"));
    if (args.given("intra_host"))
        o.topology.intraHost = args.text("intra_host") == "pcie" ? LinkType::Pcie : LinkType::NvLink;
    if (args.given("allreduce"))
        o.costModel.treeAllReduce = args.text("allreduce") == "tree";
    if (args.given("gamma"))
        o.overlapSlowdown = args.number("gamma");
    return {};
}

} // namespace sightline
