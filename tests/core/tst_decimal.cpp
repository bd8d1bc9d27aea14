// Exact decimal-to-scaled-integer conversion used for every timestamp and duration of an import.

#include "core/import/decimal.h"

#include <QTest>

#include <cstdint>
#include <cstdio>
#include <limits>

using namespace sightline;

class TestDecimal : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parseScaled_data();
    void parseScaled();
    void malformed_data();
    void malformed();
    void overflow_data();
    void overflow();
    void failureLeavesOutputAlone();
    void epochMicrosecondsSweep();
};

void TestDecimal::parseScaled_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("scale");
    QTest::addColumn<qint64>("expected");

    // Integers.
    QTest::newRow("zero") << QByteArray("0") << 0 << qint64(0);
    QTest::newRow("negative zero") << QByteArray("-0") << 3 << qint64(0);
    QTest::newRow("integer") << QByteArray("42") << 0 << qint64(42);
    QTest::newRow("integer scaled") << QByteArray("42") << 3 << qint64(42000);
    QTest::newRow("negative integer") << QByteArray("-17") << 3 << qint64(-17000);
    QTest::newRow("leading zeros") << QByteArray("000123") << 0 << qint64(123);
    QTest::newRow("epoch us integer") << QByteArray("1694128201436255") << 3 << qint64(1694128201436255000);

    // Microseconds with three decimals to nanoseconds.
    QTest::newRow("us.ns") << QByteArray("12.345") << 3 << qint64(12345);
    QTest::newRow("fewer decimals") << QByteArray("12.3") << 3 << qint64(12300);
    QTest::newRow("fraction only") << QByteArray("0.001") << 3 << qint64(1);
    QTest::newRow("trailing zeros") << QByteArray("1.500000") << 3 << qint64(1500);
    // Needs all 63 bits: a double would lose the last digits.
    QTest::newRow("16-digit epoch us") << QByteArray("1694128201436255.123") << 3 << qint64(1694128201436255123);
    QTest::newRow("16-digit epoch us neg") << QByteArray("-1694128201436255.123") << 3 << qint64(-1694128201436255123);
    QTest::newRow("relative float us") << QByteArray("4458677009853.422") << 3 << qint64(4458677009853422);

    // Rounding half away from zero.
    QTest::newRow("half up") << QByteArray("1.0005") << 3 << qint64(1001);
    QTest::newRow("half up negative") << QByteArray("-1.0005") << 3 << qint64(-1001);
    QTest::newRow("below half") << QByteArray("1.0004999") << 3 << qint64(1000);
    QTest::newRow("below half negative") << QByteArray("-1.0004999") << 3 << qint64(-1000);
    QTest::newRow("above half") << QByteArray("1.00051") << 3 << qint64(1001);
    QTest::newRow("half to one") << QByteArray("0.0005") << 3 << qint64(1);
    QTest::newRow("below half to zero") << QByteArray("0.00049") << 3 << qint64(0);
    QTest::newRow("carry") << QByteArray("0.9995") << 3 << qint64(1000);
    QTest::newRow("carry negative") << QByteArray("-0.9995") << 3 << qint64(-1000);
    QTest::newRow("scale 0 half") << QByteArray("2.5") << 0 << qint64(3);
    QTest::newRow("scale 0 negative half") << QByteArray("-2.5") << 0 << qint64(-3);
    // Only the first dropped digit decides: 0.05 rounds to 0, not up because a 5 appears further right.
    QTest::newRow("small value two places") << QByteArray("0.0005") << 2 << qint64(0);
    QTest::newRow("50 ps to ns") << QByteArray("0.00005") << 3 << qint64(0);
    QTest::newRow("5e-10 us to ns") << QByteArray("5e-10") << 3 << qint64(0);
    QTest::newRow("0.45 rounds down") << QByteArray("0.45") << 0 << qint64(0);

    // Exponents.
    QTest::newRow("exponent") << QByteArray("1.5e3") << 0 << qint64(1500);
    QTest::newRow("exponent scaled") << QByteArray("1.5e3") << 3 << qint64(1500000);
    QTest::newRow("capital E") << QByteArray("2E2") << 0 << qint64(200);
    QTest::newRow("explicit plus exponent") << QByteArray("2e+2") << 0 << qint64(200);
    QTest::newRow("negative exponent") << QByteArray("12345e-3") << 3 << qint64(12345);
    QTest::newRow("negative exponent rounds") << QByteArray("15e-1") << 0 << qint64(2);
    QTest::newRow("negative number exponent") << QByteArray("-1.25e1") << 1 << qint64(-125);
    QTest::newRow("tiny") << QByteArray("1e-300") << 3 << qint64(0);
    QTest::newRow("zero huge exponent") << QByteArray("0e999") << 3 << qint64(0);
    QTest::newRow("epoch with exponent") << QByteArray("1.694128201436255123e15") << 3 << qint64(1694128201436255123);

    // Many digits: beyond what fits 128 bits of mantissa only rounding matters.
    QTest::newRow("long fraction") << QByteArray("1.00000000000000000000000000000000000000000000049") << 3
                                   << qint64(1000);
    QTest::newRow("long fraction half") << QByteArray("7.0005000000000000000000000000000000000000000001") << 3
                                        << qint64(7001);
}

