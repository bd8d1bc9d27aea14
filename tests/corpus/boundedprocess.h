#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstdint>

// Runs one program as a child process (posix_spawn, its own process group, stdin from /dev/null, output
// to files) and watches it: killed once it runs past the time limit or its resident memory passes the
// memory limit, and reaped with wait4() for its peak resident size. Blocking; one run at a time per
// object; not thread-safe.
class BoundedProcess {
public:
    struct Result {
        bool started = false;
        QString startError;
        int exitCode = -1; // when it exited
        int signal = 0; // when a signal ended it (ours included)
        bool timedOut = false; // we killed it at the time limit
        bool memoryExceeded = false; // we killed it at the memory limit
        std::int64_t maxRssBytes = 0; // peak resident size: ru_maxrss where it is the child's, and what we saw
        double seconds = 0;
        QByteArray out;
        QByteArray err;
    };

    BoundedProcess(double timeLimitSeconds, std::int64_t memoryLimitBytes);
    // The corpus's bounds on one run: 10 s and 2 GB resident, both grown by sanitizerLimitScale() in the
    // sanitizer stage (tests/support/sanitizerstage.h).
    static BoundedProcess forCorpus();

    double timeLimitSeconds() const { return m_timeLimit; }
    std::int64_t memoryLimitBytes() const { return m_memoryLimit; }

    // workDir receives the output files (kept for inspection).
    Result run(const QString& program, const QStringList& arguments, const QString& workDir) const;

private:
    double m_timeLimit;
    std::int64_t m_memoryLimit;
};
