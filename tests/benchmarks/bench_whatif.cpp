// What-if benchmark: the cost of one strategy edit through the session's pipeline (the pass, then the
// replay, critical path, memory and comparison of the job it makes) on a generated data-parallel
// Kineto training job (forward blocks, backward nodes with their gradients, all-reduces in the
// backward half) (100 k ops by default; --ops 5200000 --ranks 64 for the replay benchmark's job), for
// each pass that applies to it; and the cost of opening the job (graph, alignment, execution graph)
// with the execution graph's bytes per item. This is what the window does between an edit of the
// strategy and a repaint; the baseline (the job without the profiler's cost, replayed, with its
// analyses) is made once per load and not counted. The first edit of each strategy is shown on its
// own: it takes the page faults of memory that later edits reuse (MemoryPolicy). Not a test: it
// prints figures (a table, and a JSON line with --json) and never fails on speed; it fails only when
// the job cannot be generated, loaded or opened.
//
// Usage: bench_whatif [--ops N] [--ranks R] [--data DIR] [--runs K] [--case TEXT] [--json]
// (--case runs only the strategies whose label contains TEXT)

#include "benchsupport.h"
#include "trainingjobbench.h"

#include "core/base/memorypolicy.h"
#include "core/base/resourcelimits.h"
#include "core/exec/executiongraph.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "core/session/jobsession.h"
#include "core/strategy/strategyrunner.h"

#include <cstdio>
#include <string>
#include <vector>

#ifndef SIGHTLINE_BENCH_DATA_DIR
#define SIGHTLINE_BENCH_DATA_DIR "bench-data"
#endif

using namespace sightline;
using BenchSupport::Clock;
using BenchSupport::seconds;
using BenchSupport::Timings;

namespace {

struct Case {
    const char* label;
    Strategy strategy;
};

std::vector<Case> cases(int ranks)
{
    auto one = [](std::string pass, std::map<std::string, ParameterValue> params) {
        return Strategy { { PassStep { std::move(pass), std::move(params) } } };
    };
    return {
        { "speedup 20% of compute", one("speedup", { { "percent", 20.0 }, { "kind", std::string("compute") } }) },
        { "straggler rank 0", one("straggler", { { "rank", 0.0 } }) },
        { "network 2x bandwidth", one("network", { { "bandwidth_scale", 2.0 } }) },
        { "mixed_precision", one("mixed_precision", {}) },
        { "op_fusion (all kernels)", one("op_fusion", { { "kernels", std::string("all") } }) },
        { "tensor_fusion 25 MB", one("tensor_fusion", { { "bucket_cap_mb", 25.0 } }) },
        { "tensor_partition 1 MB", one("tensor_partition", { { "partition_bytes", 1048576.0 } }) },
        { "worker_count x2", one("worker_count", { { "workers", static_cast<double>(2 * ranks) } }) },
        { "grad_accumulation 2", one("grad_accumulation", { { "micro_batches", 2.0 } }) },
        { "batch_size half", one("batch_size", { { "factor", 0.5 } }) },
        { "recompute", one("recompute", {}) },
    };
}

} // namespace

