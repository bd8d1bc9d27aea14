#include "core/search/coarsenedview.h"

#include "core/base/checkedmath.h"
#include "core/base/message.h"
#include "core/exec/analysiscache.h"
#include "core/exec/launchorder.h"
#include "core/exec/tensormodel.h"
#include "core/replay/schedule.h"
#include "core/strategy/passes/tensorfusionpass.h"

#include <algorithm>

namespace sightline {

namespace {

// When a tensor is ready on one rank slot in the replay: its AccumulateGrad has run and the device has
// done the kernel launched before it (as tensor_fusion waits for); without a producer, when its bucket
// or transfer started.
TimeNs readyOn(const ExecutionGraph& g, const LaunchOrder& launches, const Schedule& s, const TensorModel::Step& step,
    const TensorModel::Tensor& t, std::size_t slot)
{
    const auto endOf
        = [&](ItemId item) { return item.isValid() && s.replayed(item.value()) ? s.end[item.value()] : TimeNs(0); };
    const auto startOf
        = [&](ItemId item) { return item.isValid() && s.replayed(item.value()) ? s.start[item.value()] : TimeNs(0); };
    const ItemId producer = t.producers[slot];
    if (!producer.isValid())
        return startOf(t.transfers.empty() ? step.buckets[t.bucket].participants[slot] : t.transfers[slot]);
    const ItemId kernel = launches.lastKernelBefore(
        g.rank(producer), CheckedMath::timeAdd(g.anchor(producer), g.minDuration(producer)));
    return std::max(endOf(producer), endOf(kernel));
}

// The kernel a tensor's gradient was computed by on the first rank slot, or invalid.
ItemId computedBy(const ExecutionGraph& g, const LaunchOrder& launches, const TensorModel::Tensor& t)
{
    const ItemId producer = t.producers.front();
    if (!producer.isValid())
        return {};
    return launches.lastKernelBefore(
        g.rank(producer), CheckedMath::timeAdd(g.anchor(producer), g.minDuration(producer)));
}

} // namespace

Expected<CoarsenedView> CoarsenedView::of(const AnalysisCache& analyses, const Schedule& schedule)
{
    const Expected<TensorModel>& model = analyses.tensors();
    if (!model)
        return model.status();
    if (model->steps().empty() || model->steps().front().tensors.empty())
        return Status::error(
            ErrorCode::InvalidArgument, {}, -1, Message(SL_TEXT("Core", "the job's steps have no gradient tensors")));
    const ExecutionGraph& g = analyses.graph();
    const LaunchOrder& launches = analyses.launchOrder();
    const TensorModel::Step& step = model->steps().front();
    CoarsenedView view;
    view.m_tensors = step.tensors.size();
    ItemId previous;
    for (std::uint32_t t = 0; t < step.tensors.size(); ++t) {
        const TensorModel::Tensor& tensor = step.tensors[t];
        const ItemId kernel = computedBy(g, launches, tensor);
        if (view.m_units.empty() || !kernel.isValid() || kernel != previous) {
            const bool timed = kernel.isValid() && schedule.replayed(kernel.value());
            view.m_units.push_back(
                { t, 0, 0, 0, timed ? schedule.end[kernel.value()] - schedule.start[kernel.value()] : 0, kernel });
        }
        previous = kernel;
        Unit& unit = view.m_units.back();
        ++unit.tensors;
        unit.bytes = CheckedMath::saturatingAdd(unit.bytes, tensor.bytes);
        for (std::size_t slot = 0; slot < step.ranks.size(); ++slot)
            unit.readyNs = std::max(unit.readyNs, readyOn(g, launches, schedule, step, tensor, slot));
    }
    std::vector<std::uint32_t> measured(step.tensors.size());
    for (std::size_t t = 0; t < measured.size(); ++t)
        measured[t] = step.tensors[t].bucket;
    view.m_measured = view.cutsOf(measured);
    return view;
}

CoarsenedView CoarsenedView::readyScaled(double factor) const
{
    CoarsenedView scaled = *this;
    for (Unit& u : scaled.m_units) {
        u.readyNs = CheckedMath::saturatingRound(static_cast<double>(u.readyNs) * factor);
        u.computeNs = CheckedMath::saturatingRound(static_cast<double>(u.computeNs) * factor);
    }
    return scaled;
}

CoarsenedView::Cuts CoarsenedView::cutsOf(std::span<const std::uint32_t> bucketOfTensor) const
{
    Cuts cuts(m_units.empty() ? 0 : m_units.size() - 1, 0);
    for (std::size_t u = 0; u + 1 < m_units.size(); ++u) {
        const std::uint32_t last = m_units[u].firstTensor + m_units[u].tensors - 1;
        const std::uint32_t next = m_units[u + 1].firstTensor;
        if (next < bucketOfTensor.size() && bucketOfTensor[last] != bucketOfTensor[next])
            cuts[u] = 1;
    }
    return cuts;
}

std::string CoarsenedView::groupsText(const Cuts& cuts) const
{
    std::vector<std::uint32_t> bucket(m_tensors, 0);
    std::uint32_t current = 0;
    for (std::size_t u = 0; u < m_units.size(); ++u) {
        if (u > 0 && cuts[u - 1])
            ++current;
        std::fill_n(bucket.begin() + m_units[u].firstTensor, m_units[u].tensors, current);
    }
    return TensorFusionPass::groupsText(bucket);
}

} // namespace sightline
