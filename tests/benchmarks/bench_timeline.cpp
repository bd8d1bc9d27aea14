// Gantt benchmark: a job of 10 million ops over 512 tracks (64 ranks of 8 tracks: nested CPU ops and
// kernels, some overlapping on a stream) drawn offscreen at 1600×1000. Measures the drawing layout's
// build time and bytes per op, the first paint, and the repaint after zooming and panning (median
// over a sequence that goes from the whole job down to microseconds). Not a test: it prints figures.
//
// Usage: bench_timeline [--ops N] [--tracks T]

#include "benchsupport.h"

#include "core/base/memorypolicy.h"
#include "core/model/trace.h"
#include "widgets/timeline/timelineplottable.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/tracklayout.h"
#include "widgets/timeline/tracktree.h"

#include <QApplication>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

using namespace sightline;
using BenchSupport::Clock;
using BenchSupport::seconds;

namespace {

// Tracks of 8 per rank: 2 CPU threads with ops nested three deep, 6 GPU streams of back-to-back
// kernels where one in 50 overlaps the next.
std::shared_ptr<const Trace> makeJob(std::int64_t ops, int tracks)
{
    TraceData d;
    d.format = "generated";
    const int ranks = std::max(1, tracks / 8);
    d.worldSize = ranks;
    const std::int64_t perTrack = ops / tracks;
    std::mt19937 random(11);
    const std::uint32_t names[] = { d.strings.intern("aten::linear").value(), d.strings.intern("aten::addmm").value(),
        d.strings.intern("cudaLaunchKernel").value(), d.strings.intern("void gemm_kernel<float>").value(),
        d.strings.intern("ncclDevKernel_AllReduce_Sum_f32_RING_LL").value() };
    const std::uint32_t category = d.strings.intern("generated").value();
    d.start.reserve(static_cast<std::size_t>(ops));
    d.end.reserve(static_cast<std::size_t>(ops));
    for (int r = 0; r < ranks; ++r) {
        RankInfo info;
        info.rank = r;
        info.sourceFile = d.strings.intern("rank" + std::to_string(r));
        info.firstTrack = static_cast<std::uint32_t>(d.tracks.size());
        info.trackCount = 8;
        d.ranks.push_back(info);
        for (int k = 0; k < 8; ++k) {
            TrackInfo t;
            t.rank = RankId(static_cast<std::uint32_t>(r));
            t.kind = k < 2 ? TrackKind::CpuThread : TrackKind::GpuStream;
            t.tid = k;
            t.name = d.strings.intern((k < 2 ? "thread " : "stream ") + std::to_string(k));
            t.firstOp = static_cast<std::uint32_t>(d.start.size());
            TimeNs at = 0;
            for (std::int64_t i = 0; i < perTrack;) {
                if (k < 2) {
                    // parent, child, grandchild
                    const TimeNs len = 3000 + static_cast<TimeNs>(random() % 20000);
                    const TimeNs times[3][2] = { { at, at + len }, { at + 100, at + len - 100 }, { at + 200, at + len / 2 } };
                    for (int n = 0; n < 3 && i < perTrack; ++n, ++i) {
                        d.start.push_back(times[n][0]);
                        d.end.push_back(times[n][1]);
                        d.name.push_back(names[n]);
                        d.kind.push_back(OpKind::CpuOp);
                    }
                    at += len + 500;
                } else {
                    const TimeNs len = 500 + static_cast<TimeNs>(random() % 30000);
                    const bool overlap = random() % 50 == 0;
                    d.start.push_back(at);
                    d.end.push_back(at + len);
                    d.name.push_back(random() % 10 == 0 ? names[4] : names[3]);
                    d.kind.push_back(random() % 10 == 0 ? OpKind::Collective : OpKind::ComputeKernel);
                    ++i;
                    at += overlap ? len / 2 : len + 200;
                }
            }
            t.opCount = static_cast<std::uint32_t>(d.start.size() - t.firstOp);
            d.tracks.push_back(t);
        }
    }
    const std::size_t n = d.start.size();
    for (std::size_t i = 0; i < n; ++i) {
        d.track.push_back(0);
        d.category.push_back(category);
    }
    for (std::size_t t = 0; t < d.tracks.size(); ++t) {
        for (std::uint32_t i = d.tracks[t].firstOp; i < d.tracks[t].firstOp + d.tracks[t].opCount; ++i)
            d.track[i] = static_cast<std::uint32_t>(t);
    }
    d.phase.assign(n, Phase::Unknown);
    d.step.assign(n, -1);
    d.bytes.assign(n, 0);
    return Trace::build(std::move(d)).value();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    sightline::MemoryPolicy::keepFreedMemory(); // as the programs run
    qputenv("QT_QPA_PLATFORM", "offscreen");
    std::int64_t ops = 10'000'000;
    int tracks = 512;
    for (int i = 1; i + 1 < argc; ++i) {
        if (!std::strcmp(argv[i], "--ops"))
            ops = std::atoll(argv[++i]);
        else if (!std::strcmp(argv[i], "--tracks"))
            tracks = std::atoi(argv[++i]);
    }
    QApplication app(argc, argv);
    const auto t0 = Clock::now();
    const std::shared_ptr<const Trace> trace = makeJob(ops, tracks);
    const auto t1 = Clock::now();
    const std::int64_t rssBefore = BenchSupport::residentBytes();
    auto layout = std::make_shared<const TrackLayout>(TrackLayout::build(*trace, { trace->startColumn(), trace->endColumn() }));
    const auto t2 = Clock::now();

    TimelineView view;
    view.resize(1600, 1000);
    view.show();
    QApplication::processEvents();
    const auto t3 = Clock::now();
    view.setJob(trace, layout);
    view.replot(QCustomPlot::rpImmediateRefresh);
    const auto t4 = Clock::now();
    // A job of more than 16 ranks opens with its ranks collapsed (that is the first paint above); the
    // frames below are of the ranks spread, each track in rows of its own.
    const std::size_t openedRows = view.plottable()->rows().size();
    auto setRanksCollapsed = [&view](bool collapsed) {
        TrackTree tree = view.trackTree();
        for (int node = 0; node < tree.nodeCount(); ++node) {
            if (tree.node(node).level == TrackTree::Level::Rank)
                tree.setCollapsed(node, collapsed);
        }
        view.setTrackTree(tree);
    };
    setRanksCollapsed(false);
    const std::size_t spreadRows = view.plottable()->rows().size();

    // Zoom in step by step from the whole job towards microseconds, panning at each level.
    std::vector<double> zoom, pan;
    const QCPRange whole = view.xAxis->range();
    double center = whole.center();
    double span = whole.size();
    for (int i = 0; i < 24; ++i) {
        span *= 0.55;
        view.xAxis->setRange(center - span / 2, center + span / 2);
        auto a = Clock::now();
        view.replot(QCustomPlot::rpImmediateRefresh);
        zoom.push_back(seconds(a, Clock::now()) * 1000);
        center += span * 0.1;
        view.xAxis->setRange(center - span / 2, center + span / 2);
        a = Clock::now();
        view.replot(QCustomPlot::rpImmediateRefresh);
        pan.push_back(seconds(a, Clock::now()) * 1000);
    }
    // Scroll the rows through the job at the whole-job zoom.
    std::vector<double> scroll;
    view.resetView();
    for (int i = 0; i < 20; ++i) {
        const QCPRange rows = view.yAxis->range();
        view.yAxis->setRange(rows.lower + rows.size(), rows.upper + rows.size());
        const auto a = Clock::now();
        view.replot(QCustomPlot::rpImmediateRefresh);
        scroll.push_back(seconds(a, Clock::now()) * 1000);
    }
    // The whole job in view, moved by a pixel each frame so that every run is rebuilt.
    auto wholeJobFrames = [&view]() {
        std::vector<double> frames;
        view.resetView();
        const QCPRange r = view.xAxis->range();
        const double pixel = r.size() / view.axisRect()->width();
        for (int i = 1; i <= 10; ++i) {
            view.xAxis->setRange(r.lower + i * pixel, r.upper + i * pixel);
            const auto a = Clock::now();
            view.replot(QCustomPlot::rpImmediateRefresh);
            frames.push_back(seconds(a, Clock::now()) * 1000);
        }
        return frames;
    };
    const std::vector<double> wholeJob = wholeJobFrames();
    // The same with every rank collapsed to its header row, which then draws all its tracks.
    setRanksCollapsed(true);
    const std::vector<double> collapsed = wholeJobFrames();
    const std::size_t collapsedRows = view.plottable()->rows().size();
    const std::int64_t rssAfter = BenchSupport::residentBytes();
    std::vector<double> all = zoom;
    all.insert(all.end(), pan.begin(), pan.end());
    all.insert(all.end(), scroll.begin(), scroll.end());

    const double n = static_cast<double>(trace->opCount());
    std::printf("\n## Gantt of %zu ops over %zu tracks (%zu rows), 1600x1000 offscreen\n\n", trace->opCount(), trace->tracks().size(),
        spreadRows);
    std::printf("| metric | value |\n|---|---|\n");
    std::printf("| job generated (informational) | %.2f s |\n", seconds(t0, t1));
    std::printf("| drawing layout build (lanes, widest-op blocks) | %.3f s |\n", seconds(t1, t2));
    std::printf("| first paint after load (setJob + paint; ranks collapsed, %zu rows) | %.1f ms (target <= 200) |\n", openedRows,
        seconds(t3, t4) * 1000);
    std::printf("| repaint after zoom, median of %zu | %.2f ms |\n", zoom.size(), median(zoom));
    std::printf("| repaint after pan, median of %zu | %.2f ms |\n", pan.size(), median(pan));
    std::printf("| repaint after scrolling rows, median of %zu | %.2f ms |\n", scroll.size(), median(scroll));
    std::printf("| repaint, median of all | %.2f ms (target <= 16); slowest %.2f ms |\n", median(all), *std::max_element(all.begin(), all.end()));
    std::printf("| repaint with the whole job in view, median of %zu | %.2f ms; slowest %.2f ms |\n", wholeJob.size(), median(wholeJob),
        *std::max_element(wholeJob.begin(), wholeJob.end()));
    std::printf("| the same with every rank collapsed (%zu rows), median of %zu | %.2f ms; slowest %.2f ms |\n", collapsedRows,
        collapsed.size(), median(collapsed), *std::max_element(collapsed.begin(), collapsed.end()));
    std::printf("| bytes per op held by the view (layout) | %.2f (target <= 16) |\n", static_cast<double>(layout->memoryBytes()) / n);
    std::printf("| resident growth per op, layout + view | %.2f |\n", static_cast<double>(rssAfter - rssBefore) / n);
    return 0;
}
