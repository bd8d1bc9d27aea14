#pragma once

#include "core/base/expected.h"
#include "core/base/resourcelimits.h"

#include <memory>
#include <string>
#include <vector>

namespace sightline {

class CancellationToken;
class ProgressSink;
class Trace;

// Loads the trace files of one job into one Trace. Inputs are files or folders (a folder contributes
// its .json/.json.gz/.json.zst files, sorted by name). The importer of each file is found from its
// first bytes (ImporterRegistry); every file of a job must take the same one, and the importer says
// what a file is. Files that are ranks are read, decoded, parsed and finalised in parallel, then merged
// in rank order, with RankAssigner giving the ranks; the files of an importer of whole jobs go to it
// together. A plain Chrome trace among PyTorch profiler traces is refused too, naming both. Decoded text is limited by limits.decodedLimit() while it streams, and the model by
// limits.maxMemoryBytes before it is merged. Progress is reported in bytes on disk. Fails with the first
// file's error; never partially succeeds.
class TraceLoader {
public:
    // Files and folders to the files of the job, each once: a folder's .json (.gz, .zst) files at any
    // depth, by name; where it holds none, the files directly in it that an importer recognises (a
    // layer-wise profile), refused when they are several profiles of whole jobs.
    static Expected<std::vector<std::string>> expandInputs(const std::vector<std::string>& inputs);

    static Expected<std::shared_ptr<const Trace>> load(const std::vector<std::string>& inputs,
        const CancellationToken* cancel = nullptr, ProgressSink* progress = nullptr, const ResourceLimits& limits = {});
};

} // namespace sightline
