#include "core/strategy/passes/tensorpartitionpass.h"

#include "core/base/checkedmath.h"
#include "core/base/message.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/exec/partitionmodel.h"
#include "core/exec/tensormodel.h"
#include "core/strategy/exportcontext.h"
#include "core/strategy/passes/psrepartition.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <unordered_map>

namespace sightline {

namespace {

// The items the pass replaces by pieces, and the pieces of those it has replaced. An edge between two
// replaced items (one bucket's participant after another's on their stream) is added when the second
// of the two is replaced, from the piece of the first that ends last to every piece of the second: an
// edge to an item that is itself replaced would go with it when the graph is built, and one from every
// piece to every piece would grow with the square of the pieces. Pieces run at once start together
// and share their links, so the first, as large as any, ends last; pieces in turn end with the last.
struct Replaced {
    struct Pieces {
        std::vector<ItemId> all;
        ItemId last; // the one that ends last
    };
    std::vector<std::uint8_t> pending; // per item of the graph: replaced, or to be
    std::unordered_map<std::uint32_t, Pieces> pieces;

    // Where an edge from item into a new piece starts: item where the pass keeps it; once it is
    // replaced, its piece that ends last (its first, for an edge from its start); nowhere while it
    // waits to be (its replacement adds the edge).
    std::vector<ItemId> sources(ItemId item, EdgeRef ref) const
    {
        if (!pending[item.value()])
            return { item };
        const auto it = pieces.find(item.value());
        if (it == pieces.end())
            return {};
        return { ref == EdgeRef::StartToStart ? it->second.all.front() : it->second.last };
    }
    // Where an edge from a new piece to item ends: item where the pass keeps it; nowhere where it is
    // replaced (its replace() adds the edge, or that of the item the edge
    // starts from does, whichever comes second).
    std::vector<ItemId> targets(ItemId item) const
    {
        return pending[item.value()] ? std::vector<ItemId>() : std::vector<ItemId> { item };
    }
    // Records item's pieces, and adds its edges to the items replaced before it: from its piece that
    // ends last to each of theirs.
    void replace(const ExecutionGraph& g, ExecutionGraphBuilder& b, ItemId item, std::vector<ItemId> all,
        bool concurrent, ItemId skip)
    {
        const ItemId last = concurrent ? all.front() : all.back();
        for (std::uint32_t e = g.outBegin(item.value()); e < g.outBegin(item.value() + 1); ++e) {
            const ItemId target(g.target(e));
            const auto it = pieces.find(target.value());
            if (target == skip || g.edgeKind(e) == EdgeKind::Release || it == pieces.end())
                continue;
            for (ItemId to : it->second.all)
                b.addEdge(g.ref(e) == EdgeRef::StartToStart ? all.front() : last, to, g.edgeKind(e), g.ref(e));
        }
        pieces[item.value()] = { std::move(all), last };
    }
};

std::int64_t piecesOf(std::int64_t bytes, std::int64_t pieceBytes)
{
    return bytes / pieceBytes + (bytes % pieceBytes != 0);
}

std::string pieceName(std::string_view bucket, std::int64_t piece, std::int64_t pieces, std::int64_t bytes)
{
    char size[32];
    std::snprintf(size, sizeof size, "%.1f MB", static_cast<double>(bytes) / 1e6);
    return std::string(bucket) + ": piece " + std::to_string(piece) + "/" + std::to_string(pieces) + " (" + size + ")";
}

// Whether a piece's start, of a split op's edge that its start releases, comes too late: pieces in turn
// start one after another, and only the first starts when the op did.
bool startsLater(bool concurrent, std::int64_t piece, EdgeRef ref)
{
    return !concurrent && piece > 0 && ref == EdgeRef::StartToStart;
}

// Splits one measured all-reduce into pieces.
void partition(const ExecutionGraph& g, ExecutionGraphBuilder& b, const TensorModel::Bucket& bucket,
    std::int64_t pieceBytes, bool concurrent, Replaced& replaced)
{
    const CommCost& cost = *g.comm(bucket.collective);
    const std::int64_t pieces = piecesOf(cost.bytes, pieceBytes);
    std::vector<ItemId> previous(bucket.participants.size());
    std::vector<ItemId> collectives;
    std::vector<std::vector<ItemId>> parts(bucket.participants.size());
    for (std::int64_t k = 0; k < pieces; ++k) {
        const std::int64_t bytes = std::min(pieceBytes, cost.bytes - k * pieceBytes);
        const StringId name = b.intern(pieceName(g.name(bucket.collective), k + 1, pieces, bytes));
        ExecutionGraphBuilder::Item c;
        c.kind = OpKind::Collective;
        c.flags = ExecutionGraph::Synthetic;
        c.name = name;
        c.anchor = g.anchor(bucket.collective);
        const ItemId collective = b.addItem(c, g.origin(bucket.collective));
        CommCost piece = cost;
        piece.bytes = bytes;
        b.setComm(collective, piece, g.commRanks(cost));
        collectives.push_back(collective);
        for (std::uint32_t e = g.outBegin(bucket.collective.value()); e < g.outBegin(bucket.collective.value() + 1); ++e) {
            if (g.edgeKind(e) != EdgeKind::Release)
                for (ItemId target : replaced.targets(ItemId(g.target(e))))
                    b.addEdge(collective, target, g.edgeKind(e), g.ref(e));
        }
        // What the all-reduce itself waited for besides its participants (gloo's copies of the bucket
        // to host memory), every piece waits for.
        for (std::uint32_t s = g.inBegin(bucket.collective.value()); s < g.inBegin(bucket.collective.value() + 1); ++s) {
            const std::uint32_t e = g.inEdge(s);
            if (g.edgeKind(e) != EdgeKind::Arrive)
                for (ItemId source : replaced.sources(ItemId(g.inSource(s)), g.ref(e)))
                    b.addEdge(source, collective, g.edgeKind(e), g.ref(e));
        }
        for (std::size_t r = 0; r < bucket.participants.size(); ++r) {
            const ItemId old = bucket.participants[r];
            ExecutionGraphBuilder::Item p = ExecutionGraphBuilder::columnsOf(g, old);
            p.flags = ExecutionGraph::Synthetic;
            p.name = name;
            p.minDuration = p.tail = 0;
            p.measuredOverlap = 0;
            const ItemId part = b.addItem(p, g.origin(old));
            b.addParticipant(collective, part);
            // Each piece is ready when the all-reduce was, and ends no earlier than what the all-reduce's
            // participant waited for at its end (the work nested in gloo's host-side op, whose copy of the
            // result back waits for every piece); on one stream it also follows the piece before, and
            // only the last piece waits for that work's end, which waits for the pieces after the first.
            for (std::uint32_t s = g.inBegin(old.value()); s < g.inBegin(old.value() + 1); ++s) {
                const std::uint32_t e = g.inEdge(s);
                const ItemId src(g.inSource(s));
                if (src != bucket.collective && (concurrent || k + 1 == pieces || g.ref(e) != EdgeRef::EndToEnd))
                    for (ItemId source : replaced.sources(src, g.ref(e)))
                        b.addEdge(source, part, g.edgeKind(e), g.ref(e));
            }
            if (!concurrent && previous[r].isValid())
                b.addEdge(previous[r], part, EdgeKind::Program, EdgeRef::EndToStart);
            previous[r] = part;
            parts[r].push_back(part);
            // What waited for the all-reduce's participant waits for every piece; what its start
            // released (the work nested in gloo's host-side op), pieces in turn release with the first,
            // as the later ones wait for the ends that work holds back.
            for (std::uint32_t e = g.outBegin(old.value()); e < g.outBegin(old.value() + 1); ++e) {
                const ItemId target(g.target(e));
                if (target != bucket.collective && !startsLater(concurrent, k, g.ref(e)))
                    for (ItemId to : replaced.targets(target))
                        b.addEdge(part, to, g.edgeKind(e), g.ref(e));
            }
        }
    }
    b.removeItem(bucket.collective);
    replaced.replace(g, b, bucket.collective, std::move(collectives), concurrent, ItemId());
    for (std::size_t r = 0; r < bucket.participants.size(); ++r) {
        b.removeItem(bucket.participants[r]);
        replaced.replace(g, b, bucket.participants[r], std::move(parts[r]), concurrent, bucket.collective);
    }
}

// Splits a rank's own transfer of an all-reduce whose peers are outside the job into pieces, each
// such a transfer.
void partitionPartial(const ExecutionGraph& g, ExecutionGraphBuilder& b, ItemId transfer, std::int64_t pieceBytes,
    bool concurrent, Replaced& replaced)
{
    const CommCost& cost = *g.comm(transfer);
    const std::int64_t pieces = piecesOf(cost.bytes, pieceBytes);
    ItemId previous;
    std::vector<ItemId> parts;
    for (std::int64_t k = 0; k < pieces; ++k) {
        const std::int64_t bytes = std::min(pieceBytes, cost.bytes - k * pieceBytes);
        ExecutionGraphBuilder::Item p = ExecutionGraphBuilder::columnsOf(g, transfer);
        p.name = b.intern(pieceName(g.name(transfer), k + 1, pieces, bytes));
        p.minDuration = p.tail = 0;
        p.measuredOverlap = 0;
        const ItemId part = b.addItem(p, g.origin(transfer));
        CommCost piece = cost;
        piece.bytes = bytes;
        b.setComm(part, piece, g.commRanks(cost));
        for (std::uint32_t s = g.inBegin(transfer.value()); s < g.inBegin(transfer.value() + 1); ++s) {
            if (g.ref(g.inEdge(s)) != EdgeRef::EndToEnd)
                for (ItemId source : replaced.sources(ItemId(g.inSource(s)), g.ref(g.inEdge(s))))
                    b.addEdge(source, part, g.edgeKind(g.inEdge(s)), g.ref(g.inEdge(s)));
        }
        if (!concurrent && previous.isValid())
            b.addEdge(previous, part, EdgeKind::Program, EdgeRef::EndToStart);
        previous = part;
        parts.push_back(part);
        for (std::uint32_t e = g.outBegin(transfer.value()); e < g.outBegin(transfer.value() + 1); ++e) {
            if (!startsLater(concurrent, k, g.ref(e)))
                for (ItemId target : replaced.targets(ItemId(g.target(e))))
                    b.addEdge(part, target, g.edgeKind(e), g.ref(e));
        }
    }
    b.removeItem(transfer);
    replaced.replace(g, b, transfer, std::move(parts), concurrent, ItemId());
}

// The most items the pieces may add to a graph: four times its items, and at least 2^22. Beyond it the
// piece size is refused, rather than a replay that would take minutes and gigabytes.
double maxPieceItems(const ExecutionGraph& g)
{
    return std::max(static_cast<double>(1 << 22), 4.0 * g.itemCount());
}

// Refuses pieces that would add more items than maxPieceItems.
Status checkPieceItems(const ExecutionGraph& g, double items, std::int64_t pieceBytes)
{
    if (items <= maxPieceItems(g))
        return {};
    return Status::error(ErrorCode::InvalidArgument, {}, -1,
        Message(SL_TEXT("Core", "pieces of %1 bytes would add %2 items, more than %3; choose larger pieces"),
            { pieceBytes, CheckedMath::saturatingRound(items), static_cast<std::int64_t>(maxPieceItems(g)) }));
}

// What a re-cut into pieces smaller than the measured partitions cannot tell: each piece's share of a
// stage's service is scaled to its bytes, as if a partition's turn held no cost per message. A trace
// recorded at one partition size cannot tell that cost apart from the bytes' time; were a partition's
// whole service such a cost, every piece would take it whole, and the queues measured / piece times as
// long. Nothing when the re-cut makes no more pieces than the job measured.
std::optional<Message> finerThanMeasured(
    const PsRepartition::Counts& counts, std::int64_t measured, std::int64_t pieceBytes)
{
    if (pieceBytes >= measured || counts.piecesAfter <= counts.partitionsBefore)
        return std::nullopt;
    const double times = static_cast<double>(measured) / static_cast<double>(pieceBytes);
    char bound[32];
    std::snprintf(bound, sizeof bound, "%.1f", times);
    return Message(
        SL_TEXT("Core",
            "the %1 pieces of %2 bytes are smaller than the %3 partitions of %4 bytes the trace measured: each "
            "stage's service is scaled to a piece's bytes, as if a partition's turn held no cost per message, "
            "which a trace of one partition size cannot tell apart; the pieces may queue longer than "
            "replayed (up to %5 times as long, were a partition's whole service such a cost), and the "
            "smaller the pieces, the more this may flatter them"),
        { counts.piecesAfter, pieceBytes, counts.partitionsBefore, measured, std::string(bound) });
}

// BytePS jobs: their partitions re-cut (PsRepartition).
Status repartition(const ExecutionGraph& g, const PartitionModel& model, const TensorPartitionParameters& params, WhatIfJob& job)
{
    const std::int64_t measured = CheckedMath::saturatingRound(params.measuredPartitionBytes);
    const std::int64_t pieceBytes = CheckedMath::saturatingRound(params.partitionBytes);
    double items = 0;
    for (const PartitionModel::Tensor& t : model.tensors()) {
        std::int64_t tensorBytes = 0;
        if (!CheckedMath::mul(static_cast<std::int64_t>(t.tracks.size()), measured, tensorBytes))
            return Status::error(ErrorCode::ValueOutOfRange, {}, -1,
                Message(SL_TEXT("Core", "tensor %1: %2 partitions of measured_partition_bytes %3 bytes exceed 2^63 bytes; give the partition size the job used"),
                    { t.name, t.tracks.size(), measured }));
        const double bytes = static_cast<double>(t.tracks.size()) * static_cast<double>(measured);
        items += std::ceil(bytes / static_cast<double>(pieceBytes)) * static_cast<double>(t.stages.size() * t.iterations.size());
    }
    if (Status s = checkPieceItems(g, items, pieceBytes); !s.ok())
        return s;
    const Expected<PsRepartition::Counts> replanned = PsRepartition::replan(job, [&](PsPlan& plan) {
        plan.measuredBytes = measured;
        plan.pieceBytes = pieceBytes;
    });
    if (!replanned)
        return replanned.status();
    const PsRepartition::Counts& counts = *replanned;
    job.warnings.emplace_back(SL_TEXT("Core", "%1 BytePS tensor iterations re-cut from %2 partitions of %3 bytes (as measured, taken as full) into %4 pieces of %5 bytes at most"),
        std::vector<Message::Arg> { counts.tensors, counts.partitionsBefore, measured, counts.piecesAfter, pieceBytes });
    for (Message& warning : counts.warnings())
        job.warnings.push_back(std::move(warning));
    if (std::optional<Message> finer = finerThanMeasured(counts, measured, pieceBytes))
        job.warnings.push_back(std::move(*finer));
    return {};
}

} // namespace

std::string_view TensorPartitionPass::name() const
{
    return "tensor_partition";
}

std::string_view TensorPartitionPass::summary() const
{
    return SL_TEXT("Core", "Splits every gradient all-reduce larger than the partition size into pieces.");
}

const ParameterTable<TensorPartitionParameters>& TensorPartitionPass::table() const
{
    using T = ParameterSpec::Type;
    using P = TensorPartitionParameters;
    static const ParameterTable<P> table {
        { &P::partitionBytes, { "partition_bytes", T::Number, "bytes", 1024, 1e15, "4096000", {}, SL_TEXT("Core", "the largest piece (BytePS's default: 4 096 000 bytes)") } },
        { &P::pieces, { "pieces", T::Choice, "", 0, 0, "concurrent", { "concurrent", "sequential" },
            SL_TEXT("Core", "concurrent: the pieces run at once, sharing bandwidth (BytePS); sequential: one after the other on the stream") } },
        { &P::measuredPartitionBytes, { "measured_partition_bytes", T::Number, "bytes", 1024, 1e15, "4096000", {},
            SL_TEXT("Core", "BytePS jobs: the partition size the trace was recorded with (BytePS traces record no sizes)") } },
    };
    return table;
}

Status TensorPartitionPass::run(const TensorPartitionParameters& params, WhatIfJob& job) const
{
    // A BytePS job already re-cut (by worker_count's servers) is re-cut again from where that began.
    if (job.psPlan) {
        const std::shared_ptr<const ExecutionGraph> base = job.psPlan->base;
        return repartition(*base, *job.psPlan->baseAnalyses->partitions(), params, job);
    }
    const ExecutionGraph& g = *job.graph;
    const AnalysisCache& analyses = job.analyses();
    const Expected<PartitionModel>& partitions = analyses.partitions();
    if (!partitions)
        return partitions.status();
    if (!partitions->empty())
        return repartition(g, *partitions, params, job);
    const Expected<TensorModel>& model = analyses.tensors();
    if (!model)
        return model.status();
    const std::int64_t pieceBytes = CheckedMath::saturatingRound(params.partitionBytes);
    const bool concurrent = params.pieces == TensorPartitionParameters::Pieces::Concurrent;
    double items = 0;
    for (const TensorModel::Step& step : model->steps()) {
        for (const TensorModel::Bucket& bucket : step.buckets) {
            if (model->partial()) {
                for (const std::vector<ItemId>* transfers : { &bucket.participants, &bucket.fused }) {
                    for (ItemId x : *transfers)
                        items += static_cast<double>(piecesOf(g.comm(x)->bytes, pieceBytes));
                }
            } else {
                items += static_cast<double>(piecesOf(g.comm(bucket.collective)->bytes, pieceBytes)) * static_cast<double>(1 + bucket.participants.size());
            }
        }
    }
    if (Status s = checkPieceItems(g, items, pieceBytes); !s.ok())
        return s;
    ExecutionGraphBuilder b(g);
    Replaced replaced { std::vector<std::uint8_t>(g.itemCount(), 0), {} };
    for (const TensorModel::Step& step : model->steps()) {
        for (const TensorModel::Bucket& bucket : step.buckets) {
            if (model->partial()) {
                for (const std::vector<ItemId>* transfers : { &bucket.participants, &bucket.fused }) {
                    for (ItemId x : *transfers)
                        replaced.pending[x.value()] = g.comm(x)->bytes > pieceBytes;
                }
            } else if (g.comm(bucket.collective)->bytes > pieceBytes) {
                replaced.pending[bucket.collective.value()] = 1;
                for (ItemId p : bucket.participants)
                    replaced.pending[p.value()] = 1;
            }
        }
    }
    std::size_t split = 0, total = 0;
    for (const TensorModel::Step& step : model->steps()) {
        for (const TensorModel::Bucket& bucket : step.buckets) {
            ++total;
            if (model->partial()) {
                bool any = false;
                for (const std::vector<ItemId>* transfers : { &bucket.participants, &bucket.fused }) {
                    for (ItemId x : *transfers) {
                        if (g.comm(x)->bytes > pieceBytes) {
                            partitionPartial(g, b, x, pieceBytes, concurrent, replaced);
                            any = true;
                        }
                    }
                }
                split += any;
                continue;
            }
            if (g.comm(bucket.collective)->bytes <= pieceBytes)
                continue;
            partition(g, b, bucket, pieceBytes, concurrent, replaced);
            ++split;
        }
    }
    job.warnings.emplace_back(SL_TEXT("Core", "%1 of %2 gradient all-reduces split into pieces of %3 bytes at most"), std::vector<Message::Arg> { split, total, pieceBytes });
    return job.rebuild(b);
}

void TensorPartitionPass::exportStep(const TensorPartitionParameters& params, ExportContext& out) const
{
    const std::int64_t bytes = std::llround(params.partitionBytes);
    // BytePS reads the variable with atoi, into an int, and aligns it down to 8 bytes per local GPU.
    constexpr std::int64_t kBytePsMax = std::numeric_limits<std::int32_t>::max();
    if (bytes > kBytePsMax) {
        out.cannot(Framework::BytePS, "BytePS reads BYTEPS_PARTITION_BYTES as a 32-bit int: at most " + std::to_string(kBytePsMax) + " bytes, not "
                + std::to_string(bytes));
    } else {
        out.config().partitionBytes = bytes;
        out.becomes(Framework::BytePS, { "byteps.env" }, "BYTEPS_PARTITION_BYTES=" + std::to_string(bytes) + " (byteps.env)"
                + (bytes % 8 != 0 ? "; BytePS aligns it down to a multiple of 8 bytes per local GPU" : ""));
    }
    out.cannot({ Framework::PyTorch, Framework::DeepSpeed, Framework::Horovod, Framework::Xla },
        "this framework sends each bucket whole and has no setting to partition tensors");
}

} // namespace sightline
