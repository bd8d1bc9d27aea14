// Search benchmark: the time dPRO's critical-path optimizer (core/search) takes on a BERT-base-sized
// generated data-parallel job: 16 ranks of about 10 k ops each (forward blocks, backward nodes with
// their gradients, all-reduces in the backward half), two hosts of 8 ranks joined by 100 Gb/s
// Ethernet, ring all-reduce. The job is loaded and opened once (not counted); each run searches from
// scratch on a fresh session; then the time–memory frontier over 8 to 64 devices, once. Not a test: it prints the
// figures (and a JSON line with --json) and fails only when the job cannot be generated, loaded, opened or searched.
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
#include "core/search/frontiertracker.h"
#include "core/search/localexchange.h"
#include "core/session/jobsession.h"

#include <cstdio>
#include <string>
#include <vector>

#ifndef SIGHTLINE_BENCH_DATA_DIR
#define SIGHTLINE_BENCH_DATA_DIR "bench-data"
#endif

using namespace sightline;
using BenchSupport::Clock;
using BenchSupport::seconds;

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
    for (const auto& [workers, points] : frontier->byWorkers)
        frontierPoints += points.size();
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
    if (o.json)
        std::printf(
            "{\"ops\": %zu, \"ranks\": %d, \"items\": %u, \"threads\": %zu, \"search_s\": %.3f, \"first_s\": %.3f, "
            "\"rounds\": %d, \"candidates\": %zu, \"baseline_ms\": %.4f, \"best_ms\": %.4f, \"frontier_s\": %.3f, "
            "\"frontier_whatifs\": %zu, \"frontier_points\": %zu, \"resident_mb\": %.1f}\n",
            (*trace)->opCount(), o.ranks, items, parallelism(), median, walls.front(), last.rounds, last.candidates,
            static_cast<double>(last.baselineNs) / 1e6, static_cast<double>(last.bestNs) / 1e6, frontierSeconds,
            frontier->candidates, frontierPoints, static_cast<double>(BenchSupport::residentBytes()) / 1e6);
    return 0;
}
