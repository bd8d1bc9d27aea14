#pragma once

#include "core/base/message.h"

#include <cstdint>
#include <optional>
#include <string>

namespace sightline {

class Trace;

// The batch one rank's step takes, as the trace's recorded input shapes show it: the first dimension
// of the model's input, read from the first op of the first step of the first rank that takes it (an
// embedding's indices, a convolution's or linear layer's input). Nothing when the trace has no shapes
// or no such op. Pure; O(shaped ops).
class BatchSize {
public:
    struct Found {
        std::int64_t size = 0;
        std::string source; // what it was read from, for the user: "dimension 0 of aten::conv2d's input, step 3 of rank 0"
    };

    static std::optional<Found> of(const Trace& trace);
    // Samples as the user counts them: whole ones in full, fractions (a share, a micro-batch) to four
    // significant digits.
    static std::string text(double samples);
    // Whether a batch of so many samples (a share, a micro-batch) is one a data loader gives: at least
    // one sample, and whole.
    static bool whole(double samples);
    // For a trace that does not show the batch, where a step leaves each rank factor times its measured
    // batch: a note that whether that holds whole samples, or any, cannot be told. Nothing for a whole
    // factor, which keeps whole samples whole.
    static std::optional<Message> unknownShare(double factor);
};

} // namespace sightline
