#pragma once

#include "core/base/ids.h"
#include "core/exec/executiongraph.h"
#include "core/exec/kernelbytes.h"

#include <optional>
#include <vector>

namespace sightline {

// How long the memory-bound kernels of a job take when they move their bytes (KernelBytes) at the
// bandwidth the job's own elementwise kernels reach: the time a compiler's kernel takes for the same
// work. An elementwise kernel reads its op's inputs once and writes an output the size of the largest
// input; a normalisation or reduction reads them twice (its statistics, then the normalising pass: a
// batch's statistics over a tensor larger than the chip's caches cannot be kept) and writes the same
// output. An op that launched several memory-bound kernels shares its bytes among them by their
// measured times.
//
// The bandwidth is the duration-weighted median of bytes over time of the job's elementwise kernels
// (layout conversions left out) whose op launched no other memory-bound kernel, so that a kernel's
// bytes are its op's. A trace without recorded shapes, or without such a kernel, prices nothing. One
// pass over the graph's times at construction (the bytes are the graph's analysis, kept across
// rewrites of costs); the graph and the bytes must outlive it.
class KernelTraffic {
public:
    KernelTraffic(const ExecutionGraph& graph, const KernelBytes& bytes);

    // Bytes per second; 0 when the job gives no kernel to measure it by.
    double bandwidth() const { return m_bandwidth; }
    // The kernel's time when it moves its bytes at the bandwidth: never more than its measured time;
    // none for a matrix kernel, one without recorded shapes, or when there is no bandwidth.
    std::optional<TimeNs> floorOf(ItemId kernel) const;
    // The time the kernel's output takes to be written and read back at the bandwidth: the most a fused
    // kernel saves by keeping it on chip for the next kernel; none where floorOf gives none.
    std::optional<TimeNs> outputRoundTrip(ItemId kernel) const;

private:
    struct Launched {
        TimeNs time = 0; // the measured time of the memory-bound kernels the op launched
        std::uint32_t kernels = 0;
    };

    // The op the kernel shares bytes with, where it can be priced; kNone otherwise.
    std::uint32_t pricedOp(ItemId kernel) const;
    double trafficOf(ItemId kernel, std::uint32_t op) const;
    double shareOf(ItemId kernel, std::uint32_t op) const;
    void measureBandwidth();

    const ExecutionGraph& m_graph;
    const KernelBytes& m_bytes;
    std::vector<Launched> m_launched; // per op of m_bytes
    double m_bandwidth = 0;
};

} // namespace sightline
