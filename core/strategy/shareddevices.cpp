#include "core/strategy/shareddevices.h"

#include "core/base/checkedmath.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/model/trace.h"

#include <algorithm>
#include <map>
#include <set>

namespace sightline {

namespace {

// The work that takes turns on a GPU's compute engines.
bool takesTurns(OpKind kind)
{
    return kind == OpKind::ComputeKernel || kind == OpKind::Memset;
}

// The ranks that ran collectives on their GPUs (NCCL's, RCCL's kernels), which refuse two ranks on one
// GPU: where the trace gives such ranks one index, each process saw its own GPU under that index
// (CUDA_VISIBLE_DEVICES), or the host is not the one the ranks per host make it.
std::set<RankId> ranksWithGpuCollectives(const ExecutionGraph& graph)
{
    const Trace& trace = graph.trace();
    std::set<RankId> ranks;
    for (const ExecTrack& t : graph.tracks()) {
        if (!isGpuTrack(t.kind) || !t.measured.isValid() || !t.rank.isValid() || ranks.contains(t.rank))
            continue;
        const TrackInfo& info = trace.trackInfo(t.measured);
        for (std::uint32_t k = 0; k < info.opCount; ++k) {
            const OpKind kind = trace.kind(OpId(info.firstOp + k));
            if (kind == OpKind::Collective || kind == OpKind::Send || kind == OpKind::Recv) {
                ranks.insert(t.rank);
                break;
            }
        }
    }
    return ranks;
}

} // namespace

SharedDevices::SharedDevices(const ExecutionGraph& graph, const TopologyOptions& options)
{
    const LinkTopology topology(placementsOf(graph.ranks()), options);
    // The measured ranks on one device, the files that recorded them, and their GPU tracks.
    struct Users {
        std::set<std::int32_t> ranks;
        std::set<StringId> files;
        std::string host;
        std::vector<TrackId> tracks;
    };
    std::map<std::pair<int, std::int32_t>, Users> users; // by (host, GPU index or -1)
    const auto add = [&](RankId r, std::int32_t device, TrackId track) {
        const ExecRank& rank = graph.ranks()[r.value()];
        if (!rank.measured.isValid())
            return;
        Users& on = users[{ topology.hostOf(r), device }];
        on.ranks.insert(rank.rank);
        on.files.insert(graph.trace().rankInfo(rank.measured).sourceFile);
        on.host = rank.host;
        if (track.isValid())
            on.tracks.push_back(track);
    };
    const Trace& trace = graph.trace();
    const std::set<RankId> onTheirGpus = ranksWithGpuCollectives(graph);
    bool gpuWork = false;
    for (const ExecTrack& t : graph.tracks()) {
        if (!isGpuTrack(t.kind) || !t.measured.isValid() || !t.rank.isValid())
            continue;
        const TrackInfo& info = trace.trackInfo(t.measured);
        gpuWork = gpuWork || info.opCount > 0;
        if (info.device >= 0 && info.opCount > 0 && !onTheirGpus.contains(t.rank))
            add(t.rank, info.device, t.measured);
    }
    if (!gpuWork) {
        for (std::uint32_t r = 0; r < graph.ranks().size(); ++r)
            add(RankId(r), -1, TrackId());
    }
    for (const auto& [where, on] : users) {
        if (on.files.size() < 2)
            continue;
        m_devices.push_back({ { on.ranks.begin(), on.ranks.end() }, where.second, on.host });
        if (where.second >= 0)
            ownTimesOn(graph.trace(), on.tracks);
    }
    std::sort(m_devices.begin(), m_devices.end(),
        [](const Device& a, const Device& b) { return a.ranks.front() < b.ranks.front(); });
    std::sort(m_ownTime.begin(), m_ownTime.end(),
        [](const auto& a, const auto& b) { return a.first.value() < b.first.value(); });
}

// The own time of each kernel on one GPU: the integral over its span of 1 / (the ranks running kernels
// on the GPU then), from a sweep over the kernels' starts and ends.
void SharedDevices::ownTimesOn(const Trace& trace, const std::vector<TrackId>& tracks)
{
    struct Event {
        TimeNs at;
        std::uint32_t rank;
        int delta;
    };
    std::vector<Event> events;
    std::vector<OpId> ops;
    for (const TrackId t : tracks) {
        const TrackInfo& info = trace.trackInfo(t);
        for (std::uint32_t k = 0; k < info.opCount; ++k) {
            const OpId op(info.firstOp + k);
            if (!takesTurns(trace.kind(op)) || trace.duration(op) <= 0)
                continue;
            ops.push_back(op);
            events.push_back({ trace.start(op), info.rank.value(), +1 });
            events.push_back({ trace.end(op), info.rank.value(), -1 });
        }
    }
    std::sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.at < b.at; });
    std::vector<TimeNs> at; // the distinct instants, ascending
    std::vector<double> own; // at each instant: a rank's own time since the first
    std::vector<int> running(trace.ranks().size(), 0);
    int ranks = 0; // ranks with a kernel running
    for (std::size_t k = 0; k < events.size();) {
        const TimeNs now = events[k].at;
        if (!at.empty())
            own.push_back(own.back() + (ranks > 0 ? static_cast<double>(now - at.back()) / ranks : 0.0));
        else
            own.push_back(0.0);
        at.push_back(now);
        for (; k < events.size() && events[k].at == now; ++k) {
            int& n = running[events[k].rank];
            ranks -= n > 0;
            n += events[k].delta;
            ranks += n > 0;
        }
    }
    const auto ownAt = [&](TimeNs t) {
        return own[static_cast<std::size_t>(std::lower_bound(at.begin(), at.end(), t) - at.begin())];
    };
    for (const OpId op : ops) {
        const TimeNs time = CheckedMath::saturatingRound(ownAt(trace.end(op)) - ownAt(trace.start(op)));
        m_ownTime.emplace_back(op, time);
        m_measured += trace.duration(op);
        m_own += time;
    }
}

TimeNs SharedDevices::ownTime(OpId op) const
{
    const auto it = std::lower_bound(m_ownTime.begin(), m_ownTime.end(), op,
        [](const std::pair<OpId, TimeNs>& a, OpId b) { return a.first.value() < b.value(); });
    return it != m_ownTime.end() && it->first == op ? it->second : -1;
}

double SharedDevices::ownShare(const ExecutionGraph& graph, ItemId item) const
{
    if (m_ownTime.empty() || !takesTurns(graph.kind(item)))
        return 1.0;
    const Trace& trace = graph.trace();
    TimeNs measured = 0, own = 0;
    for (const OpId op : graph.origin(item)) {
        const TimeNs t = ownTime(op);
        measured += trace.duration(op);
        own += t >= 0 ? t : trace.duration(op);
    }
    return measured > 0 ? static_cast<double>(own) / static_cast<double>(measured) : 1.0;
}

void SharedDevices::apply(const ExecutionGraph& graph, ExecutionGraphBuilder& builder) const
{
    if (m_ownTime.empty())
        return;
    const std::span<TimeNs> durations = builder.minDurations();
    for (std::uint32_t i = 0; i < graph.itemCount(); ++i) {
        const double share = ownShare(graph, ItemId(i));
        if (share < 1.0)
            durations[i] = CheckedMath::saturatingRound(static_cast<double>(graph.minDuration(ItemId(i))) * share);
    }
}

} // namespace sightline
