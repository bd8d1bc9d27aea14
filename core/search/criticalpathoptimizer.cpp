#include "core/search/criticalpathoptimizer.h"

#include "core/base/millisecondtext.h"
#include "core/base/progress.h"
#include "core/base/resourcelimits.h"
#include "core/exec/analysiscache.h"
#include "core/exec/executiongraph.h"
#include "core/exec/partitionmodel.h"
#include "core/exec/tensormodel.h"
#include "core/search/bucketchannel.h"
#include "core/search/candidateexchange.h"
#include "core/search/coarsenedview.h"
#include "core/search/computesegments.h"
#include "core/search/evaluator.h"
#include "core/search/memoryfirst.h"
#include "core/search/ranking.h"
#include "core/search/searchbase.h"
#include "core/search/symmetry.h"
#include "core/search/synccost.h"
#include "core/strategy/passes/tensorfusionpass.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <optional>
#include <string_view>
#include <tuple>

namespace sightline {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
// DDP's bucket caps tried in the first round, and one bucket for everything.
constexpr std::array<double, 5> kCapsMiB { 1, 5, 25, 100, 1e6 };
constexpr std::array<double, 4> kPartitionsMiB { 1, 4, 16, 64 };
// How much shorter a data loader's spans are with workers that keep up: the most speedup allows.
constexpr double kLoaderKeepsUp = 99.9;

// The search's strategy so far: a step per decision, and the tensor grouping the fusion step makes.
struct Plan {
    std::optional<PassStep> fusion;
    CoarsenedView::Cuts cuts;
    std::optional<PassStep> partition;
    std::optional<PassStep> opFusion;
    OpSet fusedSegments; // the critical path's computation segments fused, with their gradients
    std::vector<PassStep> memory;
};

// A plan one decision away from the search's, the steps that decision sets (none: a step removed), and
// its name among the opportunities.
struct Move {
    Plan plan;
    std::vector<PassStep> steps;
    std::string name;
};

// The op fusion of the segments fused so far: any kernels among them, across the waits on them.
PassStep segmentFusion(const OpSet& ops)
{
    return PassStep { "op_fusion",
        { { "kernels", std::string("all") }, { "across_waits", std::string("yes") }, { "ops", ops.text() } } };
}

OpSet united(const OpSet& a, const OpSet& b)
{
    if (a.empty() || b.empty())
        return a.empty() ? b : a;
    Expected<OpSet> both = OpSet::parse(a.text() + "," + b.text());
    return both ? *both : a;
}

// The category names the reasons are told in.
Message categoryName(int category)
{
    static const std::array<const char*, kPathCategoryCount> names { SL_TEXT("Core", "computation"),
        SL_TEXT("Core", "communication"), SL_TEXT("Core", "kernel launches"), SL_TEXT("Core", "I/O"),
        SL_TEXT("Core", "waiting"), SL_TEXT("Core", "host work") };
    return Message(names[static_cast<std::size_t>(category)]);
}

// part as a percentage of whole, to three decimals.
std::string percent(double part, std::int64_t whole)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", 100.0 * part / static_cast<double>(std::max<std::int64_t>(1, whole)));
    return text;
}

// A fraction as a percentage, as short as it reads (0.001: "0.1").
std::string fractionText(double fraction)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", 100.0 * fraction);
    return text;
}

// Why a candidate was faster than the plan it came from: the share of the critical path that shrank
// most, per step of the replay's `steps` (the path runs through all of them); and where the path moved
// onto another share, which grew by a quarter of that or more, that share too, so that a large shrink
// does not read as the gain.
Message reasonOf(const Outcome& from, const Outcome& to, int steps)
{
    const auto perStep = [&](std::int64_t ns) { return MillisecondText::number(ns / std::max(1, steps)); };
    int shrank = -1;
    int grew = -1;
    std::int64_t most = 0;
    std::int64_t mostGrown = 0;
    for (int c = 0; c < kPathCategoryCount; ++c) {
        const std::int64_t less = from.pathNs[static_cast<std::size_t>(c)] - to.pathNs[static_cast<std::size_t>(c)];
        if (less > most) {
            most = less;
            shrank = c;
        } else if (-less > mostGrown) {
            mostGrown = -less;
            grew = c;
        }
    }
    if (shrank < 0)
        return Message(SL_TEXT("Core", "the iteration is %1 ms shorter, though no share of the critical path is"),
            { MillisecondText::number(from.iterationNs - to.iterationNs) });
    const auto c = static_cast<std::size_t>(shrank);
    Message shorter(SL_TEXT("Core", "%1 on the critical path %2 ms shorter per step (%3 → %4 ms)"),
        { categoryName(shrank), perStep(most), perStep(from.pathNs[c]), perStep(to.pathNs[c]) });
    if (grew < 0 || 4 * mostGrown < most)
        return shorter;
    const auto g = static_cast<std::size_t>(grew);
    return Message(SL_TEXT("Core", "%1, while the path moved onto %2, %3 ms longer (%4 → %5 ms)"),
        { std::move(shorter), categoryName(grew), perStep(mostGrown), perStep(from.pathNs[g]), perStep(to.pathNs[g]) });
}

