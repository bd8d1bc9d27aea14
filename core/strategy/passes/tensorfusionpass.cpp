#include "core/strategy/passes/tensorfusionpass.h"

#include "core/base/checkedmath.h"
#include "core/base/message.h"
#include "core/exec/analysiscache.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/exec/instantorder.h"
#include "core/exec/launchorder.h"
#include "core/exec/tensormodel.h"
#include "core/strategy/exportcontext.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace sightline {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

std::string bucketName(std::uint32_t index, std::size_t tensors, std::int64_t bytes)
{
    char size[32];
    std::snprintf(size, sizeof size, "%.1f MB", static_cast<double>(bytes) / 1e6);
    return "allreduce bucket " + std::to_string(index) + " (" + std::to_string(tensors) + (tensors == 1 ? " tensor, " : " tensors, ")
        + size + ")";
}

// Rewrites one step's buckets into the new assignment.
class StepRewrite {
public:
    // bytesFactor: the share of their tensors' bytes the new buckets carry (WhatIfJob::gradientBytesFactor).
    StepRewrite(const ExecutionGraph& g, const LaunchOrder& launches, const InstantOrder& order,
        ExecutionGraphBuilder& b, std::vector<std::uint8_t>& removed, double bytesFactor)
        : g(g)
        , launches(launches)
        , order(order)
        , b(b)
        , removed(removed)
        , bytesFactor(bytesFactor)
    {
    }

    void run(const TensorModel::Step& step, const std::vector<std::uint32_t>& assignment)
    {
        for (const TensorModel::Bucket& old : step.buckets) {
            if (old.collective.isValid())
                removed[old.collective.value()] = 1;
            for (ItemId p : old.participants)
                removed[p.value()] = 1;
            for (ItemId p : old.fused)
                removed[p.value()] = 1;
        }
        const std::uint32_t count = assignment.empty() ? 0 : assignment.back() + 1;
        std::vector<std::vector<std::uint32_t>> members(count);
        for (std::uint32_t t = 0; t < assignment.size(); ++t)
            members[assignment[t]].push_back(t);
        const std::size_t ranks = step.ranks.size();
        const std::vector<std::uint32_t> completes = completingBuckets(step, assignment, count);
        std::vector<std::vector<std::uint32_t>> completed(count); // per new bucket, the measured ones it completes
        for (std::uint32_t j = 0; j < completes.size() && count > 0; ++j)
            completed[completes[j]].push_back(j);
        std::vector<ItemId> previous(ranks);
        std::vector<ItemId> collectives; // per new bucket
        std::vector<std::vector<ItemId>> participants; // per new bucket, per rank slot
        for (std::uint32_t k = 0; k < count; ++k) {
            std::int64_t bytes = 0;
            for (std::uint32_t t : members[k])
                bytes = CheckedMath::saturatingAdd(bytes, step.tensors[t].bytes);
            const StringId name = b.intern(bucketName(k, members[k].size(), bytes));
            const TensorModel::Bucket& first = step.buckets.front();
            // A logical all-reduce with a participant per rank, or for partial buckets, each rank's own
            // transfer, timed alone by the cost model.
            ItemId collective;
            if (first.collective.isValid()) {
                ExecutionGraphBuilder::Item c;
                c.kind = OpKind::Collective;
                c.flags = ExecutionGraph::Synthetic;
                c.name = name;
                c.anchor = g.anchor(first.collective);
                collective = b.addItem(c, {});
                setBytes(first.collective, collective, bytes);
            }
            collectives.push_back(collective);
            participants.emplace_back();
            for (std::size_t r = 0; r < ranks; ++r) {
                const ItemId model0 = first.participants[r];
                ExecutionGraphBuilder::Item p = ExecutionGraphBuilder::columnsOf(g, model0);
                p.flags = ExecutionGraph::Synthetic;
                p.name = name;
                p.gap = p.minDuration = p.tail = 0;
                p.measuredOverlap = 0;
                const ItemId part = b.addItem(p, {});
                if (collective.isValid())
                    b.addParticipant(collective, part);
                else
                    setBytes(model0, part, bytes);
                if (previous[r].isValid())
                    b.addEdge(previous[r], part, EdgeKind::Program, EdgeRef::EndToStart);
                else
                    copyInEdges(model0, part, true);
                readyPosition = 0;
                for (std::uint32_t t : members[k])
                    addReadiness(step, step.tensors[t], r, part);
                for (std::uint32_t j : completed[k])
                    moveStaging(step, step.buckets[j], r, part, collective);
                latestReady.resize(k + 1, 0);
                latestReady[k] = std::max(latestReady[k], readyPosition);
                previous[r] = part;
                participants.back().push_back(part);
            }
        }
        if (count == 0)
            return;
        // What waited for a measured bucket waits for the new bucket that completes its tensors, where
        // that cannot make a cycle (copyOutEdges).
        for (std::size_t j = 0; j < step.buckets.size(); ++j) {
            const TensorModel::Bucket& old = step.buckets[j];
            const std::uint32_t after = latestReady[completes[j]];
            if (old.collective.isValid())
                copyOutEdges(old.collective, collectives[completes[j]], after);
            for (std::size_t r = 0; r < ranks; ++r)
                copyOutEdges(old.participants[r], participants[completes[j]][r], after);
            for (ItemId f : old.fused)
                copyOutEdges(f, participants[completes[j]][slotOf(step, f)], after);
        }
        latestReady.clear();
    }

