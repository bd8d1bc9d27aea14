#pragma once

#include <QString>

namespace sightline {
class DependencyGraph;
struct CriticalPath;
struct Schedule;
}

// Writes a replayed timeline as Chrome trace JSON that Perfetto and chrome://tracing open: one process
// per rank, one thread per track, each replayed op with args.critical and args.measured_dur_us, and
// flow arrows (cat "critical") along the critical path. Shared by sightline-cli and the window;
// QtCore only.
class ChromeExport {
public:
    // False with error set when the file cannot be written (it is then left untouched).
    static bool write(const QString& file, const sightline::DependencyGraph& graph, const sightline::Schedule& schedule,
        const sightline::CriticalPath& path, QString& error);
};
