#pragma once

#include "core/base/status.h"

#include <cstddef>
#include <functional>
#include <string>

namespace sightline {

class CancellationToken;
class TextBuffer;
struct RankPart;

// Streaming parser for the Chrome Trace Event family: PyTorch profiler/Kineto JSON (2021-2026
// schemas), plain Chrome traces and the legacy autograd profiler's bare array. It walks the document
// with an on-demand JSON iterator and never builds a DOM; a large events array (a "traceEvents" array
// or a bare one) is cut at event boundaries into pieces that are parsed on all cores, and begin/end
// pairs that lie in different pieces are paired as the pieces are merged. Timestamps are converted from their
// decimal text to exact int64 nanoseconds. Structural problems (not JSON, truncated, not a trace) fail
// with the file and byte offset; problems confined to one event skip that event and are counted as
// diagnostics in the part. Thread-compatible: one parser per thread.
class ChromeTraceParser {
public:
    // Documents whose events array is larger than two pieces are parsed in pieces of about this size on
    // all cores, with the same result as one sequential pass.
    static constexpr std::size_t kDefaultPieceBytes = 16u << 20;

    // Appends the events of text to part (whose path names the file). text may be modified in place.
    // pieceBytes 0 parses in one sequential pass. piecesUsed, when given, receives how many pieces the
    // events were parsed in (0: one pass, also after a fall-back when a split was not safe). progress,
    // when given, is told the share of the events parsed so far (0..1) as pieces are merged, from
    // one thread at a time.
    static Status parse(TextBuffer& text, RankPart& part, const CancellationToken* cancel = nullptr,
        std::size_t pieceBytes = kDefaultPieceBytes, std::size_t* piecesUsed = nullptr,
        const std::function<void(double)>& progress = {});
};

} // namespace sightline
