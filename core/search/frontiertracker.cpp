#include "core/search/frontiertracker.h"

#include "core/base/checkedmath.h"
#include "core/base/progress.h"
#include "core/exec/analysiscache.h"
#include "core/exec/executiongraph.h"
#include "core/exec/layermodel.h"
#include "core/exec/microbatchmodel.h"
#include "core/exec/partitionmodel.h"
#include "core/exec/tensormodel.h"
#include "core/search/candidate.h"
#include "core/search/costfrontier.h"
#include "core/search/evaluator.h"
#include "core/search/searchbase.h"
#include "core/search/wholemicrobatches.h"
#include "core/strategy/batchsize.h"
#include "core/strategy/opset.h"
#include "core/strategy/passes/psrepartition.h"
#include "core/strategy/passes/tensorfusionpass.h"
#include "core/strategy/passes/tensorpartitionpass.h"
#include "core/strategy/passes/workercountpass.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <string_view>

namespace sightline {

namespace {

// Choices at or above this mark name the global choice of a tuple, not a layer: they sort after every
// layer, so that appending a layer keeps a tuple's choices sorted.
constexpr std::uint32_t kConfigMark = 1u << 30;

// The fastest point's own what-if warnings, each wrapped in this (Tracking::replayBaseAndFastest).
constexpr const char* kFastestPoint = SL_TEXT("Core", "the fastest point within the budget: %1");

constexpr double kMiB = 1024.0 * 1024.0;

// The buckets tried beside the job's own: DDP's caps on either side of its default of 25 MiB, and
// partition sizes on either side of BytePS's default of 4 MB.
constexpr std::array<double, 2> kCapsMiB { 5, 100 };
constexpr std::array<double, 2> kPartitionsMiB { 1, 16 };
// What a BytePS job's measured partitions hold, as tensor_partition takes it by default.
constexpr auto kMeasuredPartitionBytes = static_cast<std::int64_t>(TensorPartitionParameters {}.measuredPartitionBytes);

// The indices of at most most (2 or more) of size items, spread evenly from the first to the last.
std::vector<std::size_t> spreadEvenly(std::size_t size, std::size_t most)
{
    std::vector<std::size_t> picked;
    for (std::size_t j = 0; j < std::min(most, size); ++j) {
        const std::size_t at = size <= most
            ? j
            : static_cast<std::size_t>(std::llround(double(j) * double(size - 1) / double(most - 1)));
        if (picked.empty() || picked.back() != at)
            picked.push_back(at);
    }
    return picked;
}

// Each tensor's bucket, the buckets numbered in the order of their first tensor: two assignments that
// group the tensors alike become equal.
std::vector<std::uint32_t> numberedByFirstTensor(std::vector<std::uint32_t> bucketOfTensor)
{
    std::map<std::uint32_t, std::uint32_t> renumbered;
    for (std::uint32_t& b : bucketOfTensor)
        b = renumbered.emplace(b, static_cast<std::uint32_t>(renumbered.size())).first->second;
    return bucketOfTensor;
}

// The grouping of every step's tensors: the measured buckets', or a cap's (empty when the cap cannot
// group some step).
std::vector<std::vector<std::uint32_t>> groupingOf(
    const ExecutionGraph& graph, std::span<const TensorModel::Step> steps, std::optional<double> capMib)
{
    std::vector<std::vector<std::uint32_t>> grouping;
    for (const TensorModel::Step& step : steps) {
        std::vector<std::uint32_t> buckets;
        if (capMib) {
            TensorFusionParameters p;
            p.bucketCapMb = *capMib;
            Expected<std::vector<std::uint32_t>> assigned = TensorFusionPass::assign(graph, step, p);
            if (!assigned)
                return {};
            buckets = std::move(*assigned);
        } else {
            for (const TensorModel::Tensor& t : step.tensors)
                buckets.push_back(t.bucket);
        }
        grouping.push_back(numberedByFirstTensor(std::move(buckets)));
    }
    return grouping;
}

// How a partition size cuts every tensor of a BytePS job (each tensor's first piece); the measured
// size keeps the measured partitions.
std::vector<std::int64_t> cutOf(const PartitionModel& model, std::int64_t pieceBytes)
{
    std::vector<std::int64_t> cut;
    for (const PartitionModel::Tensor& t : model.tensors())
        cut.push_back(PsRepartition::firstPiece(t, kMeasuredPartitionBytes, pieceBytes));
    return cut;
}

// A strategy's point, from its what-if's outcome.
FrontierPoint pointOf(const Outcome& o, int workers, const Strategy& strategy)
{
    return FrontierPoint { o.iterationNs, o.peakBytes, o.outOfMemory != 0, workers, strategy, o.selfChecked != 0 };
}

// A global choice outside the chain; communication indexes the bucket choices (none: the job's own).
struct Config {
    int accumulation = 1;
    bool bf16 = false;
    std::optional<std::size_t> communication;
};

// Why a candidate is left out without its what-if, if it is.
enum class LeftOut : std::uint8_t {
    No,
    Unfed, // a rank's micro-batch would hold less than one sample
    Uneven, // its micro-batches would not hold whole samples
};

// One layer of the chain: its name, the measured ops of its spans on every rank and step, and the
// layer whose measured cost it shares (itself, or an earlier one of the same forward work and time).
struct ChainLayer {
    std::string name;
    std::vector<OpId> ops;
    std::size_t kind = 0;
};

// The chain: the layers in forward order (by name, in the order the first rank's first step runs them),
// and which share a kind: the same number of forward items taking the same time within a tenth. Where
// the job has none, why (the layer model's source).
struct Chain {
    std::vector<ChainLayer> layers;
    std::optional<Message> noLayers;
};

Chain chainOf(const JobSession& session)
{
    Chain chain;
    const std::shared_ptr<const LayerModel> model = session.analyses().layers("auto");
    const ExecutionGraph& g = *session.measured();
    if (!model || model->layers().empty()) {
        chain.noLayers = model ? model->source() : Message();
        return chain;
    }
    std::vector<ChainLayer>& layers = chain.layers;
    std::map<std::string, std::size_t> byName;
    std::vector<std::pair<std::size_t, TimeNs>> shape; // per chain layer, of its first span
    for (const LayerModel::Layer& layer : model->layers()) {
        auto [at, added] = byName.emplace(layer.name, layers.size());
        if (added) {
            layers.push_back({ layer.name, {}, 0 });
            TimeNs time = 0;
            for (ItemId item : layer.forward)
                time += g.minDuration(item);
            shape.emplace_back(layer.forward.size(), time);
        }
        const std::span<const OpId> origin = g.origin(layer.span);
        layers[at->second].ops.insert(layers[at->second].ops.end(), origin.begin(), origin.end());
    }
    for (std::size_t i = 0; i < layers.size(); ++i) {
        layers[i].kind = i;
        for (std::size_t j = 0; j < i; ++j) {
            const auto [n, t] = shape[j];
            if (layers[j].kind == j && n == shape[i].first
                && std::llabs(t - shape[i].second) * 10 <= std::max(t, shape[i].second)) {
                layers[i].kind = j;
                break;
            }
        }
    }
    return chain;
}

class Tracking {
public:
    Tracking(const JobSession& session, const FrontierOptions& options, CandidateExchange& exchange,
        std::uint64_t memoryLimit, const CancellationToken* cancel, ProgressSink* progress)
        : m_session(session)
        , m_options(options)
        , m_base(options.prefix)
        , m_evaluator(session, WhatIfRequest { {}, options.memory, options.baseline, 0 }, exchange, memoryLimit, cancel,
              progress)
    {
    }

