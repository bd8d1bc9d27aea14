#include "core/model/stepdetector.h"

#include <algorithm>
#include <unordered_map>

namespace sightline {

namespace {

double matchRatio(std::span<const std::uint32_t> names, std::size_t period)
{
    const std::size_t n = names.size();
    std::size_t matches = 0;
    for (std::size_t i = 0; i + period < n; ++i)
        matches += names[i] == names[i + period];
    return static_cast<double>(matches) / static_cast<double>(n - period);
}

} // namespace

StepDetector::Result StepDetector::detect(
    std::span<const std::uint32_t> names, std::span<const TimeNs> starts, std::span<const TimeNs> ends)
{
    Result result;
    const std::size_t n = names.size();
    if (n < 4 || starts.size() != n || ends.size() != n)
        return result;

    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> positions;
    for (std::size_t i = 0; i < n; ++i)
        positions[names[i]].push_back(static_cast<std::uint32_t>(i));
    std::vector<const std::vector<std::uint32_t>*> repeated;
    for (const auto& [name, where] : positions) {
        if (where.size() >= 2)
            repeated.push_back(&where);
    }
    // Rarest first; ties broken by first position so the result does not depend on hash order.
    std::sort(repeated.begin(), repeated.end(), [](const auto* a, const auto* b) {
        return a->size() != b->size() ? a->size() < b->size() : a->front() < b->front();
    });
    std::vector<std::size_t> candidates;
    for (const auto* where : repeated) {
        for (std::size_t k = 1; k < where->size(); ++k) {
            const std::size_t d = (*where)[k] - (*where)[k - 1];
            if (d >= 2 && d * 2 <= n && std::find(candidates.begin(), candidates.end(), d) == candidates.end())
                candidates.push_back(d);
        }
        if (candidates.size() >= 32)
            break;
    }
    std::sort(candidates.begin(), candidates.end());
    std::size_t best = 0;
    double bestRatio = 0;
    for (std::size_t p : candidates) {
        const double r = matchRatio(names, p);
        if (r >= 0.9) {
            best = p;
            bestRatio = r;
            break;
        }
        if (r > bestRatio) {
            bestRatio = r;
            best = p;
        }
    }
    if (best == 0 || bestRatio < 0.6)
        return result;

    // Align iterations to the position in the period preceded by the most idle time.
    std::size_t offset = 0;
    TimeNs bestGap = -1;
    for (std::size_t r = 0; r < best; ++r) {
        TimeNs gap = 0;
        for (std::size_t i = r; i < n; i += best) {
            if (i > 0)
                gap += std::max<TimeNs>(0, starts[i] - ends[i - 1]);
        }
        if (gap > bestGap) {
            bestGap = gap;
            offset = r;
        }
    }
    for (std::size_t b = offset; b + best <= n; b += best) {
        Step s;
        s.start = starts[b];
        if (b + best < n) {
            s.end = starts[b + best];
        } else {
            s.end = *std::max_element(ends.begin() + static_cast<std::ptrdiff_t>(b), ends.begin() + static_cast<std::ptrdiff_t>(b + best));
        }
        result.steps.push_back(s);
    }
    result.periodOps = best;
    result.matchRatio = bestRatio;
    return result;
}

} // namespace sightline
