#include "core/exec/tensormodel.h"

#include "core/base/checkedmath.h"
#include "core/exec/subgraphcopy.h"
#include "core/model/inputshapes.h"
#include "core/model/trace.h"

#include <algorithm>
#include <limits>
#include <map>

namespace sightline {

namespace {

constexpr std::string_view kAccumulateGrad = "torch::autograd::AccumulateGrad";

std::int64_t stepNumber(const ExecutionGraph& g, ItemId i)
{
    const std::int32_t s = g.stepOfStart(i);
    return s < 0 ? -1 : g.steps()[static_cast<std::size_t>(s)].number;
}

// A gradient all-reduce: a logical one (spanning ranks), or with partial set, one rank's transfer
// whose peers are outside the job.
bool isGradientAllReduce(const ExecutionGraph& g, ItemId i, bool partial = false)
{
    const CommCost* c = g.comm(i);
    if (!c || g.kind(i) != OpKind::Collective || g.string(c->collective) != "all_reduce")
        return false;
    if (partial ? c->route != RouteKind::Partial || !g.rank(i).isValid() : g.track(i).isValid())
        return false;
    // In the backward pass (DDP's hooks), after it (an explicit all-reduce of the gradients), or where
    // the trace marks no phases.
    const Phase p = g.phase(i);
    return p != Phase::Forward && p != Phase::Optimizer;
}

std::int64_t gradientBytes(const ExecutionGraph& g, ItemId i)
{
    const std::span<const OpId> origin = g.origin(i);
    if (origin.empty())
        return 0;
    const ShapeArgs* shapes = g.trace().shapes(origin.front());
    return shapes ? InputShapes::parse(g.string(shapes->dims), g.string(shapes->types)).bytes(0) : 0;
}

// When a partial transfer's tensor was ready: the latest measured end of the work that released its
// start, or that of the op enclosing it, other than gradient transfers (the loop's previous response).
TimeNs partialReadiness(const ExecutionGraph& g, ItemId transfer)
{
    ItemId at = transfer;
    for (int depth = 0; depth < 64; ++depth) {
        TimeNs ready = std::numeric_limits<TimeNs>::min();
        ItemId enclosing;
        for (std::uint32_t s = g.inBegin(at.value()); s < g.inBegin(at.value() + 1); ++s) {
            const ItemId src(g.inSource(s));
            const EdgeRef ref = g.ref(g.inEdge(s));
            if (ref == EdgeRef::StartToStart)
                enclosing = src;
            else if (ref == EdgeRef::EndToStart && !isGradientAllReduce(g, src, true))
                ready = std::max(ready, SubgraphCopy::measuredEnd(g, src));
        }
        if (ready != std::numeric_limits<TimeNs>::min())
            return std::min(ready, g.anchor(transfer));
        if (!enclosing.isValid())
            break;
        at = enclosing;
    }
    return g.anchor(at);
}

} // namespace

Expected<TensorModel> TensorModel::of(const ExecutionGraph& g)
{
    TensorModel model;
    std::map<std::int64_t, std::size_t> stepIndex;
    std::vector<std::uint32_t> slotOf(g.ranks().size(), ItemId::kInvalid);
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (!isGradientAllReduce(g, item))
            continue;
        Bucket b { item, {}, g.comm(item)->bytes, {} };
        std::vector<std::pair<std::int32_t, ItemId>> byRank;
        for (std::uint32_t s = g.inBegin(i); s < g.inBegin(i + 1); ++s) {
            const ItemId p(g.inSource(s));
            if (g.edgeKind(g.inEdge(s)) == EdgeKind::Arrive && g.rank(p).isValid())
                byRank.emplace_back(g.ranks()[g.rank(p).value()].rank, p);
        }
        if (byRank.empty())
            continue;
        std::sort(byRank.begin(), byRank.end());
        if (model.m_ranks.empty()) {
            for (std::size_t k = 0; k < byRank.size(); ++k) {
                model.m_ranks.push_back(g.rank(byRank[k].second));
                slotOf[g.rank(byRank[k].second).value()] = static_cast<std::uint32_t>(k);
            }
        }
        if (byRank.size() != model.m_ranks.size())
            return Status::error(ErrorCode::InvalidArgument, {}, -1,
                "tensor fusion needs every gradient all-reduce on the same ranks; '" + std::string(g.name(item)) + "' has "
                    + std::to_string(byRank.size()) + " of " + std::to_string(model.m_ranks.size()));
        for (const auto& [rank, p] : byRank) {
            if (slotOf[g.rank(p).value()] == ItemId::kInvalid)
                return Status::error(ErrorCode::InvalidArgument, {}, -1,
                    "tensor fusion needs every gradient all-reduce on the same ranks; rank " + std::to_string(rank) + " joins only some");
            b.participants.push_back(p);
        }
        const std::int64_t number = stepNumber(g, byRank.front().second);
        const auto [it, added] = stepIndex.emplace(number, model.m_steps.size());
        if (added)
            model.m_steps.push_back({ number, {}, {} });
        model.m_steps[it->second].buckets.push_back(std::move(b));
    }
    if (model.m_steps.empty())
        return ofPartial(g);
    for (Step& s : model.m_steps) {
        std::sort(s.buckets.begin(), s.buckets.end(),
            [&](const Bucket& a, const Bucket& b) { return g.anchor(a.participants.front()) < g.anchor(b.participants.front()); });
    }

