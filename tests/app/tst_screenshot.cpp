// The app's --screenshot on the 8-rank DLRM job: the picture shows all eight ranks' track groups, and
// with --critical-path the path's ops in the highlight colour (and without it, none).

#include "imagesupport.h"

#include <QDir>
#include <QImage>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QColor kCritical(0xe0, 0x24, 0x5e);
const QColor kHeader(0xee, 0xee, 0xf2);

int run(const QStringList& args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SIGHTLINE_BIN_DIR "/sightline"), args);
    if (!p.waitForFinished(120000))
        return -1;
    return p.exitCode();
}

int countColor(const QImage& image, const QColor& color)
{
    return ImageSupport::countColor(image, color.rgb());
}

// Horizontal bands where most of a row is the rank-header colour: one per rank group.
int headerBands(const QImage& image)
{
    int bands = 0;
    bool inBand = false;
    for (int y = 0; y < image.height(); ++y) {
        const QRgb* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        int n = 0;
        for (int x = 0; x < image.width(); ++x)
            n += (line[x] & 0xFFFFFF) == (kHeader.rgb() & 0xFFFFFF);
        const bool band = n > image.width() / 2;
        bands += band && !inBand;
        inBand = band;
    }
    return bands;
}

} // namespace

class TestScreenshot : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void dlrmWithCriticalPath()
    {
        const QString job = QStringLiteral(SIGHTLINE_TRACES_DIR "/kineto/dlrm-8xV100");
        if (!QDir(job).exists())
            QSKIP("trace corpus not beside the checkout");
        QTemporaryDir dir;
        const QString on = dir.filePath(QStringLiteral("on.png")), off = dir.filePath(QStringLiteral("off.png"));
        QCOMPARE(run({ QStringLiteral("--screenshot"), on, QStringLiteral("--critical-path"), job }), 0);
        QCOMPARE(run({ QStringLiteral("--screenshot"), off, job }), 0);
        const QImage withPath = QImage(on).convertToFormat(QImage::Format_RGB32);
        const QImage without = QImage(off).convertToFormat(QImage::Format_RGB32);
        QCOMPARE(withPath.size(), QSize(1600, 1000));
        QCOMPARE(headerBands(withPath), 8);
        QCOMPARE(headerBands(without), 8);
        // The path crosses ranks over most of the step: thousands of highlighted pixels.
        QVERIFY2(countColor(withPath, kCritical) > 5000, qPrintable(QString::number(countColor(withPath, kCritical))));
        QCOMPARE(countColor(without, kCritical), 0);
        // With the replayed times as ghost rows under each track, fewer rank groups fit in the picture.
        const QString both = dir.filePath(QStringLiteral("both.png"));
        QCOMPARE(run({ QStringLiteral("--screenshot"), both, QStringLiteral("--view"), QStringLiteral("both"), job }), 0);
        QVERIFY(headerBands(QImage(both).convertToFormat(QImage::Format_RGB32)) >= 4);
        QCOMPARE(run({ QStringLiteral("--screenshot"), both, QStringLiteral("--view"), QStringLiteral("sideways"), job }), 2);
    }

    void failures()
    {
        QTemporaryDir dir;
        QCOMPARE(run({ QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png")), dir.filePath(QStringLiteral("absent.json")) }), 1);
        QCOMPARE(run({ QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png")) }), 2);
        // A strategy file that is not there, or not a strategy, stops the window before it opens.
        QCOMPARE(run({ QStringLiteral("--strategy"), dir.filePath(QStringLiteral("absent.json")) }), 2);
        QFile bad(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly) && bad.write("{\"strategy\": [{\"params\": 3}]}") > 0);
        bad.close();
        QCOMPARE(run({ QStringLiteral("--strategy"), bad.fileName() }), 2);
        // A good one loads with the job, and the window opens and saves it.
        QFile good(dir.filePath(QStringLiteral("good.json")));
        QVERIFY(good.open(QIODevice::WriteOnly) && good.write("{\"strategy\": [{\"pass\": \"speedup\", \"params\": {\"percent\": 20}}]}") > 0);
        good.close();
        QCOMPARE(run({ QStringLiteral("--strategy"), good.fileName(), QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("s.png")),
                     QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") }),
            0);
        QVERIFY(!QImage(dir.filePath(QStringLiteral("s.png"))).isNull());
    }
};

QTEST_GUILESS_MAIN(TestScreenshot)
#include "tst_screenshot.moc"
