// Translations: the catalogues are complete and match the sources, are embedded in the app, and the
// window shows their strings when one is installed.

#include "core/base/message.h"
#include "mainwindow.h"

#include "widgets/panels/coretext.h"
#include "widgets/panels/kindtext.h"

#include "core/base/status.h"
#include "core/import/importer.h"
#include "core/import/importerregistry.h"
#include "core/import/traceloader.h"
#include "core/strategy/passregistry.h"

#include <QApplication>
#include <QDirIterator>
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
        // Core's files that mark a sentence, found now: the list is made when CMake configures, so a
        // file marked since is looked for here too, and a string it adds fails below.
        QDirIterator core(QStringLiteral(SIGHTLINE_SOURCE_DIR "/core"), { QStringLiteral("*.cpp"), QStringLiteral("*.h") }, QDir::Files,
            QDirIterator::Subdirectories);
        while (core.hasNext()) {
            const QString path = core.next();
            QFile source(path);
            QVERIFY(source.open(QIODevice::ReadOnly));
            if (!source.readAll().contains("SL_TEXT(\"Core\"") || sources.contains(path))
                continue;
            sources.append(path);
        }
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
                                                                  QStringLiteral("-locations"), QStringLiteral("none"),
                                                                  QStringLiteral("-tr-function-alias"), QStringLiteral(SIGHTLINE_LUPDATE_ALIAS) });
        QVERIFY(lupdate.waitForFinished(120000));
        const QString output = QString::fromUtf8(lupdate.readAll());
        QCOMPARE(lupdate.exitCode(), 0);
        QVERIFY2(output.contains(QStringLiteral(" (0 new and ")),
            qPrintable(output + QStringLiteral("\nrun: cmake --preset default && cmake --build build/default --target update_translations")));
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

    void coreSentencesTranslated_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("refusal"); // a step's refusal: a message whose argument is a message
        QTest::newRow("de") << QStringLiteral("de") << QStringLiteral("Schritt 2 (straggler): Rank 7 ist nicht im Job");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("步骤 2（straggler）：rank 7 不在作业中");
    }

    void coreSentencesTranslated()
    {
        // Core says its sentences as templates with arguments; the window translates the template and
        // each argument that is a message, and fills in the rest as core gave it.
        using sightline::Message;
        QFETCH(QString, language);
        QFETCH(QString, refusal);
        QTranslator translator;
        QVERIFY(translator.load(QLocale(language), QStringLiteral("sightline"), QStringLiteral("_"), QStringLiteral(":/i18n")));
        QApplication::installTranslator(&translator);
        const Message inner(SL_TEXT("Core", "rank %1 is not in the job"), { 7 });
        const Message said(SL_TEXT("Core", "step %1 (%2): %3"), { 2, "straggler", inner });
        const sightline::Status status = sightline::Status::error(sightline::ErrorCode::InvalidArgument, {}, -1, said);
        QCOMPARE(CoreText::of(said), refusal);
        QCOMPARE(CoreText::of(status.message()), refusal);
        // A detail outside the catalogue is shown as it came, % signs and all.
        QCOMPARE(CoreText::of(Message::plain("byte 12: 100 % %1 odd")), QStringLiteral("byte 12: 100 % %1 odd"));
        // Every pass's summary and every parameter's help reads in the language.
        for (const sightline::Pass* pass : sightline::PassRegistry::all()) {
            const QString summary = CoreText::of(pass->summary());
            QVERIFY2(summary != QString::fromUtf8(pass->summary().data(), qsizetype(pass->summary().size())), qPrintable(summary));
            for (const sightline::ParameterSpec& spec : pass->parameters())
                QVERIFY2(CoreText::of(spec.help) != QString::fromStdString(spec.help), spec.help.c_str());
        }
        QApplication::removeTranslator(&translator);
        QCOMPARE(CoreText::of(said), QString::fromStdString(said.english()));
        QCOMPARE(said.english(), std::string("step 2 (straggler): rank 7 is not in the job"));
    }

    void importerSentencesTranslated_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("warning"); // a load warning the Ranks dock lists
        QTest::addColumn<QString>("error"); // a load error nested in its line's
        QTest::newRow("de") << QStringLiteral("de") << QStringLiteral("Ereignisse ohne \"ph\"; übersprungen")
                            << QStringLiteral("Zeile 1: Spalte 'forward (h)' hat eine unbekannte Zeiteinheit 'h'");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("没有 \"ph\" 的事件；已跳过")
                               << QStringLiteral("第 1 行：列 'forward (h)' 的时间单位 'h' 未知");
    }

    void importerSentencesTranslated()
    {
        // What the importers warn about and refuse reaches the window as core's templates: a warning
        // counted over events, an error inside the line it was found on, and each format's name.
        QFETCH(QString, language);
        QFETCH(QString, warning);
        QFETCH(QString, error);
        QTemporaryDir dir;
        QFile trace(dir.filePath(QStringLiteral("rank0.json")));
        QVERIFY(trace.open(QIODevice::WriteOnly));
        trace.write(R"({"traceEvents": [{"ph": "X", "name": "a", "ts": 1, "dur": 2, "pid": 1, "tid": 1},
            {"name": "b", "ts": 3}, {"name": "c", "ts": 4}]})");
        trace.close();
        QFile csv(dir.filePath(QStringLiteral("layers.csv")));
        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.write("layer,forward (h),backward\na,1,1\n");
        csv.close();
        const auto loaded = sightline::TraceLoader::load({ trace.fileName().toStdString() });
        QVERIFY2(loaded.hasValue(), loaded ? "" : loaded.status().detail().c_str());
        const auto refused = sightline::TraceLoader::load({ csv.fileName().toStdString() });
        QVERIFY(!refused.hasValue());
        QCOMPARE((*loaded)->diagnostics().size(), std::size_t(1));
        const sightline::Diagnostic& d = (*loaded)->diagnostics().front();
        QCOMPARE(d.count, std::int64_t(2));
        QCOMPARE(d.detail.english(), std::string("events without \"ph\"; skipped"));
        QCOMPARE(refused.status().detail(), std::string("line 1: column 'forward (h)' has an unknown time unit 'h'"));

        QTranslator translator;
        QVERIFY(translator.load(
            QLocale(language), QStringLiteral("sightline"), QStringLiteral("_"), QStringLiteral(":/i18n")));
        QApplication::installTranslator(&translator);
        QCOMPARE(CoreText::of(d.detail), warning);
        QCOMPARE(CoreText::of(refused.status().message()), error);
        for (const sightline::Importer* i : sightline::ImporterRegistry::importers()) {
            const sightline::Message name(i->description());
            QVERIFY2(CoreText::of(name) != QString::fromUtf8(i->description()), i->description());
        }
        QApplication::removeTranslator(&translator);
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
