// The string pool behind every name, category and file name of a trace.

#include "core/base/stringpool.h"

#include <QTest>

#include <random>
#include <string>
#include <vector>

using namespace sightline;

class TestStringPool : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void emptyStringIsIdZero();
    void internIsIdempotent_data();
    void internIsIdempotent();
    void idsAreDense();
    void viewsSurviveGrowth();
    void longStrings();
    void findAbsent_data();
    void findAbsent();
    void embeddedNulAndPrefixes();
    void moveKeepsViews();
    void memoryBytesGrows();
};

void TestStringPool::emptyStringIsIdZero()
{
    StringPool pool;
    QCOMPARE(pool.size(), std::size_t(1));
    QVERIFY(pool.view(StringId(0)).empty());
    QCOMPARE(pool.intern("").value(), 0u);
    QCOMPARE(pool.intern(std::string_view()).value(), 0u);
    QCOMPARE(pool.find("").value(), 0u);
    QCOMPARE(pool.size(), std::size_t(1));
}

void TestStringPool::internIsIdempotent_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("short") << QByteArray("aten::mm");
    QTest::newRow("one char") << QByteArray("x");
    QTest::newRow("exactly 8") << QByteArray("12345678");
    QTest::newRow("exactly 16") << QByteArray("1234567890abcdef");
    QTest::newRow("kernel name") << QByteArray(
        "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)");
    QTest::newRow("utf8") << QByteArray("\xc2\xb5s \xe2\x86\x92 ns");
    QTest::newRow("spaces") << QByteArray("   ");
}

void TestStringPool::internIsIdempotent()
{
    QFETCH(QByteArray, text);
    const std::string_view sv(text.constData(), text.size());
    StringPool pool;
    pool.intern("something else");
    const StringId a = pool.intern(sv);
    QVERIFY(a.isValid());
    QVERIFY(a.value() != 0);
    const std::size_t size = pool.size();
    // A copy with a different address must map to the same id.
    const std::string copy(sv);
    QCOMPARE(pool.intern(copy), a);
    QCOMPARE(pool.find(copy), a);
    QCOMPARE(pool.size(), size);
    QCOMPARE(pool.view(a), sv);
    QVERIFY(pool.view(a).data() != copy.data());
}

void TestStringPool::idsAreDense()
{
    StringPool pool;
    for (std::uint32_t i = 1; i <= 100; ++i)
        QCOMPARE(pool.intern("name" + std::to_string(i)).value(), i);
    QCOMPARE(pool.size(), std::size_t(101));
    for (std::uint32_t i = 1; i <= 100; ++i)
        QCOMPARE(pool.view(StringId(i)), std::string_view("name" + std::to_string(i)));
}

void TestStringPool::viewsSurviveGrowth()
{
    // Views handed out early must stay valid while the index rehashes and new blocks are allocated.
    constexpr int kCount = 200000;
    StringPool pool;
    std::vector<std::string> texts;
    std::vector<std::string_view> views;
    std::vector<StringId> ids;
    texts.reserve(kCount);
    views.reserve(kCount);
    ids.reserve(kCount);
    std::mt19937 rng(12345);
    for (int i = 0; i < kCount; ++i) {
        // Varied lengths (1..~200) so blocks fill unevenly.
        std::string t = "op_" + std::to_string(i) + '_' + std::string(rng() % 180, static_cast<char>('a' + i % 26));
        const StringId id = pool.intern(t);
        QCOMPARE(id.value(), std::uint32_t(i + 1));
        views.push_back(pool.view(id));
        ids.push_back(id);
        texts.push_back(std::move(t));
    }
    QCOMPARE(pool.size(), std::size_t(kCount + 1));
    for (int i = 0; i < kCount; ++i) {
        if (views[i] != texts[i] || pool.view(ids[i]).data() != views[i].data())
            QFAIL(qPrintable(QStringLiteral("view %1 changed after growth").arg(i)));
        if (pool.find(texts[i]) != ids[i] || pool.intern(texts[i]) != ids[i])
            QFAIL(qPrintable(QStringLiteral("string %1 maps to another id after growth").arg(i)));
    }
    QCOMPARE(pool.size(), std::size_t(kCount + 1));
}

