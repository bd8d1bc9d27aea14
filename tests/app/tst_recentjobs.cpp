// RecentJobs: File ▸ Open Recent keeps the jobs newest first, as absolute paths, without duplicates and
// at most kMax; it survives a new instance (the settings), labels a job of many files by its first, and
// choosing an entry asks for exactly its files.

#include "recentjobs.h"

#include <QApplication>
#include <QDir>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

class TestRecentJobs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("SightlineTests"));
        QApplication::setApplicationName(QStringLiteral("tst_recentjobs"));
    }

    void init() { QSettings().clear(); }

    void newestFirstWithoutDuplicates()
    {
        QMenu menu;
        RecentJobs recent(&menu);
        QVERIFY(!menu.isEnabled());
        const QString a = QDir::current().absoluteFilePath(QStringLiteral("a.json"));
        recent.add({ QStringLiteral("a.json") });
        recent.add({ QStringLiteral("/jobs/b0.json"), QStringLiteral("/jobs/b1.json"), QStringLiteral("/jobs/b2.json") });
        recent.add({ QStringLiteral("a.json") });
        const QList<QStringList> entries = recent.entries();
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries[0], QStringList { a });
        QCOMPARE(entries[1].size(), 3);
        QVERIFY(menu.isEnabled());
        QCOMPARE(menu.actions().size(), 2);
        QCOMPARE(menu.actions()[0]->text(), QDir::toNativeSeparators(a));
        QCOMPARE(menu.actions()[1]->text(), QStringLiteral("b0.json and 2 more"));
        QSignalSpy asked(&recent, &RecentJobs::openRequested);
        menu.actions()[1]->trigger();
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked[0][0].toStringList(), entries[1]);
    }

    void atMostTheLimitAndKeptForTheNextRun()
    {
        {
            QMenu menu;
            RecentJobs recent(&menu);
            for (int i = 0; i < RecentJobs::kMax + 3; ++i)
                recent.add({ QStringLiteral("/jobs/%1.json").arg(i) });
            QCOMPARE(menu.actions().size(), RecentJobs::kMax);
        }
        QMenu menu;
        RecentJobs again(&menu);
        const QList<QStringList> entries = again.entries();
        QCOMPARE(entries.size(), RecentJobs::kMax);
        QCOMPARE(entries.first(), QStringList { QDir::cleanPath(QStringLiteral("/jobs/%1.json").arg(RecentJobs::kMax + 2)) });
        QCOMPARE(entries.last(), QStringList { QStringLiteral("/jobs/3.json") });
        QCOMPARE(menu.actions().size(), RecentJobs::kMax);
    }
};

QTEST_MAIN(TestRecentJobs)
#include "tst_recentjobs.moc"
