#pragma once

#include "core/base/expected.h"
#include "core/base/message.h"
#include "core/exec/executiongraph.h"

#include <memory>
#include <optional>
#include <string>

namespace sightline {

// The profiler's own cost in a trace's host time, and the job without it. With record_shapes and
// profile_memory every recorded host event (an op, a runtime call, an allocation) costs the host a few
// microseconds more than the job does without the profiler: a trace whose steps are bound by the host
// runs slower than the job, and a strategy that multiplies host work multiplies that cost too.
//
// The estimate is a cost per recorded host event, calibrated on pairs of runs of one job with and
// without the profiler (docs/fidelity.md): for a job whose host launched device work, the PyTorch
// profiler's (Kineto's), calibrated on the H100 pairs; for a CPU-only job, the CPU profiler's,
// calibrated on the CPU pairs. From the trace it takes which of the two the job is, and what it counts:
// the events on its host threads. Jobs that are not profiler traces (layer-wise profiles, Horovod,
// BytePS and TensorFlow timelines, dPRO) carry no such cost. Removal takes the cost from each host
// event's gap first (where the profiler spends it, between the events it records), then from its own
// time (its duration, or an enclosing op's tail), never below zero; host waits keep theirs (they last
// as long as what they wait for). On a CPU-only job the profiler also slows the ops' own compute, which
// no cost per event takes out: the estimate says so. Pure.
class ProfilerOverhead {
public:
    struct Estimate {
        double perEventNs = 0;
        std::string source; // where the figure comes from, in words
        Message warning; // what the estimate cannot take out, for the user; empty when nothing
        std::size_t hostEvents = 0; // the events that carry it, of the replayed steps (or the window: none marked)
        std::size_t steps = 0; // the replayed steps, to say it per step
        bool device = false; // the job launched device work (its host may not hold the step)

        // The host events of an iteration: of a step, or of the window, which a trace that marks no
        // steps replays as its one iteration.
        double eventsPerIteration() const
        {
            return steps == 0 ? static_cast<double>(hostEvents)
                              : static_cast<double>(hostEvents) / static_cast<double>(steps);
        }
        // The most an iteration is taken out, in nanoseconds.
        double perIterationNs() const { return perEventNs * eventsPerIteration(); }
    };
    // Calibrated costs per recorded host event (docs/fidelity.md says how).
    static constexpr double kKinetoNs = 3000;
    static constexpr double kCpuProfilerNs = 8000;

    // The estimate for a job; given (from --profiler-overhead) replaces the calibrated cost.
    static Estimate estimate(const ExecutionGraph& graph, std::optional<double> givenNs = std::nullopt);
    // A host event the profiler recorded: an op, a runtime call or an allocation on a host thread of a
    // rank, made of the trace (not the window's context, nor a pass's).
    static bool recorded(const ExecutionGraph& graph, ItemId item);
    // The graph with perEventNs taken from its host events (the graph itself when it is 0).
    static Expected<std::shared_ptr<const ExecutionGraph>> remove(const std::shared_ptr<const ExecutionGraph>& graph, double perEventNs);
};

} // namespace sightline
