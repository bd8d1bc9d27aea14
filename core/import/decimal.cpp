#include "core/import/decimal.h"

namespace sightline {

bool Decimal::parseScaled(std::string_view text, int scale, std::int64_t& out)
{
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
        for (int k = 0; k < -exponent && mantissa != 0; ++k) {
            lastDigit = static_cast<int>(mantissa % 10);
            mantissa /= 10;
        }
        if (lastDigit >= 5)
            ++mantissa;
    }
    if (mantissa > kLimit || (mantissa == kLimit && !negative))
        return false;
    out = negative ? static_cast<std::int64_t>(-static_cast<__int128>(mantissa)) : static_cast<std::int64_t>(mantissa);
    return true;
}

} // namespace sightline
