// Search benchmark: the time dPRO's critical-path optimizer (core/search) takes on a BERT-base-sized
// generated data-parallel job: 16 ranks of about 10 k ops each (forward blocks, backward nodes with
// their gradients, all-reduces in the backward half), two hosts of 8 ranks joined by 100 Gb/s
// Ethernet, ring all-reduce. The job is loaded and opened once (not counted); each run searches from
// scratch on a fresh session; then the time–memory frontier over 8 to 64 devices, once. Not a test: it prints the
// figures (and a JSON line with --json) and fails only when the job cannot be generated, loaded, opened or searched,
// or when the answers break what the search promises on this job: the best and every frontier point replay alone
// to within 0.1 % of what was reported, and each device count's frontier is monotone.
//
// Usage: bench_search [--ops N] [--ranks R] [--data DIR] [--runs K] [--json]

#include "benchsupport.h"
#include "trainingjobbench.h"

#include "core/base/memorypolicy.h"
#include "core/base/parallel.h"
#include "core/base/resourcelimits.h"
#include "core/exec/executiongraph.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "core/search/criticalpathoptimizer.h"
#include "core/search/evaluator.h"
#include "core/search/frontiertracker.h"
#include "core/search/localexchange.h"
#include "core/session/jobsession.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#ifndef SIGHTLINE_BENCH_DATA_DIR
#define SIGHTLINE_BENCH_DATA_DIR "bench-data"
#endif

using namespace sightline;
using BenchSupport::Clock;
using BenchSupport::seconds;

