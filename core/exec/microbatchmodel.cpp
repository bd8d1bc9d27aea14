#include "core/exec/microbatchmodel.h"

#include <map>

namespace sightline {

namespace {

// Whether the item takes part in gradient synchronisation: communication, or a host call launching it.
bool isSynchronisation(const ExecutionGraph& g, ItemId i)
{
    if (isCommunication(g.kind(i)))
        return true;
    for (std::uint32_t e = g.outBegin(i.value()); e < g.outBegin(i.value() + 1); ++e) {
        if (g.edgeKind(e) == EdgeKind::Launch && isCommunication(g.kind(ItemId(g.target(e)))))
            return true;
    }
    return false;
}

} // namespace

MicroBatchModel MicroBatchModel::of(const ExecutionGraph& g)
{
    std::map<std::pair<std::uint32_t, std::int32_t>, MicroBatch> batches;
    auto current = batches.end(); // the last item's: items of one rank-step mostly follow each other
    // A step's marker (ProfilerStep, a CPU op in older traces, so of the forward phase) spans the step.
    std::vector<std::uint8_t> marker(g.itemCount(), 0);
    for (const ExecStep& s : g.steps()) {
        if (s.marker.isValid())
            marker[s.marker.value()] = 1;
    }
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        const Phase p = g.phase(item);
        if ((p != Phase::Forward && p != Phase::Backward) || g.stepOfStart(item) < 0 || !g.rank(item).isValid() || marker[i])
            continue;
        const std::pair<std::uint32_t, std::int32_t> key { g.rank(item).value(), g.stepOfStart(item) };
        if (current == batches.end() || current->first != key) {
            current = batches.try_emplace(key).first;
            current->second.rank = g.rank(item);
            current->second.step = key.second;
        }
        MicroBatch& mb = current->second;
        mb.all.push_back(item);
        if (!isSynchronisation(g, item))
            mb.repeated.push_back(item);
    }
    MicroBatchModel model;
    model.m_batches.reserve(batches.size());
    for (auto& [key, mb] : batches)
        model.m_batches.push_back(std::move(mb));
    return model;
}

} // namespace sightline
