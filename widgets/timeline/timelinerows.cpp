#include "widgets/timeline/timelinerows.h"

#include "core/model/trace.h"
#include "widgets/timeline/tracklayout.h"

#include <algorithm>
#include <climits>
#include <utility>

using namespace sightline;

namespace {

// Calls f with each shown track under a tree node, in display order.
template <class F>
void forEachTrack(const TrackTree& tree, int node, F&& f)
{
    if (!tree.isShown(node))
        return;
    const TrackTree::Node& n = tree.node(node);
    if (n.level == TrackTree::Level::Track) {
        f(n.id);
        return;
    }
    for (int child : n.children)
        forEachTrack(tree, child, f);
}

} // namespace

void TimelineRows::build(const Trace* trace, const TrackTree& tree, const TrackLayout* measured, const TrackLayout* replayed, Times times)
{
    m_trace = trace;
    m_measured = measured;
    m_replayed = replayed;
    m_times = replayed ? times : Times::Measured;
    m_rows.clear();
    m_sources.clear();
    m_sourceBegin.clear();
    m_trackRow.assign(trace ? trace->tracks().size() : 0, -1);
    m_trackSpread.assign(m_trackRow.size(), 0);
    if (trace && measured && !tree.isEmpty())
        addRows(tree);
    m_sourceBegin.push_back(m_sources.size()); // one past the last row's
}

void TimelineRows::addRows(const TrackTree& tree)
{
    for (int host : tree.node(TrackTree::root()).children) {
        if (!tree.isShown(host))
            continue;
        if (tree.hasHostRows()) {
            const int row = addRow({ RankId(), TrackId(), 0, false, false, host });
            if (tree.isCollapsed(host)) {
                summarise(tree, host, row);
                continue;
            }
        }
        for (int rankNode : tree.node(host).children) {
            if (!tree.isShown(rankNode))
                continue;
            const RankId rank(tree.node(rankNode).id);
            const int row = addRow({ rank, TrackId(), 0, false, false, rankNode });
            if (tree.isCollapsed(rankNode)) {
                summarise(tree, rankNode, row);
                continue;
            }
            forEachTrack(tree, rankNode, [&](std::uint32_t track) { addTrack(tree, rank, track); });
        }
    }
}

int TimelineRows::addRow(const Row& row)
{
    // A row's sources are those added after it, up to the next row's.
    m_rows.push_back(row);
    m_sourceBegin.push_back(m_sources.size());
    return count() - 1;
}

void TimelineRows::summarise(const TrackTree& tree, int node, int row)
{
    // A collapsed group's header summarises the top lane of each of its tracks.
    const bool replayedRows = m_times == Times::Replayed;
    forEachTrack(tree, node, [&](std::uint32_t track) {
        if ((replayedRows ? *m_replayed : *m_measured).laneCount(TrackId(track)) == 0)
            return;
        m_sources.push_back({ track, 0 });
        m_trackRow[track] = row;
    });
    m_rows[static_cast<std::size_t>(row)].collapsed = true;
    m_rows[static_cast<std::size_t>(row)].replayed = replayedRows;
}

void TimelineRows::addTrack(const TrackTree& tree, RankId rank, std::uint32_t track)
{
    const bool replayedRows = m_times == Times::Replayed;
    const int lanes = (replayedRows ? *m_replayed : *m_measured).laneCount(TrackId(track));
    if (lanes == 0)
        return;
    const int node = tree.trackNode(TrackId(track));
    auto addSources = [&](int count) {
        for (int l = 0; l < count; ++l)
            m_sources.push_back({ track, l });
    };
    if (tree.isCollapsed(node)) {
        m_trackRow[track] = addRow({ rank, TrackId(track), 0, true, replayedRows, node });
        addSources(lanes);
    } else {
        m_trackSpread[track] = 1;
        for (int l = 0; l < lanes; ++l) {
            const int row = addRow({ rank, TrackId(track), l, false, replayedRows, node });
            m_sources.push_back({ track, l });
            if (l == 0)
                m_trackRow[track] = row;
        }
    }
    // The replayed times of the track, all its lanes in one ghost row under it.
    if (m_times == Times::Both && m_replayed->laneCount(TrackId(track)) > 0) {
        addRow({ rank, TrackId(track), 0, true, true, node });
        addSources(m_replayed->laneCount(TrackId(track)));
    }
}

int TimelineRows::rowOf(OpId op) const
{
    if (!m_trace || !op.isValid() || op.value() >= m_trace->opCount())
        return -1;
    const TrackId track = m_trace->track(op);
    const int first = m_trackRow[track.value()];
    const TrackLayout& layout = primary();
    if (first < 0 || layout.start(op.value()) == INT64_MIN)
        return -1;
    return m_trackSpread[track.value()] ? first + layout.laneOf(op.value()) : first;
}

bool TimelineRows::isFoldable(int row) const
{
    const Row& r = m_rows[static_cast<std::size_t>(row)];
    if (!r.track.isValid())
        return true;
    return !isGhost(r) && r.lane == 0 && layoutOf(r).laneCount(r.track) > 1;
}

std::vector<TrackId> TimelineRows::tracksIn(int first, int last) const
{
    std::vector<TrackId> tracks;
    std::vector<std::uint8_t> seen(m_trackRow.size(), 0);
    first = std::max(first, 0);
    last = std::min(last, count() - 1);
    for (int row = first; row <= last; ++row) {
        for (const Source& s : sources(row)) {
            if (!std::exchange(seen[s.track], 1))
                tracks.emplace_back(s.track);
        }
    }
    return tracks;
}
