#include "core/import/decimal.h"

#include <cstring>

namespace sightline {

namespace {

// Whether the eight bytes at p are all ASCII digits.
bool eightDigits(const char* p)
{
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return ((v & 0xF0F0F0F0F0F0F0F0ull) | (((v + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull) >> 4)) == 0x3333333333333333ull;
}

// The value of eight ASCII digits, combined pairwise in one register (big-endian digit order in a
// little-endian word).
std::uint64_t eightDigitsValue(const char* p)
{
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    v -= 0x3030303030303030ull;
    v = (v * 10) + (v >> 8);
    v = (((v & 0x000000FF000000FFull) * 0x000F424000000064ull) + (((v >> 16) & 0x000000FF000000FFull) * 0x0000271000000001ull)) >> 32;
    return v;
}

// The common case: optional '-', at most 19 digits in all, an optional fraction of at most `scale`
// digits, no exponent. Exact in uint64 without 128-bit arithmetic (19 digits stay below 2^64), which
// covers epoch microseconds with three decimals. Returns false to defer to the general path. Runs of
// eight digits are converted at once.
bool parseSimple(std::string_view text, int scale, std::int64_t& out)
{
    static constexpr std::int64_t kPow10[] = { 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000 };
    // The largest value each factor can scale, looked up: a 64-bit division costs more than the parse.
    static constexpr std::uint64_t kLimit[] = { INT64_MAX / 1, INT64_MAX / 10, INT64_MAX / 100, INT64_MAX / 1000, INT64_MAX / 10000,
        INT64_MAX / 100000, INT64_MAX / 1000000, INT64_MAX / 10000000, INT64_MAX / 100000000, INT64_MAX / 1000000000 };
    if (scale < 0 || scale > 9 || text.empty() || text.size() > 21)
        return false;
    const char* p = text.data();
    const char* const end = p + text.size();
    const bool negative = *p == '-';
    if (negative)
        ++p;
    auto isDigit = [](char c) { return static_cast<unsigned char>(c - '0') < 10; };
    // Digits beyond 19 may wrap v around; they fail the count below.
    std::uint64_t v = 0;
    const char* digitsStart = p;
    while (end - p >= 8 && eightDigits(p)) {
        v = v * 100000000 + eightDigitsValue(p);
        p += 8;
    }
    for (; p < end && isDigit(*p); ++p)
        v = v * 10 + static_cast<unsigned>(*p - '0');
    std::ptrdiff_t digits = p - digitsStart;
    if (digits == 0)
        return false;
    std::ptrdiff_t fraction = 0;
    if (p < end) {
        if (*p != '.')
            return false;
        const char* fractionStart = ++p;
        for (; p < end && isDigit(*p); ++p)
            v = v * 10 + static_cast<unsigned>(*p - '0');
        fraction = p - fractionStart;
        digits += fraction;
        if (p != end || fraction == 0 || fraction > scale)
            return false;
    }
    if (digits > 19)
        return false;
    if (v > kLimit[scale - fraction])
        return false;
    const auto value = static_cast<std::int64_t>(v) * kPow10[scale - fraction];
    out = negative ? -value : value;
    return true;
}

} // namespace

bool Decimal::parseScaled(std::string_view text, int scale, std::int64_t& out)
{
    if (parseSimple(text, scale, out))
        return true;
    std::size_t i = 0;
    const std::size_t n = text.size();
    bool negative = false;
    if (i < n && (text[i] == '-' || text[i] == '+')) {
        negative = text[i] == '-';
        ++i;
    }
    // Accumulate all significant digits into a 128-bit integer and remember the decimal exponent.
    unsigned __int128 mantissa = 0;
    int exponent = 0;
    int digits = 0;
    bool dropped = false; // digits beyond 38 significant ones only matter for rounding
    int droppedFirst = 0;
    auto addDigit = [&](int d, bool fractional) {
        if (digits >= 37) {
            if (!dropped) {
                droppedFirst = d;
                dropped = true;
            }
            if (!fractional)
                ++exponent;
            return;
        }
        mantissa = mantissa * 10 + static_cast<unsigned>(d);
        if (mantissa != 0)
            ++digits;
        if (fractional)
            --exponent;
    };
    bool any = false;
    while (i < n && text[i] >= '0' && text[i] <= '9') {
        addDigit(text[i] - '0', false);
        any = true;
        ++i;
    }
    if (i < n && text[i] == '.') {
        ++i;
        while (i < n && text[i] >= '0' && text[i] <= '9') {
            addDigit(text[i] - '0', true);
            any = true;
            ++i;
        }
    }
    if (!any)
        return false;
    if (i < n && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool expNegative = false;
        if (i < n && (text[i] == '-' || text[i] == '+')) {
            expNegative = text[i] == '-';
            ++i;
        }
        int e = 0;
        bool expAny = false;
        while (i < n && text[i] >= '0' && text[i] <= '9') {
            if (e < 100000)
                e = e * 10 + (text[i] - '0');
            expAny = true;
            ++i;
        }
        if (!expAny)
            return false;
        exponent += expNegative ? -e : e;
    }
    if (i != n)
        return false;
    exponent += scale;
    constexpr unsigned __int128 kLimit = static_cast<unsigned __int128>(INT64_MAX) + 1;
    if (mantissa == 0) {
        out = 0;
        return true;
    }
    if (exponent >= 0) {
        for (int k = 0; k < exponent; ++k) {
            mantissa *= 10;
            if (mantissa > kLimit)
                return false;
        }
    } else {
        int lastDigit = dropped ? droppedFirst : 0;
        int k = 0;
        for (; k < -exponent && mantissa != 0; ++k) {
            lastDigit = static_cast<int>(mantissa % 10);
            mantissa /= 10;
        }
        // Ran out of digits before the rounding point: the digit just past it is a leading zero.
        if (k < -exponent)
            lastDigit = 0;
        if (lastDigit >= 5)
            ++mantissa;
    }
    if (mantissa > kLimit || (mantissa == kLimit && !negative))
        return false;
    out = negative ? static_cast<std::int64_t>(-static_cast<__int128>(mantissa)) : static_cast<std::int64_t>(mantissa);
    return true;
}

} // namespace sightline
