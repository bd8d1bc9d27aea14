#include "core/import/layerwisejob.h"

#include "core/import/layerwiseprofile.h"
#include "core/model/trace.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

namespace sightline {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// An op before it has an OpId: ids are handed out only once every track is sorted by start.
struct PendingOp {
    std::uint32_t track = 0;
    TimeNs start = 0;
    TimeNs end = 0;
    StringId name;
    StringId category;
    OpKind kind = OpKind::ComputeKernel;
    Phase phase = Phase::Unknown;
    std::int32_t step = -1;
    std::int64_t bytes = 0;
    bool allReduce = false;
};

// Builds the DAG in an order where every predecessor already exists, so one pass evaluates it.
class DagBuilder {
public:
    explicit DagBuilder(TraceData& data)
        : m_data(data)
    {
    }

    std::uint32_t add(PendingOp op, TimeNs duration, const std::vector<std::uint32_t>& preds)
    {
        const auto id = static_cast<std::uint32_t>(m_ops.size());
        TimeNs start = 0;
        for (std::uint32_t p : preds) {
            if (p == kNone)
                continue;
            start = std::max(start, m_ops[p].end);
            m_edges.emplace_back(p, id);
        }
        op.start = start;
        op.end = start + duration;
        m_ops.push_back(op);
        return id;
    }

    TimeNs end(std::uint32_t op) const { return m_ops[op].end; }

    // Moves the ops into data's columns, grouped by track and sorted by start (longer first on ties,
    // then creation order), and turns the edges into Dependency links between the final ids.
    void finish(std::size_t trackCount, const CommArgs& allReduceArgs)
    {
        std::vector<std::uint32_t> order(m_ops.size());
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), [this](std::uint32_t a, std::uint32_t b) {
            const PendingOp& x = m_ops[a];
            const PendingOp& y = m_ops[b];
            if (x.track != y.track)
                return x.track < y.track;
            if (x.start != y.start)
                return x.start < y.start;
            return x.end - x.start > y.end - y.start;
        });
        std::vector<std::uint32_t> idOf(m_ops.size());
        const std::size_t n = m_ops.size();
        m_data.start.reserve(n);
        m_data.end.reserve(n);
        m_data.track.reserve(n);
        m_data.name.reserve(n);
        m_data.category.reserve(n);
        m_data.kind.reserve(n);
        m_data.phase.reserve(n);
        m_data.step.reserve(n);
        m_data.bytes.reserve(n);
        std::vector<std::uint32_t> firstOp(trackCount, 0);
        std::vector<std::uint32_t> opCount(trackCount, 0);
        for (std::uint32_t i = 0; i < n; ++i) {
            const PendingOp& op = m_ops[order[i]];
            idOf[order[i]] = i;
            if (opCount[op.track]++ == 0)
                firstOp[op.track] = i;
            m_data.start.push_back(op.start);
            m_data.end.push_back(op.end);
            m_data.track.push_back(op.track);
            m_data.name.push_back(op.name.value());
            m_data.category.push_back(op.category.value());
            m_data.kind.push_back(op.kind);
            m_data.phase.push_back(op.phase);
            m_data.step.push_back(op.step);
            m_data.bytes.push_back(op.bytes);
            if (op.allReduce) {
                CommArgs args = allReduceArgs;
                if (op.bytes > 0 && op.bytes % 4 == 0) { // fp32 elements; unknown (-1) otherwise
                    args.inNelems = op.bytes / 4;
                    args.outNelems = op.bytes / 4;
                }
                m_data.commArgs.emplace_back(OpId(i), args); // ascending OpId, as Trace requires
            }
        }
        // Empty tracks still get a position: where their ops would start.
        std::uint32_t next = 0;
        for (std::size_t t = 0; t < trackCount; ++t) {
            m_data.tracks[t].firstOp = opCount[t] > 0 ? firstOp[t] : next;
            m_data.tracks[t].opCount = opCount[t];
            next = m_data.tracks[t].firstOp + opCount[t];
        }
        m_data.links.reserve(m_edges.size());
        for (const auto& [from, to] : m_edges)
            m_data.links.push_back(Link { OpId(idOf[from]), OpId(idOf[to]), LinkKind::Dependency });
        m_ops.clear();
        m_edges.clear();
    }