int main(int argc, char** argv)
{
    sightline::MemoryPolicy::keepFreedMemory(); // as the programs run
    TrainingJobBench::Options o;
    if (!TrainingJobBench::parse(argc, argv, o))
        return 2;
    const std::vector<std::string> files = TrainingJobBench::write(o, SIGHTLINE_BENCH_DATA_DIR);
    if (files.empty())
        return 1;
    const int ranks = o.ranks, runs = o.runs;
    const bool json = o.json;
    const std::string& only = o.only;
    auto trace = TraceLoader::load(files);
    if (!trace) {
        std::fprintf(stderr, "load failed: %s\n", trace.status().toString().c_str());
        return 1;
    }
    Timings openTimes;
    std::shared_ptr<const JobSession> session;
    for (int i = 0; i < std::max(1, runs / 2); ++i) {
        session.reset();
        auto opened = openTimes.run([&] { return JobSession::open(*trace, {}, ResourceLimits {}); });
        if (!opened) {
            std::fprintf(stderr, "open failed: %s\n", opened.status().toString().c_str());
            return 1;
        }
        session = *opened;
    }
    const ExecutionGraph& measured = *session->measured();
    const double bytesPerItem = static_cast<double>(measured.memoryBytes()) / measured.itemCount();
    std::printf("job: %zu ops, %d ranks, %u items, %zu edges; open (graph, alignment, execution graph) %.1f ms; %.1f bytes per item\n",
        (*trace)->opCount(), ranks, measured.itemCount(), measured.edgeCount(), openTimes.medianWall() * 1e3, bytesPerItem);
    std::printf("%-26s %10s %10s %10s %10s %12s  %s\n", "strategy", "pass ms", "replay ms", "total ms", "first ms", "items", "result");
    std::string jsonCases;
    for (const Case& c : cases(ranks)) {
        if (!only.empty() && std::string(c.label).find(only) == std::string::npos)
            continue;
        // Each edit runs through the session's pipeline as the window's does: against the baseline
        // (the measured job without the profiler's cost, with its analyses), which is made once per
        // load and not counted, then the pass, the replay, its critical path and memory, and the
        // comparison with the baseline. "pass" ends where the pipeline starts the replay.
        BaselineKind kind;
        kind.communication = StrategyRunner::needsCostModel(c.strategy) ? CommSource::CostModel : CommSource::Measured;
        Timings pass, replay, total;
        std::string result = "ok";
        std::uint32_t items = 0;
        if (auto base = session->baseline(kind); !base)
            result = base.status().detail();
        for (int i = 0; i < runs && result == "ok"; ++i) {
            Clock::time_point planned {};
            WhatIfHooks hooks;
            hooks.planned = [&](const std::shared_ptr<const ExecutionGraph>&, const std::shared_ptr<const ReplayResult>&) { planned = Clock::now(); };
            const auto t0 = Clock::now();
            auto r = session->whatIf({ c.strategy, {}, kind, 0 }, nullptr, hooks);
            const auto t1 = Clock::now();
            if (!r) {
                result = r.status().detail();
                break;
            }
            pass.wall.push_back(seconds(t0, planned));
            replay.wall.push_back(seconds(planned, t1));
            total.wall.push_back(seconds(t0, t1));
            items = r->whatIf->graph->itemCount();
        }
        if (result != "ok") {
            std::printf("%-26s %10s %10s %10s %10s %12s  n/a: %s\n", c.label, "-", "-", "-", "-", "-", result.c_str());
            continue;
        }
        std::printf("%-26s %10.1f %10.1f %10.1f %10.1f %12u  ok\n", c.label, pass.medianWall() * 1e3, replay.medianWall() * 1e3,
            total.medianWall() * 1e3, total.wall.front() * 1e3, items);
        char line[256];
        std::snprintf(line, sizeof line, "%s{\"strategy\": \"%s\", \"pass_ms\": %.2f, \"replay_ms\": %.2f, \"total_ms\": %.2f, \"first_ms\": %.2f, \"items\": %u}",
            jsonCases.empty() ? "" : ", ", c.label, pass.medianWall() * 1e3, replay.medianWall() * 1e3, total.medianWall() * 1e3,
            total.wall.front() * 1e3, items);
        jsonCases += line;
    }
    if (json)
        std::printf("{\"ops\": %zu, \"ranks\": %d, \"items\": %u, \"open_ms\": %.2f, \"bytes_per_item\": %.1f, \"cases\": [%s]}\n",
            (*trace)->opCount(), ranks, measured.itemCount(), openTimes.medianWall() * 1e3, bytesPerItem, jsonCases.c_str());
    return 0;
}
