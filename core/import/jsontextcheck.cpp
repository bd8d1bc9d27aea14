#include "core/import/jsontextcheck.h"

#include <cstdio>
#include <utility>
#include <vector>

namespace sightline {

namespace {

// Length of the valid UTF-8 sequence at p (1-4), or 0 when the bytes there are not one.
std::size_t utf8Length(const unsigned char* p, const unsigned char* end)
{
    const unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0; // no overlong forms
        else if (c == 0xED)
            hi = 0x9F; // no surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F; // nothing above U+10FFFF
    } else {
        return 0;
    }
    if (static_cast<std::size_t>(end - p) < n || p[1] < lo || p[1] > hi)
        return 0;
    for (std::size_t k = 2; k < n; ++k) {
        if (p[k] < 0x80 || p[k] > 0xBF)
            return 0;
    }
    return n;
}

std::string hexByte(unsigned char c)
{
    char text[8];
    std::snprintf(text, sizeof text, "0x%02X", c);
    return text;
}

} // namespace

JsonTextCheck::Problem JsonTextCheck::firstProblem(std::string_view text, std::size_t maxDepth)
{
    const auto* begin = reinterpret_cast<const unsigned char*>(text.data());
    const unsigned char* end = begin + text.size();
    bool inString = false;
    // The brackets still open, innermost last, with where each was opened.
    std::vector<std::pair<unsigned char, std::int64_t>> open;
    for (const unsigned char* p = begin; p < end;) {
        const unsigned char c = *p;
        const auto offset = static_cast<std::int64_t>(p - begin);
        if (c >= 0x80) {
            const std::size_t n = utf8Length(p, end);
            if (n == 0)
                return { Problem::Kind::Encoding, offset, "the text is not valid UTF-8 (byte " + hexByte(c) + ")" };
            p += n;
            continue;
        }
        if (inString) {
            if (c == '\\' && p + 1 < end) {
                p += 2;
                continue;
            }
            if (c == '"')
                inString = false;
            else if (c < 0x20)
                return { Problem::Kind::ControlCharacter, offset,
                    c == 0 ? std::string("a string holds a NUL byte") : "a string holds the raw control character " + hexByte(c) };
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (open.size() >= maxDepth)
                return { Problem::Kind::Depth, offset, "values are nested deeper than " + std::to_string(maxDepth) + " levels" };
            open.emplace_back(c, offset);
        } else if (c == ']' || c == '}') {
            const char* name = c == ']' ? "']'" : "'}'";
            if (open.empty())
                return { Problem::Kind::Brackets, offset, std::string("a ") + name + " closes nothing" };
            if ((c == ']') != (open.back().first == '['))
                return { Problem::Kind::Brackets, offset, std::string("a ") + name + " closes the '" + static_cast<char>(open.back().first) + "' opened at byte "
                        + std::to_string(open.back().second) };
            open.pop_back();
        } else if (c == 0) {
            return { Problem::Kind::ControlCharacter, offset, "a NUL byte outside any string" };
        }
        ++p;
    }
    Problem none;
    none.cutShort = inString || !open.empty();
    return none;
}

std::string JsonTextCheck::wideEncoding(std::string_view text)
{
    auto at = [&text](std::size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0x100u; };
    if ((at(0) == 0xFF && at(1) == 0xFE && at(2) == 0 && at(3) == 0) || (at(0) == 0 && at(1) == 0 && at(2) == 0xFE && at(3) == 0xFF))
        return "UTF-32";
    if ((at(0) == 0xFF && at(1) == 0xFE) || (at(0) == 0xFE && at(1) == 0xFF))
        return "UTF-16";
    // No mark: JSON starts with an ASCII character, which these encodings pad with zero bytes.
    if (text.size() >= 4 && at(0) != 0 && at(1) == 0 && at(2) == 0 && at(3) == 0)
        return "UTF-32";
    if (text.size() >= 4 && at(0) == 0 && at(1) == 0 && at(2) == 0 && at(3) != 0)
        return "UTF-32";
    if (text.size() >= 2 && ((at(0) != 0 && at(1) == 0) || (at(0) == 0 && at(1) != 0)))
        return "UTF-16";
    return {};
}

} // namespace sightline
