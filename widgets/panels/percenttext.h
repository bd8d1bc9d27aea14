#pragma once

#include <QLocale>
#include <QString>

#include <cmath>

// A change in percent as the window shows it, always signed: "+2.8 %", "−6.8 %" (a minus sign, not a
// hyphen), and "0.0 %" where it rounds to nothing. In the user's locale; pure.
namespace PercentText {

inline QString signedChange(double percent)
{
    const QLocale locale;
    const QString magnitude = locale.toString(std::abs(percent), 'f', 1);
    const QString unit = QStringLiteral(" %");
    if (!std::isfinite(percent) || magnitude == locale.toString(0.0, 'f', 1))
        return magnitude + unit;
    return (percent > 0 ? QStringLiteral("+") : QStringLiteral("\u2212")) + magnitude + unit;
}

} // namespace PercentText
