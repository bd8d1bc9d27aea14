// StepCursor: the step whose span holds each of a run of ordered times.

#include "core/import/stepcursor.h"

#include <QTest>

#include <vector>

using namespace sightline;

class TestStepCursor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void stepsOfOrderedTimes()
    {
        // Steps 7 [10, 20), 8 [20, 25) and, after a gap, 9 [40, 50).
        const std::vector<StepSpan> steps { { RankId(), 7, 10, 20, OpId() }, { RankId(), 8, 20, 25, OpId() },
            { RankId(), 9, 40, 50, OpId() } };
        StepCursor cursor(steps);
        const std::vector<std::pair<TimeNs, std::int32_t>> expected { { 0, -1 }, { 10, 7 }, { 19, 7 }, { 20, 8 }, { 24, 8 },
            { 25, -1 }, { 39, -1 }, { 40, 9 }, { 49, 9 }, { 50, -1 }, { 1000, -1 } };
        for (const auto& [t, step] : expected)
            QCOMPARE(cursor.stepAt(t), step);
        // A restart begins a new run: earlier times are found again.
        cursor.restart();
        QCOMPARE(cursor.stepAt(12), 7);
        QCOMPARE(cursor.stepAt(45), 9);
    }

    void numbersAreClampedAndNoStepsGiveNone()
    {
        const std::vector<StepSpan> steps { { RankId(), std::int64_t(1) << 40, 0, 10, OpId() } };
        StepCursor cursor(steps);
        QCOMPARE(cursor.stepAt(5), INT32_MAX);
        const std::vector<StepSpan> none;
        StepCursor empty(none);
        QCOMPARE(empty.stepAt(5), -1);
    }
};

QTEST_GUILESS_MAIN(TestStepCursor)
#include "tst_stepcursor.moc"