    Expected<Frontier> run()
    {
        if (Status s = Evaluator::leavesDeviceCount(m_options.prefix); !s.ok())
            return s;
        m_result.measuredWorkers = WorkerCountPass::measuredWorkers(m_session.analyses());
        if (std::optional<Message> replicas = WorkerCountPass::replicaNote(m_session.analyses()))
            m_result.warnings.push_back(std::move(*replicas));
        Chain chain = chainOf(m_session);
        m_chain = std::move(chain.layers);
        m_noLayers = std::move(chain.noLayers);
        m_workers = m_options.workers.empty() ? std::vector<int> { m_result.measuredWorkers } : m_options.workers;
        std::sort(m_workers.begin(), m_workers.end());
        m_workers.erase(std::unique(m_workers.begin(), m_workers.end()), m_workers.end());
        if (!m_options.globalBatch && (m_workers.size() > 1 || m_workers.front() != m_result.measuredWorkers))
            m_result.warnings.emplace_back(SL_TEXT("Core",
                "worker_count scales weakly: each device keeps its batch and its memory, so the device count changes "
                "the time only, and a step of more devices makes more samples: across counts, the frontier and its "
                "fastest point compare the time the measured global batch takes (the iteration times the measured "
                "devices over the count)"));
        m_batch = BatchSize::of(m_session.trace());
        Expected<std::vector<Message>> baseWarnings = replayBase();
        if (!baseWarnings)
            return baseWarnings.status();
        findConfigs();
        if (m_noLayers)
            m_result.warnings.emplace_back(
                SL_TEXT("Core", "the job has no layers to recompute (%1): no point of the frontier recomputes"),
                std::vector<Message::Arg> { *m_noLayers });
        warnOfAnUnknownBatch();
        Expected<std::vector<std::vector<CostFrontier::Tuple>>> estimated = estimate();
        if (!estimated)
            return estimated.status();
        if (Status s = verify(*estimated); !s.ok())
            return s;
        answer();
        // Without a memory estimate every point's peak is nothing: none would pass a budget.
        if (!m_result.points.empty()
            && std::all_of(m_result.points.begin(), m_result.points.end(),
                [](const FrontierPoint& p) { return p.peakBytes <= 0; }))
            m_result.warnings.emplace_back(SL_TEXT("Core",
                "the trace records no memory use the estimator can read (no tensor shapes or allocations): every "
                "point's peak is unknown, so whether a point fits its budget cannot be told"));
        m_result.layers = m_chain.size();
        m_result.candidates = m_evaluator.evaluated();
        m_result.unfed = m_evaluator.unfed();
        if (std::optional<Message> unfed = m_evaluator.unfedWarning())
            m_result.warnings.push_back(std::move(*unfed));
        if (std::optional<Message> failed = m_evaluator.failureWarning()) {
            m_result.warnings.push_back(*failed);
            m_result.failures
                = Frontier::Failures { m_evaluator.failures(), m_evaluator.firstFailed(), std::move(*failed) };
        }
        Expected<std::vector<Message>> lead = withFastest(std::move(*baseWarnings));
        if (!lead)
            return lead.status();
        m_result.warnings.insert(m_result.warnings.begin(), lead->begin(), lead->end());
        m_result.ownWarnings = lead->size();
        return std::move(m_result);
    }

private:
    // The global choices: accumulation and precision with the job's own buckets first (the layers'
    // costs are measured under these), then the same with each other bucket choice, block by block.
    // Accumulation only where the trace marks the forward and backward work it repeats: elsewhere each
    // such choice's what-ifs would all fail; and in micro-batches of whole samples of the base's batch
    // at some device count, where the trace shows it (WholeMicroBatches, after the base's replay).
    void findConfigs()
    {
        std::vector<int> accumulation
            = m_options.accumulation.empty() ? std::vector<int> { 1 } : m_options.accumulation;
        const bool manyAccumulations
            = std::any_of(accumulation.begin(), accumulation.end(), [](int k) { return k > 1; });
        bool mixedPrecision = m_options.mixedPrecision;
        if (std::optional<Message> held = manyAccumulations
                ? m_base.leftOut("grad_accumulation", Message(SL_TEXT("Core", "the frontier's micro-batches")))
                : std::nullopt) {
            accumulation = { 1 };
            m_result.warnings.push_back(std::move(*held));
        }
        if (std::optional<Message> held = mixedPrecision
                ? m_base.leftOut("mixed_precision", Message(SL_TEXT("Core", "the frontier's points in bf16")))
                : std::nullopt) {
            mixedPrecision = false;
            m_result.warnings.push_back(std::move(*held));
        }
        if (m_session.analyses().microBatches().batches().empty()
            && std::any_of(accumulation.begin(), accumulation.end(), [](int k) { return k > 1; })) {
            accumulation = { 1 };
            m_result.warnings.emplace_back(SL_TEXT("Core",
                "the trace marks no forward or backward phases, so gradient accumulation cannot split its steps: no "
                "point of the frontier accumulates"));
        }
        std::vector<double> shares;
        for (int n : m_workers)
            shares.push_back(shareAt(n));
        m_whole = WholeMicroBatches(m_batch, m_result.baseSamplesFactor, shares);
        if (std::optional<Message> note = m_whole.note(accumulation, Message(SL_TEXT("Core", "the frontier"))))
            m_result.warnings.push_back(std::move(*note));
        accumulation = m_whole.of(accumulation);
        sayUnevenCounts(accumulation);
        for (int k : accumulation) {
            m_configs.push_back({ std::max(1, k), false, std::nullopt });
            if (mixedPrecision)
                m_configs.push_back({ std::max(1, k), true, std::nullopt });
        }
        m_ownBuckets = m_configs.size();
        if (m_options.communication)
            findBucketChoices();
        for (std::size_t b = 0; b < m_buckets.size(); ++b) {
            for (std::size_t c = 0; c < m_ownBuckets; ++c)
                m_configs.push_back({ m_configs[c].accumulation, m_configs[c].bf16, b });
        }
        m_result.bucketChoices = m_buckets;
    }