    // Waits on measured buckets that could not be kept (see copyOutEdges).
    std::size_t dropped = 0;

private:
    // Per measured bucket, the new bucket that completes its tensors (the last one when it had none).
    static std::vector<std::uint32_t> completingBuckets(
        const TensorModel::Step& step, const std::vector<std::uint32_t>& assignment, std::uint32_t count)
    {
        std::vector<std::uint32_t> completes(step.buckets.size(), count == 0 ? 0 : count - 1);
        std::vector<std::uint8_t> seen(step.buckets.size(), 0);
        for (std::uint32_t t = static_cast<std::uint32_t>(assignment.size()); t-- > 0;) {
            const std::uint32_t old = step.tensors[t].bucket;
            if (!seen[old]) {
                seen[old] = 1;
                completes[old] = assignment[t];
            }
        }
        return completes;
    }

    // The copies that staged a measured bucket for a host-side collective (gloo's) stage the new bucket
    // that completes its tensors. They stay what they were, work of the gradients' synchronisation: once
    // a step under accumulation, scaled with the bytes it sends. A logical all-reduce is staged as a whole
    // (moved with the first rank slot), a partial bucket by each rank's transfers.
    void moveStaging(
        const TensorModel::Step& step, const TensorModel::Bucket& old, std::size_t r, ItemId part, ItemId collective)
    {
        const auto move = [&](ItemId from, ItemId to) {
            for (std::uint32_t s = g.inBegin(from.value()); s < g.inBegin(from.value() + 1); ++s) {
                const std::uint32_t e = g.inEdge(s);
                if (g.edgeKind(e) != EdgeKind::Staging || removed[g.inSource(s)])
                    continue;
                b.addEdge(ItemId(g.inSource(s)), to, EdgeKind::Staging, g.ref(e));
                readyPosition = std::max(readyPosition, order.sourceInstant(ItemId(g.inSource(s)), g.ref(e)));
            }
        };
        if (old.collective.isValid() && collective.isValid() && r == 0)
            move(old.collective, collective);
        move(old.participants[r], part);
        for (ItemId f : old.fused) {
            if (slotOf(step, f) == r)
                move(f, part);
        }
    }

