#pragma once

#include <QStringList>

// `sightline-cli scale`: throughput against the number of workers from one profile, for synchronous
// all-reduce (SyncScaling, beside worker_count's replays) or an asynchronous parameter server
// (AsyncPsScaling), the trace's own count marked.
class ScaleCommand {
public:
    static int run(const QStringList& args);
};
