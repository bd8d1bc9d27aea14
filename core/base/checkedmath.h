#pragma once

#include "core/base/ids.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace sightline {

// Arithmetic on times, byte and element counts that cannot overflow. Input files can hold any number,
// so a sum or product of values read from them is done here: saturating at the int64 limits (the
// result is clamped, and `overflowed`, when given, is set), or checked (false when the exact result
// does not fit). Pure, constexpr-friendly, safe from any thread.
namespace CheckedMath {

inline constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
inline constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();

// The range every time of a Trace lies in, ±2^62 ns (about 146 years either side of the epoch): the
// difference of any two such times, and the sum of a time and such a difference, fit an int64.
inline constexpr TimeNs kTimeLimit = TimeNs(1) << 62;
inline constexpr bool isTimeInRange(TimeNs t) { return t > -kTimeLimit && t < kTimeLimit; }

inline bool add(std::int64_t a, std::int64_t b, std::int64_t& out) { return !__builtin_add_overflow(a, b, &out); }
inline bool sub(std::int64_t a, std::int64_t b, std::int64_t& out) { return !__builtin_sub_overflow(a, b, &out); }
inline bool mul(std::int64_t a, std::int64_t b, std::int64_t& out) { return !__builtin_mul_overflow(a, b, &out); }

inline std::int64_t saturatingAdd(std::int64_t a, std::int64_t b, bool* overflowed = nullptr)
{
    std::int64_t r = 0;
    if (!__builtin_add_overflow(a, b, &r))
        return r;
    if (overflowed)
        *overflowed = true;
    return b > 0 ? kMax : kMin;
}

inline std::int64_t saturatingSub(std::int64_t a, std::int64_t b, bool* overflowed = nullptr)
{
    std::int64_t r = 0;
    if (!__builtin_sub_overflow(a, b, &r))
        return r;
    if (overflowed)
        *overflowed = true;
    return b < 0 ? kMax : kMin;
}

// Sums and differences of replayed times: saturating, and never the lowest int64, which replays keep
// free to mean "no time" (a time that ran off the bottom stays a time, one above it).
inline TimeNs timeAdd(TimeNs a, TimeNs b)
{
    const TimeNs r = saturatingAdd(a, b);
    return r == kMin ? kMin + 1 : r;
}
inline TimeNs timeSub(TimeNs a, TimeNs b)
{
    const TimeNs r = saturatingSub(a, b);
    return r == kMin ? kMin + 1 : r;
}

inline std::int64_t saturatingMul(std::int64_t a, std::int64_t b, bool* overflowed = nullptr)
{
    std::int64_t r = 0;
    if (!__builtin_mul_overflow(a, b, &r))
        return r;
    if (overflowed)
        *overflowed = true;
    return (a < 0) != (b < 0) ? kMin : kMax;
}

// A double (a model's estimate, a scaled value) rounded to the nearest int64, clamped to the limits;
// NaN gives 0.
inline std::int64_t saturatingRound(double v, bool* overflowed = nullptr)
{
    if (!(v == v))
        return 0;
    v = std::round(v);
    // 2^63 is exactly representable; every double below it converts without overflow.
    if (v >= 9223372036854775808.0) {
        if (overflowed)
            *overflowed = true;
        return kMax;
    }
    if (v < -9223372036854775808.0) {
        if (overflowed)
            *overflowed = true;
        return kMin;
    }
    return static_cast<std::int64_t>(v);
}

} // namespace CheckedMath

} // namespace sightline
