#pragma once

#include "core/base/ids.h"

#include <QString>

#include <string_view>

// Small conversions the CLI commands share: core's UTF-8 views to QString, nanoseconds to ms.
namespace CliText {

inline QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

inline double toMs(sightline::TimeNs ns)
{
    return static_cast<double>(ns) / 1e6;
}

} // namespace CliText
