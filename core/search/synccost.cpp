#include "core/search/synccost.h"

#include "core/cost/linktopology.h"
#include "core/exec/analysiscache.h"
#include "core/exec/executiongraph.h"
#include "core/exec/tensormodel.h"
#include "core/replay/replayer.h"

#include <algorithm>

namespace sightline {

Expected<SyncCost> SyncCost::of(const AnalysisCache& analyses, const ReplayOptions& options)
{
    const Expected<TensorModel>& model = analyses.tensors();
    if (!model)
        return model.status();
    const ExecutionGraph& g = analyses.graph();
    SyncCost cost;
    cost.m_model = options.costModel;
    if (model->steps().empty() || model->steps().front().buckets.empty())
        return cost;
    const TensorModel::Bucket& bucket = model->steps().front().buckets.front();
    const ItemId item = bucket.collective.isValid() ? bucket.collective : bucket.participants.front();
    const CommCost* comm = g.comm(item);
    if (!comm)
        return cost;
    const LinkTopology topology(placementsOf(g.ranks()), options.topology);
    cost.m_intraHost = topology.intraHost();
    // Ranks per host as worker_count places added ranks: as given, as the trace's hosts hold them, or
    // the topology's default where the trace names no hosts.
    if (options.topology.ranksPerHost > 0)
        cost.m_ranksPerHost = options.topology.ranksPerHost;
    else if (topology.hostsAssumed())
        cost.m_ranksPerHost = TopologyOptions::kDefaultRanksPerHost;
    else
        cost.m_ranksPerHost = std::max<int>(1, static_cast<int>(g.ranks().size()) / std::max(1, topology.hostCount()));
    cost.m_placed = comm->route != RouteKind::Host;
    cost.m_algorithm = options.costModel.algorithmOf(g.string(comm->collective));
    cost.m_participants = std::max(1, comm->groupSize);
    switch (comm->route) {
    case RouteKind::Partial:
        // Its group reaches past the trace's ranks: it crosses the network once the group outgrows a
        // host, as the route itself does.
        cost.m_link = topology.partialRoute(g.rank(item), comm->groupSize).type;
        cost.m_ranksPerHost = std::max(1, topology.ranksPerHost());
        break;
    case RouteKind::Host:
        cost.m_link = topology.hostRoute(g.commRanks(*comm)).type;
        break;
    default:
        cost.m_link = topology.route(g.commRanks(*comm)).type;
        break;
    }
    return cost;
}

SyncCost SyncCost::among(int workers) const
{
    SyncCost other = *this;
    other.m_participants = std::max(1, workers);
    if (m_placed)
        other.m_link = workers <= m_ranksPerHost ? m_intraHost : LinkType::Network;
    return other;
}

TimeNs SyncCost::time(std::int64_t bytes) const
{
    return m_model.duration(m_algorithm, bytes, m_participants, m_link);
}

} // namespace sightline
