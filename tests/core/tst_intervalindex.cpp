// The implicit interval tree that answers "which ops of this track overlap [t0, t1)".

#include "core/model/intervalindex.h"

#include <QTest>

#include <algorithm>
#include <random>
#include <vector>

using namespace sightline;

namespace {

struct Intervals {
    std::vector<TimeNs> start;
    std::vector<TimeNs> end;
    std::vector<TimeNs> maxEnd;
    int level = -1;

    void sortAndBuild()
    {
        std::vector<std::size_t> order(start.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        // Sorted by start, longer first on ties, as importers guarantee.
        std::stable_sort(order.begin(), order.end(), [this](std::size_t a, std::size_t b) {
            return start[a] != start[b] ? start[a] < start[b] : end[a] > end[b];
        });
        std::vector<TimeNs> s, e;
        for (std::size_t i : order) {
            s.push_back(start[i]);
            e.push_back(end[i]);
        }
        start = std::move(s);
        end = std::move(e);
        maxEnd.assign(start.size(), -777);
        level = IntervalIndex::build(start.data(), end.data(), maxEnd.data(), start.size());
    }

    std::vector<std::size_t> query(TimeNs t0, TimeNs t1) const
    {
        std::vector<std::size_t> out;
        IntervalIndex::query(start.data(), end.data(), maxEnd.data(), start.size(), level, t0, t1,
            [&out](std::size_t i) { out.push_back(i); });
        return out;
    }

    std::vector<std::size_t> bruteForce(TimeNs t0, TimeNs t1) const
    {
        std::vector<std::size_t> out;
        if (t1 <= t0)
            return out;
        for (std::size_t i = 0; i < start.size(); ++i) {
            const TimeNs e = end[i] > start[i] ? end[i] : start[i] + 1;
            if (start[i] < t1 && e > t0)
                out.push_back(i);
        }
        return out;
    }
};

enum class Shape { Overlapping, Nested, ZeroLength, Mixed };

void generate(Intervals& iv, std::size_t n, Shape shape, std::mt19937& rng)
{
    auto uniform = [&rng](TimeNs lo, TimeNs hi) { return std::uniform_int_distribution<TimeNs>(lo, hi)(rng); };
    switch (shape) {
    case Shape::Overlapping:
        // Many intervals over a short span: most overlap most others.
        for (std::size_t i = 0; i < n; ++i) {
            const TimeNs s = uniform(0, 1000);
            iv.start.push_back(s);
            iv.end.push_back(s + uniform(0, 5000));
        }
        break;
    case Shape::Nested: {
        // Call stacks: each interval lies inside its parent; siblings are disjoint.
        struct Frame {
            TimeNs start, end;
        };
        std::vector<Frame> stack;
        TimeNs t = 0;
        while (iv.start.size() < n) {
            if (stack.empty() || (stack.size() < 12 && uniform(0, 2) != 0)) {
                const TimeNs limit = stack.empty() ? t + 100000 : stack.back().end;
                if (limit - t < 2) {
                    t = stack.back().end;
                    stack.pop_back();
                    continue;
                }
                const TimeNs s = uniform(t, t + (limit - t) / 4);
                const TimeNs e = uniform(s + 1, limit);
                iv.start.push_back(s);
                iv.end.push_back(e);
                stack.push_back({ s, e });
                t = s;
            } else {
                t = stack.back().end;
                stack.pop_back();
            }
        }
        break;
    }
    case Shape::ZeroLength:
        // Instants and many equal starts.
        for (std::size_t i = 0; i < n; ++i) {
            const TimeNs s = uniform(0, 50) * 10;
            iv.start.push_back(s);
            iv.end.push_back(uniform(0, 3) == 0 ? s + uniform(1, 30) : s);
        }
        break;
    case Shape::Mixed:
        for (std::size_t i = 0; i < n; ++i) {
            const TimeNs s = uniform(0, 1000000);
            const int kind = uniform(0, 9);
            TimeNs e = s;
            if (kind < 2)
                e = s; // zero length
            else if (kind < 4)
                e = s + uniform(100000, 900000); // long, overlaps many
            else
                e = s + uniform(1, 500);
            iv.start.push_back(s);
            iv.end.push_back(e);
        }
        break;
    }
}

QString describe(const std::vector<std::size_t>& v)
{
    QStringList parts;
    for (std::size_t i : v)
        parts << QString::number(i);
    return QLatin1Char('[') + parts.join(QLatin1Char(',')) + QLatin1Char(']');
}

} // namespace

Q_DECLARE_METATYPE(Shape)

class TestIntervalIndex : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void randomAgainstBruteForce_data();
    void randomAgainstBruteForce();
    void emptyIndex();
    void effectiveEnd();
    void overlappingKernelsOnOneStream_data();
    void overlappingKernelsOnOneStream();
    void emptyOrReversedQuery();
    void offsetSubrange();
};

