// Which rank each file of a job gets: declared, named with a keyword, numbered as a family, or in order.

#include "core/import/rankassigner.h"

#include <QTest>

using namespace sightline;

class TestRankAssigner : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rankFromFileName_data();
    void rankFromFileName();
    void numberedFamily_data();
    void numberedFamily();
    void assign_data();
    void assign();
    void duplicateDeclaredRank();
    void nameOfATakenRankWarns();
    void declaredRankTooLarge();
};

void TestRankAssigner::rankFromFileName_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("rank");
    QTest::newRow("rank-3") << QStringLiteral("rank-3.json") << 3;
    QTest::newRow("sampled_rank-1") << QStringLiteral("sampled_rank-1.json.gz") << 1;
    QTest::newRow("worker5_step_12") << QStringLiteral("worker5_step_12.123.pt.trace.json") << 5;
    QTest::newRow("worker0 dotted") << QStringLiteral("worker0.1623143089861.pt.trace.json.gz") << 0;
    QTest::newRow("rank12 in folder") << QStringLiteral("/data/job/rank12.json") << 12;
    QTest::newRow("rank_4") << QStringLiteral("rank_4.json.zst") << 4;
    QTest::newRow("upper case") << QStringLiteral("Rank-2.json") << 2;
    // A number alone is not a rank: only a keyword says what it counts.
    QTest::newRow("trace_7") << QStringLiteral("trace_7.json") << -1;
    QTest::newRow("job_2024") << QStringLiteral("job_2024.json") << -1;
    QTest::newRow("nccl_data") << QStringLiteral("nccl_data.json.gz") << -1;
    QTest::newRow("plain name") << QStringLiteral("trace.json") << -1;
    QTest::newRow("rank in folder only") << QStringLiteral("/runs/rank3/trace.json") << -1;
    QTest::newRow("rank without number") << QStringLiteral("rank_trace.json") << -1;
    QTest::newRow("resnet") << QStringLiteral("resnet_act_checkpoint.json.gz") << -1;
    QTest::newRow("too many digits") << QStringLiteral("rank99999999999.json") << -1;
    QTest::newRow("beyond the rank limit") << QStringLiteral("rank2000000.json") << -1;
}

void TestRankAssigner::rankFromFileName()
{
    QFETCH(QString, path);
    QFETCH(int, rank);
    QCOMPARE(RankAssigner::rankFromFileName(path.toStdString()), rank);
}

void TestRankAssigner::numberedFamily_data()
{
    QTest::addColumn<QStringList>("paths");
    QTest::addColumn<QList<int>>("numbers");
    QTest::newRow("family") << QStringList { QStringLiteral("a/trace_1.json"), QStringLiteral("a/trace_0.json") } << QList<int> { 1, 0 };
    QTest::newRow("long suffix") << QStringList { QStringLiteral("run_3.pt.trace.json.gz"), QStringLiteral("run_12.pt.trace.json.gz") }
                                 << QList<int> { 3, 12 };
    QTest::newRow("one file") << QStringList { QStringLiteral("job_2024.json") } << QList<int> {};
    QTest::newRow("different prefixes") << QStringList { QStringLiteral("a_1.json"), QStringLiteral("b_2.json") } << QList<int> {};
    QTest::newRow("different suffixes") << QStringList { QStringLiteral("a_1.json"), QStringLiteral("a_2.json.gz") } << QList<int> {};
    QTest::newRow("repeated number") << QStringList { QStringLiteral("x/a_1.json"), QStringLiteral("y/a_1.json") } << QList<int> {};
    QTest::newRow("one without number") << QStringList { QStringLiteral("a_1.json"), QStringLiteral("a.json") } << QList<int> {};
}

void TestRankAssigner::numberedFamily()
{
    QFETCH(QStringList, paths);
    QFETCH(QList<int>, numbers);
    std::vector<std::string> p;
    for (const QString& s : paths)
        p.push_back(s.toStdString());
    const std::vector<int> got = RankAssigner::numberedFamily(p);
    QCOMPARE(QList<int>(got.begin(), got.end()), numbers);
}

