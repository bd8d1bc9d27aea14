// Scaling experiment of seed 002 (Shi et al., Fig. 3a): the AlexNet layer-wise profile of its Table VI
// (resources/examples/alexnet-k80) replayed as a data-parallel job on Cluster 1 of its Table II (4 K80
// GPUs per host over PCIe at 15 GB/s, hosts on 10 Gb Ethernet), scaled by the worker_count pass from
// 1 to 16 workers, with and without wait-free backpropagation; weak scaling, 1024 images per GPU per
// iteration as in its Table IV. Links run at Table II's speeds with the cost model's default latencies
// (the profile's own per-layer communication times do not fit an α–β model: 76 % mean error). Prints
// the iteration time and throughput per worker count (a table, a JSON line with --json) and, with
// --svg, writes the throughput curve as an SVG plot. Not a test.
//
// Usage: bench_scaling [--profile CSV] [--svg OUT.svg] [--json]

#include "core/base/memorypolicy.h"
#include "core/base/resourcelimits.h"
#include "core/import/layerwisejob.h"
#include "core/model/trace.h"
#include "core/session/jobsession.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#ifndef SIGHTLINE_SOURCE_DIR
#define SIGHTLINE_SOURCE_DIR "."
#endif

using namespace sightline;

namespace {

constexpr int kImagesPerGpu = 1024;
const std::vector<int> kWorkers { 1, 2, 4, 8, 16 };

// The slowest rank's mean replayed step.
double iterationSeconds(const Schedule& s)
{
    std::map<std::uint32_t, std::pair<double, int>> perRank;
    for (const ReplayedStep& step : s.steps) {
        auto& [sum, n] = perRank[step.rank.value()];
        sum += static_cast<double>(step.replayed);
        ++n;
    }
    double worst = 0;
    for (const auto& [rank, sn] : perRank)
        worst = std::max(worst, sn.first / sn.second);
    return worst * 1e-9;
}

struct Point {
    int workers;
    double seconds;
    double imagesPerSecond;
};

bool run(const std::string& profile, bool wfbp, std::vector<Point>& points)
{
    LayerwiseJobOptions options;
    options.workers = 4;
    options.wfbp = wfbp;
    auto trace = LayerwiseJob::load(profile, options);
    if (!trace) {
        std::fprintf(stderr, "%s\n", trace.status().toString().c_str());
        return false;
    }
    auto session = JobSession::open(*trace, {}, ResourceLimits {});
    if (!session) {
        std::fprintf(stderr, "%s\n", session.status().toString().c_str());
        return false;
    }
    for (int m : kWorkers) {
        Strategy s;
        s.steps.push_back({ "network",
            { { "ranks_per_host", 4.0 }, { "intra_host", std::string("pcie") }, { "pcie_gbps", 15.0 }, { "network_gbps", 1.25 } } });
        s.steps.push_back({ "worker_count", { { "workers", static_cast<double>(m) } } });
        auto r = (*session)->whatIf({ s, {}, { CommSource::Measured, false } });
        if (!r) {
            std::fprintf(stderr, "%s\n", r.status().toString().c_str());
            return false;
        }
        const double t = iterationSeconds(r->whatIf->schedule);
        points.push_back({ m, t, m * kImagesPerGpu / t });
    }
    return true;
}

// A line plot of throughput against workers: both curves and the linear ideal from one worker.
void writeSvg(const std::string& path, const std::vector<Point>& wfbp, const std::vector<Point>& plain)
{
    const double w = 640, h = 400, left = 70, right = 20, top = 40, bottom = 50;
    double maxY = 0;
    for (const auto* v : { &wfbp, &plain })
        for (const Point& p : *v)
            maxY = std::max(maxY, p.imagesPerSecond);
    const double ideal = wfbp.front().imagesPerSecond * kWorkers.back();
    maxY = std::max(maxY, ideal) * 1.05;
    auto x = [&](int workers) { return left + (w - left - right) * (workers - 1) / (kWorkers.back() - 1.0); };
    auto y = [&](double v) { return h - bottom - (h - top - bottom) * v / maxY; };
    std::ofstream out(path);
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << w << "\" height=\"" << h << "\" font-family=\"sans-serif\" font-size=\"12\">\n";
    out << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    out << "<text x=\"" << w / 2 << "\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">AlexNet on K80, 4 GPUs per host over 10 GbE (replayed)</text>\n";
    out << "<line x1=\"" << left << "\" y1=\"" << h - bottom << "\" x2=\"" << w - right << "\" y2=\"" << h - bottom << "\" stroke=\"black\"/>\n";
    out << "<line x1=\"" << left << "\" y1=\"" << top << "\" x2=\"" << left << "\" y2=\"" << h - bottom << "\" stroke=\"black\"/>\n";
    for (int m : kWorkers)
        out << "<text x=\"" << x(m) << "\" y=\"" << h - bottom + 18 << "\" text-anchor=\"middle\">" << m << "</text>\n";
    out << "<text x=\"" << (left + w - right) / 2 << "\" y=\"" << h - 12 << "\" text-anchor=\"middle\">workers (GPUs)</text>\n";
    for (int i = 0; i <= 4; ++i) {
        const double v = maxY * i / 4;
        out << "<text x=\"" << left - 8 << "\" y=\"" << y(v) + 4 << "\" text-anchor=\"end\">" << static_cast<int>(v) << "</text>\n";
        out << "<line x1=\"" << left << "\" y1=\"" << y(v) << "\" x2=\"" << w - right << "\" y2=\"" << y(v) << "\" stroke=\"#ddd\"/>\n";
    }
    out << "<text transform=\"translate(16," << (top + h - bottom) / 2 << ") rotate(-90)\" text-anchor=\"middle\">images per second</text>\n";
    auto line = [&](const std::vector<Point>& v, const char* colour, const char* dash) {
        out << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\"" << dash << " points=\"";
        for (const Point& p : v)
            out << x(p.workers) << ',' << y(p.imagesPerSecond) << ' ';
        out << "\"/>\n";
        for (const Point& p : v)
            out << "<circle cx=\"" << x(p.workers) << "\" cy=\"" << y(p.imagesPerSecond) << "\" r=\"3\" fill=\"" << colour << "\"/>\n";
    };
    out << "<line x1=\"" << x(1) << "\" y1=\"" << y(wfbp.front().imagesPerSecond) << "\" x2=\"" << x(kWorkers.back()) << "\" y2=\"" << y(ideal)
        << "\" stroke=\"#999\" stroke-dasharray=\"4 4\"/>\n";
    line(wfbp, "#1f77b4", "");
    line(plain, "#d62728", "");
    const double lx = left + 20, ly = top + 10;
    out << "<text x=\"" << lx << "\" y=\"" << ly << "\" fill=\"#1f77b4\">with WFBP</text>\n";
    out << "<text x=\"" << lx << "\" y=\"" << ly + 16 << "\" fill=\"#d62728\">without WFBP</text>\n";
    out << "<text x=\"" << lx << "\" y=\"" << ly + 32 << "\" fill=\"#999\">linear from one GPU</text>\n";
    out << "</svg>\n";
}

} // namespace

