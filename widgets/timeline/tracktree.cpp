#include "widgets/timeline/tracktree.h"

#include "core/model/trace.h"

#include <algorithm>

namespace sightline {

int TrackTree::add(Level level, std::uint32_t id, int parent)
{
    const int index = static_cast<int>(m_nodes.size());
    Node n;
    n.level = level;
    n.id = id;
    n.parent = parent;
    m_nodes.push_back(std::move(n));
    if (parent >= 0)
        m_nodes[static_cast<std::size_t>(parent)].children.push_back(index);
    return index;
}

TrackTree TrackTree::fromTrace(const Trace& trace)
{
    TrackTree tree;
    tree.add(Level::Root, 0, -1);
    tree.m_trackNode.assign(trace.tracks().size(), -1);
    tree.m_rankNode.assign(trace.ranks().size(), -1);

    std::vector<std::uint32_t> ranks(trace.ranks().size());
    for (std::uint32_t r = 0; r < ranks.size(); ++r)
        ranks[r] = r;
    std::stable_sort(ranks.begin(), ranks.end(), [&](std::uint32_t a, std::uint32_t b) {
        return trace.rankInfo(RankId(a)).rank < trace.rankInfo(RankId(b)).rank;
    });
    // Hosts in order of their first rank; ranks without a host name share one unnamed host.
    std::vector<std::pair<std::uint32_t, int>> hosts; // host string id -> node
    for (std::uint32_t r : ranks) {
        const RankInfo& info = trace.rankInfo(RankId(r));
        const std::uint32_t host = info.host.isValid() && !trace.string(info.host).empty() ? info.host.value() : StringId().value();
        auto it = std::find_if(hosts.begin(), hosts.end(), [&](const auto& h) { return h.first == host; });
        if (it == hosts.end()) {
            hosts.emplace_back(host, tree.add(Level::Host, host, root()));
            it = hosts.end() - 1;
        }
        const int rank = tree.add(Level::Rank, r, it->second);
        tree.m_rankNode[r] = rank;
        // A large job opens as one summary row per rank, to be expanded where it matters.
        tree.m_nodes[static_cast<std::size_t>(rank)].collapsed = trace.ranks().size() > kCollapsedRanksAbove;
        const bool collapseThreads = trace.ranks().size() > 2;
        for (std::uint32_t t = info.firstTrack; t < info.firstTrack + info.trackCount; ++t) {
            const TrackKind kind = trace.trackInfo(TrackId(t)).kind;
            int group = -1;
            for (int child : tree.m_nodes[static_cast<std::size_t>(rank)].children) {
                if (tree.m_nodes[static_cast<std::size_t>(child)].id == static_cast<std::uint32_t>(kind))
                    group = child;
            }
            if (group < 0)
                group = tree.add(Level::Group, static_cast<std::uint32_t>(kind), rank);
            const int track = tree.add(Level::Track, t, group);
            tree.m_trackNode[t] = track;
            tree.m_nodes[static_cast<std::size_t>(track)].collapsed = collapseThreads && kind == TrackKind::CpuThread;
        }
    }
    tree.m_hostRows = hosts.size() > 1;
    return tree;
}

int TrackTree::trackNode(TrackId track) const
{
    return track.isValid() && track.value() < m_trackNode.size() ? m_trackNode[track.value()] : -1;
}

int TrackTree::rankNode(RankId rank) const
{
    return rank.isValid() && rank.value() < m_rankNode.size() ? m_rankNode[rank.value()] : -1;
}

int TrackTree::indexInParent(int index) const
{
    const int parent = node(index).parent;
    if (parent < 0)
        return 0;
    const auto& siblings = node(parent).children;
    return static_cast<int>(std::find(siblings.begin(), siblings.end(), index) - siblings.begin());
}

std::pair<int, int> TrackTree::shownLeaves(int index) const
{
    const Node& n = node(index);
    if (n.children.empty())
        return { n.shown ? 1 : 0, 1 };
    std::pair<int, int> sum { 0, 0 };
    for (int child : n.children) {
        const auto [shown, total] = shownLeaves(child);
        sum.first += shown;
        sum.second += total;
    }
    return sum;
}

bool TrackTree::isShown(int index) const
{
    const Node& n = node(index);
    if (n.children.empty())
        return n.shown;
    return std::any_of(n.children.begin(), n.children.end(), [&](int child) { return isShown(child); });
}

bool TrackTree::isPartlyShown(int index) const
{
    const auto [shown, total] = shownLeaves(index);
    return shown > 0 && shown < total;
}

bool TrackTree::hasHidden(int index) const
{
    const auto [shown, total] = shownLeaves(index);
    return shown < total;
}

bool TrackTree::sameShape(const TrackTree& other) const
{
    return std::equal(m_nodes.begin(), m_nodes.end(), other.m_nodes.begin(), other.m_nodes.end(), [](const Node& a, const Node& b) {
        return a.level == b.level && a.id == b.id && a.parent == b.parent && a.children == b.children;
    });
}

bool TrackTree::fits(const Trace& trace) const
{
    if (m_trackNode.size() != trace.tracks().size() || m_rankNode.size() != trace.ranks().size())
        return false;
    for (const Node& n : m_nodes) {
        if (n.level == Level::Rank && n.id >= trace.ranks().size())
            return false;
        if (n.level == Level::Track) {
            // A track sits under the group of its kind, under its own rank.
            const Node& group = node(n.parent);
            if (n.id >= trace.tracks().size() || trace.trackInfo(TrackId(n.id)).rank != RankId(node(group.parent).id)
                || static_cast<std::uint32_t>(trace.trackInfo(TrackId(n.id)).kind) != group.id)
                return false;
        }
    }
    return true;
}

void TrackTree::setShown(int index, bool shown)
{
    if (index < 0 || index >= nodeCount())
        return;
    Node& n = m_nodes[static_cast<std::size_t>(index)];
    n.shown = shown;
    for (int child : std::vector<int>(n.children))
        setShown(child, shown);
}

void TrackTree::setCollapsed(int index, bool collapsed)
{
    if (index < 0 || index >= nodeCount())
        return;
    m_nodes[static_cast<std::size_t>(index)].collapsed = collapsed;
}

bool TrackTree::moveChildren(int parent, int from, int count, int to)
{
    if (parent < 0 || parent >= nodeCount())
        return false;
    auto& children = m_nodes[static_cast<std::size_t>(parent)].children;
    const int size = static_cast<int>(children.size());
    if (count <= 0 || from < 0 || from + count > size || to < 0 || to > size)
        return false;
    if (to >= from && to <= from + count)
        return true; // onto itself: nothing moves
    if (to < from)
        std::rotate(children.begin() + to, children.begin() + from, children.begin() + from + count);
    else
        std::rotate(children.begin() + from, children.begin() + from + count, children.begin() + to);
    return true;
}

} // namespace sightline