class Search {
public:
    Search(const JobSession& session, const SearchOptions& options, CandidateExchange& exchange,
        std::uint64_t memoryLimit, const CancellationToken* cancel, ProgressSink* progress)
        : m_options(options)
        , m_base(options.prefix)
        , m_evaluator(session, WhatIfRequest { {}, options.memory, options.baseline, 0 }, exchange, memoryLimit, cancel,
              progress)
    {
    }

    Expected<SearchResult> run()
    {
        if (Status s = start(); !s.ok())
            return s;
        for (int round = 1; round <= m_options.maxRounds; ++round) {
            Expected<bool> improved = this->round(round);
            if (!improved)
                return improved.status();
            if (!*improved || stable())
                break;
            if (round == m_options.maxRounds)
                m_result.warnings.emplace_back(SL_TEXT("Core", "the search stopped at its limit of %1 rounds"),
                    std::vector<Message::Arg> { m_options.maxRounds });
        }
        if (Status s = simplify(); !s.ok())
            return s;
        if (Status s = dataLoading(); !s.ok())
            return s;
        return finish();
    }

private:
    // The baseline, the tensors' coarsened view, and memory first.
    Status start()
    {
        Expected<WhatIfResult> baseline = m_evaluator.run(m_options.prefix);
        if (!baseline)
            return baseline.status();
        m_outcome = Evaluator::outcomeOf(*baseline);
        m_result.baselineNs = m_outcome.iterationNs;
        m_result.baselinePeakBytes = m_outcome.peakBytes;
        m_result.baselineOutOfMemory = m_outcome.outOfMemory;
        m_baselineWarnings = baseline->warnings;
        m_result.trajectory.push_back({ 0, m_outcome.iterationNs, m_outcome.peakBytes, {} });
        m_steps = baseline->whatIf->graph->stepsPerRank();
        m_loaderNs = loaderTime(*baseline->whatIf);
        leaveOutTheBasesPasses();
        findTensors(*baseline);
        takeSegments(*baseline);
        if (m_outcome.outOfMemory) {
            const WholeMicroBatches whole(BatchSize::of(baseline->whatIf->graph->trace()), baseline->samplesFactor);
            Expected<MemoryFirst::Choice> choice
                = MemoryFirst::choose(m_evaluator, m_options.prefix, m_outcome, whole, room());
            if (!choice)
                return choice.status();
            m_result.warnings.insert(m_result.warnings.end(), choice->warnings.begin(), choice->warnings.end());
            if (!choice->steps.empty()) {
                m_plan.memory = choice->steps;
                m_outcome = choice->outcome;
                m_segments.reset();
                std::string name;
                for (const PassStep& step : choice->steps)
                    name += (name.empty() ? "" : ";") + Candidate::keyOf(step);
                record(0, name);
            }
        }
        return {};
    }

    // The passes of the rounds' moves that the base holds a step of already, which a strategy holds once:
    // each such move would fail, so they are left out, and the search says so.
    void leaveOutTheBasesPasses()
    {
        const auto chosen = [&](std::string_view pass, const char* what) {
            std::optional<Message> held = m_base.leftOut(pass, Message(what));
            if (held)
                m_result.warnings.push_back(std::move(*held));
            return !held;
        };
        m_fusesTensors = chosen("tensor_fusion", SL_TEXT("Core", "the search's bucket choices"));
        m_partitionsTensors = chosen("tensor_partition", SL_TEXT("Core", "the search's partition sizes"));
        // A re-bucketing after the base's partition would group its pieces again, undoing the scenario
        // the base gives: the base's partition decides the buckets.
        if (const std::optional<std::size_t> at = m_base.stepOf("tensor_partition"); at && m_fusesTensors) {
            m_fusesTensors = false;
            m_result.warnings.emplace_back(
                SL_TEXT(
                    "Core", "the base's step %1 (%2) decides the buckets: the search's bucket choices are left out"),
                std::vector<Message::Arg> { *at + 1, std::string("tensor_partition") });
        }
        m_fusesOps = chosen("op_fusion", SL_TEXT("Core", "the search's kernel fusions"));
    }