    // Tensor fusion's caps for a job whose gradients are all-reduced in buckets, tensor partition's
    // sizes for one whose tensors a parameter server takes in partitions; none where the base already
    // decides the buckets. A cap that groups every step's tensors as the job's own buckets do, or as a
    // smaller cap does, would replay those buckets again under another name: it is left out, as is a
    // size that cuts every tensor as the measured partitions are cut, or as a smaller size does.
    void findBucketChoices()
    {
        for (const std::string_view pass : { "tensor_fusion", "tensor_partition" }) {
            if (const std::optional<std::size_t> at = m_base.stepOf(pass)) {
                m_result.warnings.emplace_back(
                    SL_TEXT("Core",
                        "the base's step %1 (%2) decides the buckets: the frontier's bucket choices are left out"),
                    std::vector<Message::Arg> { *at + 1, std::string(pass) });
                return;
            }
        }
        const AnalysisCache& analyses = m_session.analyses();
        if (const Expected<TensorModel>& tensors = analyses.tensors(); tensors && !tensors->steps().empty()) {
            std::vector<std::vector<std::vector<std::uint32_t>>> seen { groupingOf(
                analyses.graph(), tensors->steps(), std::nullopt) };
            for (double mib : kCapsMiB) {
                std::vector<std::vector<std::uint32_t>> grouping = groupingOf(analyses.graph(), tensors->steps(), mib);
                if (!grouping.empty() && std::find(seen.begin(), seen.end(), grouping) != seen.end())
                    continue;
                seen.push_back(std::move(grouping));
                m_buckets.push_back({ "tensor_fusion", { { "bucket_cap_mb", mib } } });
            }
        } else if (const Expected<PartitionModel>& partitions = analyses.partitions();
                   partitions && !partitions->tensors().empty()) {
            std::vector<std::vector<std::int64_t>> seen { cutOf(*partitions, kMeasuredPartitionBytes) };
            for (double mib : kPartitionsMiB) {
                std::vector<std::int64_t> cut = cutOf(*partitions, static_cast<std::int64_t>(mib * kMiB));
                if (std::find(seen.begin(), seen.end(), cut) != seen.end())
                    continue;
                seen.push_back(std::move(cut));
                m_buckets.push_back({ "tensor_partition", { { "partition_bytes", mib * kMiB } } });
            }
        }
    }

