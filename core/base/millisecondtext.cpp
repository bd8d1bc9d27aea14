#include "core/base/millisecondtext.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sightline {

namespace {

constexpr int kDecimals = 3;
constexpr int kMostDecimals = 6;

} // namespace

int MillisecondText::decimals(double ms)
{
    const double magnitude = std::abs(ms);
    if (!std::isfinite(magnitude) || magnitude == 0 || magnitude >= 0.1)
        return kDecimals;
    // The zeros between the decimal point and the first significant digit: 1 for 0.04, 3 for 0.0003.
    const int zeros = static_cast<int>(std::floor(-std::log10(magnitude)));
    return std::min(kMostDecimals, zeros + kDecimals);
}

std::string MillisecondText::number(std::int64_t ns)
{
    const double ms = static_cast<double>(ns) / 1e6;
    char text[48];
    std::snprintf(text, sizeof text, "%.*f", decimals(ms), ms);
    return text;
}

} // namespace sightline
