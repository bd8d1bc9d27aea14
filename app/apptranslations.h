#pragma once

#include <QLocale>
#include <QObject>

// The window's languages: Qt's own strings, then English plural forms ("1 rank", "2 ranks") under
// every language, then the language asked for (German and Chinese hold every string). Installs the
// translators on the application, owned by parent; call once, before any window is made.
class AppTranslations {
public:
    // Returns false when the language has no catalogue (English then stands).
    static bool install(const QLocale& locale, QObject* parent);
};