    // A count kept for the batch at some device count may split another count's unevenly: the
    // frontier holds no point of it there (splitsWhole), and says so per device count. Counts whose
    // micro-batches hold less than a sample there are the unfed warning's.
    void sayUnevenCounts(const std::vector<int>& accumulation)
    {
        for (int n : m_workers) {
            std::vector<int> uneven;
            for (int k : accumulation) {
                const Config c { k, false, std::nullopt };
                const std::optional<double> samples = fedAtMost(c, n);
                if (!splitsWhole(c, n) && samples && *samples >= 1.0 - 1e-9)
                    uneven.push_back(k);
            }
            if (!uneven.empty())
                m_result.warnings.push_back(
                    m_whole.unevenNote(uneven, n, shareAt(n), Message(SL_TEXT("Core", "the frontier"))));
        }
    }

    // A rank's batch at n devices over its batch at the job's own count.
    double shareAt(int n) const
    {
        return m_options.globalBatch ? static_cast<double>(m_result.measuredWorkers) / static_cast<double>(n) : 1.0;
    }

    // Whether a choice's micro-batches hold whole samples of a rank's batch at n devices, or cannot be
    // told not to (WholeMicroBatches::splitsAt).
    bool splitsWhole(const Config& c, int n) const { return m_whole.splitsAt(c.accumulation, shareAt(n)); }

    Strategy strategyOf(const Config& c, int workers, const std::vector<std::uint32_t>& layers) const
    {
        std::vector<PassStep> own;
        if (c.communication)
            own.push_back(m_buckets[*c.communication]);
        if (workers != m_result.measuredWorkers)
            own.push_back({ "worker_count",
                { { "workers", static_cast<double>(workers) },
                    { "batch", std::string(m_options.globalBatch ? "global" : "per_rank") } } });
        if (c.bf16)
            own.push_back({ "mixed_precision", { { "precision", std::string("bf16") } } });
        if (!layers.empty()) {
            std::vector<OpId> ops;
            for (std::uint32_t l : layers)
                ops.insert(ops.end(), m_chain[l].ops.begin(), m_chain[l].ops.end());
            own.push_back({ "recompute", { { "ops", OpSet::of(std::move(ops)).text() } } });
        }
        if (c.accumulation > 1)
            own.push_back({ "grad_accumulation", { { "micro_batches", static_cast<double>(c.accumulation) } } });
        return m_base.with(own);
    }

