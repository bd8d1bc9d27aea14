#pragma once

#include "core/exec/executiongraph.h"

#include <array>
#include <vector>

namespace sightline {

class ExecutionGraph;
struct Schedule;

// What time on the critical path was spent on: device compute, communication (collectives, transfers,
// copies), kernel launches (runtime calls and the latency from a launch to its kernel), I/O, waiting
// (host synchronisation, a device idle behind other work), and host/framework time (CPU ops and the
// host time between and inside them that no nested op covers).
enum class PathCategory : std::uint8_t { Compute, Communication, Launch, Io, Wait, Host };
inline constexpr int kPathCategoryCount = 6;
const char* pathCategoryName(PathCategory c);

// One stretch of the critical path: an item of the execution graph and the time it holds the path,
// from `from` to `to`, with what that time counts as.
struct PathSegment {
    ItemId item;
    TimeNs from;
    TimeNs to;
    PathCategory category;
};

struct CriticalPath {
    std::vector<PathSegment> segments; // in time order
    TimeNs length = 0;
    std::array<TimeNs, kPathCategoryCount> total {};
    // Per rank of the execution graph: the same breakdown for segments on that rank's items. Items
    // spanning ranks (logical collectives) count for every rank they span.
    std::vector<std::array<TimeNs, kPathCategoryCount>> perRank;
    // Per item: latest end that keeps the makespan minus replayed end; kNotReplayed where not replayed.
    // Empty when the path was found without it (CriticalPathAnalysis::compute's withSlack).
    std::vector<TimeNs> slack;
    // Items on the path, in order, without repeats.
    std::vector<ItemId> items;

    // Consecutive segments of one item taken together, in path order: the time each holds the path
    // and the category it held longest. Made with the segments, once: the path's panel and the CLI read
    // them at every what-if.
    struct Hold {
        ItemId item;
        TimeNs held;
        PathCategory category;
    };
    std::vector<Hold> holds;
};

// The longest path through the replayed execution graph (dependencies plus same-device order), across
// ranks, found by walking back from the last instant along the instants that bound each start and end.
// Time goes to leaf work: the time an enclosing span (a CPU op with nested ops, a user annotation)
// holds the path is split among the leaf items that ran inside it on its track, and what no leaf
// covers counts as host/framework time (on a device, as waiting). A gap before a host item counts as
// host time; before a device item, as launch latency when a launch released it, else as waiting.
// Slack comes from a backward pass over the replay's topological order. Pure.
class CriticalPathAnalysis {
public:
    // withSlack: also each item's slack, a sweep over every instant that takes as long as finding the
    // path itself; a caller that shows no slack leaves it out.
    static CriticalPath compute(const ExecutionGraph& graph, const Schedule& schedule, bool withSlack = true);
    // Each item's slack alone, as compute() finds it (CriticalPath::slack).
    static std::vector<TimeNs> slack(const ExecutionGraph& graph, const Schedule& schedule);
};

} // namespace sightline