    // The gradients each rank accumulated, per step, in the order they became ready.
    std::vector<std::map<std::int64_t, std::vector<ItemId>>> grads(model.m_ranks.size());
    std::size_t unshaped = 0;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (g.kind(item) != OpKind::CpuOp || g.name(item) != kAccumulateGrad || !g.rank(item).isValid())
            continue;
        const std::uint32_t slot = slotOf[g.rank(item).value()];
        if (slot == ItemId::kInvalid)
            continue;
        // A gradient without a recorded dense shape (a sparse embedding's, or one outside the data-parallel
        // wrapper) is not carried by the all-reduces.
        if (gradientBytes(g, item) > 0)
            grads[slot][stepNumber(g, item)].push_back(item);
        else
            ++unshaped;
    }
    bool recorded = true;
    for (const Step& s : model.m_steps) {
        for (auto& perRank : grads) {
            auto it = perRank.find(s.number);
            if (it == perRank.end() || it->second.size() != grads.front()[s.number].size() || it->second.empty()) {
                recorded = false;
                continue;
            }
            std::sort(it->second.begin(), it->second.end(), [&](ItemId a, ItemId b) { return g.anchor(a) < g.anchor(b); });
        }
    }
    model.m_tensorsRecorded = recorded;
    for (Step& s : model.m_steps) {
        if (recorded) {
            const std::vector<ItemId>& first = grads.front()[s.number];
            for (std::size_t k = 0; k < first.size(); ++k) {
                Tensor t { gradientBytes(g, first[k]), {}, 0, {}, 0 };
                for (auto& perRank : grads)
                    t.producers.push_back(perRank[s.number][k]);
                // The measured bucket is the first to start after the gradient was ready.
                const TimeNs ready = g.anchor(first[k]);
                std::uint32_t b = 0;
                while (b + 1 < s.buckets.size() && g.anchor(s.buckets[b].participants.front()) < ready)
                    ++b;
                t.bucket = b;
                s.tensors.push_back(std::move(t));
            }
        } else {
            for (std::uint32_t b = 0; b < s.buckets.size(); ++b)
                s.tensors.push_back({ s.buckets[b].bytes, std::vector<ItemId>(model.m_ranks.size()), b, {}, 0 });
        }
    }
    model.m_source = recorded ? "gradients from the AccumulateGrad ops and their recorded shapes"
                              : "one tensor per measured all-reduce (the trace records no gradient shapes the same on every rank)";
    if (recorded && unshaped > 0)
        model.m_source += "; " + std::to_string(unshaped) + " AccumulateGrad ops without a dense shape left out";
    return model;
}

