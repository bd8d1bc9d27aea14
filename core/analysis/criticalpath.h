#pragma once

#include "core/base/ids.h"

#include <array>
#include <vector>

namespace sightline {

class DependencyGraph;
struct Schedule;

// What time on the critical path was spent on.
enum class PathCategory : std::uint8_t { Compute, Communication, Launch, Io, Wait };
inline constexpr int kPathCategoryCount = 5;
const char* pathCategoryName(PathCategory c);

// One stretch of the critical path: a vertex (op or logical collective) and the time it holds the
// path, from `from` to `to`, with what that time counts as.
struct PathSegment {
    std::uint32_t vertex;
    TimeNs from;
    TimeNs to;
    PathCategory category;
};

struct CriticalPath {
    std::vector<PathSegment> segments; // in time order
    TimeNs length = 0;
    std::array<TimeNs, kPathCategoryCount> total {};
    // Per rank (by RankId): the same breakdown for segments on that rank's ops. Logical collectives
    // count for every participant's rank.
    std::vector<std::array<TimeNs, kPathCategoryCount>> perRank;
    // Per vertex: latest end that keeps the makespan minus replayed end; kNotReplayed where not replayed.
    std::vector<TimeNs> slack;
    // Vertices on the path, in order, without repeats.
    std::vector<std::uint32_t> vertices;

    // Consecutive segments of one vertex taken together, in path order: the time each holds the path
    // and the category it held longest.
    struct Hold {
        std::uint32_t vertex;
        TimeNs held;
        PathCategory category;
    };
    std::vector<Hold> holds() const;
};

// The longest path through the replayed execution graph (dependencies plus same-device order), across
// ranks, found by walking back from the last instant along the instants that bound each start and end.
// Gaps before an op count as launch overhead on host threads and as waiting on devices; host
// synchronisation counts as waiting. Slack comes from a backward pass over the replay's topological
// order. Pure.
class CriticalPathAnalysis {
public:
    static CriticalPath compute(const DependencyGraph& graph, const Schedule& schedule);
};

} // namespace sightline
