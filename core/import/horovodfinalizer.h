#pragma once

namespace sightline {

struct RankPart;

// The Horovod dialect's finaliser (HOROVOD_TIMELINE). The timeline is the coordinator's view of every
// rank's tensors: one process per tensor, whose nested B/E phases are its negotiation
// (NEGOTIATE_ALLREDUCE/BROADCAST/ALLGATHER, during which zero-length events named by a rank number say
// that rank is ready) and its operation (ALLREDUCE/BROADCAST/ALLGATHER around QUEUE, WAIT_FOR_DATA,
// WAIT_FOR_OTHER_TENSOR_DATA, MEMCPY_IN_FUSION_BUFFER, the MPI_/NCCL_/GLOO_ collective and
// MEMCPY_OUT_FUSION_BUFFER), with the tensor's dtype and shape on the operation's closing event; global
// CYCLE_START instants mark the background loop's cycles. The job model shows that view as it is:
// - a track per tensor, named by it (a communication channel), holding its phases nested as written;
// - a track per rank ("rank N ready") holding that rank's readiness ticks, each named by its tensor;
// - the CYCLE_START instants as the counter "Horovod cycle (ms)", each cycle's length.
// The protocol becomes explicit dependencies: each operation waits for the transfer that ended last
// before it (the background loop runs one response at a time), and the first op of every track in
// iteration k + 1 waits for the last transfer of iteration k (a synchronous step).
// Negotiations and waits are Sync ops, the operation an Annotation, the collective a Collective with
// the tensor's bytes and communication arguments (normalised collective, dtype, elements, the ranks as
// group size), fusion-buffer copies Memcpy. Tensors fused into one buffer keep their own collective
// ops, at the same times. The world size is the highest rank that reported readiness + 1. Iterations
// come from the tensors' periodicity: the tensors negotiated most often (the gradients, once per
// iteration) set the count N, and iteration k runs from the earliest k-th negotiation of those tensors
// to the earliest (k+1)-th (the last to the end of its operations): StepMethod::TensorPeriodicity.
// Touches only its part; O(n log n).
class HorovodFinalizer {
public:
    static void finalize(RankPart& part);
};

} // namespace sightline