int main(int argc, char** argv)
{
    sightline::MemoryPolicy::keepFreedMemory(); // as the programs run
    std::string profile = SIGHTLINE_SOURCE_DIR "/resources/examples/alexnet-k80/alexnet_k80.csv";
    std::string svg;
    bool json = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--profile" && i + 1 < argc)
            profile = argv[++i];
        else if (a == "--svg" && i + 1 < argc)
            svg = argv[++i];
        else if (a == "--json")
            json = true;
        else {
            std::fprintf(stderr, "usage: %s [--profile CSV] [--svg OUT.svg] [--json]\n", argv[0]);
            return 2;
        }
    }
    std::vector<Point> wfbp, plain;
    if (!run(profile, true, wfbp) || !run(profile, false, plain))
        return 1;
    std::printf("%8s %16s %16s %18s %18s\n", "workers", "WFBP s/iter", "no WFBP s/iter", "WFBP images/s", "no WFBP images/s");
    for (std::size_t k = 0; k < wfbp.size(); ++k)
        std::printf("%8d %16.3f %16.3f %18.1f %18.1f\n", wfbp[k].workers, wfbp[k].seconds, plain[k].seconds, wfbp[k].imagesPerSecond,
            plain[k].imagesPerSecond);
    if (json) {
        std::printf("{\"points\": [");
        for (std::size_t k = 0; k < wfbp.size(); ++k)
            std::printf("%s{\"workers\": %d, \"wfbp_s\": %.4f, \"no_wfbp_s\": %.4f}", k ? ", " : "", wfbp[k].workers, wfbp[k].seconds, plain[k].seconds);
        std::printf("]}\n");
    }
    if (!svg.empty())
        writeSvg(svg, wfbp, plain);
    return 0;
}
