#pragma once

#include "core/base/ids.h"

#include <cstdint>
#include <span>
#include <vector>

namespace sightline {

// TensorOpt's cost frontier (seed 003, Def. 1 and Alg. 1): of (time, memory) tuples, each with what
// it chose, the least subset that dominates every tuple (another is no better when its time and its
// memory are both no lower). The three operations FT-LDP builds a frontier with over a chain of
// decisions: reduce (keep the frontier), product (each tuple of one with each of the other: times
// and memories add, choices join) and union (both sets, reduced). Deterministic: ties keep the tuple
// whose choices compare lower. O(n log n) per reduce.
class CostFrontier {
public:
    struct Tuple {
        TimeNs timeNs = 0;
        std::int64_t memoryBytes = 0;
        std::vector<std::uint32_t> choices; // sorted: here, the layers recomputed
    };

    // The frontier of tuples, by memory ascending (and so by time descending).
    static std::vector<Tuple> reduce(std::vector<Tuple> tuples);
    static std::vector<Tuple> product(std::span<const Tuple> a, std::span<const Tuple> b);
    static std::vector<Tuple> unite(std::span<const Tuple> a, std::span<const Tuple> b);
    // Whether tuples are a frontier: memory strictly ascending and time strictly descending.
    static bool monotone(std::span<const Tuple> tuples);
};

} // namespace sightline
