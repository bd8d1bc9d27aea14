#pragma once

#include <cstdint>
#include <string>

namespace sightline {

// How every figure in milliseconds is written: three decimals, and below 0.1 ms as many more as give
// three significant digits, up to six (a nanosecond, the trace's resolution). A window of 0.3 us reads
// "0.000300", not "0.000" as if nothing had run. Zero, and what is not finite, keep three. Pure.
class MillisecondText {
public:
    // The decimals ms is written with.
    static int decimals(double ms);
    // ns in milliseconds, without the unit: "12.345", "0.0412".
    static std::string number(std::int64_t ns);
};

} // namespace sightline
