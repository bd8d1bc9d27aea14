// TensorDescription: what a TensorFlow timeline's tensor snapshot says of the tensor's memory.

#include "core/import/tensordescription.h"

#include <QTest>

using namespace sightline;

class TestTensorDescription : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<QString>("allocator");
        QTest::addColumn<quint64>("address");
        const QString full = QStringLiteral("dtype: DT_FLOAT\nshape {\n  dim {\n    size: 256\n  }\n}\nallocation_description {\n"
                                            "  requested_bytes: 1000\n  allocated_bytes: 1024\n  allocator_name: \"GPU_0_bfc\"\n"
                                            "  allocation_id: 2\n  ptr: 140187486126336\n}\n");
        QTest::newRow("as TensorFlow writes it") << full << qint64(1024) << QStringLiteral("GPU_0_bfc") << quint64(140187486126336);
        QTest::newRow("quotes removed, as the timeline writes it")
            << QString(full).remove(QLatin1Char('"')) << qint64(1024) << QStringLiteral("GPU_0_bfc") << quint64(140187486126336);
        QTest::newRow("requested bytes only") << QStringLiteral("allocation_description {\n  requested_bytes: 96\n  allocator_name: cpu\n}")
                                              << qint64(96) << QStringLiteral("cpu") << quint64(0);
        QTest::newRow("bytes not a number") << QStringLiteral("allocated_bytes: many\n") << qint64(-1) << QString() << quint64(0);
        QTest::newRow("negative bytes") << QStringLiteral("allocated_bytes: -4\n") << qint64(-1) << QString() << quint64(0);
        QTest::newRow("a field inside another's name") << QStringLiteral("not_allocated_bytes: 7\n") << qint64(-1) << QString() << quint64(0);
        QTest::newRow("no colon") << QStringLiteral("allocated_bytes 7\nptr 9\n") << qint64(-1) << QString() << quint64(0);
        QTest::newRow("empty") << QString() << qint64(-1) << QString() << quint64(0);
        QTest::newRow("cut after the key") << QStringLiteral("allocator_name:") << qint64(-1) << QString() << quint64(0);
    }

    void parse()
    {
        QFETCH(QString, text);
        QFETCH(qint64, bytes);
        QFETCH(QString, allocator);
        QFETCH(quint64, address);
        const QByteArray utf8 = text.toUtf8();
        const TensorDescription d = TensorDescription::parse(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())));
        QCOMPARE(d.allocatedBytes, bytes);
        QCOMPARE(QString::fromUtf8(d.allocator.data(), static_cast<qsizetype>(d.allocator.size())), allocator);
        QCOMPARE(d.address, address);
    }

    void gpuOf_data()
    {
        QTest::addColumn<QString>("allocator");
        QTest::addColumn<int>("gpu");
        QTest::newRow("bfc") << QStringLiteral("GPU_0_bfc") << 0;
        QTest::newRow("second GPU") << QStringLiteral("GPU_3_bfc") << 3;
        QTest::newRow("lower case") << QStringLiteral("gpu_1_bfc") << 1;
        QTest::newRow("host") << QStringLiteral("cpu") << -1;
        QTest::newRow("pinned host") << QStringLiteral("cuda_host_bfc") << -1;
        QTest::newRow("no number") << QStringLiteral("GPU__bfc") << -1;
        QTest::newRow("number too large") << QStringLiteral("GPU_99999999999_bfc") << -1;
        QTest::newRow("empty") << QString() << -1;
    }

    void gpuOf()
    {
        QFETCH(QString, allocator);
        QFETCH(int, gpu);
        const QByteArray utf8 = allocator.toUtf8();
        QCOMPARE(TensorDescription::gpuOf(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size()))), gpu);
    }
};

QTEST_GUILESS_MAIN(TestTensorDescription)
#include "tst_tensordescription.moc"
