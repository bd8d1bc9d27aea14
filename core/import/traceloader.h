#pragma once

#include "core/base/expected.h"

#include <memory>
#include <string>
#include <vector>

namespace sightline {

class CancellationToken;
class ProgressSink;
class Trace;

// Loads the trace files of one job into one Trace. Inputs are files or folders (a folder contributes
// its .json/.json.gz/.json.zst files, sorted by name). Files are read, decoded, parsed and finalised
// one per rank in parallel; then merged in rank order. The rank of a file comes from its
// distributedInfo.rank, else from its name (rank-N, rankN, workerN, _N.), else from file order.
// Progress is reported in bytes on disk. Fails with the first file's error; never partially succeeds.
class TraceLoader {
public:
    static Expected<std::vector<std::string>> expandInputs(const std::vector<std::string>& inputs);

    static Expected<std::shared_ptr<const Trace>> load(const std::vector<std::string>& inputs,
        const CancellationToken* cancel = nullptr, ProgressSink* progress = nullptr);

    // The rank a file name implies, or -1.
    static int rankFromFileName(const std::string& path);
};

} // namespace sightline
