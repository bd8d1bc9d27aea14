#pragma once

#include <cstdint>
#include <string_view>

namespace sightline {

// Exact conversion of JSON number text to scaled integers, without going through double: a 16-digit
// epoch microsecond value with three decimals needs all 63 bits of an int64 nanosecond count.
class Decimal {
public:
    // Parses text (JSON number syntax, optional exponent) times 10^scale, rounded half away from zero.
    // Returns false on malformed text or when the result does not fit an int64.
    static bool parseScaled(std::string_view text, int scale, std::int64_t& out);
};

} // namespace sightline
