#include "core/exec/tensormodel.h"

#include "core/base/checkedmath.h"
#include "core/base/message.h"
#include "core/exec/collectiveroles.h"
#include "core/exec/subgraphcopy.h"
#include "core/model/inputshapes.h"
#include "core/model/opclassifier.h"
#include "core/model/trace.h"

#include <algorithm>
#include <limits>
#include <map>

namespace sightline {

namespace {

std::int64_t stepNumber(const ExecutionGraph& g, ItemId i)
{
    const std::int32_t s = g.stepOfStart(i);
    return s < 0 ? -1 : g.steps()[static_cast<std::size_t>(s)].number;
}

// A gradient all-reduce: a logical one (spanning ranks), or with partial set, one rank's transfer
// whose peers are outside the job. Data-parallel by the roles, or an all-reduce outside the forward and
// the optimizer that nothing ties to gradients, which counts as one (the model says so).
bool isGradientAllReduce(const ExecutionGraph& g, const CollectiveRoles& roles, ItemId i, bool partial = false)
{
    const CommCost* c = g.comm(i);
    if (!c || g.kind(i) != OpKind::Collective || g.string(c->collective) != "all_reduce")
        return false;
    if (partial ? c->route != RouteKind::Partial || !g.rank(i).isValid() : g.track(i).isValid())
        return false;
    const ParallelRole role = roles.of(i);
    return role == ParallelRole::Data || (role == ParallelRole::Unknown && g.phase(i) != Phase::Forward && g.phase(i) != Phase::Optimizer);
}

// How many of the gradient all-reduces the model took nothing ties to gradients, and how many
// all-reduces it left out as another parallelism's.
// source, then "; " and more.
Message joined(Message source, Message more)
{
    return Message(SL_TEXT("Core", "%1; %2"), { std::move(source), std::move(more) });
}

// source with what the collectives' roles leave untold.
Message withRoleNote(Message source, const ExecutionGraph& g, const CollectiveRoles& roles, bool partial)
{
    std::size_t untied = 0, others = 0;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        const CommCost* c = g.comm(item);
        if (!c || g.kind(item) != OpKind::Collective || g.string(c->collective) != "all_reduce"
            || (partial ? c->route != RouteKind::Partial || !g.rank(item).isValid() : g.track(item).isValid()))
            continue;
        if (isGradientAllReduce(g, roles, item, partial))
            untied += roles.of(item) == ParallelRole::Unknown;
        else
            others += roles.of(item) != ParallelRole::Unknown;
    }
    if (untied > 0)
        source = joined(std::move(source), Message(SL_TEXT("Core", "%1 all-reduces taken as gradients though nothing in the trace ties them to gradients"), { untied }));
    if (others > 0)
        source = joined(std::move(source), Message(SL_TEXT("Core", "%1 all-reduces of other parallelism (tensor-parallel and the like) left as they are"), { others }));
    return source;
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
TimeNs partialReadiness(const ExecutionGraph& g, const CollectiveRoles& roles, ItemId transfer)
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
            else if (ref == EdgeRef::EndToStart && !isGradientAllReduce(g, roles, src, true))
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

namespace {

// The gradient all-reduces of one data-parallel group (they all span its ranks), and the gradients its
// ranks accumulate.
struct Group {
    std::vector<RankId> ranks; // by global rank: the slots
    std::map<std::int64_t, std::size_t> stepIndex;
    std::vector<TensorModel::Step> steps;
    std::vector<std::map<std::int64_t, std::vector<ItemId>>> grads; // per slot, per step number
};

// The tensors of one group's step: its gradients in the order they became ready on its first rank,
// each carried by the first bucket to start after it was ready; without gradients recorded the same on
// every rank, one tensor per bucket.
void tensorsOf(const ExecutionGraph& g, Group& group, bool recorded)
{
    for (TensorModel::Step& s : group.steps) {
        if (recorded) {
            const std::vector<ItemId>& first = group.grads.front()[s.number];
            for (std::size_t k = 0; k < first.size(); ++k) {
                TensorModel::Tensor t { gradientBytes(g, first[k]), {}, 0, {}, 0 };
                for (auto& perRank : group.grads)
                    t.producers.push_back(perRank[s.number][k]);
                const TimeNs ready = g.anchor(first[k]);
                std::uint32_t b = 0;
                while (b + 1 < s.buckets.size() && g.anchor(s.buckets[b].participants.front()) < ready)
                    ++b;
                t.bucket = b;
                s.tensors.push_back(std::move(t));
            }
        } else {
            for (std::uint32_t b = 0; b < s.buckets.size(); ++b)
                s.tensors.push_back({ s.buckets[b].bytes, std::vector<ItemId>(group.ranks.size()), b, {}, 0 });
        }
    }
}

} // namespace

Expected<TensorModel> TensorModel::of(const ExecutionGraph& g, const CollectiveRoles& roles)
{
    // Buckets by the ranks they span: a job with tensor or pipeline parallelism has one data-parallel
    // group per position in the other groups, each with buckets of its own.
    std::map<std::vector<std::int32_t>, Group> groups;
    std::vector<Group*> groupOf(g.ranks().size(), nullptr);
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (!isGradientAllReduce(g, roles, item))
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
        std::vector<std::int32_t> key;
        for (const auto& [rank, p] : byRank)
            key.push_back(rank);
        Group& group = groups[key];
        if (group.ranks.empty()) {
            for (const auto& [rank, p] : byRank) {
                Group*& of = groupOf[g.rank(p).value()];
                if (of && of != &group)
                    return Status::error(ErrorCode::InvalidArgument, {}, -1,
                        "tensor fusion needs each rank's gradient all-reduces in one group; rank " + std::to_string(rank) + " joins two");
                of = &group;
                group.ranks.push_back(g.rank(p));
            }
            group.grads.resize(group.ranks.size());
        }
        for (const auto& [rank, p] : byRank)
            b.participants.push_back(p);
        const std::int64_t number = stepNumber(g, byRank.front().second);
        const auto [it, added] = group.stepIndex.emplace(number, group.steps.size());
        if (added)
            group.steps.push_back({ number, {}, {}, group.ranks });
        group.steps[it->second].buckets.push_back(std::move(b));
    }
    if (groups.empty())
        return ofPartial(g, roles);

