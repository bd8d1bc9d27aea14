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
        // A training step instead of a flat one: the first half of each step is forward work in
        // "block_N" annotations of 20 ops, the second half backward work (autograd evaluate_function
        // ops with an AccumulateGrad of 20480 floats each and fwdbwd flows from their forward ops), and
        // the all-reduces fall in the backward half only.
        bool training = false;
    };
    struct Result {
        std::int64_t events = 0; // events actually written (M events excluded)
        std::int64_t bytes = 0;
        int steps = 0;
    };

    // Returns false if the file cannot be written.
    static bool write(const std::string& path, const Options& options, Result* result = nullptr);

    // The file of one rank of a job in dir.
    static std::string rankFile(const std::string& dir, int rank);
    // Writes the rank files of a worldSize-rank job into dir unless its stamp says the folder already
    // holds them with these parameters; *seconds is the time taken, or -1 when nothing was written.
    static bool writeJob(const std::string& dir, int worldSize, std::int64_t eventsPerRank, std::uint32_t seed, double* seconds,
        bool training = false);
};