    // A tensor is ready on its rank when its AccumulateGrad has run and the device has done what was
    // launched before it; a tensor that is a measured bucket, when that bucket's participant was released.
    void addReadiness(const TensorModel::Step& step, const TensorModel::Tensor& t, std::size_t r, ItemId part)
    {
        const ItemId producer = t.producers[r];
        if (!producer.isValid()) {
            copyInEdges(t.transfers.empty() ? step.buckets[t.bucket].participants[r] : t.transfers[r], part, false);
            return;
        }
        b.addEdge(producer, part, EdgeKind::GradientToCollective, EdgeRef::EndToStart);
        readyPosition = std::max(readyPosition, order.end(producer));
        const ItemId kernel = launches.lastKernelBefore(g.rank(producer), CheckedMath::timeAdd(g.anchor(producer), g.minDuration(producer)));
        if (kernel.isValid()) {
            b.addEdge(kernel, part, EdgeKind::GradientToCollective, EdgeRef::EndToStart);
            readyPosition = std::max(readyPosition, order.end(kernel));
        }
    }

    // to carries a bucket of these tensor bytes the way from did (from's transfer, resized).
    void setBytes(ItemId from, ItemId to, std::int64_t bytes)
    {
        const CommCost& cost = *g.comm(from);
        CommCost resized = cost;
        resized.bytes = CheckedMath::saturatingRound(static_cast<double>(bytes) * bytesFactor);
        b.setComm(to, resized, g.commRanks(cost));
    }

    // The rank slot of a partial bucket's transfer in its step.
    std::size_t slotOf(const TensorModel::Step& step, ItemId transfer) const
    {
        return static_cast<std::size_t>(std::find(step.ranks.begin(), step.ranks.end(), g.rank(transfer)) - step.ranks.begin());
    }

    // Copies the edges that release from's start to to: its program predecessor only, or all but that.
    void copyInEdges(ItemId from, ItemId to, bool program)
    {
        for (std::uint32_t s = g.inBegin(from.value()); s < g.inBegin(from.value() + 1); ++s) {
            const std::uint32_t e = g.inEdge(s);
            const EdgeKind kind = g.edgeKind(e);
            // Staging copies go to the bucket that completes their tensors (moveStaging).
            if (g.ref(e) == EdgeRef::EndToEnd || removed[g.inSource(s)] || (kind == EdgeKind::Program) != program
                || kind == EdgeKind::Staging)
                continue;
            b.addEdge(ItemId(g.inSource(s)), to, kind, g.ref(e));
            readyPosition = std::max(readyPosition, order.sourceInstant(ItemId(g.inSource(s)), g.ref(e)));
        }
    }

    // Work that followed a removed bucket op on its track, or ran inside it, keeps its place there:
    // after the op before it that the pass keeps (removed program predecessors skipped; after its start
    // where it encloses them), or where there is none, after what released the removed op's start.
    // Without a wait it would start at its measured time whatever the strategy changed before it. It
    // waited so through the removed op already, so the wait makes no cycle.
    void keepPlace(ItemId from, ItemId target)
    {
        ItemId at = from;
        for (int hops = 0; hops < 1 << 20; ++hops) {
            std::uint32_t program = g.inBegin(at.value() + 1);
            for (std::uint32_t s = g.inBegin(at.value()); s < g.inBegin(at.value() + 1); ++s) {
                if (g.edgeKind(g.inEdge(s)) == EdgeKind::Program) {
                    program = s;
                    break;
                }
            }
            if (program == g.inBegin(at.value() + 1))
                break;
            at = ItemId(g.inSource(program));
            if (!removed[at.value()]) {
                b.addEdge(at, target, EdgeKind::Program, g.ref(g.inEdge(program)));
                return;
            }
        }
        for (std::uint32_t s = g.inBegin(from.value()); s < g.inBegin(from.value() + 1); ++s) {
            const std::uint32_t e = g.inEdge(s);
            if (g.ref(e) != EdgeRef::EndToEnd && !removed[g.inSource(s)])
                b.addEdge(ItemId(g.inSource(s)), target, g.edgeKind(e), g.ref(e));
        }
    }

