#pragma once

#include "core/analysis/activitycounters.h"
#include "core/analysis/rankactivity.h"
#include "core/base/status.h"
#include "core/session/jobsession.h"

#include <memory>
#include <string>
#include <vector>

namespace sightline {
class Trace;
class TrackLayout;
}

// What the window shows of a job besides its trace: the session (dependency graph, clock alignment,
// execution graph of the common steps), the replay of the measured job with its critical path, and
// the drawing layouts of the measured and the replayed times.
// Made on the worker thread right after loading; immutable afterwards. When the graph or the replay
// fails (a dependency cycle), `status` says why, session and replay are null, and the layout alone is set.
struct JobAnalysis {
    sightline::Status status;
    std::shared_ptr<const sightline::JobSession> session;
    std::shared_ptr<const sightline::ReplayResult> replay;
    std::shared_ptr<const sightline::TrackLayout> measuredLayout;
    // Per op: the replayed times on the rank's own clock (the alignment offsets added back) and the
    // slack, kNotReplayed where the op was not replayed; the layout of the replayed times.
    std::vector<sightline::TimeNs> replayedStart;
    std::vector<sightline::TimeNs> replayedEnd;
    std::vector<sightline::TimeNs> replayedDuration; // INT64_MIN where not replayed, for the colours
    std::vector<sightline::TimeNs> slack;
    // The ops on the critical path, in path order (items spanning ranks left out).
    std::vector<sightline::OpId> criticalOps;
    std::shared_ptr<const sightline::TrackLayout> replayedLayout;
    // Counter tracks over the measured times.
    sightline::ActivityCounters counters;
    // How each rank's GPUs spent its steps, for the summary panel.
    std::vector<sightline::RankActivity> activity;
    // The names of the job's layers as recompute's "auto" finds them, each once, in forward order:
    // what the strategy panel offers for a pass's layers.
    std::vector<std::string> layerNames;
};