    // The gradients each rank accumulated, per step, in the order they became ready.
    std::size_t unshaped = 0;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (g.kind(item) != OpKind::CpuOp || !OpClassifier::isAccumulateGrad(g.name(item)) || !g.rank(item).isValid())
            continue;
        Group* group = groupOf[g.rank(item).value()];
        if (!group)
            continue;
        // A gradient without a recorded dense shape (a sparse embedding's, or one outside the data-parallel
        // wrapper) is not carried by the all-reduces.
        if (gradientBytes(g, item) <= 0) {
            ++unshaped;
            continue;
        }
        const auto slot = static_cast<std::size_t>(std::find(group->ranks.begin(), group->ranks.end(), g.rank(item)) - group->ranks.begin());
        group->grads[slot][stepNumber(g, item)].push_back(item);
    }
    bool recorded = true;
    for (auto& [key, group] : groups) {
        for (Step& s : group.steps) {
            std::sort(s.buckets.begin(), s.buckets.end(),
                [&](const Bucket& a, const Bucket& b) { return g.anchor(a.participants.front()) < g.anchor(b.participants.front()); });
            for (auto& perRank : group.grads) {
                auto it = perRank.find(s.number);
                if (it == perRank.end() || it->second.size() != group.grads.front()[s.number].size() || it->second.empty()) {
                    recorded = false;
                    continue;
                }
                std::sort(it->second.begin(), it->second.end(), [&](ItemId a, ItemId b) { return g.anchor(a) < g.anchor(b); });
            }
        }
    }
    TensorModel model;
    model.m_tensorsRecorded = recorded;
    for (auto& [key, group] : groups) {
        tensorsOf(g, group, recorded);
        for (Step& s : group.steps)
            model.m_steps.push_back(std::move(s));
    }
    Message source = recorded ? Message(SL_TEXT("Core", "gradients from the AccumulateGrad ops and their recorded shapes"))
                              : Message(SL_TEXT("Core", "one tensor per measured all-reduce (the trace records no gradient shapes the same on every rank)"));
    if (groups.size() > 1)
        source = joined(std::move(source), Message(SL_TEXT("Core", "%1 data-parallel groups"), { groups.size() }));
    if (recorded && unshaped > 0)
        source = joined(std::move(source), Message(SL_TEXT("Core", "%1 AccumulateGrad ops without a dense shape left out"), { unshaped }));
    model.m_source = withRoleNote(std::move(source), g, roles, false);
    return model;
}