    // A wait on a measured bucket moves to the new bucket only for work whose start comes after
    // everything the new bucket waits for in the graph's instant order, so that it cannot lead back to
    // the new bucket. Other waits (work the dependency graph tied to a bucket from timing alone, as the
    // op that started right after it on another stream) are dropped and counted.
    void copyOutEdges(ItemId from, ItemId to, std::uint32_t after)
    {
        for (std::uint32_t e = g.outBegin(from.value()); e < g.outBegin(from.value() + 1); ++e) {
            const ItemId target(g.target(e));
            if (removed[target.value()])
                continue;
            // Other work on the stream keeps its place in the stream, not behind the new buckets, whose
            // readiness may come after what that work releases.
            if (g.edgeKind(e) == EdgeKind::Program) {
                keepPlace(from, target);
                // On a host thread (gloo's), what the thread ran once the collective returned (the event
                // that completes its future, which the gradients' copies back wait for) also waits
                // for the new bucket.
                if (!g.onDevice(from) && order.start(target) > after)
                    b.addEdge(to, target, EdgeKind::Sync, EdgeRef::EndToStart);
                continue;
            }
            // An end that waits (an enclosing op's, a synchronisation's) is judged by its end.
            if ((g.ref(e) == EdgeRef::EndToEnd ? order.end(target) : order.start(target)) <= after) {
                ++dropped;
                // Work nested in the bucket's op (gloo's copy to host memory and its wait) keeps its place
                // after what ran before that op on its thread: left with no wait at all, it would start at
                // its measured time whatever the strategy changed before it.
                if (g.edgeKind(e) == EdgeKind::Nest)
                    keepPlace(from, target);
                continue;
            }
            b.addEdge(to, target, g.edgeKind(e), g.ref(e));
        }
    }

    const ExecutionGraph& g;
    const LaunchOrder& launches;
    const InstantOrder& order;
    ExecutionGraphBuilder& b;
    std::vector<std::uint8_t>& removed;
    double bytesFactor;
    std::uint32_t readyPosition = 0; // the latest instant, in order, that the participant being made waits for
    std::vector<std::uint32_t> latestReady; // per new bucket of the step, over its ranks
};

} // namespace

std::string_view TensorFusionPass::name() const
{
    return "tensor_fusion";
}

std::string_view TensorFusionPass::summary() const
{
    return SL_TEXT("Core", "Re-buckets the gradient all-reduces, by DDP's bucket_cap_mb or Horovod's fusion threshold and cycle time.");
}

const ParameterTable<TensorFusionParameters>& TensorFusionPass::table() const
{
    using T = ParameterSpec::Type;
    using P = TensorFusionParameters;
    static const ParameterTable<P> table {
        { &P::bucketCapMb,
            { "bucket_cap_mb", T::Number, "MiB", 0.001, 1e6, "", {},
                SL_TEXT("Core", "DDP style: the bucket size cap (give this or threshold_bytes)"), true } },
        { &P::firstBucketMb,
            { "first_bucket_mb", T::Number, "MiB", 0.001, 1e6, "1", {},
                SL_TEXT("Core", "DDP style: the cap of the first bucket") } },
        { &P::thresholdBytes,
            { "threshold_bytes", T::Number, "bytes", 0, 1e15, "", {},
                SL_TEXT("Core", "Horovod style: the fusion threshold (give this or bucket_cap_mb)"), true } },
        { &P::cycleTimeMs,
            { "cycle_time_ms", T::Number, "ms", 0, 1e6, "1", {},
                SL_TEXT("Core", "Horovod style: the cycle time; tensors ready in one cycle fuse") } },
        { &P::groups,
            { "groups", T::Text, "", 0, 0, "", {},
                SL_TEXT("Core",
                    "explicit buckets: ranges of tensors in ready order, such as 0-3,4,5-9 (or give bucket_cap_mb or "
                    "threshold_bytes)"),
                true } },
    };
    return table;
}