    // The tensors the fusion moves group, from the baseline's graph and replay; a job without them gets
    // no fusion moves, and says why.
    void findTensors(const WhatIfResult& baseline)
    {
        m_analyses = std::make_shared<AnalysisCache>(baseline.whatIf->graph);
        const Expected<PartitionModel>& partitions = m_analyses->partitions();
        m_partitionable = partitions && !partitions->tensors().empty();
        Expected<CoarsenedView> view = CoarsenedView::of(*m_analyses, baseline.whatIf->schedule);
        Expected<SyncCost> cost
            = view ? SyncCost::of(*m_analyses, baseline.whatIfOptions) : Expected<SyncCost>(view.status());
        if (!view || !cost) {
            const Status& why = view ? cost.status() : view.status();
            m_result.warnings.emplace_back(SL_TEXT("Core", "tensor fusion was not searched: %1"),
                std::vector<Message::Arg> { why.detailMessage() });
            return;
        }
        m_view = std::move(*view);
        m_cost = *cost;
        m_symmetry = Symmetry::of(*m_view);
        m_plan.cuts = m_view->measured();
        m_partitionable = true;
        // Groups name tensors by their place in a step: steps holding other tensors than the first
        // (a step of another shape) would refuse them, so only the caps are searched there.
        const std::span<const TensorModel::Step> steps = m_analyses->tensors()->steps();
        m_groupable = std::all_of(steps.begin(), steps.end(),
            [&](const TensorModel::Step& s) { return s.tensors.size() == steps.front().tensors.size(); });
        if (!m_groupable)
            m_result.warnings.emplace_back(SL_TEXT("Core",
                "the job's steps hold different numbers of gradient tensors: tensor fusion was searched by its caps "
                "only, not by groups of tensors"));
    }

    Strategy strategyOf(const Plan& plan) const { return m_base.with(ownSteps(plan)); }

    // The plan's steps, which go among the prefix's as SearchBase places them: memory first's last.
    static std::vector<PassStep> ownSteps(const Plan& plan)
    {
        std::vector<PassStep> own;
        for (const std::optional<PassStep>* step : { &plan.fusion, &plan.partition, &plan.opFusion }) {
            if (*step)
                own.push_back(**step);
        }
        if (!plan.fusedSegments.empty())
            own.push_back(segmentFusion(plan.fusedSegments));
        own.insert(own.end(), plan.memory.begin(), plan.memory.end());
        return own;
    }

    // Named by the grouping it makes, so that a cap and groups that group alike are one opportunity.
    Move withFusion(CoarsenedView::Cuts cuts, PassStep step) const
    {
        Move m { m_plan, { step }, "tensor_fusion:" + m_view->groupsText(cuts) };
        m.plan.fusion = std::move(step);
        m.plan.cuts = std::move(cuts);
        return m;
    }

    Move withGroups(CoarsenedView::Cuts cuts) const
    {
        const std::string groups = m_view->groupsText(cuts);
        return withFusion(std::move(cuts), PassStep { "tensor_fusion", { { "groups", groups } } });
    }

    // Tensor fusion: the caps in the first round, the theorem's grouping, the bucket channel's fastest
    // where that differs, and the merges and splits the channel ranks best.
    void fusionMoves(int round, std::vector<Move>& moves) const
    {
        if (!m_view || !m_fusesTensors)
            return;
        const BucketChannel channel(*m_view, *m_cost);
        if (round == 1) {
            const TensorModel::Step& step = m_analyses->tensors()->steps().front();
            for (double cap : kCapsMiB) {
                TensorFusionParameters p;
                p.bucketCapMb = cap;
                const Expected<std::vector<std::uint32_t>> buckets
                    = TensorFusionPass::assign(m_analyses->graph(), step, p);
                if (buckets)
                    moves.push_back(withFusion(
                        m_view->cutsOf(*buckets), PassStep { "tensor_fusion", { { "bucket_cap_mb", cap } } }));
            }
        }
        if (!m_groupable)
            return;
        const CoarsenedView::Cuts theorem = channel.theorem2();
        moves.push_back(withGroups(theorem));
        if (CoarsenedView::Cuts fastest = channel.fastest(); fastest != theorem)
            moves.push_back(withGroups(std::move(fastest)));
        const TimeNs now = channel.end(m_plan.cuts);
        std::vector<std::pair<TimeNs, std::size_t>> ranked; // (predicted end, boundary)
        for (std::size_t b = 0; b < m_plan.cuts.size(); ++b) {
            if (!m_symmetry.representative(b))
                continue;
            CoarsenedView::Cuts flipped = m_plan.cuts;
            for (std::size_t mirror : m_symmetry.mirrors(b))
                flipped[mirror] = m_plan.cuts[b] ? 0 : 1;
            ranked.emplace_back(channel.end(flipped) - now, b);
        }
        std::sort(ranked.begin(), ranked.end());
        for (std::size_t k = 0; k < ranked.size() && k < m_options.localMoves; ++k) {
            CoarsenedView::Cuts flipped = m_plan.cuts;
            for (std::size_t mirror : m_symmetry.mirrors(ranked[k].second))
                flipped[mirror] = m_plan.cuts[ranked[k].second] ? 0 : 1;
            moves.push_back(withGroups(std::move(flipped)));
        }
    }

