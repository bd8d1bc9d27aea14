// SearchProgress: what the searching commands write on stderr as their batches of candidates run.
#include "searchprogress.h"

#include <QTest>

#include <cstdio>

namespace {

// What progress wrote into stream, from its start.
QByteArray written(std::FILE* stream)
{
    std::fflush(stream);
    const long size = std::ftell(stream);
    QByteArray text(size, '\0');
    std::rewind(stream);
    if (std::fread(text.data(), 1, static_cast<std::size_t>(size), stream) != static_cast<std::size_t>(size))
        return {};
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
        std::FILE* stream = std::tmpfile();
        QVERIFY(stream);
        {
            SearchProgress progress(
                QStringLiteral("frontier"), SearchProgress::Style::Lines, 1, stream, std::chrono::hours(1));
            progress.setProgress(0, 10);
            progress.setProgress(5, 10);
            progress.setProgress(10, 10);
            progress.setProgress(0, 0);
            progress.setProgress(0, 4);
            progress.setProgress(4, 4);
            progress.finish();
            progress.setProgress(0, 7);
        }
        QCOMPARE(written(stream),
            QByteArray("sightline-cli frontier: batch 1: 0 of 10 candidates replayed\n"
                       "sightline-cli frontier: batch 1: 10 of 10 candidates replayed\n"
                       "sightline-cli frontier: batch 2: 0 of 4 candidates replayed\n"
                       "sightline-cli frontier: batch 2: 4 of 4 candidates replayed\n"));
        std::fclose(stream);
    }

    // A batch whose start was not reported still counts as one.
    void batchesAndInterval()
    {
        std::FILE* stream = std::tmpfile();
        QVERIFY(stream);
        {
            SearchProgress progress(
                QStringLiteral("scale"), SearchProgress::Style::Lines, 3, stream, std::chrono::milliseconds(1));
            progress.setProgress(2, 2);
            progress.setProgress(3, 3);
            // Past the interval, a report within the batch is written.
            progress.setProgress(0, 9);
            QTest::qSleep(5);
            progress.setProgress(4, 9);
        }
        QCOMPARE(written(stream),
            QByteArray(
                "sightline-cli scale: batch 1: 2 of 2 candidates replayed (this process's share of 3 processes)\n"
                "sightline-cli scale: batch 2: 3 of 3 candidates replayed (this process's share of 3 processes)\n"
                "sightline-cli scale: batch 3: 0 of 9 candidates replayed (this process's share of 3 processes)\n"
                "sightline-cli scale: batch 3: 4 of 9 candidates replayed (this process's share of 3 processes)\n"));
        std::fclose(stream);
    }

    // On a terminal: one line, rewritten in place, and erased when the search ends, so that the
    // command's own output starts on a clean line.
    void terminalLine()
    {
        std::FILE* stream = std::tmpfile();
        QVERIFY(stream);
        SearchProgress progress(
            QStringLiteral("optimize"), SearchProgress::Style::Terminal, 1, stream, std::chrono::hours(1));
        progress.setProgress(0, 3);
        progress.setProgress(3, 3);
        progress.finish();
        progress.finish();
        QCOMPARE(written(stream),
            QByteArray("\rsightline-cli optimize: batch 1: 0 of 3 candidates replayed\033[K"
                       "\rsightline-cli optimize: batch 1: 3 of 3 candidates replayed\033[K"
                       "\r\033[K"));
        std::fclose(stream);
    }

    // Off writes nothing, and is what a process that does not write gets, or one whose stream is no
    // terminal unless --progress asked.
    void offAndStyles()
    {
        std::FILE* stream = std::tmpfile();
        QVERIFY(stream);
        {
            SearchProgress progress(QStringLiteral("optimize"), SearchProgress::Style::Off, 1, stream);
            progress.setProgress(0, 3);
            progress.setProgress(3, 3);
        }
        QVERIFY(written(stream).isEmpty());
        QCOMPARE(SearchProgress::styleFor(true, false, stream), SearchProgress::Style::Off);
        QCOMPARE(SearchProgress::styleFor(false, true, stream), SearchProgress::Style::Off);
        QCOMPARE(SearchProgress::styleFor(true, true, stream), SearchProgress::Style::Lines);
        std::fclose(stream);
    }
};

QTEST_GUILESS_MAIN(TestSearchProgress)
#include "tst_searchprogress.moc"