void TestRankAssigner::assign_data()
{
    // Each file: "path:declared"; expected: "rank/source" per file, in input order.
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("lone numbered name is rank 0") << QStringList { QStringLiteral("job_2024.json:-1") }
                                                  << QStringList { QStringLiteral("0/file_order") };
    QTest::newRow("numbered family") << QStringList { QStringLiteral("t_3.json:-1"), QStringLiteral("t_1.json:-1") }
                                     << QStringList { QStringLiteral("3/file_name"), QStringLiteral("1/file_name") };
    QTest::newRow("declared wins over names")
        << QStringList { QStringLiteral("rank-0.json:1"), QStringLiteral("rank-1.json:0") }
        << QStringList { QStringLiteral("1/distributed_info"), QStringLiteral("0/distributed_info") };
    QTest::newRow("taken name falls to order")
        << QStringList { QStringLiteral("z.json:-1"), QStringLiteral("rank-0.json:-1"), QStringLiteral("x.json:0"), QStringLiteral("worker2.json:-1") }
        << QStringList { QStringLiteral("1/file_order"), QStringLiteral("3/file_order"), QStringLiteral("0/distributed_info"),
               QStringLiteral("2/file_name") };
    QTest::newRow("order") << QStringList { QStringLiteral("b.json:-1"), QStringLiteral("a.json:-1") }
                           << QStringList { QStringLiteral("0/file_order"), QStringLiteral("1/file_order") };
}

void TestRankAssigner::assign()
{
    QFETCH(QStringList, files);
    QFETCH(QStringList, expected);
    std::vector<RankAssigner::File> in;
    for (const QString& f : files) {
        const QStringList parts = f.split(u':');
        in.push_back(RankAssigner::File { parts[0].toStdString(), parts[1].toInt() });
    }
    Expected<std::vector<RankAssigner::Assignment>> out = RankAssigner::assign(in);
    QVERIFY(out.hasValue());
    QStringList got;
    for (const auto& a : *out)
        got << QString::number(a.rank) + u'/' + QString::fromStdString(a.source);
    QCOMPARE(got, expected);
}

void TestRankAssigner::duplicateDeclaredRank()
{
    Expected<std::vector<RankAssigner::Assignment>> out
        = RankAssigner::assign({ { "a.json", 2 }, { "b.json", 2 } });
    QVERIFY(!out.hasValue());
    QCOMPARE(out.status().code(), ErrorCode::DuplicateRank);
    QCOMPARE(out.status().file(), std::string("b.json"));
    QVERIFY(out.status().detail().find("a.json") != std::string::npos);
}

void TestRankAssigner::nameOfATakenRankWarns()
{
    // Two files whose names both say rank 0 (a trace and another export of the same process): the
    // second falls through to file order, and says why its rank may be wrong.
    Expected<std::vector<RankAssigner::Assignment>> out
        = RankAssigner::assign({ { "run/rank0.json", -1 }, { "run/rank0.export_chrome_trace.json", -1 } });
    QVERIFY(out.hasValue());
    QCOMPARE((*out)[0].rank, 0);
    QVERIFY((*out)[0].warning.empty());
    QCOMPARE((*out)[1].rank, 1);
    QCOMPARE((*out)[1].source, std::string("file_order"));
    QVERIFY((*out)[1].warning.english().find("rank 0") != std::string::npos);
    QVERIFY((*out)[1].warning.english().find("run/rank0.json") != std::string::npos);
    // Names of distinct ranks warn of nothing.
    out = RankAssigner::assign({ { "rank0.json", -1 }, { "rank1.json", -1 } });
    QVERIFY(out.hasValue() && (*out)[0].warning.empty() && (*out)[1].warning.empty());
}

void TestRankAssigner::declaredRankTooLarge()
{
    Expected<std::vector<RankAssigner::Assignment>> out = RankAssigner::assign({ { "a.json", RankAssigner::kMaxRank } });
    QVERIFY(!out.hasValue());
    QCOMPARE(out.status().code(), ErrorCode::ValueOutOfRange);
    QCOMPARE(out.status().file(), std::string("a.json"));
}

QTEST_GUILESS_MAIN(TestRankAssigner)
#include "tst_rankassigner.moc"
