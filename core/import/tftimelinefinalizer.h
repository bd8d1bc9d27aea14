#pragma once

namespace sightline {

struct RankPart;

// The TensorFlow 1.x timeline dialect's finaliser (Timeline.generate_chrome_trace_format(), one file per
// worker). A process is a device's stream or executor ("/device:GPU:0/stream:14 Compute",
// "/device:GPU:0/memcpy Compute", "/job:localhost/replica:0/task:0/device:GPU:0 Compute", and a
// "… Tensors" process beside each); "Allocators" holds the allocators' counters. The job model:
// - a track per process and thread, named by the process ("… thread N" past the first thread); the
//   GPU streams and the memcpy row are GPU streams of their device, the executors' rows CPU threads;
// - the "/stream:all" processes repeat the per-stream rows: their ops are left out (kept when the
//   timeline has no other ops);
// - DataFlow flow events are explicit dependencies (LinkKind::Dependency) from the op that made a
//   tensor to the op that used it: TensorFlow starts such a flow at its producer's end, so it binds to
//   the op ending there, and ends it at its consumer's start;
// - a device's stream and copy ops are launched (LinkKind::Launch) by the op of the same node
//   (args.name) on that device's executor row that started last before them, and a copy of an edge
//   ("edge_<N>_<node>") depends on the op of its producer node that ended last before it;
// - op kinds and phases as for any Chrome trace (RankFinalizer), the device's MEMCPY rows as copies;
// - the tensor objects (N, O, D events, with show_memory=True) that a GPU allocator held become
//   allocator events, as Kineto's are: an allocation of the snapshot's allocated bytes where the
//   tensor was created and a free where it was deleted, on the "… Tensors" row, with the allocator's
//   running total, so that the memory estimate covers TF jobs; the allocators' counters stay counters;
// - one step, from the first op to the last: a timeline is the statistics of one Session.run
//   (StepMethod::WholeRun).
// Touches only its part; O(n log n).
class TfTimelineFinalizer {
public:
    static void finalize(RankPart& part);
};

} // namespace sightline
