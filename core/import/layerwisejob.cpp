#include "core/import/layerwisejob.h"

#include "core/base/checkedmath.h"
#include "core/base/message.h"
#include "core/import/layerwiseprofile.h"
#include "core/model/trace.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <numeric>
#include <span>
#include <vector>

namespace sightline {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// Memory the trace, dependency graph and replay of a layer-wise job take per op, all together: the
// trace's columns, links and index, the graph's CSR (two to three edges per op here: program order,
// dependencies, each all-reduce's arrive and release) and the replay's per-vertex arrays. Measured:
// 230 bytes per op at the peak of `sightline-cli replay` on 256 workers x 3 000 layers.
constexpr std::uint64_t kBytesPerOp = 250;
// Per interned name (layer names appear three times: forward, backward, allreduce): the pool's entry.
constexpr std::uint64_t kBytesPerName = 64;
// Per worker: its rank, tracks, name and steps.
constexpr std::uint64_t kBytesPerWorker = 512;
// The dependency graph numbers its edges in 32 bits, at most about 3.5 per op of such a job, and the
// replay its vertices in 31: well below both.
constexpr std::uint64_t kMaxOps = std::uint64_t(1) << 28;
// c10::DeviceType of the workers' GPUs, for their allocator events.
constexpr std::uint8_t kCudaDeviceType = 1;

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
    // An allocator event of the op's device: a forward allocates what its layer keeps for the
    // backward (memoryBytes > 0), the layer's backward frees it (< 0); the block's address pairs them.
    std::int64_t memoryBytes = 0;
    std::uint64_t address = 0;
};

// Builds the DAG in an order where every predecessor already exists, so one pass evaluates it.
class DagBuilder {
public:
    explicit DagBuilder(TraceData& data)
        : m_data(data)
    {
    }

    void reserve(std::size_t ops, std::size_t edges)
    {
        m_ops.reserve(ops);
        m_edges.reserve(edges);
    }

    // Adds an op that starts at the latest end of preds (kNone entries are skipped), and not before
    // notBefore: a bound that other workers set without a link of their own (see LayerwiseJob).
    std::uint32_t add(PendingOp op, TimeNs duration, std::span<const std::uint32_t> preds, TimeNs notBefore = 0)
    {
        const auto id = static_cast<std::uint32_t>(m_ops.size());
        TimeNs start = notBefore;
        for (std::uint32_t p : preds) {
            if (p == kNone)
                continue;
            start = std::max(start, m_ops[p].end);
            m_edges.emplace_back(p, id);
        }
        op.start = start;
        op.end = start + duration; // the job's length was checked to stay below 2^62 ns
        m_ops.push_back(op);
        return id;
    }
    std::uint32_t add(PendingOp op, TimeNs duration, std::initializer_list<std::uint32_t> preds, TimeNs notBefore = 0)
    {
        return add(op, duration, std::span<const std::uint32_t>(preds.begin(), preds.size()), notBefore);
    }

    TimeNs end(std::uint32_t op) const { return m_ops[op].end; }
    std::uint32_t nextId() const { return static_cast<std::uint32_t>(m_ops.size()); }

