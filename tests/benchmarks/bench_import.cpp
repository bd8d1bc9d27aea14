// Import benchmark: throughput (MB/s of decoded JSON, events/s) and resident bytes per op, on a
// generated Kineto trace of millions of events, on generated timelines of the other trace families
// and on the real corpus, compared in the same run with
// Python's json.load on the same file. Not a test: it prints figures and never fails on speed.
//
// Usage: bench_import [--events N] [--data DIR] [--corpus DIR] [--runs K] [--no-python] [--dialect-mb MB]
// The Horovod, BytePS and TensorFlow timelines (DialectGenerator, --dialect-mb each, 300 by default)
// are loaded in the same run, and their throughput per byte compared with the Kineto trace's.

#include "benchsupport.h"
#include "dialectgenerator.h"
#include "kinetogenerator.h"

#include "core/base/memorypolicy.h"
#include "core/import/filereader.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using Clock = BenchSupport::Clock;

namespace {

using BenchSupport::residentBytes;
using BenchSupport::seconds;

struct Measure {
    double bestSeconds = 0;
    double medianSeconds = 0;
    std::size_t ops = 0;
    double bytesPerOp = 0; // resident growth minus string pool, per op
    double modelBytesPerOp = 0; // Trace::memoryBytes() per op
    double stringBytes = 0;
    bool ok = false;
    std::string error;
};

Measure measureLoad(const std::vector<std::string>& files, int runs)
{
    Measure m;
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        const std::int64_t before = residentBytes();
        const auto t0 = Clock::now();
        auto trace = sightline::TraceLoader::load(files);
        const auto t1 = Clock::now();
        if (!trace) {
            m.error = trace.status().toString();
            return m;
        }
        times.push_back(seconds(t0, t1));
        const std::int64_t after = residentBytes();
        const auto& t = **trace;
        m.ops = t.opCount();
        m.stringBytes = static_cast<double>(t.strings().memoryBytes());
        // Only the first load measures residency: later ones reuse memory the allocator kept.
        if (m.ops > 0 && i == 0) {
            m.bytesPerOp = (static_cast<double>(after - before) - m.stringBytes) / static_cast<double>(m.ops);
            m.modelBytesPerOp = static_cast<double>(t.memoryBytes()) / static_cast<double>(m.ops);
        }
    }
    std::sort(times.begin(), times.end());
    m.bestSeconds = times.front();
    m.medianSeconds = times[times.size() / 2];
    m.ok = true;
    return m;
}

double pythonSeconds(const std::string& file)
{
    const std::string cmd = "python3 -c 'import json,sys; json.load(open(sys.argv[1]))' '" + file + "' >/dev/null 2>&1";
    const auto t0 = Clock::now();
    const int rc = std::system(cmd.c_str());
    const auto t1 = Clock::now();
    return rc == 0 ? seconds(t0, t1) : -1;
}

std::int64_t decodedBytes(const std::string& file)
{
    auto text = sightline::FileReader::read(file);
    return text ? static_cast<std::int64_t>(text->size()) : -1;
}

} // namespace

