#include "core/search/symmetry.h"

#include <algorithm>
#include <cstdlib>
#include <tuple>

namespace sightline {

Symmetry Symmetry::of(const CoarsenedView& view)
{
    const auto units = view.units();
    const std::size_t n = units.size();
    Symmetry s;
    if (n < 4 || n > kMaxUnits)
        return s;
    // The same tensors made by computations of about the same time (within a tenth: measured blocks vary).
    const auto same = [&](std::size_t a, std::size_t b) {
        const TimeNs ta = units[a].computeNs, tb = units[b].computeNs;
        return units[a].tensors == units[b].tensors && units[a].bytes == units[b].bytes
            && std::abs(ta - tb) * 10 <= std::max(ta, tb);
    };
    std::size_t bestCover = 0;
    for (std::size_t p = 2; p <= n / 2; ++p) {
        // Runs of units equal to the unit p later: a run of length L from i makes [i, i + L + p) periodic.
        std::size_t runStart = 0, run = 0;
        for (std::size_t i = 0; i + p <= n; ++i) {
            const bool match = i + p < n && same(i, i + p);
            if (match) {
                if (run++ == 0)
                    runStart = i;
                continue;
            }
            const std::size_t blocks = (run + p) / p;
            if (blocks >= 2 && blocks * p > bestCover) {
                bestCover = blocks * p;
                std::tie(s.m_period, s.m_offset, s.m_blocks) = std::tuple(p, runStart, blocks);
            }
            run = 0;
        }
    }
    return s;
}

std::vector<std::size_t> Symmetry::mirrors(std::size_t boundary) const
{
    if (m_period == 0 || boundary < m_offset || boundary + 1 >= m_offset + m_blocks * m_period)
        return { boundary };
    const std::size_t position = (boundary - m_offset) % m_period;
    if (position + 1 == m_period) // between two blocks
        return { boundary };
    std::vector<std::size_t> all;
    for (std::size_t b = 0; b < m_blocks; ++b)
        all.push_back(m_offset + b * m_period + position);
    return all;
}

} // namespace sightline
