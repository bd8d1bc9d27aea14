#pragma once

#include <cstdint>
#include <string>

namespace sightline {

// Where one rank of a job runs, as its trace records it, for the link topology: its global rank, its
// host and its GPU's name (each empty where the trace names none).
struct RankPlacement {
    std::int32_t rank = -1;
    std::string host;
    std::string device;
};

} // namespace sightline
