#pragma once

#include <cstdint>
#include <string>

// Writes synthetic PyTorch-profiler (Kineto) traces shaped like real ones: ProfilerStep spans, nested
// aten ops, cudaLaunchKernel calls correlated with kernels on a compute stream, ac2g flow pairs, and
// periodic all-reduces (record_param_comms > nccl:all_reduce > launch > ncclKernel on a NCCL stream),
// with float microsecond timestamps relative to baseTimeNanoseconds. Deterministic for a given seed.
class KinetoGenerator {
public:
    struct Options {
        std::int64_t events = 1000; // approximate number of trace events to write
        int rank = 0;
        int worldSize = 1;
        std::uint32_t seed = 1;
    };
    struct Result {
        std::int64_t events = 0; // events actually written (M events excluded)
        std::int64_t bytes = 0;
        int steps = 0;
    };

    // Returns false if the file cannot be written.
    static bool write(const std::string& path, const Options& options, Result* result = nullptr);
};
