#pragma once

#include "core/search/coarsenedview.h"

#include <cstddef>
#include <vector>

namespace sightline {

// dPRO's symmetry (§5.4): a model's identical blocks (a transformer's layers) make identical runs of
// gradient units, and a decision on a boundary inside one block is the decision for the same boundary
// of every block. The blocks are the longest stretch of units that repeats a pattern of at least two
// units at least twice (each unit by its tensors, their bytes and, within a tenth, the time of the
// computation that made them): a period from an offset, so many times.
// Boundaries between blocks and outside them, and every boundary of a job without such a stretch, stand
// alone. (Identical workers need nothing here: tensor_fusion groups the same tensors on every rank.)
// Quadratic in the units, so jobs of more than kMaxUnits units are left without blocks.
class Symmetry {
public:
    static constexpr std::size_t kMaxUnits = 8192;

    static Symmetry of(const CoarsenedView& view);

    // The boundaries that take boundary's decision, itself included, in order.
    std::vector<std::size_t> mirrors(std::size_t boundary) const;
    // Whether boundary is the first of its mirrors: the one the search decides.
    bool representative(std::size_t boundary) const { return mirrors(boundary).front() == boundary; }
    std::size_t period() const { return m_period; }
    std::size_t offset() const { return m_offset; }
    std::size_t blocks() const { return m_blocks; }

private:
    std::size_t m_period = 0; // 0: no blocks
    std::size_t m_offset = 0;
    std::size_t m_blocks = 0;
};

} // namespace sightline
