#pragma once

#include "core/strategy/pass.h"

namespace sightline {

struct TensorPartitionParameters {
    enum class Pieces : std::uint8_t { Concurrent, Sequential };
    double partitionBytes = 4096000;
    Pieces pieces = Pieces::Concurrent;
    double measuredPartitionBytes = 4096000;
};

// Tensor partition (dPRO §5.2; BytePS's BYTEPS_PARTITION_BYTES): every gradient all-reduce larger than
// the partition size is split into pieces of that size. The pieces become ready with the measured
// all-reduce and run concurrently, as BytePS's per-partition queues do (sharing their links'
// bandwidth, each paying its own latency), or one after the other on the stream; what waited for the
// all-reduce waits for all of its pieces. Transfers are timed by the α–β cost model; a rank's own
// transfer of an all-reduce whose peers are outside the job (TensorModel's partial buckets) is split
// the same way. A BytePS job's tensors are re-cut instead, stage by stage (PsRepartition), from the
// partition size its trace was recorded with. Not modelled: per-piece consumers (an optimizer that
// starts on the pieces that arrived).
class TensorPartitionPass : public PassWith<TensorPartitionParameters> {
public:
    std::string_view name() const override;
    std::string_view summary() const override;
    bool needsCostModel() const override { return true; }

protected:
    const ParameterTable<TensorPartitionParameters>& table() const override;
    Status run(const TensorPartitionParameters& params, WhatIfJob& job) const override;
    void exportStep(const TensorPartitionParameters& params, ExportContext& out) const override;
};

} // namespace sightline
