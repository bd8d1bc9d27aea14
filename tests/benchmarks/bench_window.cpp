// The window's live what-if: from a strategy edit to the repaint that shows its result, with the
// longest time the GUI thread went without handling events meanwhile. A generated data-parallel
// Kineto job (as bench_whatif's: 100 k ops on 8 ranks by default; --ops 5200000 --ranks 64 for the
// replay benchmark's size) is opened in the main window offscreen at 1600×1000; then, for each
// strategy, the strategy is cleared and set again --runs times, and each time the clock runs from the
// edit until the comparison shows the what-if, the Gantt has drawn its frame and the window has
// painted it. A 1 ms timer measures the GUI thread's longest stall over the same span. With --view
// whatif or both the Gantt shows the what-if, and the clock runs until it is drawn there too;
// "compared ms" is when the comparison showed it, which comes first; "settled ms" is when the run
// ended (in those views, once the view's slack, found after it is shown, reached the window), and the
// stall meter runs until then; "cpu ms" is the CPU time all the process's threads spent until the
// repaint (against twice the edit's time on two cores: how much of the machine the edit kept busy).
// With --stalls MS, every event the GUI thread took longer than MS to handle during the edits is
// printed, with its receiver and type: where the stalls come from. Not a test: it prints figures (a
// table, and a JSON line with --json), and fails only when the job cannot be generated or opened.
//
// Usage: bench_window [--ops N] [--ranks R] [--data DIR] [--runs K] [--case TEXT] [--view VIEW]
//        [--stalls MS] [--json]

#include "benchsupport.h"
#include "trainingjobbench.h"

#include "core/base/memorypolicy.h"
#include "core/base/parallel.h"
#include "jobanalysis.h"
#include "mainwindow.h"
#include "whatifdisplay.h"
#include "whatifrunner.h"
#include "widgets/strategy/comparisonpanel.h"
#include "widgets/timeline/timelineview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QThread>
#include <QTimer>

#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#ifndef SIGHTLINE_BENCH_DATA_DIR
#define SIGHTLINE_BENCH_DATA_DIR "bench-data"
#endif

using namespace sightline;

namespace {

// Times each event it dispatches and prints, while watching, those handled slower than a threshold,
// with when they ended (ms since watch() was called).
class StallReportingApp : public QApplication {
public:
    using QApplication::QApplication;
    // Events slower than ms are printed from now on; 0 stops.
    void watch(double ms)
    {
        m_thresholdMs = ms;
        m_since.start();
    }
    double thresholdMs() const { return m_thresholdMs; }
    double sinceMs() const { return static_cast<double>(m_since.nsecsElapsed()) / 1e6; }

    bool notify(QObject* receiver, QEvent* event) override
    {
        if (m_thresholdMs <= 0 || QThread::currentThread() != thread())
            return QApplication::notify(receiver, event);
        const int type = event->type(); // the event may be gone after dispatch
        // A scroll area's viewport is named by the view it belongs to.
        const QObject* named = receiver->objectName() == QLatin1String("qt_scrollarea_viewport") && receiver->parent() ? receiver->parent() : receiver;
        const char* className = named->metaObject()->className();
        const QString name = named == receiver ? receiver->objectName() : named->objectName() + QLatin1String("'s viewport");
        QElapsedTimer clock;
        clock.start();
        const bool handled = QApplication::notify(receiver, event);
        const double ms = static_cast<double>(clock.nsecsElapsed()) / 1e6;
        if (ms > m_thresholdMs)
            std::fprintf(stderr, "  %8.1f: %6.1f ms in %s%s%s, event type %d\n", sinceMs(), ms, className, name.isEmpty() ? "" : " ",
                qPrintable(name), type);
        return handled;
    }

private:
    double m_thresholdMs = 0;
    QElapsedTimer m_since;
};

// The longest gap between ticks of a 1 ms timer on the GUI thread since reset(); gaps longer than the
// app's threshold are printed too, when it watches.
class StallMeter : public QObject {
public:
    explicit StallMeter(const StallReportingApp& app)
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(1);
        connect(&m_timer, &QTimer::timeout, this, [this, &app] {
            const qint64 gap = m_clock.restart();
            if (app.thresholdMs() > 0 && static_cast<double>(gap) > app.thresholdMs())
                std::fprintf(stderr, "  %8.1f: %6lld ms without a tick\n", app.sinceMs(), static_cast<long long>(gap));
            m_longest = std::max(m_longest, gap);
        });
        m_timer.start();
        m_clock.start();
    }
    void reset()
    {
        m_longest = 0;
        m_clock.restart();
    }
    qint64 longest() const { return std::max(m_longest, m_clock.elapsed()); }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_longest = 0;
};

