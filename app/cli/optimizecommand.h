#pragma once

#include <QStringList>

// `sightline-cli optimize`: searches for the strategy with the shortest replayed iteration
// (CriticalPathOptimizer) within the device budget, and reports it, the search's rounds and the
// opportunities it found; optionally writes the strategy and its framework configs.
class OptimizeCommand {
public:
    static int run(const QStringList& args);
};