    // Per device count, the frontier LDP estimates: every global choice's base replayed at every device
    // count, each kind of layer recomputed alone under every accumulation and precision at the job's own
    // count and buckets, the chain's frontier built from those changes, the choices' frontiers united
    // and reduced.
    Expected<std::vector<std::vector<CostFrontier::Tuple>>> estimate()
    {
        // Every choice's base at every device count and at the job's own, which layers' changes are
        // measured from; then each kind of layer recomputed alone under every choice of accumulation and
        // precision at the job's own count and buckets.
        std::vector<int> counts = m_workers;
        if (std::find(counts.begin(), counts.end(), m_result.measuredWorkers) == counts.end())
            counts.push_back(m_result.measuredWorkers);
        std::vector<Candidate> candidates;
        // Per base, what leaves it out without replaying it: micro-batches below a sample (fedAtMost)
        // or not of whole samples (splitsWhole); at the job's own count, which the layers' changes
        // are measured from, neither, though one there not of whole samples is no point either.
        std::vector<LeftOut> leftOut;
        std::vector<std::uint8_t> noPoint; // per candidate: its micro-batches are not of whole samples
        for (const Config& c : m_configs) {
            for (int n : counts) {
                candidates.push_back(Candidate::of(strategyOf(c, n, {})));
                const std::optional<double> samples = fedAtMost(c, n);
                const bool own = n == m_result.measuredWorkers;
                const bool below = samples && *samples < 1.0 - 1e-9;
                const bool whole = splitsWhole(c, n);
                leftOut.push_back(own || (!below && whole) ? LeftOut::No : below ? LeftOut::Unfed : LeftOut::Uneven);
                noPoint.push_back(!whole);
            }
        }
        const std::size_t bases = candidates.size();
        std::vector<std::size_t> kinds;
        for (std::size_t i = 0; i < m_chain.size(); ++i) {
            if (m_chain[i].kind == i)
                kinds.push_back(i);
        }
        for (std::size_t c = 0; c < m_ownBuckets; ++c) {
            for (std::size_t kind : kinds) {
                candidates.push_back(Candidate::of(
                    strategyOf(m_configs[c], m_result.measuredWorkers, { static_cast<std::uint32_t>(kind) })));
                noPoint.push_back(!splitsWhole(m_configs[c], m_result.measuredWorkers));
            }
        }
        leftOut.resize(candidates.size(), LeftOut::No);
        Expected<std::vector<Outcome>> outcomes = evaluateFed(candidates, leftOut);
        if (!outcomes)
            return outcomes.status();
        const auto base
            = [&](std::size_t c, std::size_t n) -> const Outcome& { return (*outcomes)[c * counts.size() + n]; };
        const std::size_t own = static_cast<std::size_t>(
            std::find(counts.begin(), counts.end(), m_result.measuredWorkers) - counts.begin());
        keepReplayed(candidates, *outcomes, noPoint, counts.size(), own);
        std::vector<std::vector<CostFrontier::Tuple>> perCount(m_workers.size());
        for (std::size_t c = 0; c < m_configs.size(); ++c) {
            // The chain under this choice (with the job's own buckets): each layer kept (no change) or
            // recomputed (its kind's change). A choice whose micro-batches hold less than a sample at the
            // job's own count still gives the layers' changes there: at fewer devices, whose shares of
            // the global batch are larger, it may be fed.
            const std::size_t measuredAt = c % m_ownBuckets;
            if (!base(measuredAt, own).ran())
                continue;
            std::vector<CostFrontier::Tuple> chain { { 0, 0, {} } };
            for (std::size_t i = 0; i < m_chain.size(); ++i) {
                const auto k
                    = static_cast<std::size_t>(std::find(kinds.begin(), kinds.end(), m_chain[i].kind) - kinds.begin());
                const Outcome& layer = (*outcomes)[bases + measuredAt * kinds.size() + k];
                if (!layer.ran())
                    continue;
                const std::vector<CostFrontier::Tuple> choices { { 0, 0, {} },
                    { layer.iterationNs - base(measuredAt, own).iterationNs,
                        layer.peakBytes - base(measuredAt, own).peakBytes, { static_cast<std::uint32_t>(i) } } };
                chain = CostFrontier::product(chain, choices);
            }
            for (std::size_t n = 0; n < m_workers.size(); ++n) {
                const Outcome& start = base(c, n); // counts begin with the workers, in their order
                if (!start.ok() || !splitsWhole(m_configs[c], m_workers[n]))
                    continue;
                const std::vector<CostFrontier::Tuple> first { { start.iterationNs, start.peakBytes,
                    { kConfigMark + static_cast<std::uint32_t>(c) } } };
                perCount[n] = CostFrontier::unite(perCount[n], CostFrontier::product(chain, first));
            }
        }
        return perCount;
    }

    // The most samples a rank's micro-batch holds under a choice at n devices: the batch the trace
    // shows, times the samples the base's step computes on over the measured job's (its repeated
    // micro-batches included, so never fewer than a micro-batch holds), shared among the devices where
    // they share the global batch, split into the choice's micro-batches. Nothing where the trace does
    // not show the batch or the base did not replay.
    std::optional<double> fedAtMost(const Config& c, int n) const
    {
        if (!m_batch || !m_result.base || n <= 0)
            return std::nullopt;
        return static_cast<double>(m_batch->size) * m_result.baseSamplesFactor * shareAt(n)
            / std::max(1, c.accumulation);
    }

    // The candidates' outcomes, those left out without their what-if as Unfed: a count past the global
    // batch gives every rank less than a sample whatever it recomputes, and its what-ifs are the
    // dearest (at 64 devices of a 1-device ResNet-50 trace, 8 of them took 24 s and 8.6 GB for no
    // point). They count as evaluated, in every process alike, those below a sample as Unfed; their
    // figures are none.
    Expected<std::vector<Outcome>> evaluateFed(
        const std::vector<Candidate>& candidates, const std::vector<LeftOut>& leftOut)
    {
        std::vector<Candidate> fed;
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            if (leftOut[i] == LeftOut::No)
                fed.push_back(candidates[i]);
        }
        Expected<std::vector<Outcome>> replayed = m_evaluator.evaluate(fed);
        if (!replayed)
            return replayed.status();
        const std::size_t skipped = candidates.size() - fed.size();
        const auto unfed = static_cast<std::size_t>(std::count(leftOut.begin(), leftOut.end(), LeftOut::Unfed));
        m_evaluator.count(skipped, 0, std::nullopt, unfed);
        m_result.unreplayed += skipped;
        std::vector<Outcome> all(candidates.size());
        for (std::size_t i = 0, k = 0; i < candidates.size(); ++i) {
            if (leftOut[i] != LeftOut::No) {
                all[i].status = Outcome::Unfed;
                all[i].fractionalSamples = leftOut[i] == LeftOut::Unfed ? 1 : 0;
            } else {
                all[i] = (*replayed)[k++];
            }
            all[i].index = static_cast<std::uint32_t>(i);
        }
        return all;
    }

