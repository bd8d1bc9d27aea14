#include "core/search/costfrontier.h"

#include "core/base/checkedmath.h"

#include <algorithm>
#include <tuple>

namespace sightline {

std::vector<CostFrontier::Tuple> CostFrontier::reduce(std::vector<Tuple> tuples)
{
    std::sort(tuples.begin(), tuples.end(), [](const Tuple& a, const Tuple& b) {
        return std::tie(a.memoryBytes, a.timeNs, a.choices) < std::tie(b.memoryBytes, b.timeNs, b.choices);
    });
    std::vector<Tuple> kept;
    for (Tuple& t : tuples) {
        // Sorted by memory, then time: a tuple is on the frontier when it is faster than all before it.
        if (kept.empty() || t.timeNs < kept.back().timeNs)
            kept.push_back(std::move(t));
    }
    return kept;
}

std::vector<CostFrontier::Tuple> CostFrontier::product(std::span<const Tuple> a, std::span<const Tuple> b)
{
    std::vector<Tuple> out;
    out.reserve(a.size() * b.size());
    for (const Tuple& x : a) {
        for (const Tuple& y : b) {
            Tuple t { CheckedMath::timeAdd(x.timeNs, y.timeNs),
                CheckedMath::saturatingAdd(x.memoryBytes, y.memoryBytes), x.choices };
            const auto middle = static_cast<std::ptrdiff_t>(t.choices.size());
            t.choices.insert(t.choices.end(), y.choices.begin(), y.choices.end());
            std::inplace_merge(t.choices.begin(), t.choices.begin() + middle, t.choices.end()); // both sorted

            out.push_back(std::move(t));
        }
    }
    return reduce(std::move(out));
}

std::vector<CostFrontier::Tuple> CostFrontier::unite(std::span<const Tuple> a, std::span<const Tuple> b)
{
    std::vector<Tuple> all(a.begin(), a.end());
    all.insert(all.end(), b.begin(), b.end());
    return reduce(std::move(all));
}

bool CostFrontier::monotone(std::span<const Tuple> tuples)
{
    for (std::size_t i = 1; i < tuples.size(); ++i) {
        if (!(tuples[i].memoryBytes > tuples[i - 1].memoryBytes && tuples[i].timeNs < tuples[i - 1].timeNs))
            return false;
    }
    return true;
}

} // namespace sightline