    // Moves the ops into data's columns, grouped by track and sorted by start (longer first on ties,
    // then creation order), and turns the edges into Dependency links between the final ids.
    void finish(std::size_t trackCount, const CommArgs& allReduceArgs)
    {
        const std::size_t n = m_ops.size();
        // Grouped by track with a counting sort (stable), then sorted by start within each track. Ops
        // are made in the order of their chains, so a track is nearly always in order already and its
        // sort is only a check.
        std::vector<std::uint32_t> order(n);
        {
            std::vector<std::size_t> cursor(trackCount + 1, 0);
            for (const PendingOp& op : m_ops)
                ++cursor[op.track + 1];
            std::partial_sum(cursor.begin(), cursor.end(), cursor.begin());
            const std::vector<std::size_t> trackStart(cursor);
            for (std::uint32_t i = 0; i < n; ++i)
                order[cursor[m_ops[i].track]++] = i;
            const auto byStart = [this](std::uint32_t a, std::uint32_t b) {
                const PendingOp& x = m_ops[a];
                const PendingOp& y = m_ops[b];
                if (x.start != y.start)
                    return x.start < y.start;
                return x.end - x.start > y.end - y.start;
            };
            for (std::size_t t = 0; t < trackCount; ++t) {
                const auto first = order.begin() + static_cast<std::ptrdiff_t>(trackStart[t]);
                const auto last = order.begin() + static_cast<std::ptrdiff_t>(trackStart[t + 1]);
                if (!std::is_sorted(first, last, byStart))
                    std::stable_sort(first, last, byStart);
            }
        }
        std::vector<std::uint32_t> idOf(n);
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
            if (op.memoryBytes != 0) {
                MemoryArgs m;
                m.bytes = op.memoryBytes;
                m.address = op.address;
                m.device = 0;
                m.deviceType = kCudaDeviceType;
                m_data.memory.emplace_back(OpId(i), m); // ascending OpId, as Trace requires
            }
            if (op.allReduce) {
                CommArgs args = allReduceArgs;
                if (op.bytes > 0 && op.bytes % 4 == 0) { // fp32 elements; unknown (-1) otherwise
                    args.inNelems = op.bytes / 4;
                    args.outNelems = op.bytes / 4;
                }
                m_data.commArgs.emplace_back(OpId(i), args); // ascending OpId, as Trace requires
            }
        }
        // The pending ops are no longer needed: give their memory back before the links are made.
        std::vector<PendingOp>().swap(m_ops);
        std::vector<std::uint32_t>().swap(order);
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
        std::vector<std::pair<std::uint32_t, std::uint32_t>>().swap(m_edges);
    }

private:
    TraceData& m_data;
    std::vector<PendingOp> m_ops;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> m_edges;
};

// The address of layer l's activation block in an iteration: distinct per layer and iteration, so that
// ops of neighbouring iterations that start together (zero-length updates and backwards) cannot pair
// one iteration's free with the next one's allocation; never 0 (which means "unknown").
std::uint64_t blockAddress(std::int32_t iteration, std::size_t layers, std::size_t layer)
{
    return (static_cast<std::uint64_t>(iteration) * layers + layer + 1) << 12;
}

Status optionError(const LayerwiseProfile& profile, Message what)
{
    return Status::error(ErrorCode::ValueOutOfRange, profile.file, -1, std::move(what));
}

// Whether the job takes its aggregation times from the alpha-beta model rather than the profile.
bool usesBandwidthModel(const LayerwiseProfile& profile, const LayerwiseJobOptions& options)
{
    return options.bandwidthGBps > 0 && (options.preferBandwidthModel || profile.totalCommunicationNs() == 0);
}

TimeNs aggregationNs(const LayerProfile& layer, const LayerwiseJobOptions& options, bool model)
{
    if (!model)
        return layer.communicationNs;
    if (layer.gradientBytes <= 0)
        return 0;
    // bytes / (GB/s) is a time in ns. Saturating: an absurd size or bandwidth then fails the check of
    // the job's length instead of wrapping around.
    return CheckedMath::saturatingAdd(options.latencyNs,
        CheckedMath::saturatingRound(static_cast<double>(layer.gradientBytes) / options.bandwidthGBps));
}

// The Dependency links build() makes, exactly (to reserve them).
std::uint64_t linkCount(std::size_t layers, std::size_t aggregatedLayers, bool firstLayerAggregated,
    std::int32_t workers, std::int32_t iterations, bool wfbp)
{
    const std::uint64_t l = layers;
    const std::uint64_t g = aggregatedLayers;
    // Per worker and iteration: I/O <- I/O, H2D <- I/O and update, forward chain (L, one more for the
    // first layer's wait for the update), backward chain (L), each aggregation <- its backward and the
    // previous aggregation (2G - 1), the update <- end of backward and every aggregation (1 + G);
    // without WFBP each aggregation but the first layer's also <- the end of backward. The first
    // iteration has no previous I/O or update: 3 fewer.
    std::uint64_t perIteration = 2 * l + 5 + (g > 0 ? 3 * g - 1 : 0);
    if (!wfbp)
        perIteration += g - (firstLayerAggregated ? 1 : 0);
    return static_cast<std::uint64_t>(workers) * (static_cast<std::uint64_t>(iterations) * perIteration - 3);
}

} // namespace

