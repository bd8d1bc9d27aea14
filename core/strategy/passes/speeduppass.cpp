#include "core/strategy/passes/speeduppass.h"

#include "core/base/checkedmath.h"
#include "core/base/globmatch.h"
#include "core/exec/executiongraphbuilder.h"

#include <array>

namespace sightline {

namespace {

bool kindMatches(const std::string& kind, OpKind k)
{
    if (kind == "any")
        return true;
    if (kind == "compute")
        return k == OpKind::ComputeKernel || k == OpKind::Memset;
    if (kind == "communication")
        return isCommunication(k) || k == OpKind::Memcpy;
    if (kind == "cpu")
        return k == OpKind::CpuOp;
    if (kind == "runtime")
        return k == OpKind::Runtime;
    return kind == "io" && k == OpKind::Io;
}

} // namespace

std::string_view SpeedupPass::name() const
{
    return "speedup";
}

std::string_view SpeedupPass::summary() const
{
    return "Makes the matched items a percentage faster (or slower).";
}

std::span<const ParameterSpec> SpeedupPass::parameters() const
{
    using T = ParameterSpec::Type;
    static const std::array<ParameterSpec, 5> specs { {
        { "percent", T::Number, "%", -900, 99.9, "", {}, "how much less of its own time each matched item takes; below zero, more" },
        { "match", T::Text, "", 0, 0, "*", {}, "item names to match: * any characters, ? any one" },
        { "kind", T::Choice, "", 0, 0, "any", { "any", "compute", "communication", "cpu", "runtime", "io" }, "kind of item to match" },
        { "rank", T::Integer, "", -1, 1e9, "-1", {}, "global rank to match; -1 for all" },
        { "ops", T::Ops, "", 0, 0, "", {}, "only items made from these measured ops (ids as \"3-9,12\", as picked in the window); left out, any", true },
    } };
    return specs;
}

Status SpeedupPass::apply(const PassArguments& args, WhatIfJob& job) const
{
    const ExecutionGraph& g = *job.graph;
    const double factor = 1.0 - args.number("percent") / 100.0;
    const std::string& pattern = args.text("match");
    const std::string& kind = args.text("kind");
    const std::int64_t rank = args.integer("rank");
    const OpSet& ops = args.ops("ops");
    if (Status s = args.checkOps("ops", g.trace().opCount(), name()); !s.ok())
        return s;
    if (rank >= 0) {
        bool found = false;
        for (const ExecRank& r : g.ranks())
            found = found || r.rank == rank;
        if (!found)
            return Status::error(ErrorCode::InvalidArgument, {}, -1, "rank " + std::to_string(rank) + " is not in the job");
    }
    ExecutionGraphBuilder b(g);
    std::size_t matched = 0, modelled = 0;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        const OpKind k = g.kind(item);
        // Host waits last as long as what they wait for.
        if (k == OpKind::Sync || !kindMatches(kind, k))
            continue;
        if (rank >= 0 && (!g.rank(item).isValid() || g.ranks()[g.rank(item).value()].rank != rank))
            continue;
        if (!globMatch(pattern, g.name(item)) || (!ops.empty() && !ops.containsAny(g.origin(item))))
            continue;
        ++matched;
        if (g.comm(item) && job.options.communication == CommSource::CostModel)
            ++modelled;
        b.setMinDuration(item, CheckedMath::saturatingRound(static_cast<double>(g.minDuration(item)) * factor));
    }
    if (matched == 0)
        job.warnings.push_back("speedup: no item matched '" + pattern + "' (kind " + kind + (ops.empty() ? "" : ", among the chosen ops") + ")");
    if (modelled > 0)
        job.warnings.push_back("speedup: " + std::to_string(modelled) + " matched transfers are timed by the cost model, which this pass does not change; the network pass does");
    return job.rebuild(b);
}

} // namespace sightline