Expected<std::vector<std::uint32_t>> TensorFusionPass::assign(
    const ExecutionGraph& g, const TensorModel::Step& step, const TensorFusionParameters& params)
{
    if (params.groups) {
        Expected<std::vector<std::uint32_t>> groups = parseGroups(*params.groups);
        if (groups && groups->size() != step.tensors.size())
            return Status::error(ErrorCode::InvalidArgument, {}, -1,
                Message(SL_TEXT("Core", "'groups' covers %1 tensors, but a step of the job has %2"),
                    { groups->size(), step.tensors.size() }));
        return groups;
    }
    std::vector<std::int64_t> bytes, ready;
    for (const TensorModel::Tensor& t : step.tensors) {
        bytes.push_back(t.bytes);
        const ItemId p = t.producers.front();
        if (p.isValid())
            ready.push_back(g.anchor(p));
        else
            ready.push_back(t.transfers.empty() ? g.anchor(step.buckets[t.bucket].participants.front()) : t.readyNs);
    }
    if (params.bucketCapMb)
        return ddpBuckets(bytes, CheckedMath::saturatingRound(params.firstBucketMb * kMiB), CheckedMath::saturatingRound(*params.bucketCapMb * kMiB));
    return horovodBuckets(bytes, ready, CheckedMath::saturatingRound(params.thresholdBytes.value_or(0)),
        CheckedMath::saturatingRound(params.cycleTimeMs * 1e6));
}

Expected<std::vector<std::uint32_t>> TensorFusionPass::parseGroups(std::string_view text)
{
    const auto invalid = [&] {
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core",
                        "'groups' must be ranges of tensors from 0 in ready order without a gap, such as 0-3,4,5-9, "
                        "not “%1”"),
                { std::string(text) }));
    };
    // Each range's first and last tensor, read as plain decimal numbers below a bound no job reaches.
    constexpr std::uint64_t kMaxTensors = 1u << 24;
    const auto number = [](std::string_view digits, std::uint64_t& out) {
        if (digits.empty() || digits.size() > 8)
            return false;
        out = 0;
        for (char c : digits) {
            if (c < '0' || c > '9')
                return false;
            out = out * 10 + static_cast<std::uint64_t>(c - '0');
        }
        return true;
    };
    std::vector<std::uint32_t> bucket;
    std::uint32_t group = 0;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const std::string_view range = text.substr(at, comma - at);
        const std::size_t dash = range.find('-');
        std::uint64_t first = 0, last = 0;
        if (!number(range.substr(0, dash), first)
            || !number(dash == std::string_view::npos ? range : range.substr(dash + 1), last))
            return invalid();
        if (first != bucket.size() || last < first || last >= kMaxTensors)
            return invalid();
        bucket.resize(last + 1, group++);
        at = comma + 1;
    }
    return bucket;
}

std::string TensorFusionPass::groupsText(std::span<const std::uint32_t> bucketOfTensor)
{
    std::string text;
    for (std::size_t first = 0; first < bucketOfTensor.size();) {
        std::size_t last = first;
        while (last + 1 < bucketOfTensor.size() && bucketOfTensor[last + 1] == bucketOfTensor[first])
            ++last;
        text += (text.empty() ? "" : ",") + std::to_string(first) + (last > first ? "-" + std::to_string(last) : "");
        first = last + 1;
    }
    return text;
}

std::vector<std::uint32_t> TensorFusionPass::ddpBuckets(std::span<const std::int64_t> bytes, std::int64_t firstCapBytes, std::int64_t capBytes)
{
    std::vector<std::uint32_t> bucket(bytes.size(), 0);
    std::uint32_t current = 0;
    std::int64_t filled = 0;
    for (std::size_t t = 0; t < bytes.size(); ++t) {
        bucket[t] = current;
        filled = CheckedMath::saturatingAdd(filled, bytes[t]);
        if (filled >= (current == 0 ? firstCapBytes : capBytes) && t + 1 < bytes.size()) {
            ++current;
            filled = 0;
        }
    }
    return bucket;
}

