#include "apptranslations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

bool AppTranslations::install(const QLocale& locale, QObject* parent)
{
    // Installed last is asked first: the language's catalogue, then the English plurals, then Qt's.
    auto* qt = new QTranslator(parent);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    auto* plurals = new QTranslator(parent);
    if (plurals->load(QStringLiteral(":/i18n/sightline_en.qm")))
        QCoreApplication::installTranslator(plurals);
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return true;
    auto* app = new QTranslator(parent);
    if (!app->load(locale, QStringLiteral("sightline"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        return false;
    QCoreApplication::installTranslator(app);
    return true;
}
