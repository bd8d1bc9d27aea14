#pragma once

// A small job laid out as the Gantt's rows, for tests of the timeline's painters without a plot: one
// nanosecond per pixel from time 0, rows kRowHeight pixels tall from the image's top, runs from a
// TimelineRunCache. Two ranks on two hosts (so host rows), each with a GPU stream and a CPU thread.

#include "jobbuilder.h"

#include "widgets/timeline/timelinerows.h"
#include "widgets/timeline/timelineruncache.h"
#include "widgets/timeline/trackgeometry.h"
#include "widgets/timeline/tracklayout.h"
#include "widgets/timeline/tracktree.h"

#include <QImage>
#include <QRectF>

#include <functional>
#include <memory>
#include <vector>

namespace sightline {

struct GanttPaintJob {
    static constexpr int kRowHeight = 20;
    static constexpr int kWidth = 400;

    // Rank 0 (host a): kernels k1 [10, 60), k2 [100, 160), a memcpy m [200, 260) on its stream, a CPU
    // op c [10, 300) on its thread. Rank 1 (host b): a kernel k4 [10, 60).
    OpId k1, k2, m, c, k4;
    std::uint32_t gpu0 = 0, cpu0 = 0, gpu1 = 0;
    TracePtr trace;
    std::shared_ptr<const TrackLayout> layout;
    TrackTree tree;
    TimelineRows rows;
    TimelineRunCache cache;
    TrackGeometry::View view { 0, 1.0, kWidth };

    GanttPaintJob()
    {
        JobBuilder b;
        const std::uint32_t r0 = b.rank(0, "a");
        const std::uint32_t r1 = b.rank(1, "b");
        gpu0 = b.track(r0, TrackKind::GpuStream, 7);
        cpu0 = b.track(r0, TrackKind::CpuThread, 1);
        gpu1 = b.track(r1, TrackKind::GpuStream, 7);
        k1 = b.op(gpu0, "k1", OpKind::ComputeKernel, 10, 60);
        k2 = b.op(gpu0, "k2", OpKind::ComputeKernel, 100, 160);
        m = b.op(gpu0, "m", OpKind::Memcpy, 200, 260);
        c = b.op(cpu0, "c", OpKind::CpuOp, 10, 300);
        k4 = b.op(gpu1, "k4", OpKind::ComputeKernel, 10, 60);
        trace = b.finish();
        build(trace);
    }
    // Another job of the same shape of rows.
    explicit GanttPaintJob(TracePtr t) { build(std::move(t)); }

    void build(TracePtr t)
    {
        trace = std::move(t);
        layout = std::make_shared<const TrackLayout>(
            TrackLayout::build(*trace, { trace->startColumn(), trace->endColumn() }));
        tree = TrackTree::fromTrace(*trace);
        rows.build(trace.get(), tree, layout.get(), nullptr, TimelineRows::Times::Measured);
        cache.clear();
    }

    int height() const { return rows.count() * kRowHeight; }
    QRect area() const { return QRect(0, 0, kWidth, height()); }
    std::function<QRectF(int)> rowRect() const
    {
        return [](int row) { return QRectF(0, row * kRowHeight, kWidth, kRowHeight); };
    }
    std::function<const std::vector<TrackGeometry::Run>&(int, int)> runs()
    {
        return [this](int row, int source) -> const std::vector<TrackGeometry::Run>& {
            return cache.runs(rows, row, source, view);
        };
    }
    // A white image of the rows' size, to paint on.
    QImage canvas() const
    {
        QImage image(kWidth, height(), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        return image;
    }
    // The middle of an op's bar (start and end are pixels).
    QPoint centre(OpId op) const
    {
        return QPoint(static_cast<int>((trace->start(op) + trace->end(op)) / 2), middle(rows.rowOf(op)));
    }
    static int middle(int row) { return row * kRowHeight + kRowHeight / 2; }
    // The first row of a kind: host header, rank header (track invalid), or a track's.
    int rowOfTrack(std::uint32_t track) const
    {
        for (int row = 0; row < rows.count(); ++row) {
            if (rows.rows()[static_cast<std::size_t>(row)].track == TrackId(track))
                return row;
        }
        return -1;
    }
};

} // namespace sightline
