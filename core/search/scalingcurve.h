#pragma once

#include "core/base/ids.h"
#include "core/base/message.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sightline {

struct Schedule;

// Throughput against the number of workers, from one profile: what a scaling model predicts at each
// count, what a full replay of worker_count gives where one was run, and the count the trace measured.
struct ScalingPoint {
    int workers = 0;
    TimeNs iterationNs = 0; // the model's time per step of each worker
    std::optional<TimeNs> replayedNs; // a worker_count what-if's iteration, where replayed
    std::optional<TimeNs> measuredNs; // the trace's own iteration, at its own count
    double stepsPerSecond = 0; // steps of all workers together (of the measured batch each), by the model
    double speedup = 0; // stepsPerSecond over one worker's
    double efficiency = 0; // speedup / workers
};

struct ScalingCurve {
    enum class Mode : std::uint8_t { Sync, AsyncPs };
    Mode mode = Mode::Sync;
    int measuredWorkers = 0;
    // Strong scaling: the workers share the measured global batch, and stepsPerSecond counts the
    // measured workers' steps a global step makes (its samples over the measured per-worker batch).
    bool globalBatch = false;
    std::vector<ScalingPoint> points;
    // Samples per worker per step, where the trace tells: the trace's batch as the base strategy left it
    // (a batch_size step, repeated batches of accumulation), so possibly fractional.
    std::optional<double> batch;
    std::vector<std::pair<std::string, double>> parameters; // what the model was given, by name
    std::vector<Message> warnings;

    // Marks the point of the job's own count with the trace's iteration as measured in schedule (a
    // replay of the job), where the trace has steps.
    void markMeasured(const Schedule& schedule);
    // Fills speedup and efficiency from stepsPerSecond, against the model's steps per second at one
    // worker (whether or not the curve lists that count).
    void relate(double oneWorkerStepsPerSecond);
    // The steps per second, in the unit of stepsPerSecond, of `workers` workers whose step takes
    // iterationNs (a replay's or the trace's): strong scaling counts the measured workers' batches.
    double stepsPerSecondAt(int workers, TimeNs iterationNs) const;
    // The samples each of `workers` workers computes on a step, where the trace shows the batch: the
    // batch, or under strong scaling the measured workers' global batch shared among them (possibly
    // fractional: BatchSize::whole tells whether a data loader gives it).
    std::optional<double> samplesPerWorker(int workers) const;
};

} // namespace sightline
