#include "core/import/rankassigner.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>

namespace sightline {

namespace {

std::string lowerFileName(const std::string& path)
{
    std::string name = std::filesystem::path(path).filename().string();
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return name;
}

// The number of up to seven digits at pos (ranks stay below kMaxRank), or -1; end receives where it stops.
int digitsAt(const std::string& s, std::size_t pos, std::size_t* endOut = nullptr)
{
    std::size_t e = pos;
    int v = 0;
    while (e < s.size() && e - pos < 7 && s[e] >= '0' && s[e] <= '9') {
        v = v * 10 + (s[e] - '0');
        ++e;
    }
    if (endOut)
        *endOut = e;
    // More digits follow: a number too long to be a rank.
    if (e == pos || (e < s.size() && s[e] >= '0' && s[e] <= '9'))
        return -1;
    return v < RankAssigner::kMaxRank ? v : -1;
}

} // namespace

int RankAssigner::rankFromFileName(const std::string& path)
{
    const std::string lower = lowerFileName(path);
    for (std::string_view word : { "rank", "worker" }) {
        for (std::size_t pos = lower.find(word); pos != std::string::npos; pos = lower.find(word, pos + 1)) {
            std::size_t at = pos + word.size();
            if (at < lower.size() && (lower[at] == '-' || lower[at] == '_'))
                ++at;
            const int r = digitsAt(lower, at);
            if (r >= 0)
                return r;
        }
    }
    return -1;
}

std::vector<int> RankAssigner::numberedFamily(const std::vector<std::string>& paths)
{
    if (paths.size() < 2)
        return {};
    std::string prefix, suffix;
    std::vector<int> numbers;
    std::set<int> seen;
    for (const std::string& p : paths) {
        const std::string lower = lowerFileName(p);
        // The last "_N" followed by a dot: trace_12.json, trace_12.pt.trace.json.gz.
        bool found = false;
        for (std::size_t pos = lower.rfind('_'); pos != std::string::npos; pos = pos == 0 ? std::string::npos : lower.rfind('_', pos - 1)) {
            std::size_t end = 0;
            const int n = digitsAt(lower, pos + 1, &end);
            if (n < 0 || end >= lower.size() || lower[end] != '.')
                continue;
            const std::string pre = lower.substr(0, pos), post = lower.substr(end);
            if (numbers.empty()) {
                prefix = pre;
                suffix = post;
            } else if (pre != prefix || post != suffix) {
                return {};
            }
            if (!seen.insert(n).second)
                return {};
            numbers.push_back(n);
            found = true;
            break;
        }
        if (!found)
            return {};
    }
    return numbers;
}

Expected<std::vector<RankAssigner::Assignment>> RankAssigner::assign(const std::vector<File>& files)
{
    std::vector<Assignment> out(files.size());
    std::map<int, std::size_t> taken;
    auto claim = [&](std::size_t i, int r, const char* how) -> bool {
        if (!taken.emplace(r, i).second)
            return false;
        out[i] = Assignment { r, how, {} };
        return true;
    };
    for (std::size_t i = 0; i < files.size(); ++i) {
        const int r = files[i].declaredRank;
        if (r < 0)
            continue;
        if (r >= kMaxRank)
            return Status::error(ErrorCode::ValueOutOfRange, files[i].path, -1,
                Message(SL_TEXT("Core", "distributedInfo.rank %1 is not below %2"), { r, kMaxRank }));
        if (!claim(i, r, "distributed_info"))
            return Status::error(ErrorCode::DuplicateRank, files[i].path, -1,
                Message(SL_TEXT("Core", "rank %1 (from distributed_info) is also the rank of %2"),
                    { r, files[taken[r]].path }));
    }
    std::vector<int> clashes(files.size(), -1); // the rank a file's name states, where another file has it
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (out[i].rank < 0) {
            const int r = rankFromFileName(files[i].path);
            if (r >= 0 && !claim(i, r, "file_name"))
                clashes[i] = r;
        }
    }
    // A numbered family among the files still without a rank.
    std::vector<std::size_t> rest;
    std::vector<std::string> restPaths;
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (out[i].rank < 0) {
            rest.push_back(i);
            restPaths.push_back(files[i].path);
        }
    }
    const std::vector<int> family = numberedFamily(restPaths);
    for (std::size_t k = 0; k < family.size(); ++k)
        claim(rest[k], family[k], "file_name");
    int next = 0;
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (out[i].rank >= 0)
            continue;
        while (taken.count(next))
            ++next;
        claim(i, next, "file_order");
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (clashes[i] < 0)
            continue;
        out[i].warning
            = Message(SL_TEXT("Core",
                          "its name says rank %1, which %2 already has; read as rank %3 (%4). Two files of one rank "
                          "are often two exports or two runs of one process: load the files of one run only"),
                { clashes[i], files[taken[clashes[i]]].path, out[i].rank, out[i].source });
    }
    return out;
}

} // namespace sightline
