#pragma once

#include <cstdint>
#include <string>

// Writes synthetic timelines of the Chrome trace dialects other than Kineto's, shaped like the real
// ones in ../shared/traces, to a size: Horovod (the coordinator's tensors negotiated by four ranks,
// nested B/E phases, dtype and shape on the closing event, CYCLE_START instants, the array left open),
// BytePS (a tensor in 60 partitions of nine stages, plus its totals) and TensorFlow 1.x (kernels on
// three streams repeated on stream:all, executor rows, DataFlow flows). Deterministic.
class DialectGenerator {
public:
    enum class Dialect { Horovod, BytePS, TfTimeline };

    // Writes about `bytes` bytes of the dialect to path; false if the file cannot be written.
    static bool write(const std::string& path, Dialect dialect, std::int64_t bytes);
    // "horovod", "byteps", "tf-timeline".
    static const char* name(Dialect dialect);
};
