#pragma once

#include <QStringList>

#include <optional>
#include <vector>

// `sightline-cli frontier`: the time–memory frontier of the job's strategies (FrontierTracker) at each
// device count, and what it answers: the fastest within the budget, the fewest devices that fit, the
// best time at each device count.
class FrontierCommand {
public:
    static int run(const QStringList& args);
    // The device counts of --devices: "A-B" (the powers of two from A to B, and the job's own count
    // when it lies between), "A,B,C", or "N"; nothing when the text is none of these or a count is
    // outside 1 to 65536.
    static std::optional<std::vector<int>> deviceCounts(const QString& text, int measured);
};
