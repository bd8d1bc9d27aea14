// Replay benchmark: dependency-graph build (ops/s, edges and bytes per op), replay (ops/s on one core,
// schedule bytes per op) and critical path, on a generated 64-rank data-parallel Kineto job of millions
// of ops whose all-reduces are matched across ranks; plus the replay error against the measured steps.
// Rank files are generated once into the data folder and reused while a stamp says their parameters
// match. Not a test: it prints figures (a table, and a JSON line with --json) and never fails on speed;
// it fails only when the job cannot be generated, loaded, built or replayed, or when --golden names a
// file of schedule digests (one line per job size and seed) whose line for this job differs from the
// replay's digest. SIGHTLINE_UPDATE_GOLDEN=1 writes that line instead.
//
// Usage: bench_replay [--ops N] [--data DIR] [--runs K] [--seed S] [--json] [--golden FILE]

#include "benchsupport.h"
#include "kinetogenerator.h"
#include "replaydigest.h"

#include "core/base/memorypolicy.h"
#include "core/analysis/criticalpath.h"
#include "core/exec/costextractor.h"
#include "core/graph/dependencygraph.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "core/replay/replayer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <time.h>
#include <unistd.h>
#include <vector>

#ifndef SIGHTLINE_BENCH_DATA_DIR
#define SIGHTLINE_BENCH_DATA_DIR "bench-data"
#endif

namespace fs = std::filesystem;
using Clock = BenchSupport::Clock;
using namespace sightline;

