#pragma once

#include <cstdint>
#include <string>
#include <vector>

// What one run of a case (sightline-cli info, replay, or the window's load job) must end with.
struct Expectation {
    enum class Outcome { Error, Load, Any };

    Outcome outcome = Outcome::Load;
    // Error: the accepted codes (empty: any code).
    std::vector<std::string> codes;
    // Error: byte_offset must be >= 0, and within [offsetMin, offsetMax] where those are >= 0.
    bool offset = false;
    std::int64_t offsetMin = -1;
    std::int64_t offsetMax = -1;
    // Error: the file it must name, relative to the corpus (empty: any file of the case).
    std::string file;
    // Load: at least one warning, and when warnCodes is not empty one with such a code wherever the
    // run reports codes (the driver; info's "diagnostics").
    bool warn = false;
    std::vector<std::string> warnCodes;
    // Load: no warning at all.
    bool clean = false;
    // Load (info): the job's world size, its ranks in order and where each rank came from, when set.
    int worldSize = -1;
    std::vector<int> ranks;
    std::vector<std::string> rankSources;

    static Expectation error(std::vector<std::string> codes = {});
    static Expectation load();
    static Expectation any();

    Expectation& withOffset(std::int64_t min = -1, std::int64_t max = -1);
    Expectation& naming(std::string file);
    Expectation& warns(std::vector<std::string> codes = {});
    Expectation& isClean();
    Expectation& job(int worldSize, std::vector<int> ranks, std::vector<std::string> sources);
};
