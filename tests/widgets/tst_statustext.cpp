#include "core/base/status.h"
#include "widgets/panels/gigabytetext.h"
#include "widgets/panels/percenttext.h"
#include "widgets/panels/statustext.h"

#include <QTest>

using sightline::ErrorCode;
using sightline::Status;

class TestStatusText : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Changes read at a glance: always signed, with a true minus sign, and no "-0.0".
    void percentChangesAreSigned()
    {
        QLocale::setDefault(QLocale::c());
        QCOMPARE(PercentText::signedChange(2.84), QStringLiteral("+2.8 %"));
        QCOMPARE(PercentText::signedChange(-6.8), QStringLiteral("\u22126.8 %"));
        QCOMPARE(PercentText::signedChange(-0.04), QStringLiteral("0.0 %"));
        QCOMPARE(PercentText::signedChange(0.0), QStringLiteral("0.0 %"));
        QCOMPARE(PercentText::signedChange(4392113.26), QStringLiteral("+4392113.3 %"));
    }

    // Gigabytes: two decimals from 1 GB up, three significant digits below, so that a host-only job's
    // megabytes and their changes show.
    void gigabytesKeepThreeDigits()
    {
        QLocale::setDefault(QLocale::c());
        QCOMPARE(GigabyteText::of(2504792576), QStringLiteral("2.50"));
        QCOMPARE(GigabyteText::of(16'000'000'000), QStringLiteral("16.00"));
        QCOMPARE(GigabyteText::of(957286912), QStringLiteral("0.957"));
        QCOMPARE(GigabyteText::of(13094016), QStringLiteral("0.0131"));
        QCOMPARE(GigabyteText::of(13713658), QStringLiteral("0.0137"));
        QCOMPARE(GigabyteText::of(1'000'000), QStringLiteral("0.00100"));
        QCOMPARE(GigabyteText::of(1), QStringLiteral("0.000000001"));
        QCOMPARE(GigabyteText::of(0), QStringLiteral("0.00"));
    }

    void everyCodeHasText()
    {
        QSet<QString> seen;
        for (int c = int(ErrorCode::Ok); c <= int(ErrorCode::DependencyCycle); ++c) {
            const QString text = StatusText::describe(static_cast<ErrorCode>(c));
            QVERIFY(!text.isEmpty());
            QVERIFY2(!seen.contains(text), qPrintable(text));
            seen.insert(text);
        }
    }

    void messageNamesFileAndOffset()
    {
        const Status s = Status::error(ErrorCode::TruncatedJson, "/data/rank3.json", 1234, "JSON document ended early");
        const QString text = StatusText::message(s);
        QVERIFY(text.contains(QStringLiteral("/data/rank3.json")));
        QVERIFY(text.contains(QStringLiteral("1234")));
        QVERIFY(text.contains(StatusText::describe(ErrorCode::TruncatedJson)));
        QVERIFY(text.contains(QStringLiteral("ended early")));
    }

    void messageWithoutOffset()
    {
        const QString text = StatusText::message(Status::error(ErrorCode::FileNotFound, "missing.json", -1, std::string()));
        QVERIFY(text.startsWith(QStringLiteral("missing.json:")));
        QVERIFY(!text.contains(QStringLiteral("byte")));
    }
};

QTEST_GUILESS_MAIN(TestStatusText)
#include "tst_statustext.moc"
