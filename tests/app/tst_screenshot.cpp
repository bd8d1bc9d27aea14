// The app's --screenshot on the 8-rank DLRM job: at 18 px a row the picture shows the five rank groups
// that fit; at 11 px (--row-height) all eight ranks' track groups, and
// with --critical-path the path's ops in the highlight colour (and without it, none). With a strategy in
// the both view, the what-if's rows are drawn under the baseline's and differ from them.

#include "imagesupport.h"

#include "widgets/timeline/timelinetheme.h"

#include <QDir>
#include <QImage>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

// The Gantt's colours the pictures are read for.
const QColor kCritical = TimelineTheme::standard().critical;
const QColor kHeader = TimelineTheme::standard().rankHeader;
const QColor kWhatIfBand = TimelineTheme::standard().whatIfBand;
const QColor kHatch = TimelineTheme::standard().hatch; // the hatching and outline of ops made by a pass

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

// Per pixel line of an image, whether more than 1/divisor of it is one colour.
std::vector<bool> linesOf(const QImage& image, const QColor& color, int divisor)
{
    std::vector<bool> lines(static_cast<std::size_t>(image.height()));
    for (int y = 0; y < image.height(); ++y) {
        const QRgb* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        int n = 0;
        for (int x = 0; x < image.width(); ++x)
            n += (line[x] & 0xFFFFFF) == (color.rgb() & 0xFFFFFF);
        lines[static_cast<std::size_t>(y)] = n > image.width() / divisor;
    }
    return lines;
}

// Horizontal bands where most of a row is the rank-header colour: one per rank group.
int headerBands(const QImage& image)
{
    int bands = 0;
    bool inBand = false;
    for (const bool band : linesOf(image, kHeader, 2)) {
        bands += band && !inBand;
        inBand = band;
    }
    return bands;
}

