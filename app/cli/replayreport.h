#pragma once

#include "core/analysis/criticalpath.h"
#include "core/exec/profileroverhead.h"
#include "core/session/jobsession.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <array>
#include <vector>

// What the replaying commands report of a replay: step times per rank, the iteration, the critical
// path's breakdown and the names of its items.
namespace ReplayReport {

double rounded(double v, int digits);
// (replayed − measured) / measured in %, to 0.01; 0 without a measurement.
double errorPct(double measured, double replayed);

struct RankResult {
    int rank;
    double measured; // ms, mean over the replayed steps
    double replayed;
};
std::vector<RankResult> rankResults(const sightline::ExecutionGraph& g, const sightline::Schedule& s);
// The iteration (StepTimes::iteration), measured and replayed, in ms.
std::pair<double, double> iteration(const sightline::Schedule& s);

// The profiler's cost taken out of a job: per event, host events and ms per step, where it comes from.
QJsonObject profilerOverheadJson(const sightline::ProfilerOverhead::Estimate& e);
// The same in one line of text, without the end of line.
QString profilerOverheadText(const sightline::ProfilerOverhead::Estimate& e);

QJsonObject breakdownJson(const std::array<sightline::TimeNs, sightline::kPathCategoryCount>& b);
// An item's name; work spanning ranks says so, with the process group of the measured collective.
QString itemName(const sightline::DependencyGraph& measured, const sightline::ExecutionGraph& g, sightline::ItemId item);
// The item's global rank, -1 for work spanning ranks.
int itemRank(const sightline::ExecutionGraph& g, sightline::ItemId item);
// What loading the job's files warned of (skipped events, assumed values), which every figure the
// command prints rests on: "while loading: file: detail (N times, …)".
QStringList loadWarnings(const sightline::Trace& trace);

} // namespace ReplayReport
