#pragma once

#include "core/base/message.h"
#include "core/exec/executiongraph.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sightline {

// What a collective is for in the job's parallelism.
enum class ParallelRole : std::uint8_t {
    Data, // data-parallel gradients (and the buffers DDP broadcasts)
    Tensor, // tensor (or sequence) parallel activations
    Pipeline, // pipeline stages' sends and receives
    Expert, // all-to-all exchanges (experts, sharded embeddings)
    Unknown, // nothing in the trace says
};
inline constexpr int kParallelRoleCount = 5;
const char* parallelRoleName(ParallelRole role);

// The parallelism role of every collective of a job: its logical collectives and its transfers whose
// peers are outside the job. Told from evidence, not from position alone:
// - sends and receives are pipeline traffic, all-to-alls expert (or sharded-embedding) exchanges;
// - a reduction (all-reduce, reduce-scatter, all-gather, reduce) in the forward pass is tensor-parallel,
//   and so is every reduction of a process group that has one there;
// - a reduction of another group outside the forward and optimizer is data-parallel where the trace
//   ties it to gradients: the backward work that feeds it (its own phase, or its launcher's), the
//   AccumulateGrad ops of its rank's step before it, or the framework's names on it or the ops that
//   issue it (DistributedDataParallel, the reducer, a Horovod or BytePS gradient tensor);
// - anything else is unknown, and says why.
// Passes act on the roles they are about (tensor fusion and partition on data-parallel gradients) and
// say how many collectives they could not tell. Built in O(items + edges); immutable.
class CollectiveRoles {
public:
    static CollectiveRoles of(const ExecutionGraph& graph);

    // The role of a communication item with a transfer; Unknown for any other item.
    ParallelRole of(ItemId item) const { return item.value() < m_role.size() ? m_role[item.value()] : ParallelRole::Unknown; }
    // Why the item has its role, in words (empty for items that are no collective).
    const std::string& reason(ItemId item) const;
    // How many collectives have each role.
    const std::array<std::size_t, kParallelRoleCount>& counts() const { return m_counts; }
    // "12 data-parallel, 4 tensor-parallel, 2 unknown".
    Message summary() const;

    // Every rank of the job: the trace's world (peers outside the trace included), or its ranks where
    // they are more.
    std::int32_t jobRanks() const { return m_jobRanks; }
    // The ranks a collective spans: the group of one routed as part of it (RouteKind::Partial), else
    // its participants.
    static std::int32_t spanOf(const ExecutionGraph& graph, ItemId item);
    // Whether a collective is taken for data-parallel where the job's data-parallel group is counted
    // (worker_count, the scaling models): it is, or its role is unknown and it spans every rank of the
    // job. graph: the one the roles were found for; an item without a transfer is not. jobRanks: the
    // job's ranks where a rewrite made them fewer than jobRanks() says (the trace's world).
    bool takenAsData(const ExecutionGraph& graph, ItemId item) const { return takenAsData(graph, item, m_jobRanks); }
    bool takenAsData(const ExecutionGraph& graph, ItemId item, std::int32_t jobRanks) const;
    // The measured data-parallel group: the most ranks a collective taken for data-parallel spans; 0
    // when none is.
    std::int32_t dataGroupSize() const { return m_dataGroup; }

private:
    std::vector<ParallelRole> m_role; // per item
    std::vector<std::uint8_t> m_reason; // per item, into m_reasons
    std::vector<std::string> m_reasons;
    std::array<std::size_t, kParallelRoleCount> m_counts {};
    std::int32_t m_jobRanks = 1;
    std::int32_t m_dataGroup = 0;
};

} // namespace sightline
