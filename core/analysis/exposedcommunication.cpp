#include "core/analysis/exposedcommunication.h"

#include "core/base/intervals.h"
#include "core/base/parallel.h"
#include "core/exec/executiongraph.h"
#include "core/replay/schedule.h"

#include <vector>

namespace sightline {

namespace {

using Intervals = std::vector<std::pair<TimeNs, TimeNs>>;

// A rank's replayed work, sorted into what communicates and what may hide it, on its device and on
// its host threads.
struct RankWork {
    Intervals deviceComm, deviceWork; // kernels, copies (but those staging a host collective), memsets
    Intervals hostComm; // host threads' collectives (gloo's, MPI's)
    Intervals hostWork; // CPU ops, on a rank without a device
    bool hasDevice = false; // the rank has GPU tracks
};

std::vector<RankWork> sortWork(const ExecutionGraph& g, const Schedule& s)
{
    std::vector<RankWork> work(g.ranks().size());
    for (const ExecTrack& info : g.tracks())
        work[info.rank.value()].hasDevice = work[info.rank.value()].hasDevice || isGpuTrack(info.kind);
    // Items in id order: a track's measured items come in time order, then each pass's copies, so
    // the lists are sorted runs that mergeIntervals joins without sorting them whole.
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        const TrackId track = g.track(item);
        if (!track.isValid() || !s.replayed(i) || s.end[i] <= s.start[i])
            continue;
        const ExecTrack& info = g.tracks()[track.value()];
        RankWork& w = work[info.rank.value()];
        const OpKind kind = g.kind(item);
        const std::pair<TimeNs, TimeNs> span { s.start[i], s.end[i] };
        if (isGpuTrack(info.kind)) {
            if (isCommunication(kind))
                w.deviceComm.push_back(span);
            else if (hidesCommunication(kind) && !(kind == OpKind::Memcpy && g.stagesCollective(item)))
                w.deviceWork.push_back(span);
        } else if (isCommunication(kind)) {
            w.hostComm.push_back(span);
        } else if (kind == OpKind::CpuOp && !w.hasDevice) {
            w.hostWork.push_back(span);
        }
    }
    return work;
}

// The rank's communication that nothing hides: its device's collectives against its kernels and
// copies; where it communicates on host threads alone (gloo, MPI), those threads' collectives against
// its device work, or on a rank without a device against its CPU ops (the backward a gloo thread
// overlaps).
TimeNs exposedOf(RankWork& w)
{
    const bool onHost = w.deviceComm.empty() && !w.hostComm.empty();
    Intervals& comm = onHost ? w.hostComm : w.deviceComm;
    Intervals& hiding = onHost && !w.hasDevice ? w.hostWork : w.deviceWork;
    mergeIntervals(comm);
    mergeIntervals(hiding);
    return intervalsLength(comm) - overlapLength(comm, hiding);
}

} // namespace

TimeNs ExposedCommunication::perIteration(const ExecutionGraph& g, const Schedule& s)
{
    std::vector<RankWork> work = sortWork(g, s);
    const std::size_t ranks = work.size();
    std::vector<TimeNs> exposed(ranks, 0);
    parallelFor(ranks, [&](std::size_t r) { exposed[r] = exposedOf(work[r]); });
    std::vector<std::int64_t> steps(ranks, 0);
    for (const ExecStep& step : g.steps())
        ++steps[step.rank.value()];
    double sum = 0;
    int counted = 0;
    for (std::size_t r = 0; r < ranks; ++r) {
        if (steps[r] == 0)
            continue;
        sum += static_cast<double>(exposed[r]) / static_cast<double>(steps[r]);
        ++counted;
    }
    return counted == 0 ? 0 : static_cast<TimeNs>(sum / counted);
}

} // namespace sightline
