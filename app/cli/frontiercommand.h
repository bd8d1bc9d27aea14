#pragma once

#include <QStringList>

// `sightline-cli frontier`: the time–memory frontier of the job's strategies (FrontierTracker) at each
// device count, and what it answers: the fastest within the budget, the fewest devices that fit, the
// best time at each device count.
class FrontierCommand {
public:
    static int run(const QStringList& args);
};
