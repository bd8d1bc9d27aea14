#include "core/search/ranking.h"

#include <tuple>

namespace sightline {

namespace {

// What decides between two outcomes of one side of the budget, most important first.
std::tuple<std::int64_t, std::int64_t> figures(const Outcome& o)
{
    return o.outOfMemory ? std::tuple(o.peakBytes, o.iterationNs) : std::tuple(o.iterationNs, o.peakBytes);
}

} // namespace

bool Ranking::improves(const Outcome& a, const Outcome& b)
{
    if (!a.ok())
        return false;
    if (!b.ok() || a.outOfMemory != b.outOfMemory)
        return !b.ok() || !a.outOfMemory;
    return figures(a) < figures(b);
}

bool Ranking::better(const Outcome& a, const Candidate& candidateA, const Outcome& b, const Candidate& candidateB)
{
    if (a.ok() != b.ok())
        return a.ok();
    if (a.outOfMemory != b.outOfMemory)
        return !a.outOfMemory;
    if (figures(a) != figures(b))
        return figures(a) < figures(b);
    return candidateA.key < candidateB.key;
}

std::size_t Ranking::best(std::span<const Outcome> outcomes, std::span<const Candidate> candidates)
{
    std::size_t best = 0;
    for (std::size_t i = 1; i < outcomes.size(); ++i) {
        if (better(outcomes[i], candidates[i], outcomes[best], candidates[best]))
            best = i;
    }
    return best;
}

} // namespace sightline
