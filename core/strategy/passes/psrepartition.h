#pragma once

#include "core/exec/partitionmodel.h"
#include "core/strategy/pass.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sightline {

class ExecutionGraphBuilder;

// BytePS's partitioning changed (BYTEPS_PARTITION_BYTES): each tensor of a PartitionModel, whose
// measured partitions held measuredBytes each, is cut into pieces of pieceBytes (the last one the
// rest), and each piece runs the tensor's chain of stages. Every stage queues the pieces in order:
// piece k's stage takes the stage's latency plus a service that scales with the piece's bytes, and
// ends no sooner than piece k - 1's plus one service (PartitionModel's timings). A piece's first stage
// starts after the iteration's total starts, by the measured gap; the total ends with the last piece.
// Pieces beyond the measured partitions run on tracks of their own ("<tensor> piece N"). The measured
// stages, with the logical reduces and broadcasts they joined, are replaced, on every rank.
// serverLoad multiplies the service of the stages the servers take part in (PUSH, PULL, and a
// non-root GPU's COORDINATE_PUSH, which waits for them): how many more workers each server serves.
class PsRepartition {
public:
    struct Counts {
        std::size_t tensors = 0; // tensor iterations rewritten
        std::size_t partitionsBefore = 0;
        std::size_t piecesAfter = 0;
        std::size_t keptAsMeasured = 0; // tensor iterations PartitionModel left out
        // What the re-cut warns of: the tensor iterations kept as measured, where there are any, and
        // what the queues do to the exposed communication, where anything was re-cut.
        std::vector<Message> warnings() const;
    };
    // The bytes t holds when its measured partitions hold measuredBytes each (at most 2^63 - 1, a size
    // tensor_partition refuses).
    static std::int64_t tensorBytes(const PartitionModel::Tensor& t, std::int64_t measuredBytes);
    // The bytes of t's first piece when cut into pieces of pieceBytes: every piece holds as much but
    // the last, which holds the rest, so two sizes that give a tensor the same first piece cut it alike.
    // A cut at measuredBytes keeps the measured partitions.
    static std::int64_t firstPiece(
        const PartitionModel::Tensor& t, std::int64_t measuredBytes, std::int64_t pieceBytes);
    static Counts apply(const ExecutionGraph& graph, const PartitionModel& model, std::int64_t measuredBytes, std::int64_t pieceBytes,
        ExecutionGraphBuilder& builder, double serverLoad = 1.0);
    // Re-cuts a BytePS job with its plan (WhatIfJob::psPlan) as change leaves it: from the graph the
    // plan began with, or the job's own when it has none, so that tensor_partition and worker_count
    // compose. Fails when other work changed the job since the plan was made (it would be lost).
    static Expected<Counts> replan(WhatIfJob& job, const std::function<void(PsPlan&)>& change);
};

} // namespace sightline
