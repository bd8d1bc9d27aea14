// Translations: the catalogues are complete and match the sources, are embedded in the app, and the
// window shows their strings when one is installed.

#include "mainwindow.h"

#include "widgets/panels/kindtext.h"

#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QMenuBar>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

class TestTranslations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void catalogueComplete_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("pluralsOnly"); // English translates only its plural forms
        for (const char* language : { "de", "zh_CN", "en" })
            QTest::newRow(language) << QStringLiteral(SIGHTLINE_SOURCE_DIR "/translations/sightline_%1.ts").arg(QLatin1String(language))
                                    << (QLatin1String(language) == QLatin1String("en"));
    }

    void catalogueComplete()
    {
        // Every message of the catalogue translated (English: every plural one), and nothing left over
        // from a string that is gone.
        QFETCH(QString, file);
        QFETCH(bool, pluralsOnly);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&f);
        int messages = 0, done = 0;
        bool numerus = false;
        QString source;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && xml.name() == QStringLiteral("message")) {
                numerus = xml.attributes().value(QStringLiteral("numerus")) == QStringLiteral("yes");
                messages += !pluralsOnly || numerus;
            }
            if (xml.isStartElement() && xml.name() == QStringLiteral("source"))
                source = xml.readElementText();
            if (xml.isStartElement() && xml.name() == QStringLiteral("translation")) {
                const QStringView type = xml.attributes().value(QStringLiteral("type"));
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                QVERIFY2(type != QStringLiteral("vanished") && type != QStringLiteral("obsolete"), qPrintable(source));
                if (pluralsOnly && !numerus)
                    continue;
                QVERIFY2(type != QStringLiteral("unfinished"), qPrintable(QStringLiteral("not translated: ") + source));
                QVERIFY2(!text.trimmed().isEmpty(), qPrintable(source));
                ++done;
            }
        }
        QVERIFY(!xml.hasError());
        QVERIFY(messages > (pluralsOnly ? 10 : 50));
        QCOMPARE(done, messages);
    }

    void catalogueMatchesTheSources_data()
    {
        catalogueComplete_data();
    }

    void catalogueMatchesTheSources()
    {
        // lupdate over the window's sources (the list app/CMakeLists.txt gives lupdate) finds no string
        // the catalogue lacks and none it holds that the sources dropped: a string added without its
        // translations fails here, not only in the window.
        QFETCH(QString, file);
        QFile list(QStringLiteral(SIGHTLINE_BINARY_DIR "/translation-sources.txt"));
        QVERIFY(list.open(QIODevice::ReadOnly));
        QStringList sources = QString::fromUtf8(list.readAll()).split(u'\n', Qt::SkipEmptyParts);
        QVERIFY(sources.size() > 20);
        QTemporaryDir dir;
        const QString copy = dir.filePath(QFileInfo(file).fileName());
        QVERIFY(QFile::copy(file, copy));
        auto count = [](const QString& path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll().count("<message") : -1;
        };
        const qsizetype before = count(copy);
        QProcess lupdate;
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        lupdate.start(QStringLiteral(SIGHTLINE_LUPDATE), sources + QStringList { QStringLiteral("-ts"), copy, QStringLiteral("-no-obsolete"),
                                                                  QStringLiteral("-locations"), QStringLiteral("none") });
        QVERIFY(lupdate.waitForFinished(120000));
        const QString output = QString::fromUtf8(lupdate.readAll());
        QCOMPARE(lupdate.exitCode(), 0);
        QVERIFY2(output.contains(QStringLiteral(" (0 new and ")), qPrintable(output + QStringLiteral("\nrun: cmake --build build/default --target update_translations")));
        QCOMPARE(count(copy), before);
    }

    void windowShowsTranslation_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("compute"); // a critical-path category, an id in core
        QTest::newRow("de") << QStringLiteral("de") << QStringLiteral("&Datei") << QStringLiteral("&Ansicht") << QStringLiteral("Rechnen");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("文件(&F)") << QStringLiteral("视图(&V)") << QStringLiteral("计算");
    }

    void windowShowsTranslation()
    {
        QFETCH(QString, language);
        QFETCH(QString, file);
        QFETCH(QString, view);
        QFETCH(QString, compute);
        QTranslator translator;
        QVERIFY(translator.load(QLocale(language), QStringLiteral("sightline"), QStringLiteral("_"), QStringLiteral(":/i18n")));
        QApplication::installTranslator(&translator);
        {
            MainWindow window;
            const QList<QAction*> menus = window.menuBar()->actions();
            QVERIFY(menus.size() >= 4); // File, Edit, View, Help
            QCOMPARE(menus[0]->text(), file);
            QCOMPARE(menus[2]->text(), view);
            QCOMPARE(KindText::pathCategory(sightline::PathCategory::Compute), compute);
        }
        QApplication::removeTranslator(&translator);
        MainWindow english;
        QCOMPARE(english.menuBar()->actions()[0]->text(), QStringLiteral("&File"));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
