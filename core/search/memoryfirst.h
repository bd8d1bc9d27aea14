#pragma once

#include "core/base/expected.h"
#include "core/base/message.h"
#include "core/search/outcome.h"
#include "core/search/wholemicrobatches.h"
#include "core/strategy/passparameter.h"

#include <vector>

namespace sightline {

class Evaluator;

// The search's first move when the job does not fit its devices (dPRO §5.3, Table 4): recomputation
// (every layer, every second or every fourth), gradient accumulation (2, 4 or 8 micro-batches of a split
// batch, or the nearest counts that split it into whole samples) and mixed precision (bf16, alone and with the least of
// each of the others), the most of each (every layer recomputed and 8 micro-batches, with and without bf16; bf16 and 8
// micro-batches), and which layers to recompute with which of the others (the fastest point within the budget of the
// time–memory frontier at the job's own device count, FrontierTracker, or its point of least memory
// where none is within it), each replayed whole, and the fastest that fits the budget kept; when none
// fits, the one with the lowest peak, with a warning, unless its peak is no lower than the baseline's
// (then none, with a warning). A choice a pass refuses (a job without layers or without shapes) is
// left out, and so is one of a pass the prefix holds once already (SearchBase::leftOut, said); the
// choices' steps go among the prefix's as SearchBase places them.
class MemoryFirst {
public:
    struct Choice {
        std::vector<PassStep> steps;
        Outcome outcome;
        std::vector<Message> warnings;
    };
    // The choices it tries, each a list of steps, each once: their micro-batches whole ones of the
    // batch (WholeMicroBatches::nearest).
    static std::vector<std::vector<PassStep>> choices(const WholeMicroBatches& whole = {});
    // Evaluates prefix + each choice, the first room of them (the frontier's where room is left for it,
    // its what-ifs counted beside), against the baseline (prefix alone, whose batch whole splits);
    // steps is empty where no choice improves on it. Fails with the evaluator's error (Cancelled).
    static Expected<Choice> choose(Evaluator& evaluator, const Strategy& prefix, const Outcome& baseline,
        const WholeMicroBatches& whole, std::size_t room);
};

} // namespace sightline
