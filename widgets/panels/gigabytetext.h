#pragma once

#include <QLocale>
#include <QString>

#include <algorithm>
#include <cmath>
#include <cstdint>

// Bytes in gigabytes as the window shows them: two decimals from 1 GB up, and below it three
// significant digits, so that a job that trains on its host (13 MB) reads 0.0131, not 0.01, and a
// change of a few megabytes shows. In the user's locale; pure.
namespace GigabyteText {

inline QString of(std::int64_t bytes)
{
    const double gigabytes = static_cast<double>(bytes) / 1e9;
    const int decimals
        = gigabytes > 0 && gigabytes < 1 ? std::min(9, 2 - static_cast<int>(std::floor(std::log10(gigabytes)))) : 2;
    return QLocale().toString(gigabytes, 'f', decimals);
}

} // namespace GigabyteText
