#pragma once

#include "core/base/ids.h"
#include "core/model/opkind.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace sightline {

class Trace;

// How the Gantt arranges a job's tracks: hosts, then ranks, then the rank's kinds of track (GPU
// streams, communication channels, CPU threads, other), then tracks. Each node keeps its children in
// display order, whether it is shown and whether it is collapsed. Only leaves (tracks, and ranks or
// hosts without tracks) carry their own shown flag; a group is shown while any of its leaves is.
// Collapsing a host or a rank folds it into its header row, which then summarises its tracks;
// collapsing a track draws all its lanes in one row. Kind groups are for showing, hiding and ordering
// only: they have no row of their own. A plain value, edited by the track tree panel and the Gantt.
class TrackTree {
public:
    enum class Level : std::uint8_t { Root, Host, Rank, Group, Track };
    struct Node {
        Level level = Level::Root;
        // Host: the host's name (a StringId; invalid when the trace names none); rank: RankId; group:
        // TrackKind; track: TrackId.
        std::uint32_t id = 0;
        int parent = -1;
        std::vector<int> children; // in display order
        bool shown = true; // leaves only; see isShown()
        bool collapsed = false;
    };

    TrackTree() = default;
    // Hosts in order of their lowest rank, ranks by number, groups and tracks in the trace's order.
    // Jobs of more than two ranks start with their CPU threads collapsed to one row each, and jobs of
    // more than kCollapsedRanksAbove ranks with every rank collapsed to its header row.
    static constexpr std::size_t kCollapsedRanksAbove = 16;
    static TrackTree fromTrace(const Trace& trace);

    bool isEmpty() const { return m_nodes.size() <= 1; }
    // Whether the tree was made for this trace's ranks and tracks (a tree of another job is not).
    bool fits(const Trace& trace) const;
    // Whether both trees hold the same nodes in the same places (shown and collapsed flags aside): a
    // what-if of the same tracks, for one.
    bool sameShape(const TrackTree& other) const;
    static constexpr int root() { return 0; }
    int nodeCount() const { return static_cast<int>(m_nodes.size()); }
    const Node& node(int index) const { return m_nodes[static_cast<std::size_t>(index)]; }
    // The node of a track or a rank, or -1.
    int trackNode(TrackId track) const;
    int rankNode(RankId rank) const;
    // Whether host header rows are drawn: only when the job spans more than one host.
    bool hasHostRows() const { return m_hostRows; }
    // A node's position among its parent's children.
    int indexInParent(int index) const;

    // Leaves: their own flag; groups: whether any leaf under them is shown.
    bool isShown(int index) const;
    // Whether some but not all leaves under a group are shown.
    bool isPartlyShown(int index) const;
    // Whether any leaf under a node (or the leaf itself) is hidden.
    bool hasHidden(int index) const;
    // The shown leaves under a node, and all of them (a leaf counts itself): one walk for a check box.
    std::pair<int, int> shownLeaves(int index) const;
    // Shows or hides a node and everything under it. Nodes out of range are ignored, here and in
    // setCollapsed().
    void setShown(int index, bool shown);
    void setCollapsed(int index, bool collapsed);
    bool isCollapsed(int index) const { return node(index).collapsed; }
    // Moves `count` children of `parent` starting at `from` so that they come before the child now at
    // `to` (to == child count: to the end). Returns false when the range is invalid.
    bool moveChildren(int parent, int from, int count, int to);

private:
    int add(Level level, std::uint32_t id, int parent);

    std::vector<Node> m_nodes;
    std::vector<int> m_trackNode;
    std::vector<int> m_rankNode;
    bool m_hostRows = false;
};

} // namespace sightline