Expected<TensorModel> TensorModel::ofPartial(const ExecutionGraph& g)
{
    // Per rank, per step: the rank's transfers in start order, cut into fused groups where one starts
    // after all before it ended.
    using Groups = std::vector<std::vector<ItemId>>;
    std::map<std::int64_t, std::map<std::uint32_t, Groups>> byStep; // step -> rank -> groups
    std::map<std::uint32_t, std::vector<ItemId>> transfers; // rank -> transfers
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (isGradientAllReduce(g, ItemId(i), true))
            transfers[g.rank(ItemId(i)).value()].push_back(ItemId(i));
    }
    if (transfers.empty())
        return Status::error(ErrorCode::InvalidArgument, {}, -1, "the job has no gradient all-reduce to fuse or split");
    for (auto& [rank, items] : transfers) {
        std::sort(items.begin(), items.end(), [&](ItemId a, ItemId b) { return g.anchor(a) < g.anchor(b); });
        TimeNs reach = 0;
        std::int64_t groupStep = 0;
        for (std::size_t k = 0; k < items.size(); ++k) {
            const ItemId item = items[k];
            const TimeNs end = g.anchor(item) + g.minDuration(item);
            if (k == 0 || g.anchor(item) >= reach) {
                groupStep = stepNumber(g, item);
                byStep[groupStep][rank].emplace_back();
                reach = end;
            }
            byStep[groupStep][rank].back().push_back(item);
            reach = std::max(reach, end);
        }
    }
    TensorModel model;
    model.m_partial = true;
    for (const auto& [rank, items] : transfers)
        model.m_ranks.push_back(RankId(rank));
    for (auto& [number, ranks] : byStep) {
        const std::size_t count = ranks.begin()->second.size();
        if (ranks.size() != model.m_ranks.size())
            return Status::error(ErrorCode::InvalidArgument, {}, -1,
                "tensor fusion needs every rank's all-reduces in every step; step " + std::to_string(number) + " has them on "
                    + std::to_string(ranks.size()) + " of " + std::to_string(model.m_ranks.size()) + " ranks");
        Step step { number, {}, {} };
        for (std::size_t b = 0; b < count; ++b) {
            Bucket bucket;
            for (auto& [rank, groups] : ranks) {
                if (groups.size() != count)
                    return Status::error(ErrorCode::InvalidArgument, {}, -1,
                        "tensor fusion needs the same all-reduces on every rank; step " + std::to_string(number) + " has "
                            + std::to_string(groups.size()) + " on one rank and " + std::to_string(count) + " on another");
                bucket.participants.push_back(groups[b].front());
                bucket.fused.insert(bucket.fused.end(), groups[b].begin() + 1, groups[b].end());
            }
            // Tensors by position within the group on the first rank; other ranks' groups must match.
            const std::vector<ItemId>& first = ranks.begin()->second[b];
            for (std::size_t t = 0; t < first.size(); ++t) {
                Tensor tensor { g.comm(first[t])->bytes, std::vector<ItemId>(model.m_ranks.size()), static_cast<std::uint32_t>(step.buckets.size()), {},
                    partialReadiness(g, first[t]) };
                for (auto& [rank, groups] : ranks) {
                    if (groups[b].size() != first.size())
                        return Status::error(ErrorCode::InvalidArgument, {}, -1,
                            "tensor fusion needs the same fused all-reduces on every rank; step " + std::to_string(number) + " differs");
                    tensor.transfers.push_back(groups[b][t]);
                }
                bucket.bytes = CheckedMath::saturatingAdd(bucket.bytes, tensor.bytes);
                step.tensors.push_back(std::move(tensor));
            }
            step.buckets.push_back(std::move(bucket));
        }
        model.m_steps.push_back(std::move(step));
    }
    model.m_tensorsRecorded = true;
    model.m_source = "each rank's own all-reduce transfers (their peers are outside the job); overlapping transfers are one fused bucket";
    return model;
}

} // namespace sightline
