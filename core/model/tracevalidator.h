#pragma once

#include "core/base/status.h"

namespace sightline {

struct TraceData;

// Checks the invariants a Trace relies on before one is built, so that nothing downstream can index out
// of range or meet a time it cannot do arithmetic on: every column has one entry per op; every time is
// within ±2^62 ns and no op, step or counter ends before it starts; every id (track, rank, string, op
// of a link, a step marker, an argument table) is in range; tracks and ranks partition the ops and the
// tracks in order, and a track's ops are sorted by start; argument tables are sorted by op, one entry
// each; rank numbers are distinct and below the world size. O(n) in ops, links and table entries.
// An importer that breaks one is at fault; the error names the job's first file and what was wrong.
// Pure; thread-safe.
class TraceValidator {
public:
    static Status validate(const TraceData& data);
};

} // namespace sightline