// Runs the event loop until done() holds or seconds pass; false on the timeout. The loop sleeps
// between events, as the window's does (a loop that polls would keep the GUI thread busy and have the
// scheduler treat it as a background thread); the stall meter's timer wakes it every millisecond.
template <class F>
bool waitFor(F&& done, double seconds)
{
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > seconds * 1000)
            return false;
        QApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);
    }
    return true;
}

struct Case {
    const char* label;
    Strategy strategy;
};

// CPU time of the whole process so far (every thread), in milliseconds.
double processCpuMs()
{
    timespec t {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    MemoryPolicy::keepFreedMemory(); // as the programs run
    lowerWorkerPriority(); // as the window runs
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // --view is this benchmark's own; the rest is the training job's command line.
    MainWindow::ViewMode view = MainWindow::ViewMode::Measured;
    double stallReportMs = 0;
    std::vector<char*> rest { argv[0] };
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--view" && i + 1 < argc) {
            const std::string v = argv[++i];
            view = v == "whatif" ? MainWindow::ViewMode::WhatIf : v == "both" ? MainWindow::ViewMode::Both : MainWindow::ViewMode::Measured;
        } else if (std::string(argv[i]) == "--stalls" && i + 1 < argc) {
            stallReportMs = std::max(0.1, std::atof(argv[++i]));
        } else {
            rest.push_back(argv[i]);
        }
    }
    TrainingJobBench::Options o;
    if (!TrainingJobBench::parse(static_cast<int>(rest.size()), rest.data(), o))
        return 2;
    const std::vector<std::string> paths = TrainingJobBench::write(o, SIGHTLINE_BENCH_DATA_DIR);
    if (paths.empty())
        return 1;
    const int ranks = o.ranks, runs = o.runs;
    const std::string& only = o.only;
    QStringList files;
    for (const std::string& p : paths)
        files << QString::fromStdString(p);

    StallReportingApp app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("SightlineBenchmarks"));
    MainWindow window;
    window.setViewMode(view);
    window.resize(1600, 1000);
    window.show();
    StallMeter meter(app); // its ticks also wake waitFor's loop
    QElapsedTimer open;
    open.start();
    window.openFiles(files);
    if (!waitFor([&] { return window.analysis() != nullptr; }, 1800) || !window.analysis()->status.ok()) {
        std::fprintf(stderr, "the job could not be opened and replayed\n");
        return 1;
    }
    const char* viewNames[] = { "measured", "replayed", "whatif", "both" };
    std::printf("job: %zu ops, %d ranks; opened and replayed in the window in %.2f s; view: %s\n", window.trace()->opCount(), ranks,
        static_cast<double>(open.elapsed()) / 1e3, viewNames[static_cast<int>(view)]);
    // The job's first frame and paint come before the first edit, as they would for someone who looks
    // at the job before changing it.
    waitFor([&] { return !window.timeline()->framePending(); }, 60);
    waitFor([] { return false; }, 0.5);

    auto one = [](std::string pass, std::map<std::string, ParameterValue> params) {
        return Strategy { { PassStep { std::move(pass), std::move(params) } } };
    };
    const std::vector<Case> cases {
        { "speedup 20% of compute", one("speedup", { { "percent", 20.0 }, { "kind", std::string("compute") } }) },
        { "tensor_fusion 25 MB", one("tensor_fusion", { { "bucket_cap_mb", 25.0 } }) },
        { "recompute", one("recompute", {}) },
        { "grad_accumulation 2", one("grad_accumulation", { { "micro_batches", 2.0 } }) },
    };
    ComparisonPanel* comparison = window.comparison();
    const bool drawn = view == MainWindow::ViewMode::WhatIf || view == MainWindow::ViewMode::Both;
    // The comparison comes first; with a what-if view, the Gantt's drawing of it follows.
    QElapsedTimer clock;
    qint64 comparedNs = -1;
    auto shown = [&] {
        const bool compared = comparison->text(ComparisonPanel::IterationRow, 1) != QStringLiteral("–");
        if (compared && comparedNs < 0)
            comparedNs = clock.nsecsElapsed();
        return compared && (!drawn || window.display()->shownWhatIf() != nullptr);
    };
    const WhatIfRunner* runner = window.findChild<WhatIfRunner*>();
    std::printf("%-26s %14s %14s %14s %12s %16s %10s\n", "strategy", "edit->paint ms", "first ms", "compared ms", "settled ms", "GUI stall ms",
        "cpu ms");
    std::string jsonCases;
    for (const Case& c : cases) {
        if (!only.empty() && std::string(c.label).find(only) == std::string::npos)
            continue;
        std::vector<double> latency, compared, settled, cpu;
        qint64 stall = 0;
        bool ok = true;
        for (int i = 0; i < runs && ok; ++i) {
            app.watch(0);
            window.setStrategy({});
            ok = waitFor(
                [&] {
                    return comparison->text(ComparisonPanel::IterationRow, 1) == QStringLiteral("–")
                        && !window.display()->shownWhatIf();
                },
                600);
            // The measured job drawn again and painted, before the edit: its frame is not the edit's.
            ok = ok && waitFor([&] { return !window.timeline()->framePending(); }, 60);
            QApplication::processEvents();
            if (stallReportMs > 0)
                std::fprintf(stderr, "%s, edit %d (ms since the edit: what was slow):\n", c.label, i + 1);
            app.watch(stallReportMs);
            meter.reset();
            comparedNs = -1;
            const double cpuBefore = processCpuMs();
            clock.start();
            window.setStrategy(c.strategy);
            if (stallReportMs > 0 && static_cast<double>(clock.nsecsElapsed()) / 1e6 > stallReportMs)
                std::fprintf(stderr, "  %8.1f: %6.1f ms in the edit itself\n", app.sinceMs(), static_cast<double>(clock.nsecsElapsed()) / 1e6);
            ok = ok && waitFor(shown, 600) && waitFor([&] { return !window.timeline()->framePending(); }, 60);
            QApplication::processEvents(); // the paint of the Gantt's frame
            latency.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
            cpu.push_back(processCpuMs() - cpuBefore);
            compared.push_back(static_cast<double>(comparedNs) / 1e6);
            ok = ok && waitFor([&] { return !runner->isRunning(); }, 600);
            QApplication::processEvents(); // a frame the last delivery asked for
            settled.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
            stall = std::max(stall, meter.longest());
        }
        if (!ok) {
            std::printf("%-26s n/a: no result\n", c.label);
            continue;
        }
        std::printf("%-26s %14.1f %14.1f %14.1f %12.1f %16lld %10.1f\n", c.label, median(latency), latency.front(), median(compared),
            median(settled), static_cast<long long>(stall), median(cpu));
        char line[320];
        std::snprintf(line, sizeof line,
            "%s{\"strategy\": \"%s\", \"edit_to_paint_ms\": %.2f, \"first_ms\": %.2f, \"compared_ms\": %.2f, \"settled_ms\": %.2f, "
            "\"gui_stall_ms\": %lld, \"cpu_ms\": %.2f}",
            jsonCases.empty() ? "" : ", ", c.label, median(latency), latency.front(), median(compared), median(settled),
            static_cast<long long>(stall), median(cpu));
        jsonCases += line;
    }
    if (o.json)
        std::printf("{\"ops\": %zu, \"ranks\": %d, \"view\": \"%s\", \"cases\": [%s]}\n", window.trace()->opCount(), ranks,
            viewNames[static_cast<int>(view)], jsonCases.c_str());
    return 0;
}
