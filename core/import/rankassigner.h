#pragma once

#include "core/base/expected.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sightline {

// Gives each file of a job its global rank: the rank the file declares (distributedInfo.rank) first,
// then a rank its name states with a keyword (rank-3, rank_3, rank3, worker3), then the number of a
// numbered family (trace_0.json, trace_1.json, ...: two or more files that differ only in the number
// before the extension), then the smallest free numbers in file order. A number in a lone file's name
// (job_2024.json) is not a rank. Two files declaring one rank are an error; a name whose rank is taken
// falls through to the next rule, with a warning (two files of one rank are more often two exports or
// two runs of one process than two ranks). Ranks stay below kMaxRank. O(f log f) in files. Pure.
class RankAssigner {
public:
    static constexpr std::int32_t kMaxRank = 1 << 20;

    struct File {
        std::string path;
        std::int32_t declaredRank = -1;
    };
    struct Assignment {
        std::int32_t rank = -1;
        std::string source; // "distributed_info", "file_name" or "file_order"
        // Why the rank may be wrong, for the user: the file's name states a rank another file has.
        Message warning;
    };

    static Expected<std::vector<Assignment>> assign(const std::vector<File>& files);

    // The rank a file name states with a keyword (rank-N, rank_N, rankN, workerN, worker-N), or -1.
    static int rankFromFileName(const std::string& path);
    // For two or more names that are one pattern <prefix>_N<suffix> with distinct numbers N, those
    // numbers in order; otherwise empty.
    static std::vector<int> numberedFamily(const std::vector<std::string>& paths);
};

} // namespace sightline
