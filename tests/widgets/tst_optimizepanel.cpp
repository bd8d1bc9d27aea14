// The Optimize dock's panel on its own: what a search's result shows (figures, warnings, the ranked
// opportunities, a Load button only for a strategy that changes something), what loading asks for, the
// fewest-devices objective taking its strategy from the frontier, a failure said, the budget shared
// with the strategy, and the progress bar.

#include "widgets/search/frontierplot.h"
#include "widgets/search/opportunitymodel.h"
#include "widgets/search/optimizepanel.h"
#include "widgets/search/scalingplot.h"
#include "widgets/strategy/strategymodel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include <algorithm>

using namespace sightline;

namespace {

SearchResult resultWith(std::vector<PassStep> steps)
{
    SearchResult r;
    r.baselineNs = 20'000'000;
    r.bestNs = steps.empty() ? r.baselineNs : 16'000'000;
    r.best.steps = std::move(steps);
    r.rounds = r.best.steps.empty() ? 0 : 1;
    r.candidates = 12;
    r.trajectory = { { 0, r.baselineNs, 0, {} } };
    if (!r.best.steps.empty())
        r.trajectory.push_back({ 1, r.bestNs, 0, "tensor_fusion" });
    r.opportunities = { { { PassStep { "tensor_fusion", { { "bucket_cap_mb", 25.0 } } } }, 20.0, 16'000'000,
                            Message(SL_TEXT("Core", "communication")), {}, false },
        { { PassStep { "op_fusion", {} } }, 3.5, 19'300'000, Message(SL_TEXT("Core", "computation")),
            Strategy { { PassStep { "network", { { "bandwidth_scale", 0.5 } } }, PassStep { "op_fusion", {} } } },
            true } };
    r.warnings.emplace_back(
        SL_TEXT("Core", "the search stopped at its limit of %1 rounds"), std::vector<Message::Arg> { 50 });
    return r;
}

} // namespace

class TestOptimizePanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void showsTheResult()
    {
        StrategyModel strategy;
        OptimizePanel panel(&strategy);
        panel.setJobLoaded(true);
        QVERIFY(panel.runButton()->isEnabled());
        QSignalSpy chosen(&panel, &OptimizePanel::strategyChosen);
        panel.setResult(resultWith({ PassStep { "tensor_fusion", { { "bucket_cap_mb", 25.0 } } } }));
        QCOMPARE(panel.trajectoryPlot()->graph(0)->dataCount(), 2);
        QVERIFY(panel.loadButton()->isEnabled());
        bool warned = false;
        for (QLabel* label : panel.findChildren<QLabel*>()) {
            warned |= label->text().contains(QStringLiteral("⚠ 1 warning"))
                && label->toolTip().contains(QStringLiteral("⚠ the search stopped at its limit of 50 rounds"));
        }
        QVERIFY(warned);
        QCOMPARE(panel.opportunities()->rowCount(), 2);
        QCOMPARE(panel.opportunities()->index(0, OpportunityModel::Gain).data().toString(), QStringLiteral("20.00 %"));
        QCOMPARE(panel.opportunities()->index(0, OpportunityModel::Step).data().toString(),
            QStringLiteral("tensor_fusion (bucket_cap_mb=25 MiB)"));
        // A gain whose replay's own checks warned says so; the other does not.
        QCOMPARE(panel.opportunities()->index(0, OpportunityModel::Reason).data().toString(),
            QStringLiteral("communication"));
        QVERIFY(panel.opportunities()
                    ->index(1, OpportunityModel::Reason)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("⚠ computation (the replay's self-checks warned")));
        panel.loadButton()->click();
        QCOMPARE(chosen.count(), 1);
        const Strategy loaded = chosen.takeFirst().at(0).value<Strategy>();
        QCOMPARE(loaded.steps.size(), std::size_t(1));
        // An opportunity loads the whole strategy it was replayed with: the scenario it was found in too.
        auto* view = panel.findChild<QTableView*>();
        QVERIFY(view);
        Q_EMIT view->doubleClicked(panel.opportunities()->index(1, 0));
        QCOMPARE(chosen.count(), 1);
        const Strategy opportunity = chosen.takeFirst().at(0).value<Strategy>();
        QCOMPARE(opportunity.steps.size(), std::size_t(2));
        QCOMPARE(opportunity.steps.front().pass, std::string("network"));
        // Nothing beats the job: nothing to load, and the panel says so.
        panel.setResult(resultWith({}));
        QVERIFY(!panel.loadButton()->isEnabled());
        panel.setFailure(QStringLiteral("the job has no steps"));
        QCOMPARE(panel.statusText(), QStringLiteral("The search failed: the job has no steps"));
        QVERIFY(panel.runButton()->isEnabled());
        panel.setRunning(true);
        QVERIFY(!panel.runButton()->isEnabled());
        panel.setJobLoaded(false);
        QVERIFY(!panel.runButton()->isEnabled());
    }

    // With the fewest-devices objective, the frontier's answer is the strategy the Load button loads.
    void fewestDevicesFromTheFrontier()
    {
        StrategyModel strategy;
        OptimizePanel panel(&strategy);
        panel.setJobLoaded(true);
        panel.findChild<QComboBox*>()->setCurrentIndex(1);
        QCOMPARE(panel.objective(), OptimizePanel::Objective::Devices);
        QSignalSpy asked(&panel, &OptimizePanel::optimizeRequested);
        panel.runButton()->click();
        QCOMPARE(asked.count(), 1);
        Frontier f;
        const FrontierPoint small { 30'000'000, 2'000'000'000, false, 4,
            Strategy { { PassStep { "recompute", {} } } } };
        const FrontierPoint big { 20'000'000, 9'000'000'000, true, 8,
            Strategy { { PassStep { "mixed_precision", {} } } } };
        f.byWorkers = { { 4, { small } }, { 8, { big } } };
        f.points = { small, big };
        f.miniTime = small;
        f.miniParallelism = small;
        f.base = FrontierPoint { 25'000'000, 12'000'000'000, true, 8, {} };
        panel.setFrontier(f, 8'000'000'000);
        QCOMPARE(panel.frontierPlot()->points().size(), std::size_t(2));
        // The job as it is: a cross in the plot, named in the key and the note, and not a point to load.
        QCPGraph* base = nullptr;
        for (int g = 0; g < panel.frontierPlot()->graphCount(); ++g) {
            if (panel.frontierPlot()->graph(g)->name() == QStringLiteral("The job as it is"))
                base = panel.frontierPlot()->graph(g);
        }
        QVERIFY(base && base->dataCount() == 1);
        QCOMPARE(base->scatterStyle().shape(), QCPScatterStyle::ssCross);
        QCOMPARE(base->data()->at(0)->key, 12.0);
        QCOMPARE(base->data()->at(0)->value, 25.0);
        const QPointF cross(
            panel.frontierPlot()->xAxis->coordToPixel(12.0), panel.frontierPlot()->yAxis->coordToPixel(25.0));
        QCOMPARE(panel.frontierPlot()->pointAt(cross), -1);
        const QString note = QStringLiteral("The job as it is (the cross): %1 ms and %2 GB on 8 device")
                                 .arg(QLocale().toString(25.0, 'f', 3), QLocale().toString(12.0, 'f', 2));
        const QList<QLabel*> labels = panel.findChildren<QLabel*>();
        QVERIFY2(std::any_of(labels.begin(), labels.end(), [&](QLabel* l) { return l->text().contains(note); }),
            qPrintable(note));
        QSignalSpy chosen(&panel, &OptimizePanel::strategyChosen);
        panel.loadButton()->click();
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen.takeFirst().at(0).value<Strategy>().steps.front().pass, std::string("recompute"));
        // A point far from every plotted one is none.
        QCOMPARE(panel.frontierPlot()->pointAt(QPointF(-100, -100)), -1);
    }

    // The budget is the strategy's: set here, the strategy has it (an edit Undo takes back), and set
    // there (the Strategy dock), it shows here. While a search runs, the bar counts the what-ifs of its
    // batch; once it ends, the bar goes, and a late report of the finished run changes nothing.
    void budgetAndProgress()
    {
        StrategyModel strategy;
        OptimizePanel panel(&strategy);
        panel.setJobLoaded(true);
        auto* budget = panel.findChild<QDoubleSpinBox*>(QStringLiteral("searchBudget"));
        QVERIFY(budget);
        QCOMPARE(budget->value(), 0.0);
        budget->setValue(16);
        QCOMPARE(strategy.budgetBytes(), std::int64_t(16'000'000'000));
        QVERIFY(strategy.undoStack()->undoText().startsWith(QStringLiteral("Set the memory budget")));
        strategy.undoStack()->undo();
        QCOMPARE(budget->value(), 0.0);
        strategy.setBudgetBytes(8'000'000'000);
        QCOMPARE(budget->value(), 8.0);
        QVERIFY(panel.progressBar()->isHidden());
        panel.setRunning(true);
        QVERIFY(!panel.progressBar()->isHidden());
        QCOMPARE(panel.progressBar()->maximum(), 0); // busy until a batch says its size
        panel.setProgress(3, 8);
        QCOMPARE(panel.progressBar()->value(), 3);
        QCOMPARE(panel.progressBar()->maximum(), 8);
        QCOMPARE(panel.progressBar()->text(), QStringLiteral("3 of 8 what-ifs"));
        panel.setResult(resultWith({}));
        QVERIFY(panel.progressBar()->isHidden());
        panel.setProgress(5, 8);
        QCOMPARE(panel.progressBar()->value(), 3);
    }

    // The frontier shares the global batch by default, the scaling curve keeps each worker's; the
    // parameter server's workers always keep theirs, and its choice is then off.
    void batchChoices()
    {
        StrategyModel strategy;
        OptimizePanel panel(&strategy);
        QVERIFY(panel.frontierGlobalBatch());
        QVERIFY(!panel.scalingGlobalBatch());
        panel.frontierBatchBox()->setCurrentIndex(1);
        QVERIFY(!panel.frontierGlobalBatch());
        panel.scalingBatchBox()->setCurrentIndex(0);
        QVERIFY(panel.scalingGlobalBatch());
        auto* mode = panel.scalingBatchBox()->parentWidget()->findChild<QComboBox*>();
        QVERIFY(mode && mode != panel.scalingBatchBox());
        mode->setCurrentIndex(1);
        QVERIFY(!panel.scalingBatchBox()->isEnabled());
        QVERIFY(!panel.scalingGlobalBatch());
        mode->setCurrentIndex(0);
        QVERIFY(panel.scalingBatchBox()->isEnabled());
        QVERIFY(panel.scalingGlobalBatch());
    }

    void drawsTheScalingCurve()
    {
        ScalingPlot plot;
        ScalingCurve curve;
        curve.measuredWorkers = 2;
        for (int n : { 1, 2, 4 }) {
            ScalingPoint p;
            p.workers = n;
            p.iterationNs = 10'000'000 + n;
            p.stepsPerSecond = n * 1e9 / static_cast<double>(p.iterationNs);
            if (n == 2) {
                p.replayedNs = 10'000'100;
                p.measuredNs = 10'500'000;
            }
            curve.points.push_back(p);
        }
        curve.relate(curve.points.front().stepsPerSecond);
        plot.setCurve(curve);
        QCOMPARE(plot.graph(0)->dataCount(), 3); // the model
        QCOMPARE(plot.graph(1)->dataCount(), 1); // replayed
        QCOMPARE(plot.graph(2)->dataCount(), 1); // measured
        QCOMPARE(plot.graph(3)->dataCount(), 3); // perfect scaling
        QCOMPARE(plot.graph(3)->data()->at(2)->value, 4 * curve.points.front().stepsPerSecond);
        // Strong scaling: a step of 4 workers makes the measured 2 workers' batches, in the model's
        // unit, and so does the replay's cross.
        curve.globalBatch = true;
        curve.points[2].replayedNs = 5'000'000;
        plot.setCurve(curve);
        QCOMPARE(plot.graph(1)->dataCount(), 2);
        QCOMPARE(plot.graph(1)->data()->at(1)->value, 2e9 / 5'000'000);
        // Where the trace shows the batch, the counts whose share holds no whole samples are circled:
        // the 2 workers' 3 samples each, shared among 4, give 1.5; weak scaling keeps 3 everywhere.
        QCOMPARE(plot.graph(4)->dataCount(), 0);
        curve.batch = 3;
        plot.setCurve(curve);
        QCOMPARE(plot.graph(4)->dataCount(), 1);
        QCOMPARE(plot.graph(4)->data()->at(0)->key, 4.0);
        QCOMPARE(plot.graph(4)->data()->at(0)->value, curve.points[2].stepsPerSecond);
        curve.globalBatch = false;
        plot.setCurve(curve);
        QCOMPARE(plot.graph(4)->dataCount(), 0);
    }

    // Each tab counts its figures' warnings under them and says them in full in the tooltip; a new job
    // takes every figure of the one before away (a frontier point of another job would load its ops).
    void warningsShownAndANewJobClears()
    {
        StrategyModel strategy;
        OptimizePanel panel(&strategy);
        panel.setJobLoaded(true);
        const auto labelWith = [&](const QString& text) -> QLabel* {
            for (QLabel* label : panel.findChildren<QLabel*>()) {
                if (label->text().contains(text))
                    return label;
            }
            return nullptr;
        };
        panel.setResult(resultWith({ PassStep { "tensor_fusion", { { "bucket_cap_mb", 25.0 } } } }));
        Frontier f;
        const FrontierPoint point { 30'000'000, 2'000'000'000, false, 4,
            Strategy { { PassStep { "recompute", {} } } } };
        f.byWorkers = { { 4, { point } } };
        f.points = { point };
        f.miniTime = point;
        f.warnings = { Message(SL_TEXT("Core", "no point of the frontier fits the device budget")),
            Message(SL_TEXT("Core", "the fastest point within the budget: %1"), { Message::plain("a note") }) };
        panel.setFrontier(f, 8'000'000'000);
        QLabel* frontierNote = labelWith(QStringLiteral("Fastest within the budget"));
        QVERIFY(frontierNote);
        QVERIFY(frontierNote->text().contains(QStringLiteral("⚠ 2 warning")));
        QVERIFY(frontierNote->toolTip().contains(QStringLiteral("⚠ the fastest point within the budget: a note")));
        ScalingCurve curve;
        curve.measuredWorkers = 2;
        ScalingPoint p;
        p.workers = 2;
        p.iterationNs = 10'000'000;
        p.stepsPerSecond = 100;
        curve.points = { p };
        curve.warnings
            = { Message(SL_TEXT("Core", "the replay at worker count %1: %2"), { 16, Message::plain("links") }) };
        panel.setCurve(curve);
        const auto scalingNotes = panel.scalingPlot()->parentWidget()->findChildren<QLabel*>();
        QCOMPARE(scalingNotes.size(), 1);
        QVERIFY(scalingNotes.front()->text().contains(QStringLiteral("⚠ 1 warning")));
        QVERIFY(scalingNotes.front()->toolTip().contains(QStringLiteral("the replay at worker count 16: links")));
        QVERIFY(panel.scalingPlot()->legend->visible());

        panel.setJobLoaded(true);
        QCOMPARE(panel.trajectoryPlot()->graph(0)->dataCount(), 0);
        QCOMPARE(panel.opportunities()->rowCount(), 0);
        QVERIFY(!panel.loadButton()->isEnabled());
        QVERIFY(panel.frontierPlot()->points().empty());
        QCOMPARE(panel.scalingPlot()->graph(0)->dataCount(), 0);
        QVERIFY(!panel.scalingPlot()->legend->visible());
        for (QLabel* label : panel.findChildren<QLabel*>()) {
            QVERIFY2(!label->text().contains(QStringLiteral("⚠")), qPrintable(label->text()));
            QVERIFY(label->toolTip().isEmpty() || !label->toolTip().contains(QStringLiteral("⚠")));
        }
        QVERIFY(labelWith(QStringLiteral("Click a point to load its strategy.")));
    }
};

Q_DECLARE_METATYPE(sightline::Strategy)

QTEST_MAIN(TestOptimizePanel)
#include "tst_optimizepanel.moc"
