#pragma once

#include "core/base/expected.h"
#include "core/base/message.h"
#include "core/exec/executiongraph.h"

#include <span>
#include <string>
#include <vector>

namespace sightline {

class CollectiveRoles;

// The gradient tensors of a data-parallel job and the all-reduces that carry them, step by step, as
// tensor fusion sees them (dPRO §5.2, Horovod and DDP buckets). A bucket is a logical all-reduce that is
// data-parallel (CollectiveRoles), or outside the forward and optimizer phases with nothing to tell
// (source() then says how many), with one participant per rank. Tensors come from the AccumulateGrad ops and their
// recorded shapes when every rank records the same number in a step; otherwise each bucket stands for
// one tensor of its own bytes (layer-wise jobs, traces without shapes), and source() says so. Ranks
// are matched by position: the i-th tensor of a step on every rank is the same tensor. Each data-parallel
// group (the ranks an all-reduce spans; several where tensor or pipeline parallelism splits the job)
// has steps of its own.
// A job that holds none of its all-reduces whole (a Horovod coordinator's timeline, some ranks of a
// larger job) has partial buckets instead: its ranks' own all-reduce transfers whose peers are outside
// the job (RouteKind::Partial). Transfers of a rank that overlap in time are one fused bucket, each of
// them a tensor of its own bytes; the k-th bucket of a step is the same on every rank. Built in
// O(items log items); immutable.
class TensorModel {
public:
    struct Bucket {
        ItemId collective; // the logical all-reduce; invalid for a partial bucket
        // Per rank slot, its participant (a partial bucket: the rank's first transfer of the bucket).
        std::vector<ItemId> participants;
        std::int64_t bytes = 0;
        // A partial bucket's other transfers, fused with the participants (every rank's).
        std::vector<ItemId> fused;
    };
    struct Tensor {
        std::int64_t bytes = 0;
        // Per rank slot, the host op after which the gradient is ready (its AccumulateGrad), or invalid
        // when the tensor is a bucket of its own (then bucket names it) or a partial bucket's transfer.
        std::vector<ItemId> producers;
        std::uint32_t bucket = 0; // the measured bucket that carried it, an index into buckets()
        // Per rank slot, the partial transfer that carried it; empty outside partial buckets. It is
        // ready when what released that transfer's start has happened.
        std::vector<ItemId> transfers;
        // With transfers: when, as measured on the first rank, the work that released its transfer (other
        // than other transfers) had ended.
        TimeNs readyNs = 0;
    };
    struct Step {
        std::int64_t number = -1; // ProfilerStep number, -1 outside steps
        std::vector<Bucket> buckets; // in launch order
        std::vector<Tensor> tensors; // in the order they became ready on the first rank
        // The data-parallel group whose step this is: the rank of each slot of the buckets' participants
        // and the tensors' producers, by global rank. A job with several groups (tensor- and
        // data-parallel) has a step of each group for each step number.
        std::vector<RankId> ranks;
    };

    // Fails with InvalidArgument when the job has no gradient all-reduce, or when its buckets do not
    // have the same ranks.
    // roles: the graph's collectives' parallelism roles (only data-parallel all-reduces are gradients').
    static Expected<TensorModel> of(const ExecutionGraph& graph, const CollectiveRoles& roles);

    std::span<const Step> steps() const { return m_steps; }
    bool tensorsRecorded() const { return m_tensorsRecorded; }
    // Whether the buckets are partial (see above).
    bool partial() const { return m_partial; }
    // How the tensors were found, for the user.
    const Message& source() const { return m_source; }

private:
    std::vector<Step> m_steps;
    bool m_tensorsRecorded = false;
    bool m_partial = false;
    Message m_source;

    static Expected<TensorModel> ofPartial(const ExecutionGraph& graph, const CollectiveRoles& roles);
};

} // namespace sightline
