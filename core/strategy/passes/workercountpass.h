#pragma once

#include "core/strategy/pass.h"

namespace sightline {

struct WorkerCountParameters {
    enum class Batch : std::uint8_t { PerRank, Global };
    enum class Mode : std::uint8_t { Sync, AsyncPs };
    std::int64_t workers = 1;
    Batch batch = Batch::PerRank;
    Mode mode = Mode::Sync;
    std::optional<std::int64_t> ranksPerHost;
    std::optional<std::int64_t> servers;
};

// Worker count (data parallelism from N to M ranks; Shi et al.'s DAG for layer-wise jobs, Proteus for
// the topology): ranks past M are dropped; new ranks copy the work of rank (j mod N) on tracks of their
// own, waiting from the replayed window's start as it does, and join every collective that spans all
// ranks, whose transfers the α–β cost model then times for the new group size over the topology
// (ranks_per_host ranks to a host). A job holding only some ranks of its world (one rank's trace of a
// larger job) keeps its ranks, and its transfers whose peers are not in the trace take the new world
// size. Collectives of smaller groups (pipeline or tensor parallel peers) are not re-formed: a new
// rank's part of one is left to its measured duration, with a warning. Measured ranks that took turns
// on one GPU each get a GPU of their own once the count changes, their kernels taking their share of
// the shared GPU's time (SharedDevices), with a warning. A BytePS job (PartitionModel)
// keeps its GPUs, which stand for every worker's: a worker is the GPUs of one host, and with a fixed
// number of servers, each serves workers / servers workers, so the pushes and pulls take that load over
// the measured one in service (a server per worker, as BytePS deploys them, keeps it). Weak scaling by
// default: each rank keeps its measured batch. With batch = global (strong scaling), the measured
// global batch is shared among the new data-parallel group, and every rank's compute and work memory
// follow its share (SampleScaling, as accumulation's micro-batches do); not for BytePS jobs, whose
// stages are re-cut from the measured graph. With mode = async_ps, the data-parallel collectives become
// each worker's push to and pull from parameter servers of their own hosts (AsyncParameterServer), and
// the workers no longer wait for one another.
class WorkerCountPass : public PassWith<WorkerCountParameters> {
public:
    // The data-parallel group the job was measured with, which `workers` counts: the most ranks a
    // data-parallel collective spans, its peers outside the trace included (one rank's trace of an
    // 8-rank job counts 8), else the job's world; a BytePS job's, its ranks. The device count a search
    // over device counts starts from, and replays as the job itself.
    static int measuredWorkers(const AnalysisCache& analyses);
    // Where that group is smaller than the job (tensor, pipeline or expert parallelism within each
    // replica), a note that a count of workers or devices counts replicas of several ranks each; else
    // nothing.
    static std::optional<Message> replicaNote(const AnalysisCache& analyses);

    std::string_view name() const override;
    std::string_view summary() const override;
    bool needsCostModel() const override { return true; }

protected:
    const ParameterTable<WorkerCountParameters>& table() const override;
    Status run(const WorkerCountParameters& params, WhatIfJob& job) const override;
    void exportStep(const WorkerCountParameters& params, ExportContext& out) const override;
};

} // namespace sightline