void TestStringPool::longStrings()
{
    StringPool pool;
    const StringId small = pool.intern("small");
    const std::string_view smallView = pool.view(small);
    std::vector<std::string> longs;
    std::vector<StringId> ids;
    for (std::size_t len : { std::size_t(16 * 1024), std::size_t(16 * 1024 + 1), std::size_t(64 * 1024),
             std::size_t(64 * 1024 + 7), std::size_t(1 << 20) }) {
        std::string s(len, 'x');
        for (std::size_t k = 0; k < len; k += 97)
            s[k] = static_cast<char>('a' + (k / 97 + len) % 26);
        ids.push_back(pool.intern(s));
        longs.push_back(std::move(s));
    }
    // Short strings interned after the long ones share blocks with earlier short strings.
    const StringId after = pool.intern("after");
    for (std::size_t i = 0; i < longs.size(); ++i) {
        QCOMPARE(pool.view(ids[i]).size(), longs[i].size());
        QVERIFY(pool.view(ids[i]) == longs[i]);
        QCOMPARE(pool.find(longs[i]), ids[i]);
        QCOMPARE(pool.intern(longs[i]), ids[i]);
    }
    QCOMPARE(pool.view(small), std::string_view("small"));
    QCOMPARE(pool.view(small).data(), smallView.data());
    QCOMPARE(pool.view(after), std::string_view("after"));
    // A long string differing only in its last byte is another string.
    std::string almost = longs.back();
    almost.back() = almost.back() == 'y' ? 'z' : 'y';
    QVERIFY(!pool.find(almost).isValid());
    QVERIFY(pool.intern(almost) != ids.back());
}

void TestStringPool::findAbsent_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("unknown") << QByteArray("never interned");
    QTest::newRow("prefix of known") << QByteArray("aten::");
    QTest::newRow("known plus suffix") << QByteArray("aten::mm_");
    QTest::newRow("case differs") << QByteArray("ATEN::MM");
    QTest::newRow("space") << QByteArray(" ");
}

void TestStringPool::findAbsent()
{
    QFETCH(QByteArray, text);
    StringPool pool;
    pool.intern("aten::mm");
    for (int i = 0; i < 5000; ++i)
        pool.intern("filler" + std::to_string(i));
    const std::size_t size = pool.size();
    const StringId id = pool.find(std::string_view(text.constData(), text.size()));
    QVERIFY(!id.isValid());
    QCOMPARE(id.value(), StringId::kInvalid);
    QCOMPARE(pool.size(), size); // find never inserts
}

void TestStringPool::embeddedNulAndPrefixes()
{
    StringPool pool;
    const std::string withNul("a\0b", 3);
    const StringId a = pool.intern("a");
    const StringId ab = pool.intern(withNul);
    QVERIFY(a != ab);
    QCOMPARE(pool.view(ab).size(), std::size_t(3));
    QCOMPARE(pool.find(withNul), ab);
    QCOMPARE(pool.find("a"), a);
}

void TestStringPool::moveKeepsViews()
{
    StringPool pool;
    const StringId id = pool.intern("kept across a move");
    const std::string_view before = pool.view(id);
    StringPool moved(std::move(pool));
    QCOMPARE(moved.view(id), std::string_view("kept across a move"));
    QCOMPARE(moved.view(id).data(), before.data());
    QCOMPARE(moved.find("kept across a move"), id);
    StringPool assigned;
    assigned = std::move(moved);
    QCOMPARE(assigned.view(id).data(), before.data());
    QCOMPARE(assigned.intern("new"), StringId(2));
}

void TestStringPool::memoryBytesGrows()
{
    StringPool pool;
    const std::size_t empty = pool.memoryBytes();
    QVERIFY(empty > 0);
    for (int i = 0; i < 1000; ++i)
        pool.intern(std::string(100, 'a') + std::to_string(i));
    QVERIFY(pool.memoryBytes() >= empty + 1000 * 100);
}

QTEST_GUILESS_MAIN(TestStringPool)
#include "tst_stringpool.moc"
