#pragma once

#include "core/base/expected.h"
#include "core/search/outcome.h"

#include <cstdint>
#include <span>
#include <vector>

namespace sightline {

// How the processes of one search share their work (LocalExchange for one process; MPI's in the CLI).
// Every process runs the same search on the same job and calls these together, in the same order:
// each evaluates the candidates whose index is its rank modulo size() and gathers everyone's outcomes.
// Core knows no transport: an implementation brings its own.
class CandidateExchange {
public:
    virtual ~CandidateExchange() = default;
    // This process, from 0, and the number of processes.
    virtual int rank() const = 0;
    virtual int size() const = 0;
    // Every process's outcomes together (in any order), given this process's own. Fails when the
    // processes cannot exchange.
    virtual Expected<std::vector<Outcome>> allGather(std::span<const Outcome> mine) = 0;
    // Ok when every process gave the same digest (of the candidates it is about to evaluate); fails
    // naming the disagreement otherwise, which would make their results differ.
    virtual Status agree(std::uint64_t digest) = 0;
};

} // namespace sightline
