#pragma once

#include "core/base/ids.h"
#include "core/base/message.h"

#include <string>
#include <vector>

namespace sightline {

class ExecutionGraph;
struct CriticalPath;
struct Schedule;

// A replay's figures compared with one another, so that a number is never contradicted by its own
// result without a word: the critical path's length against the replay's span (the path runs through
// the whole window, from its start), each rank's steps against that span (work after the last step
// would not count in the iteration), step times that are not positive, the first step against the
// steps after it, and times out of the range of real jobs. Each disagreement beyond the
// tolerance (1 % and 10 µs) is a warning that names the figures. Pure; O(items + steps).
class ReplayChecks {
public:
    static constexpr double kRelative = 0.01;
    static constexpr TimeNs kAbsolute = 10'000;
    // Warnings about the replay, each a sentence; empty when its figures agree.
    static std::vector<Message> of(const ExecutionGraph& graph, const Schedule& schedule, const CriticalPath& path);
};

} // namespace sightline
