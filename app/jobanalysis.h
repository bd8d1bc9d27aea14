#pragma once

#include "core/analysis/criticalpath.h"
#include "core/analysis/rankactivity.h"
#include "core/base/status.h"
#include "core/replay/schedule.h"

#include <memory>
#include <vector>

namespace sightline {
class DependencyGraph;
class Trace;
class TrackLayout;
}

// What the window shows of a job besides its trace: the dependency graph, the replay of its common
// steps with the clocks aligned, the critical path, and the drawing layouts of the measured and the
// replayed times.
// Made on the worker thread right after loading; immutable afterwards. When the graph or the replay
// fails (a dependency cycle), `status` says why and the layout alone is set.
struct JobAnalysis {
    sightline::Status status;
    std::shared_ptr<const sightline::DependencyGraph> graph;
    sightline::Schedule schedule;
    sightline::CriticalPath criticalPath;
    std::shared_ptr<const sightline::TrackLayout> measuredLayout;
    // The replayed times on each rank's own clock (the alignment offsets added back), and their layout.
    std::vector<sightline::TimeNs> replayedStart;
    std::vector<sightline::TimeNs> replayedEnd;
    std::shared_ptr<const sightline::TrackLayout> replayedLayout;
    // Counter tracks over the measured times, as (time, value) change points: how many ranks have a
    // GPU op running, and how many communication ops are in flight across the job.
    std::vector<std::pair<sightline::TimeNs, int>> busyRanks;
    std::vector<std::pair<sightline::TimeNs, int>> commInFlight;
    // How each rank's GPUs spent its steps, for the summary panel.
    std::vector<sightline::RankActivity> activity;
};