    // A step of one pass set to each of choices, or removed.
    void stepMoves(
        std::optional<PassStep> Plan::*member, const std::vector<PassStep>& choices, std::vector<Move>& moves) const
    {
        for (const PassStep& step : choices) {
            Move m { m_plan, { step }, Candidate::keyOf(step) };
            m.plan.*member = step;
            moves.push_back(std::move(m));
        }
        if (m_plan.*member)
            moves.push_back(without(member));
    }

    // The plan less the step of member (the tensor fusion's: back to the measured buckets), named "-PASS".
    Move without(std::optional<PassStep> Plan::*member) const
    {
        Move m { m_plan, {}, "-" + (m_plan.*member)->pass };
        m.plan.*member = std::nullopt;
        if (member == &Plan::fusion)
            m.plan.cuts = m_view->measured();
        return m;
    }

    // The plan less the critical path's segments it fused.
    Move withoutSegments() const
    {
        Move m { m_plan, {}, "-op_fusion" };
        m.plan.fusedSegments = {};
        return m;
    }

    // Theorem 1 and 3 on the critical path's computation segments, the most to save first: each fused
    // across the waits on its kernels, alone and with the gradients its kernels make fused into one
    // bucket; and where its kernels repeat in identical blocks, so fused in every block (symmetry).
    // Not beside an op fusion everywhere: a strategy holds one op_fusion step.
    void segmentMoves(std::vector<Move>& moves) const
    {
        if (!m_segments || m_plan.opFusion)
            return;
        if (!m_plan.fusedSegments.empty())
            moves.push_back(withoutSegments());
        for (const ComputeSegments::Segment& segment : *m_segments) {
            fuseMoves(segment.ops, moves);
            if (segment.blocks > 1)
                fuseMoves(segment.blockOps, moves);
        }
    }

    // Ops fused, alone and with their gradients.
    void fuseMoves(const OpSet& ops, std::vector<Move>& moves) const
    {
        if (ops.empty())
            return; // an op fusion without ops would fuse every kernel
        Move fused { m_plan, {}, "op_fusion:" + ops.text() };
        fused.plan.fusedSegments = united(m_plan.fusedSegments, ops);
        fused.steps = { segmentFusion(fused.plan.fusedSegments) };
        if (std::optional<CoarsenedView::Cuts> cuts = gradientsFused(ops)) {
            Move joint = withGroups(std::move(*cuts));
            joint.plan.fusedSegments = fused.plan.fusedSegments;
            joint.steps.push_back(fused.steps.front());
            joint.name = fused.name + "+" + joint.name;
            moves.push_back(std::move(joint));
        }
        moves.push_back(std::move(fused));
    }

    // The plan's grouping with the units whose kernel is among ops in one bucket with their neighbours
    // among them (Theorem 3); nothing when that changes no bucket.
    std::optional<CoarsenedView::Cuts> gradientsFused(const OpSet& ops) const
    {
        if (!m_view || !m_fusesTensors || !m_groupable)
            return std::nullopt;
        const ExecutionGraph& g = m_analyses->graph();
        const auto among
            = [&](const CoarsenedView::Unit& u) { return u.kernel.isValid() && ops.containsAny(g.origin(u.kernel)); };
        const auto units = m_view->units();
        CoarsenedView::Cuts cuts = m_plan.cuts;
        for (std::size_t u = 0; u + 1 < units.size(); ++u) {
            if (among(units[u]) && among(units[u + 1]))
                cuts[u] = 0;
        }
        if (cuts == m_plan.cuts)
            return std::nullopt;
        return cuts;
    }

    std::vector<Move> movesOf(int round) const
    {
        std::vector<Move> moves;
        const auto on = [&](PathCategory c) { return m_outcome.pathNs[static_cast<std::size_t>(c)] > 0; };
        if (on(PathCategory::Communication)) {
            fusionMoves(round, moves);
            std::vector<PassStep> partitions;
            for (double mib : kPartitionsMiB)
                partitions.push_back({ "tensor_partition", { { "partition_bytes", mib * kMiB } } });
            if (m_partitionable && m_partitionsTensors)
                stepMoves(&Plan::partition, partitions, moves);
        }
        if (m_fusesOps && (on(PathCategory::Compute) || on(PathCategory::Launch))) {
            // A strategy holds one op fusion: fusing kernels everywhere replaces the segments fused.
            const std::size_t first = moves.size();
            stepMoves(&Plan::opFusion,
                { PassStep { "op_fusion", { { "kernels", std::string("elementwise") } } },
                    PassStep { "op_fusion", { { "kernels", std::string("all") } } } },
                moves);
            for (std::size_t m = first; m < moves.size(); ++m)
                moves[m].plan.fusedSegments = {};
            segmentMoves(moves);
        }
        return moves;
    }

