// Finding training iterations from the repeating structure of a track when there are no markers.

#include "core/model/stepdetector.h"

#include <QTest>

#include <algorithm>
#include <random>
#include <vector>

using namespace sightline;

namespace {

struct Sequence {
    std::vector<std::uint32_t> names;
    std::vector<TimeNs> starts;
    std::vector<TimeNs> ends;

    void add(std::uint32_t name, TimeNs gapBefore, TimeNs duration)
    {
        const TimeNs s = (ends.empty() ? 1000 : ends.back()) + gapBefore;
        names.push_back(name);
        starts.push_back(s);
        ends.push_back(s + duration);
    }
    StepDetector::Result detect() const { return StepDetector::detect(names, starts, ends); }
};

constexpr int kOpsPerIteration = 20;
constexpr TimeNs kIdleGap = 50000; // before op 0 of each iteration
constexpr int kFirstOp = 13; // the trace starts in the middle of an iteration

// Five iterations' worth of ops: the tail of one (ops 13..19), three whole ones, and the head of the next
// (ops 0..12). Op durations and small gaps vary a little so nothing but op 0 is preceded by a long gap.
Sequence periodic(int iterationsOfOps, bool vary)
{
    Sequence seq;
    std::mt19937 rng(2024);
    const int total = iterationsOfOps * kOpsPerIteration;
    for (int k = 0; k < total; ++k) {
        const int position = (kFirstOp + k) % kOpsPerIteration;
        const int iteration = (kFirstOp + k) / kOpsPerIteration;
        std::uint32_t name = 100 + static_cast<std::uint32_t>(position);
        // One op per iteration gets a name of its own (e.g. a data-dependent kernel).
        if (vary && position == (iteration * 7 + 3) % kOpsPerIteration)
            name = 1000 + static_cast<std::uint32_t>(iteration);
        const TimeNs gap = position == 0 ? kIdleGap : static_cast<TimeNs>(rng() % 500);
        seq.add(name, gap, 1000 + static_cast<TimeNs>(rng() % 3000));
    }
    return seq;
}

} // namespace

class TestStepDetector : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void identicalIterations();
    void smallVariations();
    void randomSequenceDetectsNothing_data();
    void randomSequenceDetectsNothing();
    void tooShort_data();
    void tooShort();
    void mismatchedSpans();
    void shortestPeriodWins();
};

void TestStepDetector::identicalIterations()
{
    const Sequence seq = periodic(5, false);
    QCOMPARE(seq.names.size(), std::size_t(100));
    const StepDetector::Result r = seq.detect();
    QCOMPARE(r.periodOps, std::size_t(kOpsPerIteration));
    QVERIFY(r.matchRatio >= 0.99);
    // Iterations begin at op 0, i.e. after each idle gap: indices 7, 27, 47, 67 of the sequence.
    const int firstBoundary = kOpsPerIteration - kFirstOp;
    QCOMPARE(r.steps.size(), std::size_t(4));
    for (std::size_t k = 0; k < r.steps.size(); ++k) {
        const std::size_t at = firstBoundary + k * kOpsPerIteration;
        QCOMPARE(seq.names[at], 100u);
        QVERIFY(seq.starts[at] - seq.ends[at - 1] == kIdleGap);
        QCOMPARE(r.steps[k].start, seq.starts[at]);
        const std::size_t next = at + kOpsPerIteration;
        if (next < seq.names.size())
            QCOMPARE(r.steps[k].end, seq.starts[next]);
        else
            QCOMPARE(r.steps[k].end, *std::max_element(seq.ends.begin() + at, seq.ends.begin() + next));
    }
    // Consecutive iterations tile the time axis.
    for (std::size_t k = 1; k < r.steps.size(); ++k)
        QCOMPARE(r.steps[k].start, r.steps[k - 1].end);
}

void TestStepDetector::smallVariations()
{
    const Sequence seq = periodic(5, true);
    const StepDetector::Result r = seq.detect();
    QCOMPARE(r.periodOps, std::size_t(kOpsPerIteration));
    QVERIFY(r.matchRatio >= 0.6);
    QVERIFY(r.matchRatio < 1.0);
    QCOMPARE(r.steps.size(), std::size_t(4));
    const int firstBoundary = kOpsPerIteration - kFirstOp;
    for (std::size_t k = 0; k < r.steps.size(); ++k)
        QCOMPARE(r.steps[k].start, seq.starts[firstBoundary + k * kOpsPerIteration]);
}

void TestStepDetector::randomSequenceDetectsNothing_data()
{
    QTest::addColumn<int>("length");
    QTest::addColumn<int>("alphabet");
    QTest::newRow("all distinct") << 200 << 0;
    QTest::newRow("large alphabet") << 300 << 5000;
    QTest::newRow("medium alphabet") << 1000 << 400;
}

void TestStepDetector::randomSequenceDetectsNothing()
{
    QFETCH(int, length);
    QFETCH(int, alphabet);
    std::mt19937 rng(77);
    Sequence seq;
    for (int i = 0; i < length; ++i) {
        const std::uint32_t name
            = alphabet == 0 ? static_cast<std::uint32_t>(i) : static_cast<std::uint32_t>(rng() % alphabet);
        seq.add(name, static_cast<TimeNs>(rng() % 20000), 100 + static_cast<TimeNs>(rng() % 1000));
    }
    const StepDetector::Result r = seq.detect();
    QVERIFY2(r.steps.empty(), qPrintable(QStringLiteral("period %1, ratio %2").arg(r.periodOps).arg(r.matchRatio)));
    QCOMPARE(r.periodOps, std::size_t(0));
}

void TestStepDetector::tooShort_data()
{
    QTest::addColumn<int>("length");
    for (int n = 0; n < 4; ++n)
        QTest::addRow("%d ops", n) << n;
}

void TestStepDetector::tooShort()
{
    QFETCH(int, length);
    Sequence seq;
    for (int i = 0; i < length; ++i)
        seq.add(static_cast<std::uint32_t>(i % 2), 1000, 100); // as repetitive as it gets
    const StepDetector::Result r = seq.detect();
    QVERIFY(r.steps.empty());
    QCOMPARE(r.periodOps, std::size_t(0));
}

void TestStepDetector::mismatchedSpans()
{
    Sequence seq = periodic(5, false);
    seq.ends.pop_back();
    const StepDetector::Result r = seq.detect();
    QVERIFY(r.steps.empty());
    QCOMPARE(r.periodOps, std::size_t(0));
}

void TestStepDetector::shortestPeriodWins()
{
    // "a b c" repeated: 3, 6 and 9 all match perfectly; the iteration is the shortest.
    Sequence seq;
    for (int i = 0; i < 30; ++i)
        seq.add(static_cast<std::uint32_t>(i % 3), i % 3 == 0 ? 5000 : 10, 100);
    const StepDetector::Result r = seq.detect();
    QCOMPARE(r.periodOps, std::size_t(3));
    QCOMPARE(r.steps.size(), std::size_t(10));
    QCOMPARE(r.steps.front().start, seq.starts[0]);
}

QTEST_GUILESS_MAIN(TestStepDetector)
#include "tst_stepdetector.moc"
