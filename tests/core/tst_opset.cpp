// OpSet: the text of a set of measured ops, parsed and written back, membership against a plain set,
// and what it refuses.

#include "core/strategy/opset.h"

#include <QTest>

#include <random>
#include <set>

using namespace sightline;

class TestOpSet : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parsesAndWritesBack_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("written");
        QTest::addColumn<qulonglong>("size");
        QTest::newRow("empty") << "" << "" << 0ull;
        QTest::newRow("one") << "7" << "7" << 1ull;
        QTest::newRow("range") << "3-9" << "3-9" << 7ull;
        QTest::newRow("one-op range") << "4-4" << "4" << 1ull;
        QTest::newRow("unsorted and overlapping") << "40-41,3-9,12,5-8" << "3-9,12,40-41" << 10ull;
        QTest::newRow("touching ranges join") << "1-3,4-6,7" << "1-7" << 7ull;
        QTest::newRow("repeats") << "5,5,5" << "5" << 1ull;
        QTest::newRow("largest id") << "4294967294" << "4294967294" << 1ull;
    }
    void parsesAndWritesBack()
    {
        QFETCH(QString, text);
        QFETCH(QString, written);
        QFETCH(qulonglong, size);
        const Expected<OpSet> set = OpSet::parse(text.toStdString());
        QVERIFY2(set, set ? "" : set.status().detail().c_str());
        QCOMPARE(QString::fromStdString(set->text()), written);
        QCOMPARE(set->size(), static_cast<std::uint64_t>(size));
        QCOMPARE(set->empty(), size == 0);
        QCOMPARE(*OpSet::parse(set->text()), *set);
    }

    void refusesWhatIsNotASet_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("detail");
        QTest::newRow("word") << "gemm" << "an op id was expected at character 1";
        QTest::newRow("spaces") << "1, 2" << "an op id was expected at character 3";
        QTest::newRow("trailing comma") << "1,2," << "a comma and another id were expected at character 4";
        QTest::newRow("backwards range") << "9-3" << "a range ends before it starts at character 3";
        QTest::newRow("open range") << "3-" << "the end of a range was expected at character 3";
        QTest::newRow("negative") << "-3" << "an op id was expected at character 1";
        QTest::newRow("past 32 bits") << "4294967295" << "an op id was expected at character 1";
        QTest::newRow("huge") << "99999999999999999999999" << "an op id was expected at character 1";
        QTest::newRow("other separator") << "1;2" << "a comma and another id were expected at character 2";
    }
    void refusesWhatIsNotASet()
    {
        QFETCH(QString, text);
        QFETCH(QString, detail);
        const Expected<OpSet> set = OpSet::parse(text.toStdString());
        QVERIFY(!set);
        QCOMPARE(set.status().code(), ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(set.status().detail()).endsWith(detail), set.status().detail().c_str());
    }

    // Membership against a std::set over random sets of ids below 200.
    void containsWhatWasGiven()
    {
        std::mt19937 random(7);
        for (int round = 0; round < 200; ++round) {
            std::set<std::uint32_t> plain;
            std::vector<OpId> ops;
            // Sparse sets are sorted, dense ones marked: both ways are taken.
            const int n = static_cast<int>(random() % (round % 2 ? 40 : 400));
            for (int k = 0; k < n; ++k) {
                const std::uint32_t id = random() % 200;
                plain.insert(id);
                ops.push_back(OpId(id));
            }
            const OpSet set = OpSet::of(ops);
            QCOMPARE(set.size(), static_cast<std::uint64_t>(plain.size()));
            for (std::uint32_t id = 0; id < 210; ++id)
                QCOMPARE(set.contains(OpId(id)), plain.count(id) == 1);
            QCOMPARE(*OpSet::parse(set.text()), set);
            for (std::size_t r = 1; r < set.ranges().size(); ++r)
                QVERIFY(set.ranges()[r].first > set.ranges()[r - 1].second + 1);
        }
        const OpSet set = *OpSet::parse("3-9,12");
        const std::vector<OpId> none { OpId(1), OpId(10) }, one { OpId(1), OpId(12) };
        QVERIFY(!set.containsAny(none));
        QVERIFY(set.containsAny(one));
        QVERIFY(!OpSet::of({ OpId() }).contains(OpId()));
    }

    void fitsTheJob()
    {
        const OpSet set = *OpSet::parse("3-9,12");
        QVERIFY(set.fits(13).ok());
        const Status past = set.fits(12);
        QCOMPARE(past.code(), ErrorCode::InvalidArgument);
        QVERIFY(QString::fromStdString(past.detail()).contains(QStringLiteral("op 12 is not in the job")));
        QVERIFY(OpSet().fits(0).ok());
    }
};

QTEST_GUILESS_MAIN(TestOpSet)
#include "tst_opset.moc"
