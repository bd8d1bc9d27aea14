#pragma once

#include "core/base/millisecondtext.h"

#include <QLocale>
#include <QString>

// A figure in milliseconds as the window shows it, without the unit: in the user's locale, with the
// decimals every such figure takes (three, and more below 0.1 ms, as MillisecondText says). Pure.
namespace DurationText {

inline QString milliseconds(double ms)
{
    return QLocale().toString(ms, 'f', sightline::MillisecondText::decimals(ms));
}

} // namespace DurationText
