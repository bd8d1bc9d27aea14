#pragma once

#include <QStringList>

// `sightline-cli whatif FILES... (--strategy S.json | --set PASS.PARAM=VALUE ...) [--steps A-B] [--json]
// [--export-chrome OUT.json]`: loads a job, replays its measured execution graph and the one the
// strategy's passes make of it the same way, and prints both iterations, the change, both critical
// paths and the passes' warnings, as text or as the JSON document of docs/cli.md. --export-chrome
// writes the what-if's replayed timeline.
class WhatIfCommand {
public:
    // args are the arguments after "whatif". Returns the process exit code: 0 done, 1 the job could not
    // be loaded or replayed, or the strategy does not apply to it, 2 bad arguments or strategy file.
    static int run(const QStringList& args);
};