std::vector<std::uint32_t> TensorFusionPass::horovodBuckets(
    std::span<const std::int64_t> bytes, std::span<const std::int64_t> readyNs, std::int64_t thresholdBytes, std::int64_t cycleNs)
{
    std::vector<std::uint32_t> bucket(bytes.size(), 0);
    std::uint32_t current = 0;
    std::int64_t filled = 0;
    std::int64_t cycle = 0;
    for (std::size_t t = 0; t < bytes.size(); ++t) {
        const std::int64_t c = cycleNs > 0 ? CheckedMath::timeSub(readyNs[t], readyNs[0]) / cycleNs : 0;
        const bool newCycle = t > 0 && c != cycle;
        const bool full = t > 0 && CheckedMath::saturatingAdd(filled, bytes[t]) > thresholdBytes;
        if (newCycle || full) {
            ++current;
            filled = 0;
        }
        cycle = c;
        bucket[t] = current;
        filled = CheckedMath::saturatingAdd(filled, bytes[t]);
    }
    return bucket;
}

Status TensorFusionPass::run(const TensorFusionParameters& params, WhatIfJob& job) const
{
    if (int(params.bucketCapMb.has_value()) + int(params.thresholdBytes.has_value()) + int(params.groups.has_value())
        != 1)
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core", "give one of 'bucket_cap_mb', 'threshold_bytes' and 'groups'")));
    const ExecutionGraph& g = *job.graph;
    const AnalysisCache& analyses = job.analyses();
    const Expected<TensorModel>& model = analyses.tensors();
    if (!model)
        return model.status();
    const LaunchOrder& launches = analyses.launchOrder();
    ExecutionGraphBuilder b(g);
    std::vector<std::uint8_t> removed(g.itemCount(), 0);
    StepRewrite rewrite(g, launches, analyses.instantOrder(), b, removed, job.gradientBytesFactor);
    std::size_t before = 0, after = 0;
    for (const TensorModel::Step& step : model->steps()) {
        const Expected<std::vector<std::uint32_t>> assignment = assign(g, step, params);
        if (!assignment)
            return assignment.status();
        before += step.buckets.size();
        after += assignment->empty() ? 0 : assignment->back() + 1;
        rewrite.run(step, *assignment);
    }
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (removed[i])
            b.removeItem(ItemId(i));
    }
    job.warnings.emplace_back(SL_TEXT("Core", "%1 gradient all-reduces become %2 (%3)"), std::vector<Message::Arg> { before, after, model->source() });
    if (rewrite.dropped > 0)
        job.warnings.emplace_back(SL_TEXT("Core", "%1 waits on measured buckets by work that began before a new bucket could be ready were dropped"),
            std::vector<Message::Arg> { rewrite.dropped });
    return job.rebuild(b);
}

