// A step series: the value in effect at a time, the first change after a time, and the highest value
// over any run of points, checked against reading every point on random series of several sizes
// (runs inside one block, across block edges, and over many blocks).

#include "core/analysis/counterseries.h"

#include <QTest>

#include <climits>
#include <random>

using namespace sightline;

class TestCounterSeries : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void valuesAtTimes()
    {
        const CounterSeries s({ { 0, 1 }, { 100, 3 }, { 200, 0 } });
        QCOMPARE(s.at(-5), 0);
        QCOMPARE(s.at(0), 1);
        QCOMPARE(s.at(99), 1);
        QCOMPARE(s.at(100), 3);
        QCOMPARE(s.at(500), 0);
        QCOMPARE(s.firstAfter(-1), std::size_t(0));
        QCOMPARE(s.firstAfter(100), std::size_t(2));
        QCOMPARE(s.firstAfter(200), std::size_t(3));
        QCOMPARE(s.highest(), 3);
        QCOMPARE(CounterSeries().highest(), 0);
        QCOMPARE(CounterSeries().at(7), 0);
    }

    void highestOverRuns_data()
    {
        QTest::addColumn<int>("size");
        for (int size : { 1, 63, 64, 65, 1000, 20000 })
            QTest::addRow("%d points", size) << size;
    }

    void highestOverRuns()
    {
        QFETCH(int, size);
        std::mt19937 random(static_cast<unsigned>(size));
        CounterSeries::Points points;
        TimeNs t = 0;
        for (int i = 0; i < size; ++i) {
            t += 1 + static_cast<TimeNs>(random() % 50);
            points.emplace_back(t, static_cast<int>(random() % 1000));
        }
        const CounterSeries s(points);
        auto read = [&](std::size_t first, std::size_t last) {
            int high = INT_MIN;
            for (std::size_t i = first; i < last; ++i)
                high = std::max(high, points[i].second);
            return high;
        };
        QCOMPARE(s.highest(), read(0, points.size()));
        for (int k = 0; k < 3000; ++k) {
            std::size_t a = random() % (points.size() + 1), b = random() % (points.size() + 1);
            if (a > b)
                std::swap(a, b);
            QCOMPARE(s.highest(a, b), read(a, b));
        }
        QCOMPARE(s.highest(0, points.size() + 10), read(0, points.size()));
        QCOMPARE(s.highest(5, 5), INT_MIN);
    }
};

QTEST_GUILESS_MAIN(TestCounterSeries)
#include "tst_counterseries.moc"
