// SearchProgress: what the searching commands write on stderr as their batches of candidates run.
#include "searchprogress.h"

#include <QTest>

#include <cstdio>
#include <functional>

namespace {

// What a SearchProgress of the command, style, processes and interval writes while report runs on it
// and once it is gone; empty when the temporary file could not be made or read.
QByteArray written(const QString& command, SearchProgress::Style style, int processes, std::chrono::milliseconds every,
    const std::function<void(SearchProgress&)>& report)
{
    std::FILE* stream = std::tmpfile();
    if (!stream)
        return {};
    {
        SearchProgress progress(command, style, processes, stream, every);
        report(progress);
    }
    std::fflush(stream);
    const long size = std::ftell(stream);
    QByteArray text(size, '\0');
    std::rewind(stream);
    if (std::fread(text.data(), 1, static_cast<std::size_t>(size), stream) != static_cast<std::size_t>(size))
        text.clear();
    std::fclose(stream);
    return text;
}

} // namespace

class TestSearchProgress : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Into a log: each batch's start and end on a line of its own, numbered; what comes sooner than the
    // interval after the last line is left out; empty batches and reports after the end are not written.
    void linesPerBatch()
    {
        const QByteArray text = written(QStringLiteral("frontier"), SearchProgress::Style::Lines, 1,
            std::chrono::hours(1), [](SearchProgress& progress) {
                progress.setProgress(0, 10);
                progress.setProgress(5, 10);
                progress.setProgress(10, 10);
                progress.setProgress(0, 0);
                progress.setProgress(0, 4);
                progress.setProgress(4, 4);
                progress.finish();
                progress.setProgress(0, 7);
            });
        QCOMPARE(text,
            QByteArray("sightline-cli frontier: batch 1: 0 of 10 candidates replayed\n"
                       "sightline-cli frontier: batch 1: 10 of 10 candidates replayed\n"
                       "sightline-cli frontier: batch 2: 0 of 4 candidates replayed\n"
                       "sightline-cli frontier: batch 2: 4 of 4 candidates replayed\n"));
    }

    // A batch whose start was not reported still counts as one; past the interval, a report within a
    // batch is written; with several processes, the line says whose share it counts.
    void batchesAndInterval()
    {
        const QByteArray text = written(QStringLiteral("scale"), SearchProgress::Style::Lines, 3,
            std::chrono::milliseconds(1), [](SearchProgress& progress) {
                progress.setProgress(2, 2);
                progress.setProgress(3, 3);
                progress.setProgress(0, 9);
                QTest::qSleep(5);
                progress.setProgress(4, 9);
            });
        QCOMPARE(text,
            QByteArray(
                "sightline-cli scale: batch 1: 2 of 2 candidates replayed (this process's share of 3 processes)\n"
                "sightline-cli scale: batch 2: 3 of 3 candidates replayed (this process's share of 3 processes)\n"
                "sightline-cli scale: batch 3: 0 of 9 candidates replayed (this process's share of 3 processes)\n"
                "sightline-cli scale: batch 3: 4 of 9 candidates replayed (this process's share of 3 processes)\n"));
    }

    // On a terminal: one line, rewritten in place, and erased when the search ends (once), so that the
    // command's own output starts on a clean line.
    void terminalLine()
    {
        const QByteArray text = written(QStringLiteral("optimize"), SearchProgress::Style::Terminal, 1,
            std::chrono::hours(1), [](SearchProgress& progress) {
                progress.setProgress(0, 3);
                progress.setProgress(3, 3);
                progress.finish();
                progress.finish();
            });
        QCOMPARE(text,
            QByteArray("\rsightline-cli optimize: batch 1: 0 of 3 candidates replayed\033[K"
                       "\rsightline-cli optimize: batch 1: 3 of 3 candidates replayed\033[K"
                       "\r\033[K"));
    }

    // Off writes nothing, and is what a process that does not write gets, or one whose stream is no
    // terminal unless --progress asked.
    void offAndStyles()
    {
        const QByteArray text = written(QStringLiteral("optimize"), SearchProgress::Style::Off, 1,
            std::chrono::milliseconds(1), [](SearchProgress& progress) {
                progress.setProgress(0, 3);
                progress.setProgress(3, 3);
            });
        QVERIFY(text.isEmpty());
        std::FILE* stream = std::tmpfile();
        QVERIFY(stream);
        QCOMPARE(SearchProgress::styleFor(true, false, stream), SearchProgress::Style::Off);
        QCOMPARE(SearchProgress::styleFor(false, true, stream), SearchProgress::Style::Off);
        QCOMPARE(SearchProgress::styleFor(true, true, stream), SearchProgress::Style::Lines);
        std::fclose(stream);
    }
};

QTEST_GUILESS_MAIN(TestSearchProgress)
#include "tst_searchprogress.moc"
