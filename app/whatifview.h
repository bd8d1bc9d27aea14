#pragma once

#include "core/analysis/activitycounters.h"
#include "core/base/expected.h"
#include "core/graph/dependencygraph.h"
#include "core/replay/scheduletrace.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace sightline {
class CancellationToken;
class ExecutionGraph;
class TrackLayout;
struct ReplayResult;
struct Schedule;
}

// A what-if drawn as a job, for the Gantt's what-if and both views: the job ScheduleTrace makes of the
// what-if's replay (for both, with the baseline's tracks before each of its tracks), laid out for
// drawing, with what the panels show of it: the critical path (the what-if's; in both also the
// baseline's, each in its own rows), the counter strip of the what-if's tracks, and for the
// difference colours each what-if op's baseline time. Made off the GUI thread in two stages: from the
// what-if's times while its critical path is still being found (layOut), then with the paths
// (addPaths); immutable once shared. Its ops' slack is found apart (slack()), once the view is
// shown: on a job of millions of items the sweep would hold the drawing back by a fifth of a second.
class WhatIfView {
public:
    enum class Layers : std::uint8_t { WhatIf, Both };

    // suffix names the what-if's tracks in both ("" in what-if alone).
    static sightline::Expected<std::shared_ptr<const WhatIfView>> build(const sightline::ReplayResult& baseline,
        const sightline::ReplayResult& whatIf, Layers layers, const std::string& suffix,
        const sightline::CancellationToken* cancel = nullptr);
    // What layOut can be given ready (else it makes it): the replays' items as ScheduleTrace prepares
    // them, the baseline's kept for the job and the what-if's prepared while it was replayed, and per
    // what-if item its baseline time (baselineTimes).
    struct Prepared {
        std::shared_ptr<const sightline::ScheduleTrace::Prepared> baseline;
        std::shared_ptr<const sightline::ScheduleTrace::Prepared> whatIf;
        std::vector<sightline::TimeNs> baselineTime;
    };
    // Per item of the what-if's graph, the baseline's replayed time of the measured ops it stands for
    // (each baseline item once), or INT64_MIN when the baseline replayed none of them. oneThread: on the
    // calling thread only.
    static std::vector<sightline::TimeNs> baselineTimes(const sightline::ReplayResult& baseline, const sightline::ExecutionGraph& whatIf,
        bool oneThread = false);
    // All but what the critical paths give (the path's ops and length), from the what-if's
    // graph and times; the baseline is whole. Keeps no reference to the schedule.
    static sightline::Expected<std::shared_ptr<WhatIfView>> layOut(const sightline::ReplayResult& baseline,
        std::shared_ptr<const sightline::ExecutionGraph> whatIfGraph, const sightline::Schedule& whatIfSchedule, Layers layers,
        const std::string& suffix, const Prepared& prepared = {}, const sightline::CancellationToken* cancel = nullptr);
    // What the critical paths give, from the replays laid out (the what-if's now whole).
    void addPaths(const sightline::ReplayResult& baseline, const sightline::ReplayResult& whatIf);
    // Per op: its slack in its own replay (the replays this view was made of), kNotReplayed where none.
    // Taken from a replay's critical path where it came with slack, else found: O(items + edges) per
    // replay without it.
    std::vector<sightline::TimeNs> slack(const sightline::ReplayResult& baseline, const sightline::ReplayResult& whatIf) const;

    Layers layers() const { return m_layers; }
    const std::shared_ptr<const sightline::Trace>& trace() const { return m_job.trace; }
    const std::shared_ptr<const sightline::TrackLayout>& layout() const { return m_layout; }
    // Per op: made by a pass; per track: 1 for the what-if's tracks (0 for the baseline's, in both).
    const std::vector<std::uint8_t>& synthetic() const { return m_job.synthetic; }
    std::size_t syntheticCount() const { return m_syntheticCount; }
    const std::vector<std::uint8_t>& whatIfTracks() const { return m_whatIfTracks; }
    // Per rank of the view's trace: 1 for a rank the strategy added (worker_count).
    const std::vector<std::uint8_t>& addedRanks() const { return m_job.addedRank; }
    const sightline::ActivityCounters& counters() const { return m_counters; }
    // Per op: the baseline's replayed time of the measured ops it stands for, for the what-if's ops
    // with any; INT64_MIN for the rest.
    const std::vector<sightline::TimeNs>& baselineTime() const { return m_baselineTime; }
    sightline::TimeNs pathLength() const { return m_pathLength; }
    // The what-if's critical path in path order, then (both) the baseline's.
    const std::vector<sightline::OpId>& criticalOps() const { return m_criticalOps; }
    std::size_t whatIfPathOps() const { return m_whatIfPathOps; }
    // Per item of the what-if's graph: the op drawing it, or invalid.
    const std::shared_ptr<const std::vector<sightline::OpId>>& opOfItem() const { return m_opOfItem; }
    // The first of the what-if's ops that stands for a measured op, or invalid. O(1).
    sightline::OpId opStandingFor(sightline::OpId measured) const;
    // The item an op draws, in its own replay's graph, and whether that is the what-if's.
    sightline::ItemId itemOf(sightline::OpId op) const { return m_job.itemOf[op.value()]; }
    bool isWhatIf(sightline::OpId op) const;
    // The first measured op the op's item stands for, or invalid (a synthetic item of no measured op).
    sightline::OpId measuredOp(sightline::OpId op) const;
    // Every measured op the op's item stands for (none for a synthetic item of no measured op).
    std::span<const sightline::OpId> measuredOps(sightline::OpId op) const;
    const sightline::ExecutionGraph& whatIfGraph() const { return *m_whatIfGraph; }
    // The ops an op waits for and releases in its own replay's graph (the what-if's, or in both the
    // baseline's for a baseline op), with each edge's kind; items no op draws are left out.
    struct Neighbours {
        std::vector<std::pair<sightline::OpId, sightline::EdgeKind>> waitsFor;
        std::vector<std::pair<sightline::OpId, sightline::EdgeKind>> releases;
    };
    Neighbours neighbours(sightline::OpId op) const;

private:
    Layers m_layers = Layers::WhatIf;
    std::shared_ptr<const sightline::ExecutionGraph> m_baselineGraph;
    std::shared_ptr<const sightline::ExecutionGraph> m_whatIfGraph;
    sightline::ScheduleTrace::Result m_job;
    std::shared_ptr<const sightline::TrackLayout> m_layout;
    std::vector<std::uint8_t> m_whatIfTracks;
    std::size_t m_syntheticCount = 0;
    sightline::ActivityCounters m_counters;
    std::vector<sightline::TimeNs> m_baselineTime;
    sightline::TimeNs m_pathLength = 0;
    std::vector<sightline::OpId> m_criticalOps;
    std::size_t m_whatIfPathOps = 0;
    std::shared_ptr<const std::vector<sightline::OpId>> m_opOfItem;
    std::vector<sightline::OpId> m_opOfMeasured; // per measured op: the first what-if op standing for it
};