void TestDecimal::parseScaled()
{
    QFETCH(QByteArray, text);
    QFETCH(int, scale);
    QFETCH(qint64, expected);
    std::int64_t out = -12345;
    QVERIFY2(Decimal::parseScaled(std::string_view(text.constData(), text.size()), scale, out), text.constData());
    QCOMPARE(qint64(out), expected);
}

void TestDecimal::malformed_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("empty") << QByteArray("");
    QTest::newRow("minus only") << QByteArray("-");
    QTest::newRow("two points") << QByteArray("1.2.3");
    QTest::newRow("letters") << QByteArray("abc");
    QTest::newRow("exponent without digits") << QByteArray("1e");
    QTest::newRow("exponent sign without digits") << QByteArray("1e-");
    QTest::newRow("trailing letters") << QByteArray("12abc");
    QTest::newRow("point only") << QByteArray(".");
    QTest::newRow("inner space") << QByteArray("1 2");
    QTest::newRow("leading space") << QByteArray(" 1");
    QTest::newRow("double minus") << QByteArray("--1");
    QTest::newRow("hex") << QByteArray("0x10");
    QTest::newRow("exponent only") << QByteArray("e5");
    QTest::newRow("nan") << QByteArray("NaN");
    QTest::newRow("infinity") << QByteArray("Infinity");
}

void TestDecimal::malformed()
{
    QFETCH(QByteArray, text);
    std::int64_t out = 0;
    for (int scale : { 0, 3 })
        QVERIFY2(!Decimal::parseScaled(std::string_view(text.constData(), text.size()), scale, out), text.constData());
}

void TestDecimal::overflow_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("scale");
    QTest::addColumn<bool>("fits");
    QTest::addColumn<qint64>("expected");

    constexpr qint64 kMax = std::numeric_limits<qint64>::max();
    constexpr qint64 kMin = std::numeric_limits<qint64>::min();
    QTest::newRow("max") << QByteArray("9223372036854775807") << 0 << true << kMax;
    QTest::newRow("max + 1") << QByteArray("9223372036854775808") << 0 << false << qint64(0);
    QTest::newRow("min") << QByteArray("-9223372036854775808") << 0 << true << kMin;
    QTest::newRow("min - 1") << QByteArray("-9223372036854775809") << 0 << false << qint64(0);
    QTest::newRow("2^64") << QByteArray("18446744073709551616") << 0 << false << qint64(0);
    QTest::newRow("comms id above 2^63") << QByteArray("10159970886766084423") << 0 << false << qint64(0);
    QTest::newRow("max scaled overflows") << QByteArray("9223372036854775807") << 3 << false << qint64(0);
    QTest::newRow("max/1000 scaled") << QByteArray("9223372036854775.807") << 3 << true << kMax;
    QTest::newRow("max/1000 + 1ns") << QByteArray("9223372036854775.808") << 3 << false << qint64(0);
    QTest::newRow("min/1000 scaled") << QByteArray("-9223372036854775.808") << 3 << true << kMin;
    QTest::newRow("rounding past max") << QByteArray("9223372036854775807.5") << 0 << false << qint64(0);
    QTest::newRow("rounding below max") << QByteArray("9223372036854775806.5") << 0 << true << kMax;
    QTest::newRow("min with fraction") << QByteArray("-9223372036854775808.4") << 0 << true << kMin;
    QTest::newRow("huge exponent") << QByteArray("1e19") << 0 << false << qint64(0);
    QTest::newRow("enormous exponent") << QByteArray("1e999999999") << 0 << false << qint64(0);
    QTest::newRow("exponent at edge") << QByteArray("9.223372036854775807e18") << 0 << true << kMax;
    QTest::newRow("40 digits") << QByteArray("1234567890123456789012345678901234567890") << 0 << false << qint64(0);
}

void TestDecimal::overflow()
{
    QFETCH(QByteArray, text);
    QFETCH(int, scale);
    QFETCH(bool, fits);
    QFETCH(qint64, expected);
    std::int64_t out = 0;
    const bool ok = Decimal::parseScaled(std::string_view(text.constData(), text.size()), scale, out);
    QCOMPARE(ok, fits);
    if (fits)
        QCOMPARE(qint64(out), expected);
}

void TestDecimal::failureLeavesOutputAlone()
{
    // Callers keep their default when parsing fails, so a failed parse must not write a half result.
    std::int64_t out = 77;
    QVERIFY(!Decimal::parseScaled("1.2.3", 3, out));
    QCOMPARE(qint64(out), qint64(77));
    QVERIFY(!Decimal::parseScaled("99999999999999999999", 0, out));
    QCOMPARE(qint64(out), qint64(77));
}

void TestDecimal::epochMicrosecondsSweep()
{
    // Every nanosecond digit of a 2023 epoch microsecond timestamp must come through exactly.
    const std::int64_t baseUs = 1694128201436255;
    for (int ns = 0; ns < 1000; ++ns) {
        char text[64];
        std::snprintf(text, sizeof text, "%lld.%03d", static_cast<long long>(baseUs), ns);
        std::int64_t out = 0;
        QVERIFY(Decimal::parseScaled(text, 3, out));
        QCOMPARE(qint64(out), qint64(baseUs * 1000 + ns));
    }
}

QTEST_GUILESS_MAIN(TestDecimal)
#include "tst_decimal.moc"
