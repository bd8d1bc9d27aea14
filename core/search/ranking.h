#pragma once

#include "core/search/candidate.h"
#include "core/search/outcome.h"

#include <cstddef>
#include <span>

namespace sightline {

// The order the search ranks candidates in, total and the same in every process: a candidate whose
// what-if ran before one that failed; within the device budget before out of memory; within the budget,
// the shorter iteration, then the lower peak; out of memory, the lower peak, then the shorter
// iteration; last, the smaller key. A candidate whose own figures a check warned about may rank first:
// the search then reports it with that warning.
class Ranking {
public:
    static bool better(const Outcome& a, const Candidate& candidateA, const Outcome& b, const Candidate& candidateB);
    // Whether a is worth moving to from b: it ran, and it fits where b did not, or fits as b does with
    // a shorter iteration (out of memory: a lower peak), or as short a one and a lower peak.
    static bool improves(const Outcome& a, const Outcome& b);
    // The index of the best of outcomes (each of the candidate of its index); outcomes not empty.
    static std::size_t best(std::span<const Outcome> outcomes, std::span<const Candidate> candidates);
};

} // namespace sightline