namespace {

constexpr int kWorldSize = 64;
// The generator writes 6 events per compute or communication block (two CPU ops, the launch, the
// kernel and an ac2g flow pair) of which 4 become ops; events per rank are sized from the ops wanted.
constexpr double kEventsPerOp = 1.5;

using BenchSupport::residentBytes;
using BenchSupport::seconds;
using BenchSupport::Timings;

// The schedule digest of this job against its line in the golden file ("ops N seed S: digest").
bool checkGolden(const std::string& file, std::int64_t ops, std::uint32_t seed, const std::string& digest)
{
    const std::string key = "ops " + std::to_string(ops) + " seed " + std::to_string(seed) + ": ";
    std::vector<std::string> lines;
    std::string expected;
    {
        std::ifstream in(file);
        for (std::string line; std::getline(in, line);) {
            if (line.rfind(key, 0) == 0)
                expected = line.substr(key.size());
            else if (!line.empty())
                lines.push_back(line);
        }
    }
    if (std::getenv("SIGHTLINE_UPDATE_GOLDEN")) {
        lines.push_back(key + digest);
        std::ofstream out(file, std::ios::trunc);
        for (const std::string& line : lines)
            out << line << '\n';
        std::printf("golden: wrote %s%s\n", key.c_str(), digest.c_str());
        return true;
    }
    if (expected.empty()) {
        std::printf("golden: %s has no line for ops %lld seed %u; not compared\n", file.c_str(), static_cast<long long>(ops), seed);
        return true;
    }
    if (expected != digest) {
        std::fprintf(stderr, "golden: the replay's schedule digest %s differs from %s in %s\n", digest.c_str(), expected.c_str(), file.c_str());
        return false;
    }
    std::printf("golden: the replay matches %s (%s)\n", file.c_str(), digest.c_str());
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    sightline::MemoryPolicy::keepFreedMemory(); // as the programs run
    std::int64_t wantOps = 5'200'000;
    std::string dataDir = std::string(SIGHTLINE_BENCH_DATA_DIR) + "/replay64";
    int runs = 3;
    std::uint32_t seed = 1;
    bool json = false;
    std::string golden;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--ops" && i + 1 < argc)
            wantOps = std::max<std::int64_t>(kWorldSize, std::atoll(argv[++i]));
        else if (a == "--data" && i + 1 < argc)
            dataDir = argv[++i];
        else if (a == "--runs" && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (a == "--seed" && i + 1 < argc)
            seed = static_cast<std::uint32_t>(std::strtoul(argv[++i], nullptr, 10));
        else if (a == "--json")
            json = true;
        else if (a == "--golden" && i + 1 < argc)
            golden = argv[++i];
        else {
            std::fprintf(stderr, "usage: %s [--ops N] [--data DIR] [--runs K] [--seed S] [--json] [--golden FILE]\n", argv[0]);
            return 2;
        }
    }

    // Generation.
    const auto eventsPerRank = static_cast<std::int64_t>(std::ceil(static_cast<double>(wantOps) * kEventsPerOp / kWorldSize));
    double generateSeconds = -1;
    if (!KinetoGenerator::writeJob(dataDir, kWorldSize, eventsPerRank, seed, &generateSeconds))
        return 1;
    std::vector<std::string> files;
    std::int64_t diskBytes = 0;
    for (int r = 0; r < kWorldSize; ++r) {
        files.push_back(KinetoGenerator::rankFile(dataDir, r));
        diskBytes += static_cast<std::int64_t>(fs::file_size(files.back()));
    }

    // Load.
    const std::int64_t rssStart = residentBytes();
    const auto t0 = Clock::now();
    auto loaded = TraceLoader::load(files);
    const double loadSeconds = seconds(t0, Clock::now());
    if (!loaded) {
        std::fprintf(stderr, "load failed: %s\n", loaded.status().toString().c_str());
        return 1;
    }
    std::shared_ptr<const Trace> trace = std::move(*loaded);
    const std::int64_t rssTrace = residentBytes();
    const auto ops = static_cast<double>(trace->opCount());
    if (trace->opCount() < 5'000'000)
        std::printf("note: %zu ops loaded, fewer than the 5 M the figures are meant for\n", trace->opCount());

    // Graph build: the last build is kept for the replay; earlier ones are released first.
    std::shared_ptr<const DependencyGraph> graph;
    Timings graphTimes;
    std::int64_t rssGraph = 0;
    for (int i = 0; i < runs; ++i) {
        graph.reset();
        auto built = graphTimes.run([&] { return DependencyGraph::build(trace); });
        if (!built) {
            std::fprintf(stderr, "graph build failed: %s\n", built.status().toString().c_str());
            return 1;
        }
        graph = std::move(*built);
        if (i == 0)
            rssGraph = residentBytes();
    }
    const double graphSeconds = graphTimes.medianWall();
    const double graphBytes = static_cast<double>(graph->memoryBytes());
    std::size_t participants = 0, fullCollectives = 0;
    for (const LogicalCollective& c : graph->collectives()) {
        participants += c.participants.size();
        fullCollectives += c.participants.size() == static_cast<std::size_t>(trace->ranks().size());
    }
    const std::vector<std::int64_t> common = CostExtractor::commonSteps(*trace);

    // The execution graph of all common steps (the default options), single threaded.
    std::shared_ptr<const ExecutionGraph> exec;
    Timings extractTimes;
    for (int i = 0; i < runs; ++i) {
        exec.reset();
        auto extracted = extractTimes.run([&] { return CostExtractor::extract(*graph); });
        if (!extracted) {
            std::fprintf(stderr, "cost extraction failed: %s\n", extracted.status().toString().c_str());
            return 1;
        }
        exec = std::move(*extracted);
    }
    const double extractSeconds = extractTimes.medianWall();
    const double execBytes = static_cast<double>(exec->memoryBytes());

    // Replay, single threaded.
    Schedule schedule;
    Timings replayTimes;
    for (int i = 0; i < runs; ++i) {
        schedule = Schedule {}; // the previous run's schedule is released first
        auto replayed = replayTimes.run([&] { return Replayer::replay(*exec, ReplayOptions {}); });
        if (!replayed) {
            std::fprintf(stderr, "replay failed: %s\n", replayed.status().toString().c_str());
            return 1;
        }
        schedule = std::move(*replayed);
    }
    const double replaySeconds = replayTimes.medianWall();
    if (!golden.empty() && !checkGolden(golden, wantOps, seed, scheduleDigest(*exec, schedule).text()))
        return 1;
    const double scheduleBytes = static_cast<double>(schedule.memoryBytes());
    const std::size_t replayedItems = exec->itemCount();

    // Critical path.
    Timings pathTimes;
    CriticalPath path;
    for (int i = 0; i < runs; ++i)
        path = pathTimes.run([&] { return CriticalPathAnalysis::compute(*exec, schedule); });
    const double pathSeconds = pathTimes.medianWall();

    // The same replay with transfers from the alpha-beta model fitted to the job's own all-reduces and
    // sharing link bandwidth (8 ranks to a host by default): informational.
    ReplayOptions modelOptions;
    modelOptions.communication = CommSource::CostModel;
    const auto fitStart = Clock::now();
    const auto fits = CostExtractor::fitCostModel(*graph, {}, modelOptions.topology, modelOptions.costModel);
    const double fitSeconds = seconds(fitStart, Clock::now());
    Timings modelTimes;
    std::size_t peakTransfers = 0;
    double modelMeasured = 0, modelReplayed = 0;
    for (int i = 0; i < runs; ++i) {
        auto replayed = modelTimes.run([&] { return Replayer::replay(*exec, modelOptions); });
        if (!replayed) {
            std::fprintf(stderr, "replay with the cost model failed: %s\n", replayed.status().toString().c_str());
            return 1;
        }
        peakTransfers = replayed->peakTransfers;
        modelMeasured = modelReplayed = 0;
        for (const ReplayedStep& st : replayed->steps) {
            modelMeasured += static_cast<double>(st.measured);
            modelReplayed += static_cast<double>(st.replayed);
        }
    }
    const LinkFit& networkFit = fits[static_cast<int>(LinkType::Network)];
    const LinkParameters& network = modelOptions.costModel.parameters(LinkType::Network);
    const std::int64_t rssEnd = residentBytes();

    // Replay error per step: |replayed - measured| / measured.
    double errorSum = 0, errorMax = 0, measuredSum = 0, replayedSum = 0;
    std::size_t errorCount = 0;
    for (const ReplayedStep& st : schedule.steps) {
        if (st.measured <= 0)
            continue;
        const double e = std::abs(static_cast<double>(st.replayed - st.measured)) / static_cast<double>(st.measured) * 100;
        errorSum += e;
        errorMax = std::max(errorMax, e);
        measuredSum += static_cast<double>(st.measured);
        replayedSum += static_cast<double>(st.replayed);
        ++errorCount;
    }
    const double errorMean = errorCount ? errorSum / static_cast<double>(errorCount) : 0;

    const double graphOpsPerSecond = ops / graphSeconds;
    const double replayOpsPerSecond = ops / replaySeconds;
    const double edgesPerOp = static_cast<double>(graph->edgeCount()) / ops;
    const double graphBytesPerOp = graphBytes / ops;
    const double scheduleBytesPerOp = scheduleBytes / ops;
    const double execBytesPerItem = execBytes / static_cast<double>(std::max<std::size_t>(1, exec->itemCount()));

    std::printf("\n## Replay of a generated %d-rank data-parallel job (%s)\n\n", kWorldSize, dataDir.c_str());
    std::printf("| metric | value |\n|---|---|\n");
    if (generateSeconds >= 0)
        std::printf("| generation | %.1f s |\n", generateSeconds);
    std::printf("| files | %zu (%.0f MB, %lld events per rank) |\n", files.size(), static_cast<double>(diskBytes) / 1e6,
        static_cast<long long>(eventsPerRank));
    std::printf("| ranks / ops / links | %zu / %zu / %zu |\n", trace->ranks().size(), trace->opCount(), trace->links().size());
    std::printf("| common steps | %zu (%lld-%lld) |\n", common.size(), common.empty() ? -1LL : static_cast<long long>(common.front()),
        common.empty() ? -1LL : static_cast<long long>(common.back()));
    std::printf("| load (informational) | %.2f s, %.2f M ops/s, %.1f resident MB |\n", loadSeconds, ops / loadSeconds / 1e6,
        static_cast<double>(rssTrace - rssStart) / 1e6);
    std::printf("| logical collectives | %zu (%zu with all %zu ranks, %.1f participants each) |\n", graph->collectives().size(),
        fullCollectives, trace->ranks().size(), graph->collectives().empty() ? 0.0 : static_cast<double>(participants) / static_cast<double>(graph->collectives().size()));
    std::printf("| graph lint | %zu |\n", graph->lint().size());
    std::printf("| graph build (median of %d) | %.3f s, %.2f M ops/s (target >= 2); best %.3f s, thread CPU %.3f s |\n", runs, graphSeconds,
        graphOpsPerSecond / 1e6, graphTimes.bestWall(), graphTimes.medianCpu());
    std::printf("| vertices / edges | %u / %zu (%.2f edges per op) |\n", graph->vertexCount(), graph->edgeCount(), edgesPerOp);
    std::printf("| graph bytes per op | %.1f (resident growth %.1f) |\n", graphBytesPerOp, static_cast<double>(rssGraph - rssTrace) / ops);
    std::printf("| execution graph (median of %d, one thread) | %.3f s, %.2f M items/s; %u items, %zu edges, %.1f bytes per item |\n", runs,
        extractSeconds, static_cast<double>(exec->itemCount()) / extractSeconds / 1e6, exec->itemCount(), exec->edgeCount(), execBytesPerItem);
    std::printf("| replay (median of %d, one thread) | %.3f s, %.2f M ops/s (target >= 5); best %.3f s, thread CPU %.3f s |\n", runs,
        replaySeconds, replayOpsPerSecond / 1e6, replayTimes.bestWall(), replayTimes.medianCpu());
    std::printf("| replayed items | %zu of %u vertices |\n", replayedItems, graph->vertexCount());
    std::printf("| schedule bytes per op | %.1f |\n", scheduleBytesPerOp);
    std::printf("| graph + execution graph + schedule bytes per op | %.1f |\n", graphBytesPerOp + execBytes / ops + scheduleBytesPerOp);
    std::printf("| critical path (median of %d, informational) | %.3f s, %zu segments |\n", runs, pathSeconds, path.segments.size());
    std::printf("| replay with the cost model (median of %d, informational) | %.3f s, %.2f M ops/s; fit %.3f s over %d transfers "
                "(network: %.1f us/step, %.2f GB/s, mean fit error %.1f %%); at most %zu transfers in flight; step time %+.2f %% |\n",
        runs, modelTimes.medianWall(), ops / modelTimes.medianWall() / 1e6, fitSeconds, networkFit.samples, network.alphaNs / 1000.0,
        network.bytesPerNs, networkFit.meanAbsErrorPct, peakTransfers,
        modelMeasured > 0 ? 100.0 * (modelReplayed - modelMeasured) / modelMeasured : 0.0);
    std::printf("| replay error, iteration time | mean |error| %.2f %%, max %.2f %% over %zu rank-steps; total %.1f ms replayed vs %.1f ms measured |\n",
        errorMean, errorMax, errorCount, replayedSum / 1e6, measuredSum / 1e6);
    std::printf("| resident total at end | %.0f MB |\n", static_cast<double>(rssEnd) / 1e6);
    for (std::size_t i = 0; i < graph->lint().size() && i < 5; ++i)
        std::printf("lint: %s\n", graph->lint()[i].detail.c_str());
    if (json) {
        std::printf("{\"benchmark\": \"replay\", \"ranks\": %zu, \"ops\": %zu, \"collectives\": %zu, \"lint\": %zu, "
                    "\"common_steps\": %zu, \"load_s\": %.4f, \"graph_s\": %.4f, \"graph_cpu_s\": %.4f, \"graph_mops\": %.3f, \"edges_per_op\": %.3f, "
                    "\"graph_bytes_per_op\": %.2f, \"extract_s\": %.4f, \"exec_bytes_per_item\": %.2f, \"replay_s\": %.4f, \"replay_cpu_s\": %.4f, \"replay_mops\": %.3f, \"schedule_bytes_per_op\": %.2f, "
                    "\"total_bytes_per_op\": %.2f, \"critical_path_s\": %.4f, \"replay_error_mean_pct\": %.3f, "
                    "\"replay_error_max_pct\": %.3f, \"runs\": %d}\n",
            trace->ranks().size(), trace->opCount(), graph->collectives().size(), graph->lint().size(), common.size(), loadSeconds,
            graphSeconds, graphTimes.medianCpu(), graphOpsPerSecond / 1e6, edgesPerOp, graphBytesPerOp, extractSeconds, execBytesPerItem, replaySeconds, replayTimes.medianCpu(),
            replayOpsPerSecond / 1e6,
            scheduleBytesPerOp, graphBytesPerOp + scheduleBytesPerOp, pathSeconds, errorMean, errorMax, runs);
    }
    return 0;
}
