#pragma once

#include <QStringList>

// `sightline-cli replay FILES... [--steps A-B] [--json] [--export-chrome OUT.json] [--no-align]
// [--offset RANK=US]...`: loads a job, builds its dependency graph, aligns the clocks, replays the
// selected steps and prints measured against replayed step times, the critical path with its
// breakdown, the clock offsets and the graph's lint, as text or as the JSON document of docs/cli.md.
// --export-chrome writes the replayed timeline as Chrome JSON with the critical path marked.
class ReplayCommand {
public:
    // args are the arguments after "replay". Returns the process exit code: 0 done, 1 the job could
    // not be loaded or replayed, 2 bad arguments.
    static int run(const QStringList& args);
};
