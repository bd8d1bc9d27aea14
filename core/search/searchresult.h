#pragma once

#include "core/base/message.h"
#include "core/memory/memoryestimator.h"
#include "core/session/jobsession.h"
#include "core/strategy/passparameter.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sightline {

// One round of the search: the iteration and peak of the strategy it ended with, and the step that
// round changed ("" for the baseline).
struct SearchRound {
    int round = 0;
    TimeNs iterationNs = 0;
    std::int64_t peakBytes = 0;
    std::string move;
};

// What the search may try and when it stops. Counts only, never wall-clock time, so that the result
// does not depend on the machine, its threads or the processes.
struct SearchOptions {
    // Steps every candidate starts with (a scenario: a network, a worker count), kept as they are; the
    // search's own go among them as SearchBase places them.
    Strategy prefix;
    // How the job's transfers are timed in every candidate and in the baseline they are compared with.
    BaselineKind baseline { CommSource::CostModel, true, std::nullopt };
    // The device budget; unset: the session's (each device's own memory).
    std::optional<MemoryOptions> memory;
    int maxRounds = 50;
    std::size_t maxCandidates = 5000;
    // Stop when this many rounds together shortened the iteration by less than this fraction (dPRO).
    int stableRounds = 5;
    double stableFraction = 0.001;
    // A step of the best strategy that shortens its iteration by less than this fraction is left out
    // (with a warning): a change that gains less than the replay can tell is not worth a config.
    double stepFraction = 0.001;
    // Tensor-fusion moves per round beside the theorem's grouping, the best by the bucket channel; and
    // computation segments of the critical path fused per round, those with most to save.
    std::size_t localMoves = 8;
    // Called after each round, on the search's thread.
    std::function<void(const SearchRound&)> onRound;
};

// A change the search found worth making alone, from the strategy it had then: its steps (one, or an op
// fusion with the tensor fusion that goes with it), how much shorter it made the iteration, and why
// (the critical path's share that got shorter).
struct Opportunity {
    std::vector<PassStep> steps;
    double gainPct = 0;
    TimeNs iterationNs = 0;
    Message reason;
    // The whole strategy whose replay gave iterationNs: the search's base, the plan the move was made
    // on, and its steps.
    Strategy strategy;
    bool selfChecked = false; // that replay's checks of its own figures warned: the gain may be wrong
};

// The search's answer: the best strategy it found (never slower than the baseline when the baseline
// fits the budget), replayed alone through the pipeline, with every warning of that what-if.
struct SearchResult {
    TimeNs baselineNs = 0;
    std::int64_t baselinePeakBytes = 0;
    bool baselineOutOfMemory = false;
    TimeNs bestNs = 0;
    std::int64_t bestPeakBytes = 0;
    bool bestOutOfMemory = false;
    Strategy best; // the prefix's steps and the search's, as a what-if runs them
    std::shared_ptr<const WhatIfResult> bestResult;
    int rounds = 0;
    std::size_t candidates = 0;
    std::vector<SearchRound> trajectory;
    std::vector<Opportunity> opportunities; // by gain, largest first
    std::vector<Message> warnings;
    // The samples a step of best computes on over the baseline's: 1 but where best changes them (fewer
    // devices that each keep their batch make fewer a step).
    double bestSamplesShare = 1.0;

    // How many times the baseline's time per sample best's is (0 without a best time): the iterations'
    // ratio where both steps make the same samples.
    double speedup() const
    {
        return bestNs > 0 ? static_cast<double>(baselineNs) * bestSamplesShare / static_cast<double>(bestNs) : 0.0;
    }
};

} // namespace sightline
