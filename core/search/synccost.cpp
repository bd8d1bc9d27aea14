#include "core/search/synccost.h"

#include "core/cost/linktopology.h"
#include "core/exec/analysiscache.h"
#include "core/exec/executiongraph.h"
#include "core/exec/tensormodel.h"
#include "core/replay/replayer.h"

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
    cost.m_algorithm = options.costModel.algorithmOf(g.string(comm->collective));
    cost.m_participants = std::max(1, comm->groupSize);
    switch (comm->route) {
    case RouteKind::Partial:
        cost.m_link = topology.partialRoute(g.rank(item), comm->groupSize).type;
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

TimeNs SyncCost::time(std::int64_t bytes) const
{
    return m_model.duration(m_algorithm, bytes, m_participants, m_link);
}

} // namespace sightline
