// mergeIntervals and coveredFraction: unions of intervals in any order, against a brute-force union
// over random input, and the run-by-run merge of input made of a few sorted runs.

#include "core/base/intervals.h"

#include <QTest>

#include <random>

using namespace sightline;

namespace {

using Intervals = std::vector<std::pair<TimeNs, TimeNs>>;

// The union by marking every covered nanosecond of a small range.
Intervals bruteUnion(const Intervals& in, TimeNs range)
{
    std::vector<std::uint8_t> covered(static_cast<std::size_t>(range) + 1, 0);
    for (const auto& [a, b] : in) {
        for (TimeNs t = a; t < b; ++t)
            covered[static_cast<std::size_t>(t)] = 1;
    }
    Intervals out;
    // Empty intervals and touching ones merge with their neighbours; an empty one alone stays.
    for (TimeNs t = 0; t < range; ++t) {
        if (!covered[static_cast<std::size_t>(t)])
            continue;
        if (!out.empty() && out.back().second == t)
            out.back().second = t + 1;
        else
            out.emplace_back(t, t + 1);
    }
    return out;
}

} // namespace

class TestIntervals : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void mergesOverlapsAndTouches()
    {
        Intervals v { { 5, 7 }, { 0, 2 }, { 2, 3 }, { 6, 9 }, { 20, 21 } };
        mergeIntervals(v);
        QCOMPARE(v, (Intervals { { 0, 3 }, { 5, 9 }, { 20, 21 } }));
        Intervals none;
        mergeIntervals(none);
        QVERIFY(none.empty());
    }

    void matchesBruteForce_data()
    {
        QTest::addColumn<int>("runs"); // sorted runs the input is made of; 0: random order
        QTest::newRow("random") << 0;
        QTest::newRow("one run") << 1;
        QTest::newRow("two runs") << 2;
        QTest::newRow("five runs") << 5;
        QTest::newRow("sixteen runs") << 16;
        QTest::newRow("forty runs") << 40;
    }
    void matchesBruteForce()
    {
        QFETCH(int, runs);
        std::mt19937 random(1234 + runs);
        constexpr TimeNs kRange = 2000;
        for (int round = 0; round < 50; ++round) {
            Intervals v;
            const int parts = runs == 0 ? 1 : runs;
            for (int r = 0; r < parts; ++r) {
                Intervals run;
                const int count = 1 + static_cast<int>(random() % 60);
                for (int k = 0; k < count; ++k) {
                    const TimeNs a = static_cast<TimeNs>(random() % (kRange - 50));
                    run.emplace_back(a, a + 1 + static_cast<TimeNs>(random() % 40));
                }
                if (runs > 0)
                    std::sort(run.begin(), run.end());
                v.insert(v.end(), run.begin(), run.end());
            }
            const Intervals expected = bruteUnion(v, kRange);
            mergeIntervals(v);
            QCOMPARE(v, expected);
            // Half of the range, against the union's own sum.
            TimeNs inside = 0;
            for (const auto& [a, b] : expected)
                inside += std::max<TimeNs>(0, std::min<TimeNs>(b, kRange / 2) - a);
            QCOMPARE(coveredFraction(v, 0, kRange / 2), static_cast<double>(inside) / (kRange / 2));
        }
    }
};

QTEST_GUILESS_MAIN(TestIntervals)
#include "tst_intervals.moc"