// Pixel lines where over a fifth of the picture is the what-if band: the what-if's rows, as
// (first, last) line of each.
std::vector<std::pair<int, int>> whatIfRows(const QImage& image)
{
    std::vector<std::pair<int, int>> rows;
    bool inRow = false;
    const std::vector<bool> lines = linesOf(image, kWhatIfBand, 5);
    for (int y = 0; y < static_cast<int>(lines.size()); ++y) {
        const bool row = lines[static_cast<std::size_t>(y)];
        if (row && !inRow)
            rows.emplace_back(y, y);
        if (row)
            rows.back().second = y;
        inRow = row;
    }
    return rows;
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
        const QString tall = dir.filePath(QStringLiteral("tall.png"));
        QCOMPARE(run({ QStringLiteral("--screenshot"), tall, job }), 0);
        QCOMPARE(headerBands(QImage(tall).convertToFormat(QImage::Format_RGB32)), 5);
        const QString thin = QStringLiteral("--row-height=11");
        QCOMPARE(run({ QStringLiteral("--screenshot"), on, thin, QStringLiteral("--critical-path"), job }), 0);
        QCOMPARE(run({ QStringLiteral("--screenshot"), off, thin, job }), 0);
        const QImage withPath = QImage(on).convertToFormat(QImage::Format_RGB32);
        const QImage without = QImage(off).convertToFormat(QImage::Format_RGB32);
        QCOMPARE(withPath.size(), QSize(1600, 1000));
        QCOMPARE(headerBands(withPath), 8);
        QCOMPARE(headerBands(without), 8);
        // The path crosses ranks over most of the step: thousands of highlighted pixels.
        QVERIFY2(countColor(withPath, kCritical) > 5000, qPrintable(QString::number(countColor(withPath, kCritical))));
        // Without it, only the legend's swatch of 12×12 pixels has its colour.
        QCOMPARE(countColor(without, kCritical), 12 * 12);
        // With the replayed times as ghost rows under each track, fewer rank groups fit in the picture.
        const QString both = dir.filePath(QStringLiteral("both.png"));
        QCOMPARE(run({ QStringLiteral("--screenshot"), both, thin, QStringLiteral("--view"), QStringLiteral("both"), job }), 0);
        QVERIFY(headerBands(QImage(both).convertToFormat(QImage::Format_RGB32)) >= 4);
        QCOMPARE(run({ QStringLiteral("--screenshot"), both, QStringLiteral("--view"), QStringLiteral("sideways"), job }), 2);
        QCOMPARE(run({ QStringLiteral("--screenshot"), both, QStringLiteral("--row-height=3"), job }), 2);
    }

    void dlrmWhatIfBesideBaseline()
    {
        // Buckets of 100 MB and every linear layer recomputed, in the both view: each track's what-if
        // row sits under its baseline row, with ops of its own (the buckets and recomputed forwards
        // hatched), at other times than the baseline's.
        const QString job = QStringLiteral(SIGHTLINE_TRACES_DIR "/kineto/dlrm-8xV100");
        if (!QDir(job).exists())
            QSKIP("trace corpus not beside the checkout");
        QTemporaryDir dir;
        QFile strategy(dir.filePath(QStringLiteral("s.json")));
        QVERIFY(strategy.open(QIODevice::WriteOnly));
        strategy.write(R"({"strategy": [{"pass": "tensor_fusion", "params": {"bucket_cap_mb": 100}},
                                         {"pass": "recompute", "params": {"layers": "aten::linear"}}]})");
        strategy.close();
        const QString both = dir.filePath(QStringLiteral("both.png"));
        QCOMPARE(run({ QStringLiteral("--strategy"), strategy.fileName(), QStringLiteral("--view"), QStringLiteral("both"),
                     QStringLiteral("--row-height=11"), QStringLiteral("--screenshot"), both, job }),
            0);
        const QImage image = QImage(both).convertToFormat(QImage::Format_RGB32);
        const std::vector<std::pair<int, int>> rows = whatIfRows(image);
        // Five ranks at least fit, with five tracks each (two host threads and three streams).
        QVERIFY2(rows.size() >= 25, qPrintable(QString::number(rows.size())));
        int drawn = 0, differing = 0;
        for (const auto& [top, bottom] : rows) {
            const int y = (top + bottom) / 2;
            const int above = y - (bottom - top + 1); // the same line of the baseline's row just above
            const QRgb* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
            const QRgb* base = reinterpret_cast<const QRgb*>(image.constScanLine(above));
            int bars = 0, changed = 0;
            for (int x = 300; x < image.width(); ++x) { // right of the track names
                bars += (line[x] & 0xFFFFFF) != (kWhatIfBand.rgb() & 0xFFFFFF);
                // A pixel differs when one row has a bar where the other has none, or another colour.
                const bool baseBar = (base[x] & 0xFFFFFF) != 0xFFFFFF;
                const bool whatIfBar = (line[x] & 0xFFFFFF) != (kWhatIfBand.rgb() & 0xFFFFFF);
                changed += baseBar != whatIfBar || (baseBar && whatIfBar && line[x] != base[x]);
            }
            drawn += bars > 0;
            differing += changed > 20;
        }
        QVERIFY2(drawn >= static_cast<int>(rows.size()) * 3 / 4, qPrintable(QStringLiteral("%1 of %2").arg(drawn).arg(rows.size())));
        QVERIFY2(differing >= static_cast<int>(rows.size()) / 2, qPrintable(QStringLiteral("%1 of %2").arg(differing).arg(rows.size())));
        QVERIFY(countColor(image, kHatch) > 200);
        // The what-if alone: no baseline rows, so no band; the hatched ops are still there.
        const QString alone = dir.filePath(QStringLiteral("whatif.png"));
        QCOMPARE(run({ QStringLiteral("--strategy"), strategy.fileName(), QStringLiteral("--view"), QStringLiteral("whatif"),
                     QStringLiteral("--row-height=11"), QStringLiteral("--screenshot"), alone, job }),
            0);
        const QImage whatIf = QImage(alone).convertToFormat(QImage::Format_RGB32);
        QVERIFY(whatIfRows(whatIf).empty());
        QCOMPARE(headerBands(whatIf), 8);
        QVERIFY(countColor(whatIf, kHatch) > 200);
    }

    void wholeWindow()
    {
        // --screenshot-window keeps the docks, toolbars and status bar, at the window's own size on its
        // screen (the offscreen screen is 800×800): not the Gantt's 1600×1000.
        QTemporaryDir dir;
        const QString shot = dir.filePath(QStringLiteral("window.png"));
        QCOMPARE(run({ QStringLiteral("--screenshot-window"), shot, QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-gpu/bucket1mb.sightline") }), 0);
        const QImage image(shot);
        QVERIFY(!image.isNull());
        QVERIFY2(image.width() <= 800 && image.height() <= 800 && image.width() >= 600 && image.height() >= 600,
            qPrintable(QStringLiteral("%1×%2").arg(image.width()).arg(image.height())));
        // The what-if's rows are in it (the scenario's Both view).
        QVERIFY(!whatIfRows(image.convertToFormat(QImage::Format_RGB32)).empty());
        QCOMPARE(run({ QStringLiteral("--screenshot-window"), shot, QStringLiteral("--screenshot"), shot,
                     QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") }),
            2);
    }

    void wholeWindowOnRealScreens_data()
    {
        QTest::addColumn<QSize>("screen");
        QTest::addColumn<QString>("language");
        for (const QSize screen : { QSize(1366, 768), QSize(1920, 1080) }) {
            for (const char* language : { "en", "de", "zh_CN" })
                QTest::addRow("%dx%d %s", screen.width(), screen.height(), language) << screen << QString::fromLatin1(language);
        }
    }

    void wholeWindowOnRealScreens()
    {
        // Under a real X server (Xvfb) of a laptop's and a desktop's size, in each language: the first
        // window, the first example open, lies whole on the screen and fills most of it.
        const QString xvfb = QStandardPaths::findExecutable(QStringLiteral("xvfb-run"));
        if (xvfb.isEmpty())
            QSKIP("xvfb-run is not installed (packaging/install-deps.sh installs it)");
        QFETCH(QSize, screen);
        QFETCH(QString, language);
        QTemporaryDir dir;
        const QString shot = dir.filePath(QStringLiteral("window.png"));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path()); // no saved layout: the first window
        // Under AddressSanitizer (the variables mean nothing to other builds), two system libraries the
        // X platform loads are let through, and nothing else: libxkbcommon-x11 copies the X server's
        // keymap names with strndup from buffers that are not terminated (strict_string_checks reports
        // it), and libdbus keeps a connection's buffer to the end of the process (LeakSanitizer).
        auto suppress = [&](const QString& variable, const QByteArray& rule) {
            QFile file(dir.filePath(variable + QStringLiteral(".supp")));
            if (!file.open(QIODevice::WriteOnly) || file.write(rule) != rule.size())
                return false;
            env.insert(variable, env.value(variable) + QStringLiteral(":suppressions=") + file.fileName());
            return true;
        };
        QVERIFY(suppress(QStringLiteral("ASAN_OPTIONS"), "interceptor_via_lib:libxkbcommon-x11.so\n"));
        QVERIFY(suppress(QStringLiteral("LSAN_OPTIONS"), "leak:libdbus-1.so\n"));
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(xvfb, { QStringLiteral("-a"), QStringLiteral("-s"), QStringLiteral("-screen 0 %1x%2x24").arg(screen.width()).arg(screen.height()),
                          QStringLiteral(SIGHTLINE_BIN_DIR "/sightline"), QStringLiteral("--lang"), language, QStringLiteral("--screenshot-window"), shot,
                          QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-gpu/bucket1mb.sightline") });
        QVERIFY(p.waitForFinished(180000));
        QVERIFY2(p.exitCode() == 0, p.readAll().constData());
        const QImage image(shot);
        QVERIFY(!image.isNull());
        QVERIFY2(image.width() <= screen.width() && image.height() <= screen.height() && image.width() >= screen.width() * 0.8
                && image.height() >= screen.height() * 0.8,
            qPrintable(QStringLiteral("%1×%2 on %3×%4").arg(image.width()).arg(image.height()).arg(screen.width()).arg(screen.height())));
        QVERIFY(!whatIfRows(image.convertToFormat(QImage::Format_RGB32)).empty());
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
        // Two different values of one option: refused before anything is drawn, as sightline-cli does.
        const QString twice = dir.filePath(QStringLiteral("twice.png"));
        QCOMPARE(run({ QStringLiteral("--screenshot"), twice, QStringLiteral("--view"), QStringLiteral("replayed"),
                     QStringLiteral("--view"), QStringLiteral("measured"),
                     QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") }),
            2);
        QVERIFY(!QFile::exists(twice));
        // A good one loads with the job, and the window opens and saves it.
        QFile good(dir.filePath(QStringLiteral("good.json")));
        QVERIFY(good.open(QIODevice::WriteOnly) && good.write("{\"strategy\": [{\"pass\": \"speedup\", \"params\": {\"percent\": 20}}]}") > 0);
        good.close();
        QCOMPARE(run({ QStringLiteral("--strategy"), good.fileName(), QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("s.png")),
                     QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") }),
            0);
        QVERIFY(!QImage(dir.filePath(QStringLiteral("s.png"))).isNull());
        // The window refuses what sightline-cli whatif refuses, with the same exit status: a misspelt
        // parameter before the job opens (2), a strategy that does not apply to the job once it ran (1,
        // the screenshot still taken).
        const QList<QPair<QByteArray, int>> strategies {
            { R"({"strategy": [{"pass": "speedup", "params": {"percnt": 20}}]})", 2 },
            { R"({"strategy": [{"pass": "straggler", "params": {"rank": 7}}]})", 1 },
        };
        for (const auto& [text, exitCode] : strategies) {
            QFile f(dir.filePath(QStringLiteral("t.json")));
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text) > 0);
            f.close();
            const QString shot = dir.filePath(QStringLiteral("t.png"));
            QFile::remove(shot);
            QCOMPARE(run({ QStringLiteral("--strategy"), f.fileName(), QStringLiteral("--screenshot"), shot,
                         QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank") }),
                exitCode);
            QCOMPARE(!QImage(shot).isNull(), exitCode == 1);
            QProcess cli;
            cli.start(QStringLiteral(SIGHTLINE_BIN_DIR "/sightline-cli"), { QStringLiteral("whatif"), QStringLiteral(SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank"),
                                                        QStringLiteral("--strategy"), f.fileName() });
            QVERIFY(cli.waitForFinished(120000));
            QCOMPARE(cli.exitCode(), exitCode);
        }
    }
};

QTEST_GUILESS_MAIN(TestScreenshot)
#include "tst_screenshot.moc"