    // The estimate's what-ifs that are points of the frontier themselves, at a device count asked for:
    // every choice's base there, and at the job's own count each kind of layer recomputed alone. Their
    // figures are replays, not estimates: the frontier is reduced with them, so that a point the
    // estimate got wrong (a layer's change measured at another count, say) cannot hide one replayed.
    void keepReplayed(const std::vector<Candidate>& candidates, const std::vector<Outcome>& outcomes,
        const std::vector<std::uint8_t>& noPoint, std::size_t counts, std::size_t own)
    {
        const std::size_t bases = m_configs.size() * counts;
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            const std::size_t n = i < bases ? i % counts : own; // counts begin with the workers, in order
            if (n < m_workers.size() && outcomes[i].ok() && !noPoint[i])
                m_replayed.push_back({ candidates[i].strategy, outcomes[i], n });
        }
    }

    // Replays the estimated points alone (at most pointsPerCount per device count, spread evenly; those
    // the estimate replayed already are not replayed again) and keeps each count's frontier of the
    // replayed figures, the estimate's own replays among them (so a count's frontier may hold more
    // points than were verified).
    Status verify(const std::vector<std::vector<CostFrontier::Tuple>>& estimated)
    {
        std::set<std::string> known;
        for (const Replayed& r : m_replayed)
            known.insert(Candidate::keyOf(r.strategy));
        std::vector<Candidate> candidates;
        std::vector<std::size_t> countOf;
        const std::size_t most = std::max<std::size_t>(2, m_options.pointsPerCount);
        for (std::size_t n = 0; n < estimated.size(); ++n) {
            const auto& f = estimated[n];
            for (std::size_t at : spreadEvenly(f.size(), most)) {
                std::vector<std::uint32_t> layers;
                Config config;
                for (std::uint32_t choice : f[at].choices) {
                    if (choice >= kConfigMark)
                        config = m_configs[choice - kConfigMark];
                    else
                        layers.push_back(choice);
                }
                Candidate c = Candidate::of(strategyOf(config, m_workers[n], layers));
                if (known.insert(c.key).second) {
                    candidates.push_back(std::move(c));
                    countOf.push_back(n);
                }
            }
        }
        Expected<std::vector<Outcome>> outcomes = m_evaluator.evaluate(candidates);
        if (!outcomes)
            return outcomes.status();
        std::vector<Replayed> pool = m_replayed;
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            if ((*outcomes)[i].ok())
                pool.push_back({ std::move(candidates[i].strategy), (*outcomes)[i], countOf[i] });
        }
        std::vector<std::vector<CostFrontier::Tuple>> replayed(m_workers.size());
        for (std::size_t i = 0; i < pool.size(); ++i) {
            const Outcome& o = pool[i].outcome;
            replayed[pool[i].count].push_back({ o.iterationNs, o.peakBytes, { static_cast<std::uint32_t>(i) } });
        }
        std::vector<CostFrontier::Tuple> all;
        const auto candidatePoint = [&](const CostFrontier::Tuple& t) {
            const Replayed& r = pool[t.choices.front()];
            return pointOf(r.outcome, m_workers[r.count], r.strategy);
        };
        for (std::size_t n = 0; n < m_workers.size(); ++n) {
            std::vector<FrontierPoint> points;
            for (const CostFrontier::Tuple& t : CostFrontier::reduce(replayed[n])) {
                points.push_back(candidatePoint(t));
                all.push_back({ comparableNs(t.timeNs, m_workers[n]), t.memoryBytes, t.choices });
            }
            m_result.byWorkers.emplace_back(m_workers[n], std::move(points));
        }
        for (const CostFrontier::Tuple& t : CostFrontier::reduce(std::move(all)))
            m_result.points.push_back(candidatePoint(t));
        warnOfSelfChecks();
        return {};
    }

    // A point whose what-if's checks of its own figures warned is kept (its figures are the replay's),
    // and said to be doubtful: replayed alone, its what-if says why.
    void warnOfSelfChecks()
    {
        std::size_t points = 0, checked = 0;
        for (const auto& [workers, list] : m_result.byWorkers) {
            points += list.size();
            checked += static_cast<std::size_t>(
                std::count_if(list.begin(), list.end(), [](const FrontierPoint& p) { return p.selfChecked; }));
        }
        if (checked > 0)
            m_result.warnings.emplace_back(SL_TEXT("Core",
                                               "the checks of their own figures warned on %1 of the frontier's %2 "
                                               "points: their times or peaks may be wrong (each, replayed alone, "
                                               "says why)"),
                std::vector<Message::Arg> { checked, points });
    }

    // The base replayed alone (the job as it is), before the estimate, which reads the samples its step
    // computes on (fedAtMost), and what its what-if warns of, which the Evaluator's records do not
    // carry: how transfers are timed, what the memory estimate knows, the base's steps. Run in every
    // process alike; one that fails but for cancelling leaves its warnings out and the base unset (the
    // candidates with the base failed too, and the frontier's warning says why).
    Expected<std::vector<Message>> replayBase()
    {
        Expected<Evaluator::Rerun> base = m_evaluator.rerun(m_options.prefix, {});
        if (!base)
            return base.status();
        if (base->outcome.ok()) {
            m_result.base = pointOf(base->outcome, m_result.measuredWorkers, m_options.prefix);
            m_result.baseSamplesFactor = base->stepSamplesFactor;
        }
        return std::move(base->warnings);
    }

    // The base's warnings (lead), to go before the frontier's own, then those the fastest point's what-if
    // adds (its steps' notes), as that point is what the frontier recommends; self-checks aside, as each
    // point has its flag. One what-if, run in every process alike; one that fails but for cancelling
    // adds nothing.
    Expected<std::vector<Message>> withFastest(std::vector<Message> lead)
    {
        if (!m_result.miniTime)
            return lead;
        Expected<Evaluator::Rerun> fastest = m_evaluator.rerun(m_result.miniTime->strategy, lead);
        if (!fastest)
            return fastest.status();
        for (Message& w : fastest->warnings)
            lead.emplace_back(kFastestPoint, std::vector<Message::Arg> { std::move(w) });
        return lead;
    }

    // A point's time as points of other device counts compare with it: its iteration where the counts
    // share the global batch (strong scaling: their steps do the same work); scaled weakly, the time
    // the measured global batch takes, the iteration times the measured devices over the point's
    // (8 devices of a 16-device job make half its samples a step).
    TimeNs comparableNs(TimeNs iterationNs, int workers) const
    {
        if (m_options.globalBatch || workers <= 0)
            return iterationNs;
        return CheckedMath::saturatingRound(
            static_cast<double>(iterationNs) * m_result.measuredWorkers / static_cast<double>(workers));
    }

    // Where points split the batch (micro-batches, or more devices sharing the global batch) and the
    // trace does not show it: whether each holds whole samples, or any, cannot be told, and is said.
    void warnOfAnUnknownBatch()
    {
        const bool accumulates
            = std::any_of(m_configs.begin(), m_configs.end(), [](const Config& c) { return c.accumulation > 1; });
        const bool shares = m_options.globalBatch && m_workers.back() > m_result.measuredWorkers;
        if ((accumulates || shares) && !m_batch)
            m_result.warnings.push_back(Evaluator::unknownBatchWarning());
    }

    // Mini-time, mini-parallelism and profiling, among the points within the budget; mini-time
    // compares the counts' fastest by comparableNs.
    void answer()
    {
        for (const auto& [workers, points] : m_result.byWorkers) {
            std::optional<FrontierPoint> fastest;
            for (const FrontierPoint& p : points) {
                if (!p.outOfMemory && (!fastest || p.iterationNs < fastest->iterationNs))
                    fastest = p;
            }
            m_result.profiling.emplace_back(workers, fastest);
            if (fastest && !m_result.miniParallelism)
                m_result.miniParallelism = fastest; // counts ascend: the first that fits is the fewest
            if (fastest
                && (!m_result.miniTime
                    || comparableNs(fastest->iterationNs, fastest->workers)
                        < comparableNs(m_result.miniTime->iterationNs, m_result.miniTime->workers)))
                m_result.miniTime = fastest;
        }
        // The counts' fastest that fits, but for a tie in time, which the frontier over all counts breaks
        // by memory (CostFrontier::reduce): taken from that frontier (by memory ascending, faster each),
        // mini-time is one of its points.
        for (const FrontierPoint& p : m_result.points) {
            if (!p.outOfMemory)
                m_result.miniTime = p;
        }
        if (m_result.points.empty())
            m_result.warnings.emplace_back(SL_TEXT("Core",
                "no strategy of the frontier could be replayed at the device counts asked for (the warnings on the "
                "candidates that failed or were left out say why)"));
        else if (!m_result.miniTime)
            m_result.warnings.emplace_back(SL_TEXT("Core", "no point of the frontier fits the device budget"));
    }

    const JobSession& m_session;
    const FrontierOptions& m_options;
    SearchBase m_base; // where each point's own steps go among the prefix's
    Evaluator m_evaluator;
    Frontier m_result;
    std::vector<ChainLayer> m_chain;
    std::optional<Message> m_noLayers; // why the job has no layers, when it has none
    std::vector<Config> m_configs;
    std::size_t m_ownBuckets = 0; // the configs with the job's own buckets, first in m_configs
    std::vector<PassStep> m_buckets; // the other bucket choices
    std::vector<int> m_workers;
    // A strategy replayed alone at m_workers[count], and its outcome.
    struct Replayed {
        Strategy strategy;
        Outcome outcome;
        std::size_t count = 0;
    };
    std::vector<Replayed> m_replayed; // the estimate's what-ifs that are points (keepReplayed)
    std::optional<BatchSize::Found> m_batch; // the batch the trace shows
    WholeMicroBatches m_whole; // the micro-batch counts made whole at the device counts (findConfigs)
};

} // namespace

