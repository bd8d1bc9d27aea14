#pragma once

#include "core/base/expected.h"
#include "core/exec/executiongraph.h"

#include <span>
#include <string>
#include <vector>

namespace sightline {

// The partitioned tensors of a BytePS job, as a re-partition needs them. Each rank's tensor has a
// "<tensor> total" track (one span of its whole communication an iteration) and a track per partition
// ("<tensor> partition N"), where each iteration runs the same chain of stages (COORDINATE_REDUCE,
// REDUCE, COPYD2H, PUSH, PULL, COPYH2D, BROADCAST, ...). The partitions of an iteration queue for each
// stage, one after the other, so a stage is timed per rank and tensor as a queue with a latency:
// - first: its duration for the first partition (median over iterations): latency plus one service;
// - service: one partition's service: the time between consecutive partitions' ends (the mean over
//   an iteration, the median over iterations), at most first (a stage that only follows a slower one
//   ends at that one's pace, not its own);
// - gap: the median wait from the previous stage's end to its start, in the first partition (for the
//   first stage, from the total's start).
// Built only for jobs the BytePS importer made; O(items log items); immutable.
class PartitionModel {
public:
    struct Stage {
        StringId name;
        OpKind kind = OpKind::Collective;
        TimeNs first = 0;
        TimeNs service = 0;
        TimeNs gap = 0;
    };
    // One iteration of a tensor on its rank.
    struct Iteration {
        ItemId total; // its total span
        std::vector<std::vector<ItemId>> partitions; // per partition, its stages' items in stage order
    };
    struct Tensor {
        std::string name;
        RankId rank;
        std::vector<TrackId> tracks; // per partition
        std::vector<Stage> stages;
        std::vector<Iteration> iterations; // in step order
        std::size_t incomplete = 0; // iterations left out: without a total, or a partition's chain cut short
    };

    // An empty model for a job the BytePS importer did not make. An iteration whose partitions do not
    // all run the chain of stages of the fullest iteration (a trace cut mid-iteration) is left out and
    // counted. Fails with InvalidArgument naming a tensor with partition tracks missing or no whole
    // iteration.
    static Expected<PartitionModel> of(const ExecutionGraph& graph);

    std::span<const Tensor> tensors() const { return m_tensors; }
    bool empty() const { return m_tensors.empty(); }

private:
    std::vector<Tensor> m_tensors;
};

} // namespace sightline
