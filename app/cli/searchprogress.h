#pragma once

#include "core/base/progress.h"

#include <QString>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>

// Tells the user on stderr how far a search has come (optimize, frontier, scale), as the Evaluator
// reports it: the candidates of each batch replayed so far. On a terminal one line rewritten in place
// and cleared when the search ends, so that what the command prints after it stands alone; into a log
// (--progress) a line at most once a second and at the end of each batch. With several processes,
// this process's share of each batch. Thread-safe; writes nothing when off.
class SearchProgress final : public sightline::ProgressSink {
public:
    enum class Style { Off, Terminal, Lines };

    // command: the name the lines start with; processes: how many share each batch; every: the least
    // time between two reports within a batch (0: the style's, a tenth of a second on a terminal and a
    // second in a log).
    SearchProgress(QString command, Style style, int processes, std::FILE* stream = stderr,
        std::chrono::milliseconds every = std::chrono::milliseconds::zero());
    ~SearchProgress() override;
    SearchProgress(const SearchProgress&) = delete;
    SearchProgress& operator=(const SearchProgress&) = delete;

    // Terminal where this process writes to a terminal, Lines where asked for, Off otherwise and in a
    // process that does not write.
    static Style styleFor(bool asked, bool writes, std::FILE* stream = stderr);

    void setProgress(std::int64_t done, std::int64_t total) override;
    // Clears the terminal's line; the search is over. Later reports are dropped.
    void finish();

private:
    void write(std::int64_t done, std::int64_t total);

    QString m_command;
    Style m_style;
    int m_processes;
    std::FILE* m_stream;
    std::chrono::milliseconds m_every;
    std::mutex m_mutex;
    int m_batch = 0;
    bool m_inBatch = false;
    bool m_lineShown = false;
    std::chrono::steady_clock::time_point m_last {};
};
