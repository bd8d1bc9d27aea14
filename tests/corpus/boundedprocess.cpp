#include "boundedprocess.h"
#include "sanitizerstage.h"

#include <QFile>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace {

// Resident bytes of a running process, from /proc; 0 when it cannot be read (it may have just ended).
std::int64_t residentBytes(pid_t pid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/statm", static_cast<int>(pid));
    FILE* f = std::fopen(path, "r");
    if (!f)
        return 0;
    long long size = 0;
    long long resident = 0;
    const int n = std::fscanf(f, "%lld %lld", &size, &resident);
    std::fclose(f);
    return n == 2 ? resident * static_cast<std::int64_t>(::sysconf(_SC_PAGESIZE)) : 0;
}

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

BoundedProcess::BoundedProcess(double timeLimitSeconds, std::int64_t memoryLimitBytes)
    : m_timeLimit(timeLimitSeconds)
    , m_memoryLimit(memoryLimitBytes)
{
}

BoundedProcess BoundedProcess::forCorpus()
{
    constexpr double kTimeLimitSeconds = 10.0;
    constexpr double kMemoryLimitBytes = 2e9;
    const double scale = sanitizerLimitScale();
    return BoundedProcess(kTimeLimitSeconds * scale, static_cast<std::int64_t>(kMemoryLimitBytes * scale));
}

BoundedProcess::Result BoundedProcess::run(
    const QString& program, const QStringList& arguments, const QString& workDir) const
{
    Result r;
    const QByteArray outPath = QFile::encodeName(workDir + QStringLiteral("/stdout"));
    const QByteArray errPath = QFile::encodeName(workDir + QStringLiteral("/stderr"));
    std::vector<QByteArray> storage;
    storage.push_back(QFile::encodeName(program));
    for (const QString& a : arguments)
        storage.push_back(QFile::encodeName(a));
    std::vector<char*> argv;
    for (QByteArray& s : storage)
        argv.push_back(s.data());
    argv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, outPath.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, errPath.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    // Its own process group, so that a kill reaches anything it started.
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    // A spawned child's ru_maxrss starts from this process's own peak (Linux carries the peak of the
    // memory image that exec replaces), so it only tells about the child when it is larger.
    rusage self {};
    ::getrusage(RUSAGE_SELF, &self);
    const std::int64_t ownPeak = static_cast<std::int64_t>(self.ru_maxrss) * 1024;
    pid_t pid = -1;
    const auto begin = std::chrono::steady_clock::now();
    const int spawned = posix_spawn(&pid, argv[0], &actions, &attributes, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (spawned != 0) {
        r.startError = QString::fromLocal8Bit(std::strerror(spawned));
        return r;
    }
    r.started = true;

    int status = 0;
    rusage usage {};
    std::int64_t seen = 0;
    bool killed = false;
    // A pidfd becomes readable when the child ends, so the wait between memory checks ends with it;
    // without one (old kernels), short sleeps that grow.
#ifdef SYS_pidfd_open
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
    const int pidfd = -1;
#endif
    auto pause = std::chrono::microseconds(500);
    while (true) {
        const pid_t done = ::wait4(pid, &status, WNOHANG, &usage);
        if (done == pid)
            break;
        if (done < 0 && errno != EINTR) {
            r.startError = QString::fromLocal8Bit(std::strerror(errno));
            return r;
        }
        if (!killed) {
            seen = std::max(seen, residentBytes(pid));
            const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
            if (seen > m_memoryLimit || elapsed > m_timeLimit) {
                r.memoryExceeded = seen > m_memoryLimit;
                r.timedOut = !r.memoryExceeded;
                ::kill(-pid, SIGKILL);
                ::kill(pid, SIGKILL);
                killed = true;
            }
        }
        if (pidfd >= 0) {
            pollfd p { pidfd, POLLIN, 0 };
            ::poll(&p, 1, 20);
        } else {
            std::this_thread::sleep_for(pause);
            pause = std::min(pause * 2, std::chrono::microseconds(20000));
        }
    }
    if (pidfd >= 0)
        ::close(pidfd);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    const std::int64_t reported = static_cast<std::int64_t>(usage.ru_maxrss) * 1024;
    r.maxRssBytes = reported > ownPeak ? std::max(seen, reported) : seen;
    if (WIFEXITED(status))
        r.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        r.signal = WTERMSIG(status);
    r.out = readFile(workDir + QStringLiteral("/stdout"));
    r.err = readFile(workDir + QStringLiteral("/stderr"));
    return r;
}