int main(int argc, char** argv)
{
    sightline::MemoryPolicy::keepFreedMemory(); // as the programs run
    std::int64_t events = 5'200'000;
    std::string dataDir = "bench-data";
    std::string corpus;
    int runs = 3;
    bool python = true;
    std::int64_t dialectBytes = 300'000'000;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--events" && i + 1 < argc)
            events = std::atoll(argv[++i]);
        else if (a == "--data" && i + 1 < argc)
            dataDir = argv[++i];
        else if (a == "--corpus" && i + 1 < argc)
            corpus = argv[++i];
        else if (a == "--runs" && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (a == "--no-python")
            python = false;
        else if (a == "--dialect-mb" && i + 1 < argc)
            dialectBytes = std::max<std::int64_t>(1, std::atoll(argv[++i])) * 1'000'000;
        else {
            std::fprintf(stderr, "usage: %s [--events N] [--data DIR] [--corpus DIR] [--runs K] [--no-python] [--dialect-mb MB]\n", argv[0]);
            return 2;
        }
    }

    fs::create_directories(dataDir);
    const std::string synthetic = dataDir + "/synthetic-" + std::to_string(events) + ".json";
    KinetoGenerator::Result generated;
    if (!fs::exists(synthetic)) {
        std::printf("generating %s ...\n", synthetic.c_str());
        std::fflush(stdout);
        KinetoGenerator::Options o;
        o.events = events;
        if (!KinetoGenerator::write(synthetic, o, &generated)) {
            std::fprintf(stderr, "cannot write %s\n", synthetic.c_str());
            return 1;
        }
    }
    const double sizeMB = static_cast<double>(fs::file_size(synthetic)) / 1e6;

    std::printf("\n## Synthetic Kineto trace (%s, %.0f MB)\n\n", synthetic.c_str(), sizeMB);
    const Measure m = measureLoad({ synthetic }, runs);
    if (!m.ok) {
        std::fprintf(stderr, "load failed: %s\n", m.error.c_str());
        return 1;
    }
    std::printf("| metric | value |\n|---|---|\n");
    std::printf("| ops loaded | %zu |\n", m.ops);
    std::printf("| load time (best / median of %d) | %.2f s / %.2f s |\n", runs, m.bestSeconds, m.medianSeconds);
    std::printf("| throughput (median) | %.0f MB/s, %.2f M events/s (%.2f M ops/s) |\n", sizeMB / m.medianSeconds,
        static_cast<double>(events) / m.medianSeconds / 1e6, static_cast<double>(m.ops) / m.medianSeconds / 1e6);
    std::printf("| resident bytes per op (RSS growth minus strings) | %.1f |\n", m.bytesPerOp);
    std::printf("| model bytes per op (Trace::memoryBytes) | %.1f |\n", m.modelBytesPerOp);
    std::printf("| string pool | %.1f MB |\n", m.stringBytes / 1e6);
    if (python) {
        const double py = pythonSeconds(synthetic);
        if (py > 0)
            std::printf("| python3 json.load, same file | %.2f s (%.0f MB/s); Sightline is %.1fx faster |\n", py, sizeMB / py, py / m.medianSeconds);
        else
            std::printf("| python3 json.load, same file | failed |\n");
    }
    std::fflush(stdout);

    // The other dialects of the Chrome family, each a few hundred MB, per byte against the Kineto trace.
    const double kinetoMBps = sizeMB / m.medianSeconds;
    std::printf("\n## Other trace families (synthetic, same run)\n\n| format | MB | ops | load (median of %d) | MB/s | against Kineto per byte |\n|---|---|---|---|---|---|\n", runs);
    for (const auto dialect : { DialectGenerator::Dialect::Horovod, DialectGenerator::Dialect::BytePS, DialectGenerator::Dialect::TfTimeline }) {
        const std::string file = dataDir + "/synthetic-" + DialectGenerator::name(dialect) + "-" + std::to_string(dialectBytes) + ".json";
        if (!fs::exists(file) && !DialectGenerator::write(file, dialect, dialectBytes)) {
            std::fprintf(stderr, "cannot write %s\n", file.c_str());
            return 1;
        }
        const double mb = static_cast<double>(fs::file_size(file)) / 1e6;
        const Measure d = measureLoad({ file }, runs);
        if (!d.ok) {
            std::printf("| %s | %.0f | load error: %s | | | |\n", DialectGenerator::name(dialect), mb, d.error.c_str());
            continue;
        }
        std::printf("| %s | %.0f | %zu | %.2f s | %.0f | %.2fx slower |\n", DialectGenerator::name(dialect), mb, d.ops, d.medianSeconds,
            mb / d.medianSeconds, kinetoMBps / (mb / d.medianSeconds));
        std::fflush(stdout);
    }

    if (!corpus.empty() && fs::exists(corpus)) {
        std::printf("\n## Real corpus (%s)\n\n| trace | files | decoded MB | ops | load (median) | MB/s | bytes/op |\n|---|---|---|---|---|---|---|\n", corpus.c_str());
        std::vector<fs::path> entries;
        for (const auto& group : fs::directory_iterator(corpus)) {
            if (!group.is_directory())
                continue;
            // Folders of several ranks of one job are loaded as one job; the rest file by file.
            const std::string name = group.path().filename().string();
            if (name == "dlrm-8xV100" || name == "hta-sampled-128rank") {
                entries.push_back(group.path());
                continue;
            }
            for (const auto& e : fs::directory_iterator(group.path())) {
                if (e.path().string().find(".json") != std::string::npos)
                    entries.push_back(e.path());
            }
        }
        std::sort(entries.begin(), entries.end());
        for (const fs::path& e : entries) {
            std::vector<std::string> files;
            if (fs::is_directory(e)) {
                for (const auto& f : fs::directory_iterator(e)) {
                    if (f.path().string().find(".json") != std::string::npos)
                        files.push_back(f.path().string());
                }
            } else {
                files.push_back(e.string());
            }
            std::sort(files.begin(), files.end());
            std::int64_t decoded = 0;
            for (const auto& f : files)
                decoded += std::max<std::int64_t>(0, decodedBytes(f));
            const Measure c = measureLoad(files, runs);
            const std::string label = fs::relative(e, corpus).string();
            if (!c.ok) {
                std::printf("| %s | %zu | %.1f | load error: %s | | | |\n", label.c_str(), files.size(), decoded / 1e6, c.error.c_str());
                continue;
            }
            std::printf("| %s | %zu | %.1f | %zu | %.3f s | %.0f | %.1f |\n", label.c_str(), files.size(), decoded / 1e6, c.ops,
                c.medianSeconds, decoded / 1e6 / c.medianSeconds, c.modelBytesPerOp);
            std::fflush(stdout);
        }
    }
    return 0;
}
