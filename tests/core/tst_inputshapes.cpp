// InputShapes: reading the recorded "Input Dims" and "Input type" texts of an op.

#include "core/model/inputshapes.h"

#include <QTest>

using namespace sightline;

class TestInputShapes : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void elementsAndBytes_data()
    {
        QTest::addColumn<QString>("dims");
        QTest::addColumn<QString>("types");
        QTest::addColumn<int>("input");
        QTest::addColumn<qint64>("elements");
        QTest::addColumn<qint64>("bytes");
        const QString linear = QStringLiteral("[[64,512],[1024,512],[1024]]");
        const QString floats = QStringLiteral("[\"float\",\"float\",\"float\"]");
        QTest::newRow("linear input") << linear << floats << 0 << qint64(64 * 512) << qint64(64 * 512 * 4);
        QTest::newRow("linear weight") << linear << floats << 1 << qint64(1024 * 512) << qint64(1024 * 512 * 4);
        QTest::newRow("linear bias") << linear << floats << 2 << qint64(1024) << qint64(4096);
        QTest::newRow("past the inputs") << linear << floats << 3 << qint64(0) << qint64(0);
        QTest::newRow("scalar") << QStringLiteral("[[2,3],[]]") << QStringLiteral("[\"c10::Half\",\"Scalar\"]") << 1 << qint64(0) << qint64(0);
        QTest::newRow("half") << QStringLiteral("[[2,3],[]]") << QStringLiteral("[\"c10::Half\",\"Scalar\"]") << 0 << qint64(6) << qint64(12);
        QTest::newRow("tensor list") << QStringLiteral("[[[1024,1024],[1024],[]]]") << QStringLiteral("[\"TensorList\"]") << 0
                                     << qint64(1024 * 1024 + 1024 + 1) << qint64(0);
        QTest::newRow("unknown type") << QStringLiteral("[[8]]") << QStringLiteral("[\"Strange\"]") << 0 << qint64(8) << qint64(0);
        QTest::newRow("spaces") << QStringLiteral(" [ [ 2 , 4 ] ] ") << QStringLiteral("[ \"int64\" ]") << 0 << qint64(8) << qint64(64);
        QTest::newRow("overflow") << QStringLiteral("[[4294967296,4294967296,4]]") << QStringLiteral("[\"float\"]") << 0 << qint64(0) << qint64(0);
        QTest::newRow("negative") << QStringLiteral("[[-1,4]]") << QStringLiteral("[\"float\"]") << 0 << qint64(0) << qint64(0);
        QTest::newRow("malformed") << QStringLiteral("[[2,3]") << QStringLiteral("[\"float\"]") << 0 << qint64(0) << qint64(0);
        QTest::newRow("not lists") << QStringLiteral("[2,3]") << QStringLiteral("[\"float\"]") << 0 << qint64(0) << qint64(0);
        QTest::newRow("too deep") << QStringLiteral("[[[[[[[[[[[1]]]]]]]]]]]") << QStringLiteral("[]") << 0 << qint64(0) << qint64(0);
        QTest::newRow("empty") << QString() << QString() << 0 << qint64(0) << qint64(0);
    }
    void elementsAndBytes()
    {
        QFETCH(QString, dims);
        QFETCH(QString, types);
        QFETCH(int, input);
        QFETCH(qint64, elements);
        QFETCH(qint64, bytes);
        const InputShapes s = InputShapes::parse(dims.toStdString(), types.toStdString());
        QCOMPARE(s.elements(static_cast<std::size_t>(input)), elements);
        QCOMPARE(s.bytes(static_cast<std::size_t>(input)), bytes);
    }

    void inputsKeepTheirTensors()
    {
        const InputShapes s = InputShapes::parse("[[2,3],[],[[4],[5,6]]]", "[\"float\",\"Scalar\",\"TensorList\"]");
        QCOMPARE(s.inputs().size(), std::size_t(3));
        QCOMPARE(s.inputs()[0].tensors, (std::vector<std::vector<std::int64_t>> { { 2, 3 } }));
        QVERIFY(s.inputs()[1].tensors.empty());
        QCOMPARE(s.inputs()[2].tensors, (std::vector<std::vector<std::int64_t>> { { 4 }, { 5, 6 } }));
        QCOMPARE(s.inputs()[2].type, std::string("TensorList"));
    }
};

QTEST_GUILESS_MAIN(TestInputShapes)
#include "tst_inputshapes.moc"