namespace {

// Whether strategy, replayed alone, comes to within 0.1 % of the iteration and peak reported for it;
// says what it came to where it does not.
bool reproduces(const JobSession& session, const WhatIfRequest& request, TimeNs iterationNs, std::int64_t peakBytes,
    const char* what)
{
    const auto r = session.whatIf(request);
    if (!r) {
        std::fprintf(stderr, "%s: replayed alone, failed: %s\n", what, r.status().toString().c_str());
        return false;
    }
    const Outcome o = Evaluator::outcomeOf(*r);
    const auto near = [](double a, double b) { return std::abs(a - b) <= 1e-3 * std::max(std::abs(b), 1.0); };
    if (near(static_cast<double>(o.iterationNs), static_cast<double>(iterationNs))
        && near(static_cast<double>(o.peakBytes), static_cast<double>(peakBytes)))
        return true;
    std::fprintf(stderr, "%s: reported %.4f ms and %lld bytes, replayed alone %.4f ms and %lld bytes\n", what,
        static_cast<double>(iterationNs) / 1e6, static_cast<long long>(peakBytes),
        static_cast<double>(o.iterationNs) / 1e6, static_cast<long long>(o.peakBytes));
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    sightline::MemoryPolicy::keepFreedMemory();
    TrainingJobBench::Options o;
    o.ranks = 16;
    o.ops = 160'000;
    o.runs = 3;
    if (!TrainingJobBench::parse(argc, argv, o))
        return 2;
    const std::vector<std::string> files = TrainingJobBench::write(o, SIGHTLINE_BENCH_DATA_DIR);
    if (files.empty())
        return 1;
    auto trace = TraceLoader::load(files);
    if (!trace) {
        std::fprintf(stderr, "load failed: %s\n", trace.status().toString().c_str());
        return 1;
    }
    SearchOptions options;
    options.prefix.steps.push_back(PassStep {
        "network", { { "network_gbps", 12.5 }, { "allreduce", std::string("ring") }, { "ranks_per_host", 8.0 } } });
    std::vector<double> walls;
    SearchResult last;
    std::uint32_t items = 0;
    for (int run = 0; run < o.runs; ++run) {
        // A fresh session each run: the baselines it keeps are part of the search's cost.
        auto session = JobSession::open(*trace, {}, ResourceLimits {});
        if (!session) {
            std::fprintf(stderr, "open failed: %s\n", session.status().toString().c_str());
            return 1;
        }
        items = (*session)->measured()->itemCount();
        LocalExchange local;
        const auto t0 = Clock::now();
        auto found = CriticalPathOptimizer::run(**session, options, local, ResourceLimits {}.maxMemoryBytes / 2);
        walls.push_back(seconds(t0, Clock::now()));
        if (!found) {
            std::fprintf(stderr, "search failed: %s\n", found.status().toString().c_str());
            return 1;
        }
        last = std::move(*found);
    }
    // The frontier over 8 to 64 devices, once, on a fresh session.
    auto session = JobSession::open(*trace, {}, ResourceLimits {});
    if (!session) {
        std::fprintf(stderr, "open failed: %s\n", session.status().toString().c_str());
        return 1;
    }
    FrontierOptions frontierOptions;
    frontierOptions.prefix = options.prefix;
    frontierOptions.workers = { 8, 16, 32, 64 };
    LocalExchange local;
    const auto f0 = Clock::now();
    auto frontier = FrontierTracker::track(**session, frontierOptions, local, ResourceLimits {}.maxMemoryBytes / 2);
    const double frontierSeconds = seconds(f0, Clock::now());
    if (!frontier) {
        std::fprintf(stderr, "frontier failed: %s\n", frontier.status().toString().c_str());
        return 1;
    }
    std::size_t frontierPoints = 0;
    bool kept = reproduces(**session, { last.best, options.memory, options.baseline, 0 }, last.bestNs,
        last.bestPeakBytes, "the search's best");
    for (const auto& [workers, points] : frontier->byWorkers) {
        frontierPoints += points.size();
        for (std::size_t k = 0; k < points.size(); ++k) {
            const FrontierPoint& p = points[k];
            if (k > 0 && !(p.peakBytes > points[k - 1].peakBytes && p.iterationNs < points[k - 1].iterationNs)) {
                std::fprintf(stderr, "the frontier at %d devices is not monotone at its point %zu\n", workers, k);
                kept = false;
            }
            kept &= reproduces(**session, { p.strategy, frontierOptions.memory, frontierOptions.baseline, 0 },
                p.iterationNs, p.peakBytes, "a frontier point");
        }
    }
    const double median = BenchSupport::Timings::median(walls);
    std::printf("job: %zu ops, %d ranks, %u items; %zu threads\n", (*trace)->opCount(), o.ranks, items, parallelism());
    std::printf("search: %.2f s (median of %d; first %.2f s), %d rounds, %zu candidates (%.1f ms each), baseline %.3f "
                "ms -> best %.3f ms (%.3fx)\n",
        median, o.runs, walls.front(), last.rounds, last.candidates,
        last.candidates ? median * 1e3 / static_cast<double>(last.candidates) : 0.0,
        static_cast<double>(last.baselineNs) / 1e6, static_cast<double>(last.bestNs) / 1e6,
        last.bestNs > 0 ? static_cast<double>(last.baselineNs) / static_cast<double>(last.bestNs) : 0.0);
    for (const PassStep& step : last.best.steps)
        std::printf("  step %s\n", step.pass.c_str());
    for (const SearchRound& r : last.trajectory)
        std::printf("  round %d: %.3f ms %s\n", r.round, static_cast<double>(r.iterationNs) / 1e6, r.move.c_str());
    std::printf("frontier over 8-64 devices: %.2f s, %zu layers, %zu what-ifs, %zu points\n", frontierSeconds,
        frontier->layers, frontier->candidates, frontierPoints);
    std::printf("checks: the best and the %zu frontier points replay alone as reported, each count's frontier "
                "monotone: %s\n",
        frontierPoints, kept ? "yes" : "NO");
    if (o.json)
        std::printf(
            "{\"ops\": %zu, \"ranks\": %d, \"items\": %u, \"threads\": %zu, \"search_s\": %.3f, \"first_s\": %.3f, "
            "\"rounds\": %d, \"candidates\": %zu, \"baseline_ms\": %.4f, \"best_ms\": %.4f, \"frontier_s\": %.3f, "
            "\"frontier_whatifs\": %zu, \"frontier_points\": %zu, \"resident_mb\": %.1f}\n",
            (*trace)->opCount(), o.ranks, items, parallelism(), median, walls.front(), last.rounds, last.candidates,
            static_cast<double>(last.baselineNs) / 1e6, static_cast<double>(last.bestNs) / 1e6, frontierSeconds,
            frontier->candidates, frontierPoints, static_cast<double>(BenchSupport::residentBytes()) / 1e6);
    return kept ? 0 : 1;
}
