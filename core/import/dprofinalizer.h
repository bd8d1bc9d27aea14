#pragma once

#include <string>
#include <vector>

namespace sightline {

struct GmlGraph;
struct RankPart;

// The finaliser of one GPU's trace of a dPRO folder (DproImporter). After the generic finalising
// (RankFinalizer):
// - kinds and phases from the op category: FW. forward and BW. backward compute, UPDATE_ optimizer
//   compute, I/O_ input; Comm. ops by their sub-op: fusion-buffer copies Memcpy, queues, syncs and
//   waits Sync, the rest (the NCCL or MPI call) a Collective;
// - a Comm. op's tensors: its ids (`3+4`) named by the metadata's gradient list, joined by '+', as
//   its process group with its sub-op (`fc.weight+fc.bias/NCCL_ALLREDUCE`), so that each tensor's k-th
//   collective is joined across GPUs; the collective from the sub-op (broadcast, all_gather, else
//   all_reduce);
// - steps from args.step (StepMethod::DeclaredSteps): step s runs from its first op to the next step's
//   first op (the last to its last op's end), so that the time between steps belongs to an iteration;
// - the graph's edges as explicit dependencies (LinkKind::Dependency), within each step from the last
//   op of the source's name to the first of the target's (labels `pid->name` are read as name).
// Touches only its part; O(n log n + edges × steps).
class DproFinalizer {
public:
    static void finalize(RankPart& part, const std::vector<std::string>& gradientNames, const GmlGraph* graph);
};

} // namespace sightline
