#include "core/import/jsontextcheck.h"

#include "core/base/message.h"
#include "core/base/utf8.h"

#include <cstdio>
#include <utility>
#include <vector>

namespace sightline {

namespace {

std::string hexByte(unsigned char c)
{
    char text[8];
    std::snprintf(text, sizeof text, "0x%02X", c);
    return text;
}

JsonTextCheck::Problem controlCharacter(unsigned char c, std::int64_t offset)
{
    return { JsonTextCheck::Problem::Kind::ControlCharacter, offset,
        c == 0 ? Message(SL_TEXT("Core", "a string holds a NUL byte"))
               : Message(SL_TEXT("Core", "a string holds the raw control character %1"), { hexByte(c) }) };
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
            const std::size_t n = Utf8::sequenceLength(text, static_cast<std::size_t>(offset));
            if (n == 0)
                return { Problem::Kind::Encoding, offset,
                    Message(SL_TEXT("Core", "the text is not valid UTF-8 (byte %1)"), { hexByte(c) }) };
            p += n;
            continue;
        }
        if (inString) {
            if (c == '\\' && p + 1 < end) {
                // JSON escapes one of eight characters; a control byte after the backslash is still a
                // raw control character, anything else an invalid escape.
                const unsigned char e = p[1];
                if (e < 0x20)
                    return controlCharacter(e, offset + 1);
                if (std::string_view("\"\\/bfnrtu").find(static_cast<char>(e)) == std::string_view::npos)
                    return { Problem::Kind::Escape, offset,
                        Message(SL_TEXT("Core", "a string holds an invalid escape (a backslash before byte %1)"),
                            { hexByte(e) }) };
                p += 2;
                continue;
            }
            if (c == '"')
                inString = false;
            else if (c < 0x20)
                return controlCharacter(c, offset);
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (open.size() >= maxDepth)
                return { Problem::Kind::Depth, offset,
                    Message(SL_TEXT("Core", "values are nested deeper than %1 levels"), { maxDepth }) };
            open.emplace_back(c, offset);
        } else if (c == ']' || c == '}') {
            const char* name = c == ']' ? "']'" : "'}'";
            if (open.empty())
                return { Problem::Kind::Brackets, offset, Message(SL_TEXT("Core", "a %1 closes nothing"), { name }) };
            if ((c == ']') != (open.back().first == '['))
                return { Problem::Kind::Brackets, offset,
                    Message(SL_TEXT("Core", "a %1 closes the '%2' opened at byte %3"),
                        { name, std::string(1, static_cast<char>(open.back().first)), open.back().second }) };
            open.pop_back();
        } else if (c == 0) {
            return { Problem::Kind::ControlCharacter, offset,
                Message(SL_TEXT("Core", "a NUL byte outside any string")) };
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
