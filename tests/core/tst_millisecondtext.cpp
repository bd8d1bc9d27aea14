// How figures in milliseconds are written: three decimals, more below 0.1 ms down to a nanosecond.

#include "core/base/millisecondtext.h"

#include <QTest>

#include <cmath>
#include <cstdint>
#include <limits>

using namespace sightline;

class TestMillisecondText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void number_data();
    void number();
    void decimals_data();
    void decimals();
};

void TestMillisecondText::number_data()
{
    QTest::addColumn<qint64>("ns");
    QTest::addColumn<QString>("text");
    QTest::newRow("an iteration") << qint64(123'456'789) << QStringLiteral("123.457");
    QTest::newRow("a millisecond") << qint64(1'000'000) << QStringLiteral("1.000");
    QTest::newRow("0.1 ms keeps three") << qint64(100'000) << QStringLiteral("0.100");
    QTest::newRow("just below 0.1 ms") << qint64(99'960) << QStringLiteral("0.1000");
    QTest::newRow("41.2 us") << qint64(41'200) << QStringLiteral("0.0412");
    QTest::newRow("a window of 0.3 us") << qint64(300) << QStringLiteral("0.000300");
    QTest::newRow("a nanosecond") << qint64(1) << QStringLiteral("0.000001");
    QTest::newRow("a saving of 2.5 us") << qint64(-2'500) << QStringLiteral("-0.00250");
    QTest::newRow("nothing") << qint64(0) << QStringLiteral("0.000");
}

void TestMillisecondText::number()
{
    QFETCH(qint64, ns);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(MillisecondText::number(ns)), text);
}

void TestMillisecondText::decimals_data()
{
    QTest::addColumn<double>("ms");
    QTest::addColumn<int>("decimals");
    QTest::newRow("large") << 5e6 << 3;
    QTest::newRow("0.05 ms") << 0.05 << 4;
    QTest::newRow("0.002 ms") << 0.002 << 5;
    QTest::newRow("below a nanosecond") << 1e-9 << 6;
    QTest::newRow("infinite") << std::numeric_limits<double>::infinity() << 3;
    QTest::newRow("not a number") << std::nan("") << 3;
}

void TestMillisecondText::decimals()
{
    QFETCH(double, ms);
    QFETCH(int, decimals);
    QCOMPARE(MillisecondText::decimals(ms), decimals);
}

QTEST_APPLESS_MAIN(TestMillisecondText)
#include "tst_millisecondtext.moc"
