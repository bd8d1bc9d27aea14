#pragma once

#include "core/base/expected.h"
#include "core/base/ids.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sightline {

// A set of the measured job's ops, named by id: what a strategy step aims at when the user picked the
// ops (an area of the Gantt, segments of the critical path). Held as sorted, disjoint ranges and
// written as text, "3-9,12,40-41" (ids of the measured trace, inclusive ranges), which is what a
// strategy file and a scenario keep. An empty set names no op. Immutable; copies are cheap for the
// few ranges a selection makes (one per track it covers).
class OpSet {
public:
    OpSet() = default;
    // The ops given, in any order, with repeats.
    static OpSet of(std::vector<OpId> ops);
    // "" is the empty set; otherwise comma-separated ids and ranges "a-b" (a <= b), in any order,
    // overlapping or not. Anything else is InvalidArgument, naming what and where.
    static Expected<OpSet> parse(std::string_view text);

    // The shortest text that parses back to this set.
    std::string text() const;
    bool empty() const { return m_ranges.empty(); }
    // How many ops.
    std::uint64_t size() const;
    bool contains(OpId op) const;
    // Whether any of ops is in the set.
    bool containsAny(std::span<const OpId> ops) const;
    // Inclusive ranges, sorted and disjoint (not touching).
    const std::vector<std::pair<std::uint32_t, std::uint32_t>>& ranges() const { return m_ranges; }
    // InvalidArgument unless every op is below opCount (the measured trace's).
    Status fits(std::size_t opCount) const;

    bool operator==(const OpSet&) const = default;

private:
    void normalise();
    std::vector<std::pair<std::uint32_t, std::uint32_t>> m_ranges;
};

} // namespace sightline