void TestIntervalIndex::randomAgainstBruteForce_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<Shape>("shape");
    const int sizes[]
        = { 0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 100, 255, 256, 257, 1000, 1023, 1024, 1025, 4097 };
    const std::pair<const char*, Shape> shapes[] = { { "overlapping", Shape::Overlapping }, { "nested", Shape::Nested },
        { "zero-length", Shape::ZeroLength }, { "mixed", Shape::Mixed } };
    for (int n : sizes) {
        for (const auto& [name, shape] : shapes)
            QTest::addRow("n=%d %s", n, name) << n << shape;
    }
}

void TestIntervalIndex::randomAgainstBruteForce()
{
    QFETCH(int, n);
    QFETCH(Shape, shape);
    std::mt19937 rng(static_cast<std::uint32_t>(n * 31 + static_cast<int>(shape) + 7));
    Intervals iv;
    generate(iv, static_cast<std::size_t>(n), shape, rng);
    iv.sortAndBuild();
    QCOMPARE(iv.start.size(), std::size_t(n));
    if (n == 0) {
        QCOMPARE(iv.level, -1);
    } else {
        QVERIFY(iv.level >= 0);
        QVERIFY((std::size_t(1) << iv.level) <= std::size_t(n));
        QVERIFY((std::size_t(2) << iv.level) > std::size_t(n));
    }

    TimeNs lo = 0, hi = 1;
    if (n > 0) {
        lo = iv.start.front();
        hi = *std::max_element(iv.end.begin(), iv.end.end()) + 1;
    }
    auto uniform = [&rng](TimeNs a, TimeNs b) { return std::uniform_int_distribution<TimeNs>(a, b)(rng); };
    const int queries = n <= 100 ? 3000 : 800;
    for (int q = 0; q < queries; ++q) {
        TimeNs t0 = 0, t1 = 0;
        switch (q % 5) {
        case 0: // stabbing query
            t0 = uniform(lo - 10, hi + 10);
            t1 = t0 + 1;
            break;
        case 1: // short window
            t0 = uniform(lo - 10, hi + 10);
            t1 = t0 + uniform(1, std::max<TimeNs>(2, (hi - lo) / 50));
            break;
        case 2: // wide window
            t0 = uniform(lo - 100, hi);
            t1 = uniform(t0 + 1, hi + 100);
            break;
        case 3: // exactly at an op's start or end
            if (n > 0) {
                const auto i = static_cast<std::size_t>(uniform(0, n - 1));
                t0 = (q & 8) ? iv.start[i] : iv.end[i];
                t1 = t0 + uniform(0, 3);
            }
            break;
        case 4: // everything, or nothing before/after
            if (q % 15 == 4) {
                t0 = lo - 1000;
                t1 = hi + 1000;
            } else if (q % 15 == 9) {
                t0 = lo - 1000;
                t1 = lo;
            } else {
                t0 = hi;
                t1 = hi + 1000;
            }
            break;
        }
        const std::vector<std::size_t> got = iv.query(t0, t1);
        const std::vector<std::size_t> want = iv.bruteForce(t0, t1);
        if (!std::is_sorted(got.begin(), got.end()) || std::adjacent_find(got.begin(), got.end()) != got.end())
            QFAIL(qPrintable(
                QStringLiteral("query [%1, %2) not in increasing index order: %3").arg(t0).arg(t1).arg(describe(got))));
        if (got != want)
            QFAIL(qPrintable(QStringLiteral("query [%1, %2): got %3, expected %4")
                                 .arg(t0)
                                 .arg(t1)
                                 .arg(describe(got).left(400), describe(want).left(400))));
    }
}

void TestIntervalIndex::emptyIndex()
{
    QCOMPARE(IntervalIndex::build(nullptr, nullptr, nullptr, 0), -1);
    bool called = false;
    IntervalIndex::query(nullptr, nullptr, nullptr, 0, -1, 0, 100, [&](std::size_t) { called = true; });
    QVERIFY(!called);
}

void TestIntervalIndex::effectiveEnd()
{
    QCOMPARE(IntervalIndex::effectiveEnd(10, 20), TimeNs(20));
    QCOMPARE(IntervalIndex::effectiveEnd(10, 10), TimeNs(11));
    QCOMPARE(IntervalIndex::effectiveEnd(10, 5), TimeNs(11));
}

