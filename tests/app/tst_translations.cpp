// Translations: both catalogues are complete, are embedded in the app, and the window shows their
// strings when one is installed.

#include "mainwindow.h"

#include <QApplication>
#include <QFile>
#include <QMenuBar>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

class TestTranslations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void catalogueComplete_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("de") << QStringLiteral(SIGHTLINE_SOURCE_DIR "/translations/sightline_de.ts");
        QTest::newRow("zh_CN") << QStringLiteral(SIGHTLINE_SOURCE_DIR "/translations/sightline_zh_CN.ts");
    }

    void catalogueComplete()
    {
        QFETCH(QString, file);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&f);
        int messages = 0, done = 0;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && xml.name() == QStringLiteral("message"))
                ++messages;
            if (xml.isStartElement() && xml.name() == QStringLiteral("translation")) {
                const bool unfinished = xml.attributes().value(QStringLiteral("type")) == QStringLiteral("unfinished");
                const bool vanished = xml.attributes().value(QStringLiteral("type")) == QStringLiteral("vanished");
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                QVERIFY2(!unfinished && !vanished, qPrintable(text));
                QVERIFY(!text.trimmed().isEmpty());
                ++done;
            }
        }
        QVERIFY(!xml.hasError());
        QVERIFY(messages > 50);
        QCOMPARE(done, messages);
    }

    void windowShowsTranslation_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("view");
        QTest::newRow("de") << QStringLiteral("de") << QStringLiteral("&Datei") << QStringLiteral("&Ansicht");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("文件(&F)") << QStringLiteral("视图(&V)");
    }

    void windowShowsTranslation()
    {
        QFETCH(QString, language);
        QFETCH(QString, file);
        QFETCH(QString, view);
        QTranslator translator;
        QVERIFY(translator.load(QLocale(language), QStringLiteral("sightline"), QStringLiteral("_"), QStringLiteral(":/i18n")));
        QApplication::installTranslator(&translator);
        {
            MainWindow window;
            const QList<QAction*> menus = window.menuBar()->actions();
            QVERIFY(menus.size() >= 4); // File, Edit, View, Help
            QCOMPARE(menus[0]->text(), file);
            QCOMPARE(menus[2]->text(), view);
        }
        QApplication::removeTranslator(&translator);
        MainWindow english;
        QCOMPARE(english.menuBar()->actions()[0]->text(), QStringLiteral("&File"));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