private:
    TraceData& m_data;
    std::vector<PendingOp> m_ops;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> m_edges;
};

Status optionError(const LayerwiseProfile& profile, const std::string& what)
{
    return Status::error(ErrorCode::ValueOutOfRange, profile.file, -1, what);
}

} // namespace

TimeNs LayerwiseJob::communicationNs(
    const LayerwiseProfile& profile, const LayerProfile& layer, const LayerwiseJobOptions& options)
{
    const bool model
        = options.bandwidthGBps > 0 && (options.preferBandwidthModel || profile.totalCommunicationNs() == 0);
    if (!model)
        return layer.communicationNs;
    if (layer.gradientBytes <= 0)
        return 0;
    // bytes / (GB/s) is a time in ns.
    return options.latencyNs + std::llround(static_cast<double>(layer.gradientBytes) / options.bandwidthGBps);
}

Expected<std::shared_ptr<const Trace>> LayerwiseJob::load(const std::string& path, const LayerwiseJobOptions& options)
{
    Expected<LayerwiseProfile> profile = LayerwiseProfile::load(path);
    if (!profile)
        return profile.status();
    return build(*profile, options);
}

Expected<std::shared_ptr<const Trace>> LayerwiseJob::build(
    const LayerwiseProfile& profile, const LayerwiseJobOptions& options)
{
    if (profile.layers.empty())
        return Status::error(ErrorCode::NoEvents, profile.file, -1, "the profile has no layers");
    std::int32_t workers = options.workers;
    if (workers == 0)
        workers = profile.measuredWorkers > 0 ? profile.measuredWorkers : kDefaultWorkers;
    if (workers < 1 || workers > kMaxWorkers)
        return optionError(
            profile, "worker count " + std::to_string(workers) + " is not in [1, " + std::to_string(kMaxWorkers) + "]");
    if (options.iterations < 1 || options.iterations > kMaxIterations)
        return optionError(profile,
            "iteration count " + std::to_string(options.iterations) + " is not in [1, " + std::to_string(kMaxIterations)
                + "]");
    if (!(options.bandwidthGBps >= 0) || !std::isfinite(options.bandwidthGBps))
        return optionError(profile, "bandwidth must be a finite number of GB/s, 0 or more");
    if (options.latencyNs < 0)
        return optionError(profile, "latency must not be negative");
    const TimeNs ioNs = options.ioNs.value_or(profile.ioNs.value_or(0));
    const TimeNs h2dNs = options.h2dNs.value_or(profile.h2dNs.value_or(0));
    const TimeNs updateNs = options.updateNs.value_or(profile.updateNs.value_or(0));
    if (ioNs < 0 || h2dNs < 0 || updateNs < 0)
        return optionError(profile, "I/O, H2D and update times must not be negative");

    const std::size_t layerCount = profile.layers.size();
    std::vector<TimeNs> commNs(layerCount, 0);
    std::vector<bool> aggregated(layerCount, false);
    bool anyAggregation = false;
    // Bound the whole job's length so that no end time can overflow.
    __int128 perIteration = static_cast<__int128>(ioNs) + h2dNs + updateNs;
    for (std::size_t l = 0; l < layerCount; ++l) {
        const LayerProfile& layer = profile.layers[l];
        commNs[l] = communicationNs(profile, layer, options);
        aggregated[l] = workers > 1 && (layer.gradientBytes > 0 || commNs[l] > 0);
        anyAggregation = anyAggregation || aggregated[l];
        perIteration += static_cast<__int128>(layer.forwardNs) + layer.backwardNs + commNs[l];
    }
    if (perIteration * options.iterations > std::numeric_limits<TimeNs>::max())
        return optionError(profile, "the job would last longer than an int64 of nanoseconds");

    TraceData data;
    data.format = "layerwise";
    data.worldSize = workers;
    StringPool& strings = data.strings;
    const StringId sourceFile = strings.intern(profile.file);
    const StringId rankSource = strings.intern("layerwise_model");
    const StringId ioName = strings.intern("I/O");
    const StringId h2dName = strings.intern("H2D");
    const StringId updateName = strings.intern("update");
    const StringId ioCat = strings.intern("io");
    const StringId h2dCat = strings.intern("h2d");
    const StringId forwardCat = strings.intern("forward");
    const StringId backwardCat = strings.intern("backward");
    const StringId allReduceCat = strings.intern("allreduce");
    const StringId updateCat = strings.intern("update");
    std::vector<StringId> forwardName(layerCount);
    std::vector<StringId> backwardName(layerCount);
    std::vector<StringId> allReduceName(layerCount);
    for (std::size_t l = 0; l < layerCount; ++l) {
        const std::string& n = profile.layers[l].name;
        forwardName[l] = strings.intern(n + " forward");
        backwardName[l] = strings.intern(n + " backward");
        allReduceName[l] = strings.intern(n + " allreduce");
    }

    // Ranks and tracks: I/O thread, GPU stream and, when there is anything to aggregate, the channel.
    const std::uint32_t tracksPerWorker = anyAggregation ? 3 : 2;
    const StringId ioTrackName = strings.intern("I/O thread");
    const StringId gpuTrackName = strings.intern("GPU stream");
    const StringId commTrackName = strings.intern("all-reduce channel");
    for (std::int32_t w = 0; w < workers; ++w) {
        RankInfo rank;
        rank.rank = w;
        rank.sourceFile = sourceFile;
        rank.processName = strings.intern("worker " + std::to_string(w));
        rank.firstTrack = static_cast<std::uint32_t>(w) * tracksPerWorker;
        rank.trackCount = tracksPerWorker;
        // Iterations come from the job's own structure (there are no marker ops): the closest method.
        rank.stepMethod = StepMethod::RepeatingStructure;
        rank.rankSource = rankSource;
        data.ranks.push_back(rank);
        auto addTrack = [&](TrackKind kind, StringId name, std::int32_t device) {
            TrackInfo t;
            t.rank = RankId(static_cast<std::uint32_t>(w));
            t.kind = kind;
            t.name = name;
            t.device = device;
            t.sortIndex = static_cast<std::int32_t>(data.tracks.size() - rank.firstTrack);
            data.tracks.push_back(t);
        };
        addTrack(TrackKind::CpuThread, ioTrackName, -1);
        addTrack(TrackKind::GpuStream, gpuTrackName, 0);
        if (anyAggregation)
            addTrack(TrackKind::CommChannel, commTrackName, 0);
    }

    CommArgs allReduceArgs;
    if (anyAggregation) {
        ProcessGroup group;
        group.name = strings.intern("0");
        group.description = strings.intern("default_pg");
        group.backend = strings.intern("");
        std::string ranksText = "[";
        for (std::int32_t w = 0; w < workers; ++w) {
            group.ranks.push_back(w);
            ranksText += (w > 0 ? ", " : "") + std::to_string(w);
        }
        ranksText += "]";
        data.processGroups.push_back(std::move(group));
        allReduceArgs.collective = strings.intern("all_reduce");
        allReduceArgs.processGroup = strings.intern("0");
        allReduceArgs.groupRanks = strings.intern(ranksText);
        allReduceArgs.dtype = strings.intern("Float");
        allReduceArgs.groupSize = workers;
    }

    DagBuilder dag(data);
    const auto workerCount = static_cast<std::size_t>(workers);
    auto ioTrack = [&](std::size_t w) { return static_cast<std::uint32_t>(w * tracksPerWorker); };
    auto gpuTrack = [&](std::size_t w) { return static_cast<std::uint32_t>(w * tracksPerWorker + 1); };
    auto commTrack = [&](std::size_t w) { return static_cast<std::uint32_t>(w * tracksPerWorker + 2); };
    std::vector<std::uint32_t> io(workerCount, kNone);
    std::vector<std::uint32_t> update(workerCount, kNone);
    std::vector<std::vector<std::uint32_t>> backward(layerCount, std::vector<std::uint32_t>(workerCount, kNone));
    std::vector<std::uint32_t> preds;
    std::vector<std::uint32_t> previousAggregation(workerCount, kNone);
    std::vector<std::vector<TimeNs>> updateEnd(workerCount);

    for (std::int32_t it = 0; it < options.iterations; ++it) {
        auto op = [&](std::uint32_t track, StringId name, StringId category, OpKind kind, Phase phase) {
            PendingOp p;
            p.track = track;
            p.name = name;
            p.category = category;
            p.kind = kind;
            p.phase = phase;
            p.step = it;
            return p;
        };
        for (std::size_t w = 0; w < workerCount; ++w)
            io[w] = dag.add(op(ioTrack(w), ioName, ioCat, OpKind::Io, Phase::Other), ioNs, { io[w] });
        for (std::size_t w = 0; w < workerCount; ++w) {
            PendingOp copy = op(gpuTrack(w), h2dName, h2dCat, OpKind::Memcpy, Phase::Other);
            std::uint32_t previous = dag.add(copy, h2dNs, { io[w], update[w] });
            for (std::size_t l = 0; l < layerCount; ++l) {
                const PendingOp f = op(gpuTrack(w), forwardName[l], forwardCat, OpKind::ComputeKernel, Phase::Forward);
                previous = dag.add(f, profile.layers[l].forwardNs, { previous, l == 0 ? update[w] : kNone });
            }
            for (std::size_t l = layerCount; l-- > 0;) {
                const PendingOp b
                    = op(gpuTrack(w), backwardName[l], backwardCat, OpKind::ComputeKernel, Phase::Backward);
                previous = dag.add(b, profile.layers[l].backwardNs, { previous });
                backward[l][w] = previous;
            }
        }
        std::fill(previousAggregation.begin(), previousAggregation.end(), kNone);
        std::vector<std::vector<std::uint32_t>> aggregationsOf(workerCount);
        for (std::size_t l = layerCount; l-- > 0;) {
            if (!aggregated[l])
                continue;
            for (std::size_t w = 0; w < workerCount; ++w) {
                preds.assign(backward[l].begin(), backward[l].end());
                if (!options.wfbp && l != 0)
                    preds.insert(preds.end(), backward[0].begin(), backward[0].end());
                preds.push_back(previousAggregation[w]);
                PendingOp a = op(commTrack(w), allReduceName[l], allReduceCat, OpKind::Collective, Phase::Backward);
                a.bytes = profile.layers[l].gradientBytes;
                a.allReduce = true;
                previousAggregation[w] = dag.add(a, commNs[l], preds);
                aggregationsOf[w].push_back(previousAggregation[w]);
            }
        }
        for (std::size_t w = 0; w < workerCount; ++w) {
            preds.assign(1, backward[0][w]);
            preds.insert(preds.end(), aggregationsOf[w].begin(), aggregationsOf[w].end());
            update[w] = dag.add(
                op(gpuTrack(w), updateName, updateCat, OpKind::ComputeKernel, Phase::Optimizer), updateNs, preds);
            updateEnd[w].push_back(dag.end(update[w]));
        }
    }
    dag.finish(data.tracks.size(), allReduceArgs);

    for (std::size_t w = 0; w < workerCount; ++w) {
        for (std::int32_t it = 0; it < options.iterations; ++it) {
            StepSpan s;
            s.rank = RankId(static_cast<std::uint32_t>(w));
            s.number = it;
            s.start = it == 0 ? 0 : updateEnd[w][static_cast<std::size_t>(it - 1)];
            s.end = updateEnd[w][static_cast<std::size_t>(it)];
            data.steps.push_back(s);
        }
    }

    data.diagnostics = profile.diagnostics;
    if (anyAggregation && std::all_of(commNs.begin(), commNs.end(), [](TimeNs t) { return t == 0; })) {
        Diagnostic d;
        d.code = ErrorCode::MissingField;
        d.file = profile.file;
        d.count = static_cast<std::int64_t>(std::count(aggregated.begin(), aggregated.end(), true));
        d.detail = "the profile has no communication times: all-reduce ops last 0 ns (give a bandwidth to model them)";
        data.diagnostics.push_back(std::move(d));
    }
    return Trace::build(std::move(data));
}

} // namespace sightline
