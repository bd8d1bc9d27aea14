#pragma once

#include <compare>
#include <cstdint>
#include <limits>

namespace sightline {

// Time in integer nanoseconds. Never a double: epoch timestamps need all 63 bits.
using TimeNs = std::int64_t;

// A typed 32-bit index. Ids of different tags do not mix; each doubles as a vector index and a graph
// vertex id. The default-constructed id is invalid.
template <class Tag>
class Id {
public:
    static constexpr std::uint32_t kInvalid = std::numeric_limits<std::uint32_t>::max();

    constexpr Id() = default;
    constexpr explicit Id(std::uint32_t value)
        : m_value(value)
    {
    }
    constexpr std::uint32_t value() const { return m_value; }
    constexpr bool isValid() const { return m_value != kInvalid; }
    constexpr auto operator<=>(const Id&) const = default;

private:
    std::uint32_t m_value = kInvalid;
};

using OpId = Id<struct OpTag>;
using TrackId = Id<struct TrackTag>;
using RankId = Id<struct RankTag>;
using StringId = Id<struct StringTag>;

} // namespace sightline