    // One round: every move from the plan, replayed; the best kept when it is better than the plan.
    Expected<bool> round(int round)
    {
        if (Status s = replayPlan(); !s.ok())
            return s;
        std::vector<Move> moves = movesOf(round);
        std::vector<Candidate> candidates;
        std::vector<Move> kept;
        const std::string current = Candidate::keyOf(strategyOf(m_plan));
        for (Move& m : moves) {
            Candidate c = Candidate::of(strategyOf(m.plan));
            const bool seen = c.key == current
                || std::any_of(
                    candidates.begin(), candidates.end(), [&](const Candidate& other) { return other.key == c.key; });
            if (!seen) {
                candidates.push_back(std::move(c));
                kept.push_back(std::move(m));
            }
        }
        const std::size_t room = this->room();
        const bool limited = candidates.size() > room;
        if (limited) {
            candidates.resize(room);
            kept.resize(room);
            sayLimit();
        }
        if (candidates.empty())
            return false;
        Expected<std::vector<Outcome>> outcomes = m_evaluator.evaluate(candidates);
        if (!outcomes)
            return outcomes.status();
        for (std::size_t i = 0; i < kept.size(); ++i)
            note(kept[i], (*outcomes)[i]);
        const std::size_t best = Ranking::best(*outcomes, candidates);
        if (!Ranking::improves((*outcomes)[best], m_outcome))
            return false;
        m_plan = std::move(kept[best].plan);
        m_outcome = (*outcomes)[best];
        record(round, kept[best].steps.size() == 1 ? Candidate::keyOf(kept[best].steps.front()) : kept[best].name);
        m_segments.reset();
        return !limited;
    }

    // The plan less one of its decisions, for each it has (memory first's steps are the budget's, and
    // stay).
    std::vector<Move> removals() const
    {
        std::vector<Move> moves;
        for (std::optional<PassStep> Plan::*member : { &Plan::fusion, &Plan::partition, &Plan::opFusion }) {
            if (m_plan.*member)
                moves.push_back(without(member));
        }
        if (!m_plan.fusedSegments.empty())
            moves.push_back(withoutSegments());
        return moves;
    }

    // The best without the steps that gain less than stepFraction of its iteration: removals replayed,
    // and the fastest that stays within that fraction of the best, fits where the best does, is not
    // slower than the baseline and warns no more than the best kept; again until none does. The bound
    // is the best's, so that the steps left out together cost less than the fraction.
    Status simplify()
    {
        const Outcome best = m_outcome;
        const double slack = m_options.stepFraction * static_cast<double>(best.iterationNs);
        const auto acceptable = [&](const Outcome& o) {
            return o.ok() && (!o.outOfMemory || best.outOfMemory)
                && static_cast<double>(o.iterationNs - best.iterationNs) <= slack
                && (m_result.baselineOutOfMemory || o.iterationNs <= m_result.baselineNs)
                && o.selfChecked <= best.selfChecked;
        };
        for (;;) {
            std::vector<Move> moves = removals();
            if (moves.size() > room())
                sayLimit();
            moves.resize(std::min(moves.size(), room()));
            if (moves.empty())
                return {};
            std::vector<Candidate> candidates;
            for (const Move& m : moves)
                candidates.push_back(Candidate::of(strategyOf(m.plan)));
            Expected<std::vector<Outcome>> outcomes = m_evaluator.evaluate(candidates);
            if (!outcomes)
                return outcomes.status();
            std::optional<std::size_t> chosen;
            for (std::size_t i = 0; i < moves.size(); ++i) {
                if (acceptable((*outcomes)[i])
                    && (!chosen
                        || Ranking::better((*outcomes)[i], candidates[i], (*outcomes)[*chosen], candidates[*chosen])))
                    chosen = i;
            }
            if (!chosen)
                return {};
            const Outcome& o = (*outcomes)[*chosen];
            const TimeNs gain = o.iterationNs - m_outcome.iterationNs;
            const std::string pass = moves[*chosen].name.substr(1);
            if (gain > 0)
                m_result.warnings.emplace_back(SL_TEXT("Core",
                                                   "%1 was left out of the best strategy: it shortened the iteration "
                                                   "by %2 ms (%3 %), less than the %4 % a step must gain"),
                    std::vector<Message::Arg> { pass, MillisecondText::number(gain),
                        percent(gain, m_outcome.iterationNs), fractionText(m_options.stepFraction) });
            else // the steps set after it made it useless
                m_result.warnings.emplace_back(
                    SL_TEXT("Core", "%1 was left out of the best strategy: without it the iteration is %2 ms shorter"),
                    std::vector<Message::Arg> { pass, MillisecondText::number(-gain) });
            m_plan = std::move(moves[*chosen].plan);
            m_outcome = o;
            record(m_result.rounds + 1, moves[*chosen].name);
        }
    }

