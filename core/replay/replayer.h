#pragma once

#include "core/base/expected.h"
#include "core/cost/costmodel.h"
#include "core/cost/linktopology.h"
#include "core/replay/schedule.h"

#include <array>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace sightline {

class CancellationToken;
class ExecutionGraph;
class Trace;
struct ResourceLimits;

// Where the transfer time of each logical collective comes from.
enum class CommSource : std::uint8_t {
    Measured, // the measured pure transfer time (last arrival to first participant done)
    CostModel, // the α–β cost model, with transfers in flight sharing their links' bandwidth
};

struct ReplayOptions {
    CommSource communication = CommSource::Measured;
    CostModel costModel; // for CommSource::CostModel
    TopologyOptions topology;

    // Where each link type's parameters come from, for what a replay that uses them says about them:
    // fitted to the job's own transfers (fits), given (the network pass, a --link value: a bit per
    // LinkType), or else the cost model's defaults.
    std::array<LinkFit, kLinkTypeCount> fits {};
    std::uint32_t givenLinks = 0;
    bool given(LinkType type) const { return (givenLinks & (1u << static_cast<unsigned>(type))) != 0; }
    void setGiven(LinkType type) { givenLinks |= 1u << static_cast<unsigned>(type); }

    // γ: compute kernels run this much slower (0.1 = 10 %) while communication runs on the same rank.
    // Measured durations already hold the slowdown of the overlap they had, so each kernel is scaled
    // by (1 + γ·replayed overlap) / (1 + γ·measured overlap), overlap being the fraction of the kernel
    // covered by communication. 0 turns it off.
    double overlapSlowdown = 0;
};

// The embedded replayer (dPRO §4.3): replays an execution graph, measured or rewritten. Each item
// starts its gap after the latest instant its start waits for (a root at its anchor) and ends at the
// later of its start plus its minimum duration and the latest end it awaits plus its tail. Instants
// are resolved in dependency order, so the result is deterministic and independent of thread count;
// ties go to the later cause. A graph whose instants wait for each other in a cycle fails with
// DependencyCycle. Replayed times beyond ±2^62 ns (an edited or malformed job's) saturate instead of
// overflowing and are flagged in Schedule::timesOutOfRange.
//
// With the cost model, each communication item with a transfer is timed over the links of a
// LinkTopology: it starts after its α latency and shares bandwidth with the transfers in flight
// (FlowNetwork); the simulation then advances in time order through transfer starts and completions,
// and resolves the instants that depend on them as they complete. With the overlap slowdown, a second
// pass scales compute kernels by the communication they overlap. Pure; safe to run concurrently on
// one graph.
class Replayer {
public:
    // Work on a replayed schedule that reads only its times, causes, order, minimum durations and
    // window (begin, finish) — the critical path, the memory estimate — and may run while the steps are
    // summarised.
    using Alongside = std::function<void(const Schedule&)>;

    // With alongside, calls it on this thread once the schedule is simulated, while a thread of its own
    // summarises the steps, and returns when both are done (not when the replay fails).
    // Alongside may run parallel loops on every core: it is not nested in a loop of the replay's.
    static Expected<Schedule> replay(const ExecutionGraph& graph, const ReplayOptions& options = {},
        const CancellationToken* cancel = nullptr, const Alongside& alongside = {});

    // The graph's transfers the cost model would time over each link type, as their bottleneck (the
    // kind of link of least bandwidth by these options that a replay with them crosses; the route's own
    // kind on a tie): how many, their smallest and largest message sizes; and how many it cannot time,
    // as they record no size (0 bytes: the trace does not say what they move). A collective among one
    // rank is in neither: it moves nothing, and is timed at nothing.
    struct LinkTransfers {
        std::size_t count = 0;
        std::int64_t smallestBytes = 0, largestBytes = 0;
        std::size_t unsized = 0;
    };
    static std::array<LinkTransfers, kLinkTypeCount> transfersByLink(const ExecutionGraph& graph, const ReplayOptions& options);

    // Whether building the dependency graph of trace, its execution graph and replaying it fits
    // limits.maxMemoryBytes, with the trace itself; else TooLarge naming the job's first file and the
    // limit. Checked before the graph is built, so that a job too large for the machine is refused
    // rather than killed.
    static Status checkMemory(const Trace& trace, const ResourceLimits& limits);
};

} // namespace sightline
