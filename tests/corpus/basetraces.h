#pragma once

#include "tracedocument.h"

#include <string>

// The small valid inputs the corpus breaks: one rank of a Kineto job, a plain Chrome trace, bare event
// arrays, Horovod, BytePS and TensorFlow 1 timelines, and the three layer-wise formats. Every one loads
// and replays cleanly on its own; each malformed case changes one thing in one of them. Pure functions,
// deterministic output.
class BaseTraces {
public:
    // Rank `rank` of a `worldSize`-rank PyTorch profiler job (2023 schema, float microseconds relative to
    // baseTimeNanoseconds) with `steps` ProfilerStep#N spans. Per step: a DataLoader B/E pair, aten::linear
    // launching a kernel (correlation and ac2g flow), a host-to-device copy, record_param_comms launching
    // an NCCL all-reduce with its collective args, a cudaEventRecord and the GPU-side stream wait on it, a
    // backward op on the autograd thread reached by a fwdbwd flow and launching its own kernel, a counter
    // and an instant. Tags name the events by role and step: "kernel1", "launch1", "linear1", "ac2g-s1",
    // "ac2g-f1", "fwdbwd-s1", "fwdbwd-f1", "bwd1", "comms1", "nccl1", "memcpy1", "record1", "sync1",
    // "loaderB1", "loaderE1", "counter1", "instant1", "step1"; metadata "meta-process", "meta-main",
    // "meta-stream", "meta-labels", "meta-sort".
    // Every time is moved by shiftNs.
    static TraceDocument kinetoRank(int rank, int worldSize, int steps = 2, long long shiftNs = 0);
    // Its distributedInfo object, and the one process group of its pg_config.
    static TraceDocument::Object distributedInfo(int rank, int worldSize, const std::string& pgConfig);
    static TraceDocument::Object processGroup(int worldSize);
    // A Chrome trace object without Kineto keys: X, B/E, instant, counter and metadata events on two
    // threads. Tags "x0".."x7", "b0"/"e0", "instant", "counter", "meta".
    static TraceDocument chromePlain();
    // The same events as a bare array: closed, or left open with a trailing comma.
    static TraceDocument bareArray(bool closed);
    // Horovod's timeline: one process per tensor, nested B/E phases, readiness ticks, CYCLE_START
    // instants; a bare array without its closing bracket, as Horovod writes it.
    static TraceDocument horovod();
    // BytePS (byteprofile): pid is the tensor name, tid the partition index or "total".
    static TraceDocument byteps();
    // TensorFlow 1 Timeline: one pid per device and stream ("/device:GPU:0/stream:14 Compute"), Op events
    // and DataFlow flows.
    static TraceDocument tf1();

    // A layer-wise CSV profile of `layers` layers; "# workers: N" when workers > 0.
    static std::string layerwiseCsv(int layers, int workers = 0);
    // A B-Caffe comm log: a warm-up dump of zeros, then a measured dump of `blobs` blobs.
    static std::string bcaffeLog(int blobs = 6);
    // A PipeDream graph.txt of a chain of `nodes` nodes.
    static std::string pipedreamGraph(int nodes = 5);

    // Microseconds with three decimals, as Kineto writes times: 1000.125 for 1000125 ns.
    static std::string us(long long ns);
};
