#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "widgets/panels/ranklistmodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

class TestRankListModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void emptyModel()
    {
        RankListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), int(RankListModel::ColumnCount));
    }

    void bundledExample()
    {
        auto trace = sightline::TraceLoader::load({ SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank" });
        QVERIFY2(trace.hasValue(), trace.hasValue() ? "" : trace.status().toString().c_str());
        RankListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTrace(*trace);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, RankListModel::RankColumn).data().toInt(), 0);
        QCOMPARE(model.index(1, RankListModel::RankColumn).data().toInt(), 1);
        QCOMPARE(model.index(0, RankListModel::FileColumn).data().toString(), QStringLiteral("rank0.json.gz"));
        QCOMPARE(model.index(0, RankListModel::StepsColumn).data(RankListModel::SortRole).toInt(), 3);
        QCOMPARE(model.index(0, RankListModel::CollectivesColumn).data(RankListModel::SortRole).toLongLong(), 24);
        QCOMPARE(model.index(0, RankListModel::OpsColumn).data(RankListModel::SortRole).toLongLong(),
            static_cast<qlonglong>((*trace)->trackInfo(sightline::TrackId(0)).opCount + (*trace)->trackInfo(sightline::TrackId(1)).opCount
                + (*trace)->trackInfo(sightline::TrackId(2)).opCount));
        // The mean of the three measured steps of rank 0 (14.771, 14.167, 13.603 ms).
        QVERIFY(qAbs(model.index(0, RankListModel::MeanStepColumn).data(RankListModel::SortRole).toDouble() - 14.180) < 0.001);
        QCOMPARE(model.headerData(RankListModel::OpsColumn, Qt::Horizontal).toString(), QStringLiteral("Ops"));
        model.setTrace(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestRankListModel)
#include "tst_ranklistmodel.moc"
