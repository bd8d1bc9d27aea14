#pragma once

#include "core/base/ids.h"

#include <cstdint>
#include <vector>

namespace sightline {

class ExecutionGraph;

// The host work of each step of a job: the time its host threads spend in the step's recorded ops,
// each op's own part (a leaf's duration, an enclosing op's time after its last nested op) and the
// gap before it, waits left out (a wait lasts as long as what it waits for). A what-if bound by its
// host copies each step's own host work, so steps that differ in it give different answers; the
// widest spread between two steps of one rank says by how much. Pure; O(items).
class HostWork {
public:
    struct Spread {
        RankId rank;
        std::int64_t fastStep = -1, slowStep = -1; // step numbers
        TimeNs fast = 0, slow = 0;
        // Slow over fast; 1 where no rank has two steps with host work.
        double ratio() const { return fast > 0 ? static_cast<double>(slow) / static_cast<double>(fast) : 1.0; }
    };
    // Per step of the graph (its steps() order).
    static std::vector<TimeNs> perStep(const ExecutionGraph& graph);
    // The rank whose steps differ most in host work.
    static Spread widest(const ExecutionGraph& graph);
    // The most host work of one step (perStep), with perEvent added for each event the profiler
    // recorded there (ProfilerOverhead::recorded): a job whose profiler's cost was taken out, with that
    // cost put back.
    static TimeNs mostWith(const ExecutionGraph& graph, TimeNs perEvent);
};

} // namespace sightline
