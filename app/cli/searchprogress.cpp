#include "searchprogress.h"

#include <unistd.h>

namespace {

// How often a report is written: a terminal's line may change often, a log's lines should not.
constexpr std::chrono::milliseconds kTerminalEvery { 100 };
constexpr std::chrono::milliseconds kLinesEvery { 1000 };

} // namespace

SearchProgress::SearchProgress(
    QString command, Style style, int processes, std::FILE* stream, std::chrono::milliseconds every)
    : m_command(std::move(command))
    , m_style(style)
    , m_processes(processes)
    , m_stream(stream)
    , m_every(every > std::chrono::milliseconds::zero() ? every
              : style == Style::Terminal                ? kTerminalEvery
                                                        : kLinesEvery)
{
}

SearchProgress::~SearchProgress()
{
    finish();
}

SearchProgress::Style SearchProgress::styleFor(bool asked, bool writes, std::FILE* stream)
{
    if (!writes)
        return Style::Off;
    if (isatty(fileno(stream)))
        return Style::Terminal;
    return asked ? Style::Lines : Style::Off;
}

void SearchProgress::setProgress(std::int64_t done, std::int64_t total)
{
    const std::lock_guard lock(m_mutex);
    if (m_style == Style::Off || total <= 0)
        return;
    // Each batch reports 0 first (Evaluator::evaluate); its end is reported once.
    const bool starts = !m_inBatch || done == 0;
    if (starts) {
        ++m_batch;
        m_inBatch = true;
    }
    const bool ends = done >= total;
    const auto now = std::chrono::steady_clock::now();
    if (ends || starts || now - m_last >= m_every) {
        write(done, total);
        m_last = now;
    }
    if (ends)
        m_inBatch = false;
}

void SearchProgress::write(std::int64_t done, std::int64_t total)
{
    QString line = QStringLiteral("sightline-cli %1: batch %2: %3 of %4 candidates replayed")
                       .arg(m_command)
                       .arg(m_batch)
                       .arg(done)
                       .arg(total);
    if (m_processes > 1)
        line += QStringLiteral(" (this process's share of %1 processes)").arg(m_processes);
    const QByteArray text = line.toLocal8Bit();
    if (m_style == Style::Terminal) {
        // Back to the line's start, the report, then the rest of the former line erased.
        std::fprintf(m_stream, "\r%s\033[K", text.constData());
        m_lineShown = true;
    } else {
        std::fprintf(m_stream, "%s\n", text.constData());
    }
    std::fflush(m_stream);
}

void SearchProgress::finish()
{
    const std::lock_guard lock(m_mutex);
    if (m_style == Style::Terminal && m_lineShown) {
        std::fprintf(m_stream, "\r\033[K");
        std::fflush(m_stream);
    }
    m_style = Style::Off;
}
