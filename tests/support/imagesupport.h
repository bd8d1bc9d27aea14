#pragma once

// Pixel checks for tests of what the window draws.

#include <QImage>

namespace ImageSupport {

// Pixels of exactly this colour (alpha ignored).
inline int countColor(const QImage& picture, QRgb color)
{
    const QImage image = picture.convertToFormat(QImage::Format_RGB32);
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        const QRgb* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x)
            n += (line[x] & 0xFFFFFF) == (color & 0xFFFFFF);
    }
    return n;
}

} // namespace ImageSupport
