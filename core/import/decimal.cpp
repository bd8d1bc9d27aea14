#include "core/import/decimal.h"

namespace sightline {

namespace {

// The common case: optional '-', at most 18 digits in all, an optional fraction of at most `scale`
// digits, no exponent. Exact in int64 without 128-bit arithmetic. Returns false to defer to the
// general path.
bool parseSimple(std::string_view text, int scale, std::int64_t& out)
{
    static constexpr std::int64_t kPow10[] = { 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000 };
    if (scale < 0 || scale > 9 || text.empty() || text.size() > 19)
        return false;
    std::size_t i = 0;
    const bool negative = text[0] == '-';
    if (negative)
        ++i;
    std::int64_t v = 0;
    std::size_t digits = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++digits)
        v = v * 10 + (text[i] - '0');
    if (digits == 0)
        return false;
    int fraction = 0;
    if (i < text.size()) {
        if (text[i] != '.')
            return false;
        ++i;
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++fraction, ++digits)
            v = v * 10 + (text[i] - '0');
        if (i != text.size() || fraction == 0 || fraction > scale)
            return false;
    }
    if (digits > 18)
        return false;
    const std::int64_t factor = kPow10[scale - fraction];
    if (v > INT64_MAX / factor)
        return false;
    v *= factor;
    out = negative ? -v : v;
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
