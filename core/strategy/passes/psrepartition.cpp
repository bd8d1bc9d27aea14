#include "core/strategy/passes/psrepartition.h"

#include "core/base/checkedmath.h"
#include "core/base/message.h"
#include "core/exec/executiongraphbuilder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sightline {

namespace {

// Whether the servers take part in the stage named so ("<tensor>.<STAGE>").
bool onServers(std::string_view stage)
{
    const std::string_view name = stage.substr(stage.rfind('.') + 1);
    return name == "PUSH" || name == "PULL" || name == "COORDINATE_PUSH";
}

std::string pieceName(std::string_view stage, std::int64_t piece, std::int64_t pieces, std::int64_t bytes)
{
    char size[32];
    std::snprintf(size, sizeof size, "%.2f MB", static_cast<double>(bytes) / 1e6);
    return std::string(stage) + " (piece " + std::to_string(piece) + "/" + std::to_string(pieces) + ", " + size + ")";
}

// Rewrites one tensor's iterations.
class TensorRewrite {
public:
    TensorRewrite(const ExecutionGraph& g, ExecutionGraphBuilder& b, std::vector<std::uint8_t>& removed, double serverLoad)
        : g(g)
        , b(b)
        , removed(removed)
        , serverLoad(serverLoad)
    {
    }

    // Returns the pieces per iteration.
    std::int64_t run(const PartitionModel::Tensor& t, std::int64_t measuredBytes, std::int64_t pieceBytes)
    {
        const auto partitions = static_cast<std::int64_t>(t.tracks.size());
        const std::int64_t bytes = PsRepartition::tensorBytes(t, measuredBytes);
        const std::int64_t pieces = bytes / pieceBytes + (bytes % pieceBytes != 0);
        std::vector<TrackId> tracks = t.tracks;
        for (std::int64_t k = partitions; k < pieces; ++k)
            tracks.push_back(b.addTrack({ t.rank, TrackKind::Other, TrackId(), t.name + " piece " + std::to_string(k) }));
        for (const PartitionModel::Iteration& it : t.iterations) {
            for (const std::vector<ItemId>& stages : it.partitions) {
                for (ItemId s : stages)
                    removed[s.value()] = 1;
            }
            // The total spans its pieces: it ends with the last of them.
            b.setMinDuration(it.total, 0);
            std::vector<ItemId> previous(t.stages.size()); // piece k - 1's stages
            for (std::int64_t k = 0; k < pieces; ++k) {
                const std::int64_t pb = std::min(pieceBytes, bytes - k * pieceBytes);
                const double ratio = static_cast<double>(pb) / static_cast<double>(measuredBytes);
                const std::vector<ItemId>& like = it.partitions[static_cast<std::size_t>(std::min(k, partitions - 1))];
                ItemId before;
                for (std::size_t j = 0; j < t.stages.size(); ++j) {
                    const PartitionModel::Stage& stage = t.stages[j];
                    const double load = onServers(g.string(stage.name)) ? serverLoad : 1.0;
                    const TimeNs service = CheckedMath::saturatingRound(static_cast<double>(stage.service) * ratio * load);
                    ExecutionGraphBuilder::Item item = ExecutionGraphBuilder::columnsOf(g, like[j]);
                    item.flags = ExecutionGraph::Synthetic;
                    item.kind = stage.kind;
                    item.track = tracks[static_cast<std::size_t>(k)];
                    item.name = b.intern(pieceName(g.string(stage.name), k + 1, pieces, pb));
                    item.gap = stage.gap;
                    item.minDuration = CheckedMath::saturatingAdd(stage.first - stage.service, service);
                    item.tail = k > 0 ? service : 0;
                    item.measuredOverlap = 0;
                    const ItemId id = b.addItem(item, k < partitions ? g.origin(like[j]) : std::span<const OpId>());
                    if (j == 0)
                        b.addEdge(it.total, id, EdgeKind::Nest, EdgeRef::StartToStart);
                    else
                        b.addEdge(before, id, EdgeKind::Program, EdgeRef::EndToStart);
                    if (previous[j].isValid())
                        b.addEdge(previous[j], id, EdgeKind::Program, EdgeRef::EndToEnd);
                    previous[j] = before = id;
                }
                b.addEdge(before, it.total, EdgeKind::NestEnd, EdgeRef::EndToEnd);
            }
        }
        return pieces;
    }

private:
    const ExecutionGraph& g;
    ExecutionGraphBuilder& b;
    std::vector<std::uint8_t>& removed;
    double serverLoad;
};

} // namespace

