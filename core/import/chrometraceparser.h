#pragma once

#include "core/base/status.h"

#include <string>

namespace sightline {

class CancellationToken;
class TextBuffer;
struct RankPart;

// Streaming parser for the Chrome Trace Event family: PyTorch profiler/Kineto JSON (2021-2026
// schemas), plain Chrome traces and the legacy autograd profiler's bare array. It walks the document
// once with an on-demand JSON iterator and never builds a DOM. Timestamps are converted from their
// decimal text to exact int64 nanoseconds. Structural problems (not JSON, truncated, not a trace) fail
// with the file and byte offset; problems confined to one event skip that event and are counted as
// diagnostics in the part. Thread-compatible: one parser per thread.
class ChromeTraceParser {
public:
    // Appends the events of text to part (whose path names the file). text may be modified in place.
    static Status parse(TextBuffer& text, RankPart& part, const CancellationToken* cancel = nullptr);
};

} // namespace sightline