void TestIntervalIndex::overlappingKernelsOnOneStream_data()
{
    QTest::addColumn<qint64>("t0");
    QTest::addColumn<qint64>("t1");
    QTest::addColumn<QList<int>>("expected");
    // Ops (sorted by start, longer first): 0 [0,100) 1 [50,150) 2 [60,70) 3 [200,200) 4 [200,300) 5 [200,250)
    //                                      6 [400,1000) 7 [500,600)
    QTest::newRow("inside all three") << qint64(65) << qint64(66) << QList<int> { 0, 1, 2 };
    QTest::newRow("first only") << qint64(0) << qint64(1) << QList<int> { 0 };
    QTest::newRow("end is exclusive") << qint64(100) << qint64(101) << QList<int> { 1 };
    QTest::newRow("gap") << qint64(150) << qint64(200) << QList<int> {};
    QTest::newRow("zero-length counts as one ns") << qint64(200) << qint64(201) << QList<int> { 3, 4, 5 };
    QTest::newRow("window ending at instant") << qint64(199) << qint64(200) << QList<int> {};
    QTest::newRow("window starting after instant") << qint64(201) << qint64(202) << QList<int> { 4, 5 };
    QTest::newRow("before everything") << qint64(-50) << qint64(0) << QList<int> {};
    QTest::newRow("everything") << qint64(-50) << qint64(5000) << QList<int> { 0, 1, 2, 3, 4, 5, 6, 7 };
    QTest::newRow("long kernel spans nested") << qint64(450) << qint64(460) << QList<int> { 6 };
    QTest::newRow("nested in long") << qint64(550) << qint64(551) << QList<int> { 6, 7 };
    QTest::newRow("after everything") << qint64(1000) << qint64(2000) << QList<int> {};
    QTest::newRow("straddling") << qint64(99) << qint64(201) << QList<int> { 0, 1, 3, 4, 5 };
}

void TestIntervalIndex::overlappingKernelsOnOneStream()
{
    QFETCH(qint64, t0);
    QFETCH(qint64, t1);
    QFETCH(QList<int>, expected);
    const std::vector<TimeNs> start { 0, 50, 60, 200, 200, 200, 400, 500 };
    const std::vector<TimeNs> end { 100, 150, 70, 200, 300, 250, 1000, 600 };
    // Ties on start: the zero-length op sorts wherever the importer put it; keep file order here.
    std::vector<TimeNs> maxEnd(start.size());
    const int level = IntervalIndex::build(start.data(), end.data(), maxEnd.data(), start.size());
    QList<int> got;
    IntervalIndex::query(start.data(), end.data(), maxEnd.data(), start.size(), level, t0, t1,
        [&got](std::size_t i) { got << static_cast<int>(i); });
    QCOMPARE(got, expected);
}

void TestIntervalIndex::emptyOrReversedQuery()
{
    const std::vector<TimeNs> start { 0, 10, 20 };
    const std::vector<TimeNs> end { 100, 110, 120 };
    std::vector<TimeNs> maxEnd(3);
    const int level = IntervalIndex::build(start.data(), end.data(), maxEnd.data(), 3);
    int calls = 0;
    IntervalIndex::query(start.data(), end.data(), maxEnd.data(), 3, level, 50, 50, [&](std::size_t) { ++calls; });
    IntervalIndex::query(start.data(), end.data(), maxEnd.data(), 3, level, 60, 50, [&](std::size_t) { ++calls; });
    QCOMPARE(calls, 0);
}

void TestIntervalIndex::offsetSubrange()
{
    // A Trace stores every track's index inside one shared array; queries see only their track's range.
    std::mt19937 rng(99);
    Intervals all;
    generate(all, 300, Shape::Mixed, rng);
    all.sortAndBuild();
    const std::size_t first = 100, count = 137;
    std::vector<TimeNs> maxEnd(all.start.size(), -1);
    const int level
        = IntervalIndex::build(all.start.data() + first, all.end.data() + first, maxEnd.data() + first, count);
    for (std::size_t i = 0; i < first; ++i)
        QCOMPARE(maxEnd[i], TimeNs(-1));
    // It fills exactly its storage: one entry per inner node, half the ops.
    const std::size_t stored = IntervalIndex::storageSize(count);
    QCOMPARE(stored, count / 2);
    for (std::size_t i = first; i < first + stored; ++i)
        QVERIFY(maxEnd[i] != TimeNs(-1));
    for (std::size_t i = first + stored; i < maxEnd.size(); ++i)
        QCOMPARE(maxEnd[i], TimeNs(-1));
    for (int q = 0; q < 500; ++q) {
        const TimeNs t0 = std::uniform_int_distribution<TimeNs>(0, 1000000)(rng);
        const TimeNs t1 = t0 + std::uniform_int_distribution<TimeNs>(1, 20000)(rng);
        std::vector<std::size_t> got, want;
        IntervalIndex::query(all.start.data() + first, all.end.data() + first, maxEnd.data() + first, count, level, t0,
            t1, [&got](std::size_t i) { got.push_back(i); });
        for (std::size_t i = 0; i < count; ++i) {
            const TimeNs s = all.start[first + i];
            const TimeNs e = std::max(all.end[first + i], s + 1);
            if (s < t1 && e > t0)
                want.push_back(i);
        }
        QCOMPARE(got, want);
    }
}

QTEST_GUILESS_MAIN(TestIntervalIndex)
#include "tst_intervalindex.moc"