    // Data loading in the training process (the DataLoader's next, without workers or with too few):
    // the best strategy with the loader's spans as short as workers that keep up would make them,
    // replayed as an opportunity of its own. Not a move: a loader's workers are set in the training
    // script, which the strategy's configs do not reach, so the best strategy leaves it out and the
    // opportunity says so.
    Status dataLoading()
    {
        if (m_loaderNs <= 0)
            return {};
        if (room() == 0) {
            sayLimit();
            return {};
        }
        const PassStep step { "speedup", { { "kind", std::string("io") }, { "percent", kLoaderKeepsUp } } };
        Move move { m_plan, { step }, "speedup:data_loading" };
        std::vector<PassStep> own = ownSteps(m_plan); // memory first's steps last, the loader's before them
        own.insert(own.end() - static_cast<std::ptrdiff_t>(m_plan.memory.size()), step);
        const Strategy strategy = m_base.with(own);
        const std::vector<Candidate> candidates { Candidate::of(strategy) };
        Expected<std::vector<Outcome>> outcomes = m_evaluator.evaluate(candidates);
        if (!outcomes)
            return outcomes.status();
        if (!note(move, outcomes->front(), strategy))
            return {};
        m_opportunities[move.name].reason = Message(SL_TEXT("Core",
                                                        "the data loader holds each step %1 ms in the training "
                                                        "process (loading, or waiting for its workers); DataLoader "
                                                        "workers that keep up take it off the step (num_workers, set "
                                                        "in the training script: the strategy's configs do not reach "
                                                        "it, so the best leaves it out)"),
            { MillisecondText::number(m_loaderNs) });
        return {};
    }

