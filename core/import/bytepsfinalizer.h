#pragma once

namespace sightline {

struct RankPart;

// The BytePS dialect's finaliser (byteprofile communication traces, one file per GPU of a worker). A
// process is a tensor ("Comm.byteps.<tensor>"); its threads are the tensor's partitions ("0", "1", …)
// and "total", whose spans cover the tensor's whole communication once an iteration. Each partition's
// ops are its stages, named "<tensor>.<STAGE>": COORDINATE_REDUCE, REDUCE, COPYD2H, COORDINATE_PUSH,
// PUSH, PULL, COPYH2D, COORDINATE_BROADCAST, BROADCAST (only the worker's local root pushes and pulls).
// The job model:
// - a track per partition ("<tensor> partition N", in partition order) after the tensor's "<tensor>
//   total" track, all of kind Other;
// - coordination is Sync, the copies between device and host Memcpy, the totals Annotations, each
//   linked (LinkKind::Encloses) to the stages of its tensor that it covers, so that it replays as long
//   as they last;
// - the stages that communicate are Collectives (reduce, broadcast, push, pull), each in a group of its
//   own per tensor, partition and stage: the GPUs of a worker join the k-th local REDUCE and BROADCAST,
//   and the local roots of several workers the k-th PUSH and PULL, as the server sums a partition's
//   pushes before any pull of it returns. The worker's other GPUs wait for their root's k-th PULL
//   from their COORDINATE_PUSH on (a Sync op in the PULL's group: a waiter, DependencyGraph). A lone
//   root's pushes have no partner in the job (the server is not in the trace) and keep their measured
//   durations;
// - iterations from the tensors' totals (PeriodicSteps), StepMethod::TensorPeriodicity.
// The traces record no sizes: the partitions' bytes are unknown (0). Several files are the GPUs of
// the job, a rank each. Touches only its part; O(n log n).
class BytePSFinalizer {
public:
    static void finalize(RankPart& part);
};

} // namespace sightline
