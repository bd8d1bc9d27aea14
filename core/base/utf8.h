#pragma once

#include <cstddef>
#include <string_view>

namespace sightline {

// UTF-8 as RFC 3629 defines it: no overlong forms, no surrogates, nothing above U+10FFFF. Pure.
class Utf8 {
public:
    // Length (1-4) of the well-formed UTF-8 sequence that starts at text[at], or 0 when the bytes there
    // are not one (a sequence cut by the end of text included). at < text.size().
    static std::size_t sequenceLength(std::string_view text, std::size_t at);
};

} // namespace sightline
