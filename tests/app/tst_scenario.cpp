// Scenario files: a round trip keeps every field (paths relative to the scenario, offsets exact past
// 2^53 ns), and malformed files are refused with the file named and what is wrong, never a crash.

#include "scenario.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

class TestScenario : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTrip()
    {
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("traces"))));
        Scenario s;
        s.traceFiles = { dir.filePath(QStringLiteral("traces/rank0.json")), dir.filePath(QStringLiteral("traces/rank1.json")) };
        s.offsets = { 0, -1'234'567, 86'400'000'000'000 - 1 }; // the largest offset taken is a day
        s.firstStep = 3;
        s.lastStep = 7;
        s.strategy = { { { "tensor_fusion", { { "bucket_cap_mb", 50.0 } } }, true }, { { "speedup", { { "kind", std::string("compute") } } }, false } };
        s.budgetBytes = 16'000'000'000;
        QString error;
        const QString path = dir.filePath(QStringLiteral("scenarios/a.sightline"));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("scenarios"))));
        QVERIFY2(s.write(path, error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("../traces/rank0.json"));
        const auto back = Scenario::read(path, error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->traceFiles, s.traceFiles);
        QCOMPARE(back->offsets, s.offsets);
        QCOMPARE(back->firstStep, 3);
        QCOMPARE(back->lastStep, 7);
        QCOMPARE(back->budgetBytes, s.budgetBytes);
        QCOMPARE(back->strategy.size(), std::size_t(2));
        QCOMPARE(back->strategy[0].step.pass, std::string("tensor_fusion"));
        QCOMPARE(std::get<double>(back->strategy[0].step.params.at("bucket_cap_mb")), 50.0);
        QVERIFY(back->strategy[0].enabled);
        QVERIFY(!back->strategy[1].enabled);
        QCOMPARE(std::get<std::string>(back->strategy[1].step.params.at("kind")), std::string("compute"));
        QCOMPARE(back->missingFiles().size(), 2);
        // Not written over a folder: the error names the file.
        QVERIFY(!s.write(dir.filePath(QStringLiteral("traces")), error));
        QVERIFY(error.contains(QStringLiteral("traces")));
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("empty");
        QTest::newRow("not json") << QByteArray("version: 1") << QStringLiteral("not a scenario");
        QTest::newRow("truncated") << QByteArray(R"({"version": 1, "traces": ["a.json")") << QStringLiteral("not a scenario");
        QTest::newRow("array") << QByteArray("[1, 2]") << QStringLiteral("not a scenario");
        QTest::newRow("no version") << QByteArray(R"({"traces": ["a.json"]})") << QStringLiteral("version");
        QTest::newRow("version text") << QByteArray(R"({"version": "1", "traces": ["a.json"]})") << QStringLiteral("version");
        QTest::newRow("newer") << QByteArray(R"({"version": 2, "traces": ["a.json"]})") << QStringLiteral("newer Sightline");
        QTest::newRow("no traces") << QByteArray(R"({"version": 1})") << QStringLiteral("traces");
        QTest::newRow("empty traces") << QByteArray(R"({"version": 1, "traces": []})") << QStringLiteral("traces");
        QTest::newRow("trace not text") << QByteArray(R"({"version": 1, "traces": [3]})") << QStringLiteral("traces");
        QTest::newRow("offset number") << QByteArray(R"({"version": 1, "traces": ["a"], "alignment": {"offsets_ns": [5]}})")
                                       << QStringLiteral("offsets_ns");
        QTest::newRow("offset text") << QByteArray(R"({"version": 1, "traces": ["a"], "alignment": {"offsets_ns": ["5x"]}})")
                                     << QStringLiteral("offsets_ns");
        QTest::newRow("offset huge") << QByteArray(R"({"version": 1, "traces": ["a"], "alignment": {"offsets_ns": ["99999999999999999999"]}})")
                                     << QStringLiteral("offsets_ns");
        QTest::newRow("offset past a day") << QByteArray(R"({"version": 1, "traces": ["a"], "alignment": {"offsets_ns": ["86400000000001"]}})")
                                           << QStringLiteral("at most a day");
        QTest::newRow("steps reversed") << QByteArray(R"({"version": 1, "traces": ["a"], "steps": {"first": 5, "last": 2}})") << QStringLiteral("steps.last");
        QTest::newRow("budget negative") << QByteArray(R"({"version": 1, "traces": ["a"], "memory_budget_bytes": -1})") << QStringLiteral("memory_budget");
        QTest::newRow("budget text") << QByteArray(R"({"version": 1, "traces": ["a"], "memory_budget_bytes": "8"})") << QStringLiteral("memory_budget");
        QTest::newRow("budget past any device") << QByteArray(R"({"version": 1, "traces": ["a"], "memory_budget_bytes": 8e124})") << QStringLiteral("memory_budget");
        QTest::newRow("step text") << QByteArray(R"({"version": 1, "traces": ["a"], "steps": {"first": "3"}})") << QStringLiteral("steps.first");
        QTest::newRow("step fraction") << QByteArray(R"({"version": 1, "traces": ["a"], "steps": {"last": 2.5}})") << QStringLiteral("steps.last");
        QTest::newRow("step below") << QByteArray(R"({"version": 1, "traces": ["a"], "steps": {"first": -7}})") << QStringLiteral("steps.first");
        QTest::newRow("step without pass") << QByteArray(R"({"version": 1, "traces": ["a"], "strategy": [{"params": {}}]})") << QStringLiteral("pass");
        QTest::newRow("params not object") << QByteArray(R"({"version": 1, "traces": ["a"], "strategy": [{"pass": "x", "params": 3}]})")
                                           << QStringLiteral("params");
    }

    void malformed()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, says);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.sightline"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        QString error;
        QVERIFY(!Scenario::read(path, error));
        QVERIFY2(error.contains(QStringLiteral("bad.sightline")) && error.contains(says), qPrintable(error));
    }

    void missingAndHuge()
    {
        QTemporaryDir dir;
        QString error;
        QVERIFY(!Scenario::read(dir.filePath(QStringLiteral("absent.sightline")), error));
        QVERIFY(error.contains(QStringLiteral("absent.sightline")));
        // Past 4 MiB it is not a scenario, and it is not read into memory.
        const QString path = dir.filePath(QStringLiteral("huge.sightline"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize((qint64(4) << 20) + 1));
        f.close();
        QVERIFY(!Scenario::read(path, error));
        QVERIFY2(error.contains(QStringLiteral("huge.sightline")) && error.contains(QStringLiteral("4194304")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestScenario)
#include "tst_scenario.moc"
