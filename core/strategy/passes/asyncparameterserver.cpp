#include "core/strategy/passes/asyncparameterserver.h"

#include "core/base/message.h"
#include "core/exec/executiongraphbuilder.h"

#include <algorithm>
#include <map>
#include <string>

namespace sightline {

namespace {

// Names every rank's host, so that the servers can have hosts of their own: the trace's names where
// it gives them all, else hosts of the topology's ranks per host in rank order (said in a warning
// when that is the default). The topology then places ranks by these names.
void nameHosts(const ExecutionGraph& g, ExecutionGraphBuilder& b, WhatIfJob& job)
{
    TopologyOptions& topology = job.options.topology;
    const bool named
        = std::all_of(g.ranks().begin(), g.ranks().end(), [](const ExecRank& r) { return !r.host.empty(); });
    if (named && topology.ranksPerHost <= 0)
        return;
    const int perHost = topology.ranksPerHost > 0 ? topology.ranksPerHost : TopologyOptions::kDefaultRanksPerHost;
    if (topology.ranksPerHost <= 0 && g.ranks().size() > 1)
        job.warnings.emplace_back(SL_TEXT("Core",
                                      "the trace names no hosts: the workers are placed %1 to a host (worker_count's "
                                      "ranks_per_host sets them)"),
            std::vector<Message::Arg> { perHost });
    std::vector<RankId> order;
    for (std::uint32_t r = 0; r < g.ranks().size(); ++r)
        order.push_back(RankId(r));
    std::stable_sort(order.begin(), order.end(),
        [&](RankId a, RankId c) { return g.ranks()[a.value()].rank < g.ranks()[c.value()].rank; });
    for (std::size_t k = 0; k < order.size(); ++k)
        b.setRankHost(order[k], "host " + std::to_string(k / static_cast<std::size_t>(perHost)));
    topology.ranksPerHost = 0;
}

// The servers: ranks with no work, after the job's last rank, each on a host of its own.
std::vector<RankId> addServers(const ExecutionGraph& g, ExecutionGraphBuilder& b, int servers)
{
    std::int32_t next = 0;
    for (const ExecRank& r : g.ranks())
        next = std::max(next, r.rank + 1);
    std::vector<RankId> out;
    for (int k = 0; k < servers; ++k)
        out.push_back(b.addRank({ RankId(), next + k, "parameter server " + std::to_string(k), "" }));
    return out;
}

// One collective's transfers once every worker serves itself: per rank, its push and its pull.
struct Split {
    std::map<std::uint32_t, std::pair<ItemId, ItemId>> byRank; // rank → (push, pull)

    // The push (or pull) of an item's rank; every one for an item of no rank.
    std::vector<ItemId> of(RankId rank, bool pull) const
    {
        std::vector<ItemId> out;
        for (const auto& [r, items] : byRank) {
            if (!rank.isValid() || r == rank.value())
                out.push_back(pull ? items.second : items.first);
        }
        return out;
    }
};

// Replaces collective c by a push and a pull per participant, through the server given.
void split(const ExecutionGraph& g, ExecutionGraphBuilder& b, ItemId c, RankId server, StringId push, StringId pull)
{
    const CommCost& cost = *g.comm(c);
    Split parts;
    const auto transfer = [&](ItemId participant, StringId name) {
        ExecutionGraphBuilder::Item columns = ExecutionGraphBuilder::columnsOf(g, c);
        columns.name = name;
        const ItemId item = b.addItem(columns, g.origin(participant));
        const RankId ranks[] = { g.rank(participant), server };
        b.setComm(item, { cost.bytes, name, RouteKind::Server, 2 }, ranks);
        return item;
    };
    for (std::uint32_t s = g.inBegin(c.value()); s < g.inBegin(c.value() + 1); ++s) {
        const ItemId participant(g.inSource(s));
        if (g.edgeKind(g.inEdge(s)) != EdgeKind::Arrive || !g.rank(participant).isValid())
            continue;
        const ItemId pushed = transfer(participant, push);
        const ItemId pulled = transfer(participant, pull);
        b.addEdge(participant, pushed, EdgeKind::Arrive, EdgeRef::StartToStart);
        b.addEdge(pushed, pulled, EdgeKind::Explicit, EdgeRef::EndToStart);
        b.addEdge(pulled, participant, EdgeKind::Release, EdgeRef::EndToEnd);
        parts.byRank[g.rank(participant).value()] = { pushed, pulled };
    }
    // Every other edge of the collective: from its rank's pull, to its rank's push.
    for (std::uint32_t e = g.outBegin(c.value()); e < g.outBegin(c.value() + 1); ++e) {
        const ItemId target(g.target(e));
        if (g.edgeKind(e) != EdgeKind::Release)
            for (ItemId from : parts.of(g.rank(target), true))
                b.addEdge(from, target, g.edgeKind(e), g.ref(e));
    }
    for (std::uint32_t s = g.inBegin(c.value()); s < g.inBegin(c.value() + 1); ++s) {
        const ItemId source(g.inSource(s));
        if (g.edgeKind(g.inEdge(s)) != EdgeKind::Arrive)
            for (ItemId to : parts.of(g.rank(source), false))
                b.addEdge(source, to, g.edgeKind(g.inEdge(s)), g.ref(g.inEdge(s)));
    }
    b.removeItem(c);
}

} // namespace

Status AsyncParameterServer::apply(WhatIfJob& job, int servers, const IsData& isData)
{
    const ExecutionGraph& g = *job.graph;
    std::vector<ItemId> collectives;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (g.comm(item) && !g.track(item).isValid() && isCommunication(g.kind(item)) && isData(item))
            collectives.push_back(item);
    }
    if (collectives.empty())
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core",
                "mode 'async_ps' needs the job's data-parallel collectives, whose gradients the servers would take, "
                "and the job has none")));
    ExecutionGraphBuilder b(g);
    nameHosts(g, b, job);
    const std::vector<RankId> server = addServers(g, b, servers);
    const StringId push = b.intern("push"), pull = b.intern("pull");
    std::map<std::int32_t, std::size_t> bucketsOfStep; // by the step a collective starts in
    for (const ItemId c : collectives) {
        const std::size_t k
            = bucketsOfStep[g.stepOfStart(c) < 0 ? -1 : g.steps()[static_cast<std::size_t>(g.stepOfStart(c))].number]++;
        split(g, b, c, server[k % server.size()], push, pull);
    }
    b.setAsynchronous(true);
    const auto workers = static_cast<std::int64_t>(g.ranks().size()); // g goes with the rebuild
    if (Status s = job.rebuild(b); !s.ok())
        return s;
    job.warnings.emplace_back(
        SL_TEXT("Core",
            "asynchronous parameter server: each of %1 workers pushes every gradient bucket to a server (%2 in all, "
            "each on a host of its own) and pulls it back, waiting for no other worker; the iteration is the "
            "workers' mean step, in which the job makes %1 steps"),
        std::vector<Message::Arg> { workers, servers });
    job.warnings.emplace_back(SL_TEXT("Core",
        "the replayed workers start in lock-step, as measured, and sharing the servers' interfaces equally keeps them "
        "so, where real workers drift apart: the replay is the most contended case (scale --mode async-ps models the "
        "drift), and the servers' update is taken to cost nothing"));
    return {};
}

} // namespace sightline