TimeNs LayerwiseJob::communicationNs(
    const LayerwiseProfile& profile, const LayerProfile& layer, const LayerwiseJobOptions& options)
{
    return aggregationNs(layer, options, usesBandwidthModel(profile, options));
}

Expected<std::shared_ptr<const Trace>> LayerwiseJob::load(const std::string& path, const LayerwiseJobOptions& options)
{
    ByteBudget budget(options.limits.decodedLimit());
    Expected<LayerwiseProfile> profile = LayerwiseProfile::load(path, &budget);
    if (!profile)
        return profile.status();
    return build(*profile, options);
}

Expected<std::shared_ptr<const Trace>> LayerwiseJob::build(
    const LayerwiseProfile& profile, const LayerwiseJobOptions& options)
{
    if (profile.layers.empty())
        return Status::error(
            ErrorCode::NoEvents, profile.file, -1, Message(SL_TEXT("Core", "the profile has no layers")));
    std::int32_t workers = options.workers;
    if (workers == 0)
        workers = profile.measuredWorkers > 0 ? profile.measuredWorkers : kDefaultWorkers;
    if (workers < 1 || workers > kMaxWorkers)
        return optionError(profile,
            options.workers == 0
                ? Message(
                    SL_TEXT("Core", "worker count %1 (the profile's) is not in [1, %2]"), { workers, kMaxWorkers })
                : Message(SL_TEXT("Core", "worker count %1 is not in [1, %2]"), { workers, kMaxWorkers }));
    if (options.iterations < 1 || options.iterations > kMaxIterations)
        return optionError(profile,
            Message(SL_TEXT("Core", "iteration count %1 is not in [1, %2]"), { options.iterations, kMaxIterations }));
    if (!(options.bandwidthGBps >= 0) || !std::isfinite(options.bandwidthGBps))
        return optionError(profile, Message(SL_TEXT("Core", "bandwidth must be a finite number of GB/s, 0 or more")));
    if (options.latencyNs < 0)
        return optionError(profile, Message(SL_TEXT("Core", "latency must not be negative")));
    const TimeNs ioNs = options.ioNs.value_or(profile.ioNs.value_or(0));
    const TimeNs h2dNs = options.h2dNs.value_or(profile.h2dNs.value_or(0));
    const TimeNs updateNs = options.updateNs.value_or(profile.updateNs.value_or(0));
    if (ioNs < 0 || h2dNs < 0 || updateNs < 0)
        return optionError(profile, Message(SL_TEXT("Core", "I/O, H2D and update times must not be negative")));

    const std::size_t layerCount = profile.layers.size();
    const bool model = usesBandwidthModel(profile, options);
    std::vector<TimeNs> commNs(layerCount, 0);
    std::vector<bool> aggregated(layerCount, false);
    std::size_t aggregatedCount = 0;
    std::uint64_t nameBytes = 0;
    // Bound the whole job's length so that every time stays within the ±2^62 ns of a Trace. Each term
    // is an int64 and there are fewer than 2^32 of them: the sum fits 128 bits.
    __int128 perIteration = static_cast<__int128>(ioNs) + h2dNs + updateNs;
    for (std::size_t l = 0; l < layerCount; ++l) {
        const LayerProfile& layer = profile.layers[l];
        if (layer.forwardNs < 0 || layer.backwardNs < 0 || layer.communicationNs < 0)
            return optionError(profile, Message(SL_TEXT("Core", "layer %1 has a negative time"), { l }));
        if (layer.activationBytes >= MemoryArgs::kLimit || layer.gradientBytes >= MemoryArgs::kLimit)
            return optionError(profile, Message(SL_TEXT("Core", "layer %1 keeps 2^50 bytes (1 PiB) or more"), { l }));
        commNs[l] = aggregationNs(layer, options, model);
        aggregated[l] = workers > 1 && (layer.gradientBytes > 0 || commNs[l] > 0);
        aggregatedCount += aggregated[l];
        perIteration += static_cast<__int128>(layer.forwardNs) + layer.backwardNs + commNs[l];
        nameBytes += 3 * (layer.name.size() + 10 + kBytesPerName);
    }
    if (perIteration * options.iterations >= CheckedMath::kTimeLimit)
        return optionError(profile, Message(SL_TEXT("Core", "the job would last 2^62 ns (146 years) or longer")));

    // Size: per worker and iteration I/O, H2D, L forward, L backward, L' aggregations and the update.
    const auto opsPerWorkerIteration = static_cast<unsigned __int128>(2 * layerCount + aggregatedCount + 3);
    const unsigned __int128 ops128
        = opsPerWorkerIteration * static_cast<std::uint32_t>(workers) * static_cast<std::uint32_t>(options.iterations);
    const std::uint64_t ops = ops128 > std::numeric_limits<std::uint64_t>::max() / 2
        ? std::numeric_limits<std::uint64_t>::max() / 2
        : static_cast<std::uint64_t>(ops128);
    const std::uint64_t estimate = ops > std::numeric_limits<std::uint64_t>::max() / kBytesPerOp / 2
        ? std::numeric_limits<std::uint64_t>::max()
        : ops * kBytesPerOp + nameBytes + static_cast<std::uint64_t>(workers) * kBytesPerWorker;
    if (Status s = options.limits.checkMemory(estimate, profile.file,
            Message(SL_TEXT("Core", "the layer-wise job of %1 workers, %2 layers and %3 iterations"),
                { workers, layerCount, options.iterations }));
        !s.ok())
        return s;
    if (ops > kMaxOps)
        return Status::error(ErrorCode::TooLarge, profile.file, -1,
            Message(SL_TEXT("Core",
                        "the layer-wise job would have %1 ops, more than the %2 its dependency graph can number"),
                { ops, kMaxOps }));

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
    const bool anyAggregation = aggregatedCount > 0;
    const std::uint32_t tracksPerWorker = anyAggregation ? 3 : 2;
    const StringId ioTrackName = strings.intern("I/O thread");
    const StringId gpuTrackName = strings.intern("GPU stream");
    const StringId commTrackName = strings.intern("all-reduce channel");
    data.ranks.reserve(static_cast<std::size_t>(workers));
    data.tracks.reserve(static_cast<std::size_t>(workers) * tracksPerWorker);
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
        rank.parameterBytes = profile.totalGradientBytes(); // fp32 gradients: one per weight
        rank.optimizerStates = profile.optimizerStates;
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
        if (!profile.device.empty())
            data.devices.push_back(DeviceInfo { RankId(static_cast<std::uint32_t>(w)), 0, -1, strings.intern(profile.device) });
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
    dag.reserve(static_cast<std::size_t>(ops),
        static_cast<std::size_t>(
            linkCount(layerCount, aggregatedCount, aggregated[0], workers, options.iterations, options.wfbp)));
    auto ioTrack = [&](std::size_t w) { return static_cast<std::uint32_t>(w * tracksPerWorker); };
    auto gpuTrack = [&](std::size_t w) { return static_cast<std::uint32_t>(w * tracksPerWorker + 1); };
    auto commTrack = [&](std::size_t w) { return static_cast<std::uint32_t>(w * tracksPerWorker + 2); };
    std::vector<std::uint32_t> io(workerCount, kNone);
    std::vector<std::uint32_t> update(workerCount, kNone);
    // backward[w * L + l]: worker w's backward of layer l in the current iteration.
    std::vector<std::uint32_t> backward(workerCount * layerCount, kNone);
    // When layer l's gradients are ready on every worker: the latest end of its backward over them.
    std::vector<TimeNs> gradientsReady(layerCount, 0);
    std::vector<std::uint32_t> updatePreds;
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
        std::fill(gradientsReady.begin(), gradientsReady.end(), 0);
        for (std::size_t w = 0; w < workerCount; ++w) {
            PendingOp copy = op(gpuTrack(w), h2dName, h2dCat, OpKind::Memcpy, Phase::Other);
            std::uint32_t previous = dag.add(copy, h2dNs, { io[w], update[w] });
            for (std::size_t l = 0; l < layerCount; ++l) {
                PendingOp f = op(gpuTrack(w), forwardName[l], forwardCat, OpKind::ComputeKernel, Phase::Forward);
                f.memoryBytes = std::max<std::int64_t>(0, profile.layers[l].activationBytes);
                f.address = blockAddress(it, layerCount, l);
                previous = dag.add(f, profile.layers[l].forwardNs, { previous, l == 0 ? update[w] : kNone });
            }
            for (std::size_t l = layerCount; l-- > 0;) {
                PendingOp b = op(gpuTrack(w), backwardName[l], backwardCat, OpKind::ComputeKernel, Phase::Backward);
                b.memoryBytes = -std::max<std::int64_t>(0, profile.layers[l].activationBytes);
                b.address = blockAddress(it, layerCount, l);
                previous = dag.add(b, profile.layers[l].backwardNs, { previous });
                backward[w * layerCount + l] = previous;
                gradientsReady[l] = std::max(gradientsReady[l], dag.end(previous));
            }
        }
        // An all-reduce of layer l starts when l's gradients are ready on every worker. Each worker's
        // op links only to its own backward: the dependency graph joins the workers' ops of one layer
        // into one collective (process group "0", matched in order), which makes the replay wait for
        // the last of them, so linking every worker's backward would only make O(N^2 L) links.
        for (std::size_t w = 0; w < workerCount; ++w) {
            const std::uint32_t firstAggregation = dag.nextId();
            std::uint32_t previousAggregation = kNone;
            const std::uint32_t endOfBackward = backward[w * layerCount];
            for (std::size_t l = layerCount; l-- > 0;) {
                if (!aggregated[l])
                    continue;
                const bool waitForAll = !options.wfbp && l != 0;
                const TimeNs ready = waitForAll ? std::max(gradientsReady[l], gradientsReady[0]) : gradientsReady[l];
                PendingOp a = op(commTrack(w), allReduceName[l], allReduceCat, OpKind::Collective, Phase::Backward);
                a.bytes = profile.layers[l].gradientBytes;
                a.allReduce = true;
                previousAggregation = dag.add(a, commNs[l],
                    { backward[w * layerCount + l], previousAggregation, waitForAll ? endOfBackward : kNone }, ready);
            }
            // The update waits for the end of the backward and for each of this worker's aggregations,
            // which were just made one after the other.
            updatePreds.assign(1, endOfBackward);
            for (std::uint32_t a = firstAggregation; a < dag.nextId(); ++a)
                updatePreds.push_back(a);
            update[w] = dag.add(
                op(gpuTrack(w), updateName, updateCat, OpKind::ComputeKernel, Phase::Optimizer), updateNs, updatePreds);
            updateEnd[w].push_back(dag.end(update[w]));
        }
    }
    std::vector<std::uint32_t>().swap(backward);
    dag.finish(data.tracks.size(), allReduceArgs);

    data.steps.reserve(workerCount * static_cast<std::size_t>(options.iterations));
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
    if (options.workers == 0 && profile.measuredWorkers == 0) {
        Diagnostic d;
        d.code = ErrorCode::MissingField;
        d.file = profile.file;
        d.detail = Message(SL_TEXT("Core",
                               "the profile does not say how many workers it ran on: a job of %1 data-parallel workers "
                               "is assumed (the worker_count pass sets another)"),
            { workers });
        data.diagnostics.push_back(std::move(d));
    }
    if (anyAggregation && std::all_of(commNs.begin(), commNs.end(), [](TimeNs t) { return t == 0; })) {
        Diagnostic d;
        d.code = ErrorCode::MissingField;
        d.file = profile.file;
        d.count = static_cast<std::int64_t>(aggregatedCount);
        d.detail = Message(SL_TEXT("Core",
            "the profile has no communication times: all-reduce ops last 0 ns (give a bandwidth to model them)"));
        data.diagnostics.push_back(std::move(d));
    }
    return Trace::build(std::move(data));
}

} // namespace sightline
