#pragma once

#include "core/analysis/criticalpath.h"
#include "core/base/status.h"
#include "core/replay/schedule.h"

#include <memory>

namespace sightline {
class DependencyGraph;
class Trace;
class TrackLayout;
}

// What the window shows of a job besides its trace: the dependency graph, the replay of its common
// steps with the clocks aligned, the critical path, and the drawing layout of the measured times.
// Made on the worker thread right after loading; immutable afterwards. When the graph or the replay
// fails (a dependency cycle), `status` says why and the layout alone is set.
struct JobAnalysis {
    sightline::Status status;
    std::shared_ptr<const sightline::DependencyGraph> graph;
    sightline::Schedule schedule;
    sightline::CriticalPath criticalPath;
    std::shared_ptr<const sightline::TrackLayout> measuredLayout;
};