std::size_t FrontierTracker::layerKinds(const JobSession& session)
{
    const std::vector<ChainLayer> layers = chainOf(session).layers;
    std::size_t kinds = 0;
    for (std::size_t i = 0; i < layers.size(); ++i)
        kinds += layers[i].kind == i ? 1 : 0;
    return kinds;
}

Expected<Frontier> FrontierTracker::track(const JobSession& session, const FrontierOptions& options,
    CandidateExchange& exchange, std::uint64_t memoryLimitBytes, const CancellationToken* cancel,
    ProgressSink* progress)
{
    Tracking tracking(session, options, exchange, memoryLimitBytes, cancel, progress);
    return tracking.run();
}

Expected<SearchResult> FrontierTracker::fewestDevices(const JobSession& session, const FrontierOptions& options,
    CandidateExchange& exchange, std::uint64_t memoryLimitBytes, const CancellationToken* cancel,
    ProgressSink* progress)
{
    Expected<Frontier> frontier = track(session, options, exchange, memoryLimitBytes, cancel, progress);
    if (!frontier)
        return frontier.status();
    WhatIfRequest request { options.prefix, options.memory, options.baseline, 0 };
    // The frontier replayed the base; where that failed, or its checks of its own figures warned, its
    // what-if runs once more to say why.
    std::optional<FrontierPoint> base = frontier->base;
    double baseSamples = frontier->baseSamplesFactor;
    std::vector<Message> baseWarnings;
    if (!base || base->selfChecked) {
        Expected<WhatIfResult> again = session.whatIf(request, cancel);
        if (!again)
            return again.status();
        base = pointOf(Evaluator::outcomeOf(*again), frontier->measuredWorkers, options.prefix);
        baseSamples = again->stepSamplesFactor;
        baseWarnings = std::move(again->warnings);
    }
    SearchResult r;
    r.baselineNs = base->iterationNs;
    r.baselinePeakBytes = base->peakBytes;
    r.baselineOutOfMemory = base->outOfMemory;
    r.candidates = frontier->candidates - frontier->unreplayed; // those replayed, as the frontier's what-ifs
    r.trajectory.push_back({ 0, base->iterationNs, base->peakBytes, {} });
    r.best = frontier->miniParallelism ? frontier->miniParallelism->strategy : options.prefix;
    request.strategy = r.best;
    Expected<WhatIfResult> best = session.whatIf(request, cancel);
    if (!best)
        return best.status();
    const Outcome after = Evaluator::outcomeOf(*best);
    r.bestNs = after.iterationNs;
    r.bestPeakBytes = after.peakBytes;
    r.bestOutOfMemory = after.outOfMemory;
    if (frontier->miniParallelism)
        r.trajectory.push_back({ 1, after.iterationNs, after.peakBytes, Candidate::keyOf(r.best) });
    r.bestSamplesShare = baseSamples > 0 ? best->stepSamplesFactor / baseSamples : 1.0;
    // Best's own what-if speaks for the job (it holds the base's steps, numbered as best places them),
    // then the frontier's own warnings. Of the base's what-if, which the baseline's figures come from,
    // what best's does not say goes as the baseline's (an assumption of its cost model at the job's own
    // count); its steps' notes, numbered as the base has them, and the fastest point's warnings do not.
    r.warnings = WhatIfResult::saidOf(r.best.steps, best->warnings);
    const auto lead = static_cast<std::ptrdiff_t>(std::min(frontier->ownWarnings, frontier->warnings.size()));
    const std::vector<Message> own(frontier->warnings.begin() + lead, frontier->warnings.end());
    for (Message& w : Evaluator::warningsBeyond(own, best->warnings))
        r.warnings.push_back(std::move(w));
    const std::string fastest = Message(kFastestPoint, { std::string() }).english();
    for (auto it = frontier->warnings.begin(); it != frontier->warnings.begin() + lead; ++it) {
        const std::string text = it->english();
        if (WhatIfResult::isWhatIfCheck(*it) || text.starts_with("step ") || text.starts_with(fastest)
            || std::find(best->warnings.begin(), best->warnings.end(), *it) != best->warnings.end())
            continue;
        r.warnings.emplace_back(
            SL_TEXT("Core", "the baseline the search compares with: %1"), std::vector<Message::Arg> { *it });
    }
    if (std::abs(r.bestSamplesShare - 1.0) > 1e-9)
        r.warnings.emplace_back(SL_TEXT("Core",
                                    "a step of the fewest devices computes on %1 times the samples a step of the "
                                    "job's %2 does (their devices each keep their batch): the speedup compares the "
                                    "time per sample, not the iterations"),
            std::vector<Message::Arg> { BatchSize::text(r.bestSamplesShare), frontier->measuredWorkers });
    if (Candidate::keyOf(r.best) != Candidate::keyOf(options.prefix)) {
        const std::vector<Message> checks = Evaluator::baselineChecks(baseWarnings, best->warnings);
        r.warnings.insert(r.warnings.end(), checks.begin(), checks.end());
    }
    r.bestResult = std::make_shared<const WhatIfResult>(std::move(*best));
    return r;
}

} // namespace sightline
