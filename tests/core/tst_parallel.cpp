// parallelFor: every item once; a limit on its threads; a thread waiting for its own loop never runs another thread's
// items; background priority for the calling thread and for the workers.

#include "core/base/parallel.h"

// Qt's emit macro, which clashes with oneTBB's, is off for the tests (QT_NO_EMIT).
#include <tbb/task_arena.h>

#include <QTest>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

using namespace sightline;

namespace {

#if defined(__linux__)
int niceOfThisThread()
{
    return ::getpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)));
}
#endif

void spinFor(std::chrono::microseconds span)
{
    const auto end = std::chrono::steady_clock::now() + span;
    while (std::chrono::steady_clock::now() < end) {
    }
}

} // namespace

class TestParallel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyItemOnce()
    {
        std::vector<std::atomic<int>> seen(1000);
        parallelFor(seen.size(), [&](std::size_t i) { seen[i].fetch_add(1); });
        for (const std::atomic<int>& s : seen)
            QCOMPARE(s.load(), 1);
        parallelFor(0, [](std::size_t) { QFAIL("no items"); });
    }

    // A limit caps the threads of every loop while it lives, the lowest of nested limits wins, and the
    // parallelism comes back when the last ends.
    void limitCapsTheThreads()
    {
        const std::size_t before = parallelism();
        {
            ParallelismLimit two(2);
            QCOMPARE(parallelism(), std::min<std::size_t>(before, 2));
            {
                ParallelismLimit one(1);
                QCOMPARE(parallelism(), std::size_t(1));
                const std::thread::id caller = std::this_thread::get_id();
                std::atomic<int> elsewhere { 0 };
                parallelFor(64, [&](std::size_t) {
                    spinFor(std::chrono::microseconds(100));
                    if (std::this_thread::get_id() != caller)
                        elsewhere.fetch_add(1);
                });
                QCOMPARE(elsewhere.load(), 0);
            }
            QCOMPARE(parallelism(), std::min<std::size_t>(before, 2));
        }
        QCOMPARE(parallelism(), before);
        ParallelismLimit none(0); // at least one thread
        QCOMPARE(parallelism(), std::size_t(1));
    }

    // A background thread's long loop keeps the workers busy while this thread runs short loops of its
    // own: waiting for an item a worker took, this thread must not pick up a background item (which
    // would hold it for that item's whole time). Both run in an arena with room for both and a worker,
    // whatever the machine's cores.
    void waitingRunsOnlyItsOwnItems()
    {
        tbb::task_arena arena(3, 2);
        const std::thread::id self = std::this_thread::get_id();
        std::atomic<bool> stop { false };
        std::atomic<int> foreign { 0 };
        std::atomic<int> backgroundItems { 0 };
        std::thread background([&] {
            arena.execute([&] {
                while (!stop.load()) {
                    parallelFor(16, [&](std::size_t) {
                        if (std::this_thread::get_id() == self)
                            foreign.fetch_add(1);
                        backgroundItems.fetch_add(1);
                        spinFor(std::chrono::milliseconds(1));
                    });
                }
            });
        });
        arena.execute([] {
            for (int round = 0; round < 80; ++round)
                parallelFor(4, [](std::size_t) { spinFor(std::chrono::milliseconds(2)); });
        });
        stop = true;
        background.join();
        QVERIFY(backgroundItems.load() > 0);
        QCOMPARE(foreign.load(), 0);
    }

    void lowersTheCallingThreadOnly()
    {
#if !defined(__linux__)
        QSKIP("thread priorities are changed on Linux only");
#else
        const int before = niceOfThisThread();
        int lowered = -100, again = -100;
        std::thread([&] {
            lowerCurrentThreadPriority();
            lowered = niceOfThisThread();
            lowerCurrentThreadPriority(); // no further
            again = niceOfThisThread();
        }).join();
        QCOMPARE(lowered, std::min(before + 10, 19));
        QCOMPARE(again, lowered);
        QCOMPARE(niceOfThisThread(), before);
#endif
    }

    void lowersTheWorkers()
    {
#if !defined(__linux__)
        QSKIP("thread priorities are changed on Linux only");
#else
        if (parallelism() < 2)
            QSKIP("one core: no worker threads");
        const int before = niceOfThisThread();
        const int lowered = std::min(before + 10, 19);
        lowerWorkerPriority();
        // Loops called from this thread and from another (which has an arena of its own): items run by
        // a thread other than the loop's caller run lowered, the caller's own at its priority.
        std::atomic<int> workerItems { 0 }, normal { 0 }, callerLowered { 0 };
        const auto loop = [&] {
            const std::thread::id caller = std::this_thread::get_id();
            const int callerNice = niceOfThisThread();
            parallelFor(8, [&](std::size_t) {
                spinFor(std::chrono::microseconds(500));
                if (std::this_thread::get_id() == caller) {
                    if (niceOfThisThread() != callerNice)
                        callerLowered.fetch_add(1);
                    return;
                }
                workerItems.fetch_add(1);
                if (niceOfThisThread() < lowered)
                    normal.fetch_add(1);
            });
        };
        // The other thread's loop first: a worker that has served only it is lowered too.
        for (int round = 0; round < 50 && workerItems.load() < 4; ++round) {
            std::thread(loop).join();
            loop();
        }
        QVERIFY(workerItems.load() > 0);
        QCOMPARE(normal.load(), 0);
        QCOMPARE(callerLowered.load(), 0);
        QCOMPARE(niceOfThisThread(), before); // the caller keeps its priority
#endif
    }
};

QTEST_GUILESS_MAIN(TestParallel)
#include "tst_parallel.moc"
