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
// its .json/.json.gz/.json.zst files, sorted by name); a layer-wise profile (.csv, .log, graph.txt) is
// a whole job on its own. Files are read, decoded, parsed and finalised one per rank in parallel, then
// merged in rank order; RankAssigner gives the ranks. The files of one job must have one format: a
// Horovod, BytePS or TensorFlow timeline or a plain Chrome trace among PyTorch profiler traces is
// refused, naming both. Decoded text is limited by limits.maxDecodedBytes while it streams, and the model by
// limits.maxMemoryBytes before it is merged. Progress is reported in bytes on disk. Fails with the first
// file's error; never partially succeeds.
class TraceLoader {
public:
    static Expected<std::vector<std::string>> expandInputs(const std::vector<std::string>& inputs);

    static Expected<std::shared_ptr<const Trace>> load(const std::vector<std::string>& inputs,
        const CancellationToken* cancel = nullptr, ProgressSink* progress = nullptr, const ResourceLimits& limits = {});

    // Whether path names a layer-wise profile (by its extension or name), which the layer-wise
    // importers read instead of the Chrome trace parser.
    static bool isLayerwiseFile(const std::string& path);
};

} // namespace sightline