Expected<TensorModel> TensorModel::ofPartial(const ExecutionGraph& g, const CollectiveRoles& roles)
{
    // Per rank, per step: the rank's transfers in start order, cut into fused groups where one starts
    // after all before it ended.
    using Groups = std::vector<std::vector<ItemId>>;
    std::map<std::int64_t, std::map<std::uint32_t, Groups>> byStep; // step -> rank -> groups
    std::map<std::uint32_t, std::vector<ItemId>> transfers; // rank -> transfers
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (isGradientAllReduce(g, roles, ItemId(i), true))
            transfers[g.rank(ItemId(i)).value()].push_back(ItemId(i));
    }
    if (transfers.empty())
        return Status::error(ErrorCode::InvalidArgument, {}, -1, "the job has no gradient all-reduce");
    for (auto& [rank, items] : transfers) {
        std::sort(items.begin(), items.end(), [&](ItemId a, ItemId b) { return g.anchor(a) < g.anchor(b); });
        TimeNs reach = 0;
        std::int64_t groupStep = 0;
        for (std::size_t k = 0; k < items.size(); ++k) {
            const ItemId item = items[k];
            const TimeNs end = CheckedMath::timeAdd(g.anchor(item), g.minDuration(item));
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
    std::vector<RankId> ranks;
    for (const auto& [rank, items] : transfers)
        ranks.push_back(RankId(rank));
    for (auto& [number, stepRanks] : byStep) {
        const std::size_t count = stepRanks.begin()->second.size();
        if (stepRanks.size() != ranks.size())
            return Status::error(ErrorCode::InvalidArgument, {}, -1,
                "tensor fusion needs every rank's all-reduces in every step; step " + std::to_string(number) + " has them on "
                    + std::to_string(stepRanks.size()) + " of " + std::to_string(ranks.size()) + " ranks");
        Step step { number, {}, {}, ranks };
        for (std::size_t b = 0; b < count; ++b) {
            Bucket bucket;
            for (auto& [rank, groups] : stepRanks) {
                if (groups.size() != count)
                    return Status::error(ErrorCode::InvalidArgument, {}, -1,
                        "tensor fusion needs the same all-reduces on every rank; step " + std::to_string(number) + " has "
                            + std::to_string(groups.size()) + " on one rank and " + std::to_string(count) + " on another");
                bucket.participants.push_back(groups[b].front());
                bucket.fused.insert(bucket.fused.end(), groups[b].begin() + 1, groups[b].end());
            }
            // Tensors by position within the group on the first rank; other ranks' groups must match.
            const std::vector<ItemId>& first = stepRanks.begin()->second[b];
            for (std::size_t t = 0; t < first.size(); ++t) {
                Tensor tensor { g.comm(first[t])->bytes, std::vector<ItemId>(ranks.size()), static_cast<std::uint32_t>(step.buckets.size()), {},
                    partialReadiness(g, roles, first[t]) };
                for (auto& [rank, groups] : stepRanks) {
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
    model.m_source = withRoleNote(
        Message(SL_TEXT("Core", "each rank's own all-reduce transfers (their peers are outside the job); overlapping transfers are one fused bucket")), g, roles, true);
    return model;
}

} // namespace sightline
