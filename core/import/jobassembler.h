#pragma once

#include "core/base/expected.h"
#include "core/base/resourcelimits.h"
#include "core/import/rankassigner.h"

#include <memory>
#include <string>
#include <vector>

namespace sightline {

class CancellationToken;
class Trace;
struct RankPart;

// Merges the finalised parts of one job, a rank each, into one Trace: in rank order, each part's
// strings interned into the first's pool, its op and track ids offset, each process group kept once.
// The world size is the largest of the parts' declared sizes (those past RankAssigner::kMaxRank are
// ignored, with a diagnostic), the highest rank + 1 and the number of parts; disagreeing or too small
// declared sizes are diagnostics. Checks the model's memory against limits before merging. Who gives
// the ranks is the importer's business (RankAssigner for files that are ranks, a folder's layout for
// dPRO). The parts are consumed. Fails with TooLarge or Cancelled, naming files.front().
class JobAssembler {
public:
    static Expected<std::shared_ptr<const Trace>> assemble(const std::vector<std::string>& files, std::vector<RankPart>& parts,
        const std::vector<RankAssigner::Assignment>& ranks, const ResourceLimits& limits, const CancellationToken* cancel);
};

} // namespace sightline