void TensorFusionPass::exportStep(const TensorFusionParameters& params, ExportContext& out) const
{
    FrameworkConfig& c = out.config();
    // The first step's gradients grouped as the step groups them.
    c.tensorGroups.clear();
    const Expected<TensorModel>& model = out.measured().tensors();
    if (model && !model->steps().empty()) {
        const TensorModel::Step& step = model->steps().front();
        const Expected<std::vector<std::uint32_t>> bucket = assign(out.measured().graph(), step, params);
        for (std::uint32_t t = 0; bucket && t < bucket->size(); ++t) {
            const std::uint32_t k = (*bucket)[t];
            if (k >= c.tensorGroups.size())
                c.tensorGroups.resize(k + 1);
            c.tensorGroups[k].tensors.push_back(t);
            c.tensorGroups[k].bytes = CheckedMath::saturatingAdd(c.tensorGroups[k].bytes, step.tensors[t].bytes);
        }
    }
    if (params.groups) {
        // Frameworks cut buckets by size: explicit groups become the largest group's size as the cap,
        // and the first group's as DDP's first bucket.
        if (c.tensorGroups.empty()) {
            out.cannotAll("the explicit groups do not match the job's gradient tensors");
            return;
        }
        std::int64_t largest = 0;
        for (const FrameworkConfig::TensorGroup& group : c.tensorGroups)
            largest = std::max(largest, group.bytes);
        c.bucketCapMb = static_cast<double>(largest) / kMiB;
        c.firstBucketMb = static_cast<double>(c.tensorGroups.front().bytes) / kMiB;
        c.fusionThresholdBytes = largest;
    } else if (params.bucketCapMb) {
        c.bucketCapMb = *params.bucketCapMb;
        c.firstBucketMb = params.firstBucketMb;
        c.fusionThresholdBytes = std::llround(*params.bucketCapMb * kMiB);
    } else {
        c.fusionThresholdBytes = std::llround(params.thresholdBytes.value_or(0));
        c.bucketCapMb = static_cast<double>(*c.fusionThresholdBytes) / kMiB;
    }
    c.cycleTimeMs = params.cycleTimeMs;
    const std::string bySize = params.groups
        ? std::string("; the what-if's buckets were chosen group by group, and a framework that cuts buckets by size "
                      "alone gets the largest group's size as its cap "
                      "(and DDP the first group's as its first bucket), which makes the same buckets only where the "
                      "groups' sizes allow: compare them with the modelled ones")
        : std::string();
    const std::vector<std::string> pytorchFiles = c.tensorGroups.empty()
        ? std::vector<std::string> { "sightline_strategy.py", "ddp_args.json" }
        : std::vector<std::string> { "sightline_strategy.py", "ddp_args.json", "tensor_groups.json" };
    const std::string groups = c.tensorGroups.empty()
        ? std::string("; no tensor groups: the job has no gradient all-reduce to group")
        : ", and " + std::to_string(c.tensorGroups.size()) + " tensor groups (tensor_groups.json)";
    out.becomes(Framework::PyTorch, pytorchFiles,
        "DistributedDataParallel's bucket_cap_mb (sightline_strategy.py, ddp_args.json)" + groups
            + (params.thresholdBytes ? "; DDP cuts its buckets by size alone, where the what-if also closed them after "
                                       "each cycle time, as Horovod does"
                                     : bySize));
    out.becomes(Framework::DeepSpeed, { "deepspeed_config.json" },
        "zero_optimization stage 1 with reduce_bucket_size and allgather_bucket_size in elements of the gradients' "
        "type and overlap_comm "
        "(deepspeed_config.json): DeepSpeed reads its bucket sizes only under ZeRO, whose stage 1 also partitions the "
        "optimizer state and "
        "gathers the updated weights after each step, which the what-if does not model"
            + bySize);
    const bool wholeMiB = *c.fusionThresholdBytes % (1 << 20) == 0;
    out.becomes(Framework::Horovod, { "horovod.env", "horovodrun_args.txt" },
        "HOROVOD_FUSION_THRESHOLD and HOROVOD_CYCLE_TIME (horovod.env), and horovodrun's "
            + std::string(wholeMiB ? "--fusion-threshold-mb and --cycle-time-ms"
                                   : "--cycle-time-ms (its --fusion-threshold-mb takes whole MiB: the environment "
                                     "holds the exact bytes)")
            + " (horovodrun_args.txt)" + bySize);
    out.cannot(Framework::BytePS, "BytePS does not fuse tensors, and its partition size is tensor_partition's");
    out.becomes(Framework::Xla, { "xla.env" },
        "XLA_FLAGS=--xla_gpu_all_reduce_combine_threshold_bytes (xla.env): XLA combines all-reduces up to the "
        "threshold, "
        "with no cycle time"
            + bySize);
}

} // namespace sightline
