#include "core/strategy/passes/speeduppass.h"

#include "core/base/checkedmath.h"
#include "core/base/globpattern.h"
#include "core/base/message.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/strategy/exportcontext.h"

#include <array>

namespace sightline {

namespace {

using Kind = SpeedupParameters::Kind;

bool kindMatches(Kind kind, OpKind k)
{
    switch (kind) {
    case Kind::Any: return true;
    case Kind::Compute: return k == OpKind::ComputeKernel || k == OpKind::Memset;
    case Kind::Communication: return isCommunication(k) || k == OpKind::Memcpy;
    case Kind::Cpu: return k == OpKind::CpuOp;
    case Kind::Runtime: return k == OpKind::Runtime;
    case Kind::Io: return k == OpKind::Io;
    }
    return false;
}

const char* kindName(Kind kind)
{
    constexpr const char* names[] = { "any", "compute", "communication", "cpu", "runtime", "io" };
    return names[static_cast<int>(kind)];
}

} // namespace

std::string_view SpeedupPass::name() const
{
    return "speedup";
}

std::string_view SpeedupPass::summary() const
{
    return SL_TEXT("Core", "Makes the matched items a percentage faster (or slower).");
}

const ParameterTable<SpeedupParameters>& SpeedupPass::table() const
{
    using T = ParameterSpec::Type;
    using P = SpeedupParameters;
    static const ParameterTable<P> table {
        { &P::percent, { "percent", T::Number, "%", -900, 99.9, "", {}, SL_TEXT("Core", "how much less of its own time each matched item takes; below zero, more") } },
        { &P::match, { "match", T::Text, "", 0, 0, "*", {}, SL_TEXT("Core", "item names to match: * any characters, ? any one") } },
        { &P::kind, { "kind", T::Choice, "", 0, 0, "any", { "any", "compute", "communication", "cpu", "runtime", "io" }, SL_TEXT("Core", "kind of item to match") } },
        { &P::rank, { "rank", T::Integer, "", -1, 1e9, "-1", {}, SL_TEXT("Core", "global rank to match; -1 for all") } },
        { &P::ops,
            { "ops", T::Ops, "", 0, 0, "", {}, SL_TEXT("Core", "only items made from these measured ops (ids as \"3-9,12\", as picked in the window); left out, any"), true } },
    };
    return table;
}

Status SpeedupPass::run(const SpeedupParameters& params, WhatIfJob& job) const
{
    const ExecutionGraph& g = *job.graph;
    const double factor = 1.0 - params.percent / 100.0;
    const std::string& pattern = params.match;
    const GlobPattern glob(pattern);
    const Kind kind = params.kind;
    const std::int64_t rank = params.rank;
    const OpSet& ops = params.ops;
    if (Status s = ops.fits(g.trace().opCount()); !s.ok())
        return s;
    if (rank >= 0) {
        bool found = false;
        for (const ExecRank& r : g.ranks())
            found = found || r.rank == rank;
        if (!found)
            return Status::error(ErrorCode::InvalidArgument, {}, -1, Message(SL_TEXT("Core", "rank %1 is not in the job"), { rank }));
    }
    // What each item takes of the speed-up: 1 matched, 2 enclosed by a matched op (its nested work and
    // the device work that work launched), 0 none.
    const std::uint32_t n = g.itemCount();
    std::vector<std::uint8_t> part(n, 0);
    std::vector<std::uint32_t> open;
    std::size_t matched = 0, modelled = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
        const ItemId item(i);
        const OpKind k = g.kind(item);
        // Host waits last as long as what they wait for; the window's context stays as measured.
        if (k == OpKind::Sync || !kindMatches(kind, k) || g.hasFlag(item, ExecutionGraph::Context))
            continue;
        if (rank >= 0 && (!g.rank(item).isValid() || g.ranks()[g.rank(item).value()].rank != rank))
            continue;
        if (!glob.matches(g.measuredName(item)) || (!ops.empty() && !ops.containsAny(g.origin(item))))
            continue;
        ++matched;
        if (g.comm(item) && job.options.communication == CommSource::CostModel)
            ++modelled;
        part[i] = 1;
        open.push_back(i);
    }
    // A matched op that encloses others takes them with it: its nested host work, the gaps between it,
    // and (unless only host work is asked for) the device work it launched.
    const bool device = kind == Kind::Any;
    std::size_t enclosing = 0, enclosed = 0;
    for (const std::uint32_t root : std::vector<std::uint32_t>(open)) {
        std::size_t before = enclosed;
        std::vector<std::uint32_t> stack { root };
        while (!stack.empty()) {
            const std::uint32_t i = stack.back();
            stack.pop_back();
            for (std::uint32_t e = g.outBegin(i); e < g.outBegin(i + 1); ++e) {
                const std::uint32_t j = g.target(e);
                const EdgeKind ek = g.edgeKind(e);
                const bool nested = ek == EdgeKind::Nest, launched = ek == EdgeKind::Launch && device;
                if ((!nested && !launched) || part[j] != 0 || g.kind(ItemId(j)) == OpKind::Sync)
                    continue;
                part[j] = 2;
                ++enclosed;
                stack.push_back(j);
            }
        }
        enclosing += enclosed > before;
    }
    ExecutionGraphBuilder b(g);
    const auto scaled = [&](TimeNs t) { return CheckedMath::saturatingRound(static_cast<double>(t) * factor); };
    for (std::uint32_t i = 0; i < n; ++i) {
        if (part[i] == 0)
            continue;
        const ItemId item(i);
        b.setMinDuration(item, scaled(g.minDuration(item)));
        b.setTail(item, scaled(g.tail(item)));
        // Host time between enclosed work goes with it; a device item's gap is its queue and launch.
        if (part[i] == 2 && !g.onDevice(item))
            b.setGap(item, scaled(g.gap(item)));
    }
    if (matched == 0 && ops.empty())
        job.warnings.emplace_back(SL_TEXT("Core", "no item matched '%1' (kind %2)"), std::vector<Message::Arg> { pattern, kindName(kind) });
    else if (matched == 0)
        job.warnings.emplace_back(SL_TEXT("Core", "no item matched '%1' (kind %2) among the chosen ops"), std::vector<Message::Arg> { pattern, kindName(kind) });
    if (enclosing > 0 && device)
        job.warnings.emplace_back(SL_TEXT("Core", "%1 matched ops enclose other work: %2 items inside them (nested host work and the device work it launched) take the speed-up with them"),
            std::vector<Message::Arg> { enclosing, enclosed });
    else if (enclosing > 0)
        job.warnings.emplace_back(SL_TEXT("Core", "%1 matched ops enclose other work: %2 items inside them (nested host work) take the speed-up with them"),
            std::vector<Message::Arg> { enclosing, enclosed });
    if (modelled > 0)
        job.warnings.emplace_back(SL_TEXT("Core", "%1 matched transfers are timed by the cost model, which this pass does not change; the network pass does"),
            std::vector<Message::Arg> { modelled });
    return job.rebuild(b, AnalysisCache::kAll); // costs alone change
}

void SpeedupPass::exportStep(const SpeedupParameters&, ExportContext& out) const
{
    out.cannotAll("a speed-up asks what faster work would give; no framework setting makes work faster");
}

} // namespace sightline
