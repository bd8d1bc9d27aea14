#pragma once

// The command line and the generated job of the benchmarks that open a data-parallel training job
// (bench_whatif, bench_window): forward blocks, backward nodes with their gradients, all-reduces in the
// backward half, written once per size under the build's bench-data folder and reused.

#include "kinetogenerator.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace TrainingJobBench {

// Trace events per op of the training job: 6 per forward block (4 of them ops), 9 per backward block (5).
inline constexpr double kEventsPerOp = 1.85;

struct Options {
    std::int64_t ops = 100'000;
    int ranks = 8;
    std::string dataDir; // empty: bench-data/whatif-<ranks>x<ops>
    int runs = 5;
    std::string only; // run the cases whose label contains this
    bool json = false;
};

// [--ops N] [--ranks R] [--data DIR] [--runs K] [--case TEXT] [--json]; false, with the usage
// printed, on anything else.
inline bool parse(int argc, char** argv, Options& o)
{
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--ops" && i + 1 < argc)
            o.ops = std::max<std::int64_t>(1000, std::atoll(argv[++i]));
        else if (a == "--ranks" && i + 1 < argc)
            o.ranks = std::max(1, std::atoi(argv[++i]));
        else if (a == "--data" && i + 1 < argc)
            o.dataDir = argv[++i];
        else if (a == "--runs" && i + 1 < argc)
            o.runs = std::max(1, std::atoi(argv[++i]));
        else if (a == "--case" && i + 1 < argc)
            o.only = argv[++i];
        else if (a == "--json")
            o.json = true;
        else {
            std::fprintf(stderr, "usage: %s [--ops N] [--ranks R] [--data DIR] [--runs K] [--case TEXT] [--json]\n", argv[0]);
            return false;
        }
    }
    return true;
}

// Writes the job unless it is there already and returns its rank files (none when it cannot be written).
inline std::vector<std::string> write(const Options& o, const std::string& benchDataDir)
{
    const std::string dir = o.dataDir.empty() ? benchDataDir + "/whatif-" + std::to_string(o.ranks) + "x" + std::to_string(o.ops) : o.dataDir;
    const auto eventsPerRank = static_cast<std::int64_t>(std::ceil(static_cast<double>(o.ops) * kEventsPerOp / o.ranks));
    double seconds = -1;
    if (!KinetoGenerator::writeJob(dir, o.ranks, eventsPerRank, 1, &seconds, true))
        return {};
    std::vector<std::string> files;
    for (int r = 0; r < o.ranks; ++r)
        files.push_back(KinetoGenerator::rankFile(dir, r));
    return files;
}

} // namespace TrainingJobBench
