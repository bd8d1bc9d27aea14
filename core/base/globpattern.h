#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sightline {

// A shell-style name pattern, compiled once: '*' matches any run of characters, '?' any one character,
// every other character itself; case-sensitive. Runs of '*' count as one. matches() takes time linear
// in the name: the pattern's star-free segments are found left to right, each by a bit-parallel scan
// (one 64-bit word per 64 characters of the segment), so no input makes it backtrack. Patterns longer
// than kMaxLength are refused where parameters are checked (tooLong()). Immutable after construction;
// safe to share between threads.
class GlobPattern {
public:
    static constexpr std::size_t kMaxLength = 4096;

    explicit GlobPattern(std::string_view pattern = "*");

    bool matches(std::string_view name) const;
    const std::string& text() const { return m_text; }

    static bool tooLong(std::string_view pattern) { return pattern.size() > kMaxLength; }

private:
    // A star-free run of the pattern and its per-byte masks (bit k of word k / 64 set where the
    // segment's k-th character is that byte or '?').
    struct Segment {
        std::size_t length = 0;
        std::size_t words = 0;
        std::vector<std::uint64_t> masks; // 256 * words
    };

    // The first end (one past the last character) of segment in name at or after from; npos if none.
    static std::size_t findEnd(const Segment& segment, std::string_view name, std::size_t from);
    static bool matchesAt(const Segment& segment, std::string_view name, std::size_t at);

    std::string m_text;
    std::vector<Segment> m_segments;
    bool m_leadingStar = false;
    bool m_trailingStar = false;
};

} // namespace sightline
