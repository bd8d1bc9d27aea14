#pragma once

#include "core/base/message.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace sightline {

// Finds where and why JSON text is malformed at the level of its bytes and brackets, for errors that
// the parser reports for a document as a whole or far from their cause (invalid UTF-8, a raw control
// character or NUL byte in a string, an invalid escape, a bracket closed by the wrong kind, nesting
// deeper than the parser allows). Also recognises text that is not UTF-8 at all (UTF-16 and UTF-32
// with or without a byte-order mark). One linear pass; pure.
class JsonTextCheck {
public:
    struct Problem {
        enum class Kind { None, Encoding, ControlCharacter, Escape, Brackets, Depth };
        Kind kind = Kind::None;
        std::int64_t offset = -1; // -1: none found
        Message what;
        // With no problem found: whether the text stops with brackets or a string still open (it was
        // cut short), as opposed to being whole.
        bool cutShort = false;
    };

    // The first byte-level problem of text: invalid UTF-8 anywhere, a control character inside a
    // string (escaped or not), a backslash that escapes nothing JSON knows, a closing bracket of the wrong kind or with nothing to close, or brackets nested deeper
    // than maxDepth. Text that merely stops early has none.
    static Problem firstProblem(std::string_view text, std::size_t maxDepth);
    // "UTF-16" or "UTF-32" when text is in one of those encodings (by its byte-order mark, or by the
    // zero bytes around its first ASCII character), else empty.
    static std::string wideEncoding(std::string_view text);
};

} // namespace sightline