std::int64_t PsRepartition::tensorBytes(const PartitionModel::Tensor& t, std::int64_t measuredBytes)
{
    std::int64_t bytes = 0;
    // tensor_partition refuses a size past 2^63 bytes before it re-cuts, so no re-cut sees it wrapped.
    if (!CheckedMath::mul(static_cast<std::int64_t>(t.tracks.size()), measuredBytes, bytes))
        return CheckedMath::kMax;
    return bytes;
}

std::int64_t PsRepartition::firstPiece(
    const PartitionModel::Tensor& t, std::int64_t measuredBytes, std::int64_t pieceBytes)
{
    return std::min(pieceBytes, tensorBytes(t, measuredBytes));
}

std::vector<Message> PsRepartition::Counts::warnings() const
{
    std::vector<Message> out;
    if (keptAsMeasured > 0)
        out.emplace_back(SL_TEXT("Core",
                             "%1 tensor iterations without a total or with a partition cut short (a trace cut "
                             "mid-iteration) are kept as measured"),
            std::vector<Message::Arg> { keptAsMeasured });
    // A piece's stage starts when the stage before it ends and lasts until its turn in the queue is
    // served, so a non-root GPU's reduces and broadcasts span the wait for the root's pushes and pulls
    // that the measured job spent between stages (or, replayed as measured, in COORDINATE_PUSH).
    if (piecesAfter > 0)
        out.emplace_back(SL_TEXT("Core",
            "the re-cut pieces' stages are timed as queues on each GPU, and each piece's "
            "stage spans its wait for its turn, which the measured job spent between "
            "stages or waiting for another GPU: the exposed communication counts those "
            "waits and is not comparable with the measured job's; compare the iteration time"));
    return out;
}

PsRepartition::Counts PsRepartition::apply(
    const ExecutionGraph& g, const PartitionModel& model, std::int64_t measuredBytes, std::int64_t pieceBytes, ExecutionGraphBuilder& b,
    double serverLoad)
{
    Counts counts;
    std::vector<std::uint8_t> removed(g.itemCount(), 0);
    TensorRewrite rewrite(g, b, removed, serverLoad);
    for (const PartitionModel::Tensor& t : model.tensors()) {
        const std::int64_t pieces = rewrite.run(t, measuredBytes, pieceBytes);
        counts.tensors += t.iterations.size();
        counts.partitionsBefore += t.tracks.size() * t.iterations.size();
        counts.piecesAfter += static_cast<std::size_t>(pieces) * t.iterations.size();
        counts.keptAsMeasured += t.incomplete;
    }
    // The logical reduces and broadcasts the measured stages joined go with them.
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (removed[i] || g.track(ItemId(i)).isValid())
            continue;
        for (std::uint32_t s = g.inBegin(i); s < g.inBegin(i + 1); ++s) {
            if (g.edgeKind(g.inEdge(s)) == EdgeKind::Arrive && removed[g.inSource(s)]) {
                removed[i] = 1;
                break;
            }
        }
    }
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (removed[i])
            b.removeItem(ItemId(i));
    }
    return counts;
}

Expected<PsRepartition::Counts> PsRepartition::replan(WhatIfJob& job, const std::function<void(PsPlan&)>& change)
{
    // The partition size cancels out where neither is given: the pieces stay the partitions.
    constexpr std::int64_t kAsMeasured = 4096000;
    PsPlan plan;
    if (job.psPlan) {
        if (job.psPlan->made != job.graph)
            return Status::error(ErrorCode::InvalidArgument, {}, -1,
                Message(SL_TEXT("Core", "a BytePS job's partitions and servers are re-cut together, from the job before the first of them: the steps between "
                                        "tensor_partition and worker_count would be lost; give those two one after the other")));
        plan = *job.psPlan;
    } else {
        job.analyses();
        plan.base = job.graph;
        plan.baseAnalyses = job.analysisCache;
    }
    change(plan);
    const Expected<PartitionModel>& model = plan.baseAnalyses->partitions();
    if (!model)
        return model.status();
    const ExecutionGraph& base = *plan.base;
    ExecutionGraphBuilder b(base);
    const std::int64_t measured = plan.measuredBytes > 0 ? plan.measuredBytes : kAsMeasured;
    const std::int64_t pieces = plan.pieceBytes > 0 ? plan.pieceBytes : measured;
    const Counts counts = apply(base, *model, measured, pieces, b, plan.serverLoad);
    if (Status s = job.rebuild(b); !s.ok())
        return s;
    plan.made = job.graph;
    job.psPlan = plan;
    return counts;
}

} // namespace sightline
