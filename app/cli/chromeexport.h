#pragma once

#include <QString>

namespace sightline {
class ExecutionGraph;
struct CriticalPath;
struct Schedule;
}

// Writes a replayed execution graph as Chrome trace JSON that Perfetto and chrome://tracing open: one
// process per rank, one thread per track, each item on a track with args.critical and, when it stands
// for one measured op, args.measured_dur_us, and flow arrows (cat "critical") along the critical path. Shared by sightline-cli and the window;
// QtCore only.
class ChromeExport {
public:
    // False with error set when the file cannot be written (it is then left untouched).
    static bool write(const QString& file, const sightline::ExecutionGraph& graph, const sightline::Schedule& schedule,
        const sightline::CriticalPath& path, QString& error);
};