    // The longest a rank's steps spend, per step, in data loading spans (the loader's next).
    TimeNs loaderTime(const ReplayResult& replay) const
    {
        const ExecutionGraph& g = *replay.graph;
        std::vector<TimeNs> perRank(g.ranks().size(), 0);
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            const ItemId item(i);
            if (g.kind(item) == OpKind::Io && replay.schedule.replayed(i) && g.rank(item).isValid())
                perRank[g.rank(item).value()] += replay.schedule.end[i] - replay.schedule.start[i];
        }
        const TimeNs most = perRank.empty() ? 0 : *std::max_element(perRank.begin(), perRank.end());
        return most / std::max(1, m_steps);
    }

    // The segments of the plan's critical path, from its own what-if: once per plan, when computation
    // or launches hold the path.
    Status replayPlan()
    {
        const auto on = [&](PathCategory c) { return m_outcome.pathNs[static_cast<std::size_t>(c)] > 0; };
        if (m_segments || !(on(PathCategory::Compute) || on(PathCategory::Launch)))
            return {};
        Expected<WhatIfResult> current = m_evaluator.run(strategyOf(m_plan));
        if (!current)
            return current.status();
        takeSegments(*current);
        return {};
    }

    // The segments of a what-if's critical path, and of them those that not every place of their
    // streams repeats alike (ComputeSegments), for finish to say where the best fuses them.
    void takeSegments(const WhatIfResult& result)
    {
        const ReplayResult& replay = *result.whatIf;
        m_segments = ComputeSegments::of(*replay.graph, replay.schedule, replay.criticalPath, m_options.localMoves);
        for (const ComputeSegments::Segment& segment : *m_segments) {
            const auto origin = replay.graph->origin(segment.kernels.front());
            if (segment.placesAlike == segment.places || origin.empty())
                continue;
            const bool known = std::any_of(
                m_uneven.begin(), m_uneven.end(), [&](const Uneven& u) { return u.first == origin.front(); });
            if (known)
                continue;
            // Named and counted as measured: a kernel of the replay may be one an earlier round fused.
            const Trace& trace = replay.graph->trace();
            std::size_t measured = 0;
            for (ItemId kernel : segment.kernels)
                measured += replay.graph->origin(kernel).size();
            m_uneven.push_back({ origin.front(), std::string(trace.string(trace.name(origin.front()))), measured,
                segment.placesAlike, segment.places, segment.unlike });
        }
    }

    // Says which of the best's fused segments cover only the places that repeat them alike, where the
    // best leaves kernels of the others' repeats unfused (another segment may have fused them).
    void sayUnevenSegments()
    {
        for (const Uneven& u : m_uneven) {
            if (!m_plan.fusedSegments.contains(u.first))
                continue;
            std::size_t unfused = 0;
            for (const auto& [from, to] : u.unlike.ranges()) {
                for (std::uint32_t op = from; op <= to; ++op)
                    unfused += m_plan.fusedSegments.contains(OpId(op)) ? 0 : 1;
            }
            if (unfused == 0)
                continue;
            m_result.warnings.emplace_back(
                SL_TEXT("Core",
                    "the fused computation segment of %1 kernels from %2 repeats alike on %3 of the %4 streams "
                    "and steps of its kind: the others hold its kernels another number of times (a warm-up "
                    "kernel, a step cut short, kernels that follow the data), and %5 of their kernels that "
                    "repeat it stay unfused"),
                std::vector<Message::Arg> { u.kernels, u.name, u.alike, u.places, unfused });
        }
    }

    void record(int round, std::string move)
    {
        m_result.rounds = round;
        m_result.trajectory.push_back({ round, m_outcome.iterationNs, m_outcome.peakBytes, std::move(move) });
        if (m_options.onRound)
            m_options.onRound(m_result.trajectory.back());
    }

    // How many more candidates the search may evaluate.
    std::size_t room() const
    {
        return m_options.maxCandidates - std::min(m_options.maxCandidates, m_evaluator.evaluated());
    }

    // Says, once, that the limit of candidates left moves unreplayed: the rounds', the best's
    // simplification's or the data loader's, each of which changes the answer.
    void sayLimit()
    {
        if (m_limitSaid)
            return;
        m_limitSaid = true;
        m_result.warnings.emplace_back(SL_TEXT("Core", "the search stopped at its limit of %1 candidates"),
            std::vector<Message::Arg> { m_options.maxCandidates });
    }

    // Whether the last stableRounds rounds together shortened the iteration by less than the fraction.
    // Rounds count from the plan they started on: memory first's choice where it made one, never the
    // baseline that did not fit (a fitting plan is slower, which is no round's doing).
    bool stable() const
    {
        const auto& t = m_result.trajectory;
        const auto n = static_cast<std::size_t>(std::max(1, m_options.stableRounds));
        const auto started = std::find_if(t.rbegin(), t.rend(), [](const SearchRound& r) { return r.round == 0; });
        if (static_cast<std::size_t>(started - t.rbegin()) < n)
            return false;
        const double before = static_cast<double>(t[t.size() - 1 - n].iterationNs);
        return before - static_cast<double>(t.back().iterationNs) < m_options.stableFraction * before;
    }

    // A move that made the iteration shorter than its plan's, as an opportunity (the best of each step);
    // its strategy that of the move's plan unless given. Whether it was the best of its step so far.
    bool note(const Move& move, const Outcome& o, std::optional<Strategy> strategy = std::nullopt)
    {
        if (move.steps.empty() || !o.ok() || (o.outOfMemory && !m_outcome.outOfMemory)
            || o.iterationNs >= m_outcome.iterationNs || m_outcome.iterationNs <= 0)
            return false;
        const double gain = 100.0 * static_cast<double>(m_outcome.iterationNs - o.iterationNs)
            / static_cast<double>(m_outcome.iterationNs);
        Opportunity& slot = m_opportunities[move.name];
        if (!slot.steps.empty() && gain <= slot.gainPct)
            return false;
        slot = Opportunity { move.steps, gain, o.iterationNs, reasonOf(m_outcome, o, m_steps),
            strategy ? std::move(*strategy) : strategyOf(move.plan), o.selfChecked != 0 };
        return true;
    }

    Expected<SearchResult> finish()
    {
        sayUnevenSegments();
        const Strategy best = strategyOf(m_plan);
        Expected<WhatIfResult> final = m_evaluator.run(best);
        if (!final)
            return final.status();
        const Outcome o = Evaluator::outcomeOf(*final);
        m_result.best = best;
        m_result.bestNs = o.iterationNs;
        m_result.bestPeakBytes = o.peakBytes;
        m_result.bestOutOfMemory = o.outOfMemory;
        m_result.candidates = m_evaluator.evaluated();
        if (std::optional<Message> unfed = m_evaluator.unfedWarning())
            m_result.warnings.push_back(std::move(*unfed));
        if (std::optional<Message> failed = m_evaluator.failureWarning())
            m_result.warnings.push_back(std::move(*failed));
        const std::vector<Message> own = WhatIfResult::saidOf(best.steps, final->warnings);
        m_result.warnings.insert(m_result.warnings.begin(), own.begin(), own.end());
        if (Candidate::keyOf(best) != Candidate::keyOf(m_options.prefix)) {
            const std::vector<Message> checks = Evaluator::baselineChecks(m_baselineWarnings, final->warnings);
            m_result.warnings.insert(m_result.warnings.end(), checks.begin(), checks.end());
        }
        m_result.bestResult = std::make_shared<const WhatIfResult>(std::move(*final));
        m_result.opportunities = distinctOpportunities();
        return std::move(m_result);
    }

    // The opportunities by gain, largest first; of the tensor fusions that come to the same iteration,
    // to within stepFraction, with the same self-checks (bucket caps and groups that bucket alike where
    // it matters), the first alone: the largest gain, and of equal gains the simplest (the shortest
    // key, a cap before a list of groups).
    std::vector<Opportunity> distinctOpportunities()
    {
        struct Ranked {
            std::string key;
            Opportunity* opportunity;
        };
        std::vector<Ranked> ranked;
        for (auto& [name, opportunity] : m_opportunities) {
            Ranked r { {}, &opportunity };
            for (const PassStep& step : opportunity.steps)
                r.key += Candidate::keyOf(step) + ";";
            ranked.push_back(std::move(r));
        }
        std::sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
            return std::tuple(-a.opportunity->gainPct, a.key.size(), std::string_view(a.key))
                < std::tuple(-b.opportunity->gainPct, b.key.size(), std::string_view(b.key));
        });
        std::vector<Opportunity> distinct;
        std::vector<const Opportunity*> fusions; // among distinct
        const auto alike = [&](const Opportunity& a, const Opportunity& b) {
            return a.selfChecked == b.selfChecked
                && static_cast<double>(std::abs(a.iterationNs - b.iterationNs))
                <= m_options.stepFraction * static_cast<double>(b.iterationNs);
        };
        distinct.reserve(ranked.size());
        for (Ranked& r : ranked) {
            const std::vector<PassStep>& steps = r.opportunity->steps;
            const bool fusion = steps.size() == 1 && steps.front().pass == "tensor_fusion";
            if (fusion && std::any_of(fusions.begin(), fusions.end(), [&](const Opportunity* shown) {
                    return alike(*r.opportunity, *shown);
                }))
                continue;
            distinct.push_back(std::move(*r.opportunity));
            if (fusion)
                fusions.push_back(&distinct.back());
        }
        return distinct;
    }

    const SearchOptions& m_options;
    SearchBase m_base; // where the plan's steps go among the prefix's
    Evaluator m_evaluator;
    SearchResult m_result;
    Plan m_plan;
    Outcome m_outcome;
    std::shared_ptr<AnalysisCache> m_analyses;
    std::vector<Message> m_baselineWarnings; // of the prefix alone's what-if (Evaluator::baselineChecks)
    int m_steps = 1; // replayed per rank
    TimeNs m_loaderNs = 0; // the baseline's data loading per step (loaderTime)
    std::optional<CoarsenedView> m_view;
    bool m_partitionable = false; // the job has buckets (all-reduces, or BytePS partitions) to cut
    bool m_groupable = false; // every step holds the view's tensors, so that groups of them apply
    // The passes the rounds choose steps of: those the base holds none of (leaveOutTheBasesPasses).
    bool m_fusesTensors = true;
    bool m_partitionsTensors = true;
    bool m_fusesOps = true;
    bool m_limitSaid = false; // the warning that the search stopped at its limit was said (sayLimit)
    std::optional<SyncCost> m_cost;
    // The computation segments of the plan's critical path, once its what-if was replayed (the what-if
    // itself is not kept: a whole one beside the candidates' would double the search's memory).
    std::optional<std::vector<ComputeSegments::Segment>> m_segments;
    // A segment that not every place repeats alike: its first kernel's first measured op and name, its
    // kernels, and the places alike of those of its kind.
    struct Uneven {
        OpId first;
        std::string name;
        std::size_t kernels = 0, alike = 0, places = 0;
        OpSet unlike; // ComputeSegments::Segment::unlike
    };
    std::vector<Uneven> m_uneven;
    Symmetry m_symmetry;
    std::map<std::string, Opportunity> m_opportunities; // by the step's key: the same order everywhere
};

} // namespace

Expected<SearchResult> CriticalPathOptimizer::run(const JobSession& session, const SearchOptions& options,
    CandidateExchange& exchange, std::uint64_t memoryLimitBytes, const CancellationToken* cancel,
    ProgressSink* progress)
{
    Search search(session, options, exchange, memoryLimitBytes, cancel, progress);
    return search.run();
}

} // namespace sightline
