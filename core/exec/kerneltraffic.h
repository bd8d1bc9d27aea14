#pragma once

#include "core/base/ids.h"
#include "core/exec/executiongraph.h"
#include "core/exec/kernelclasses.h"

#include <optional>
#include <string_view>
#include <vector>

namespace sightline {

// What the memory-bound kernels of a job move, and how fast the job's device moves it: the time a
// compiler's kernel takes for the same work when it runs at the bandwidth the job's own elementwise
// kernels reach. A kernel's bytes come from the op that launched it (the innermost host op around its
// launch with recorded input shapes, "Input Dims" and "Input type"): an elementwise kernel reads its
// inputs once and writes an output the size of its largest input; a normalisation or reduction reads
// its inputs twice (its statistics, then the normalising pass: a batch's statistics over a tensor
// larger than the chip's caches cannot be kept) and writes the same output. An op that launches
// several memory-bound kernels shares its bytes among them by their measured times.
//
// The bandwidth is the job's own: the duration-weighted median of bytes over time of its elementwise
// kernels whose op launched no other memory-bound kernel, so that a kernel's bytes are its op's. A
// trace without recorded shapes, or without such a kernel, prices nothing. Matrix kernels are not
// priced: their time is bound by arithmetic. cuDNN's layout conversions (nchwToNhwc, nhwcToNchw)
// around a convolution are named apart: a channels-last plan removes them rather than making them
// faster. One pass over the graph at construction; not thread-safe.
class KernelTraffic {
public:
    explicit KernelTraffic(const ExecutionGraph& graph);

    // Bytes per second; 0 when the job gives no kernel to measure it by.
    double bandwidth() const { return m_bandwidth; }
    // The kernel's time when it moves its bytes at the bandwidth: never more than its measured time;
    // none for a matrix kernel, one without recorded shapes, or when there is no bandwidth.
    std::optional<TimeNs> floorOf(ItemId kernel) const;
    // The time the kernel's output takes to be written and read back at the bandwidth: the most a fused
    // kernel saves by keeping it on chip for the next kernel; none where floorOf gives none.
    std::optional<TimeNs> outputRoundTrip(ItemId kernel) const;
    // Whether the kernel is a layout conversion a convolution ran (cuDNN's nchwToNhwc or nhwcToNchw,
    // launched inside a host op whose name holds "conv").
    bool isConvolutionLayout(ItemId kernel) const;
    static bool isLayoutConversion(std::string_view kernelName);

private:
    struct OpBytes {
        double read = 0; // the inputs' bytes
        double largest = 0; // the largest input's bytes: the output's size
        TimeNs memoryBound = 0; // the measured time of the memory-bound kernels it launched
        std::uint32_t kernels = 0;
    };

    std::uint32_t launchingOp(ItemId kernel);
    OpBytes bytesOf(ItemId op) const;
    double trafficOf(ItemId kernel, const OpBytes& op) const;
    const OpBytes* pricedOp(ItemId kernel) const;
    bool isKernelWithOp(ItemId item) const;
    bool layoutNamed(ItemId item) const;
    double shareOf(ItemId kernel, const OpBytes& op) const;
    void measureBandwidth();

    const ExecutionGraph& m_graph;
    mutable KernelClasses m_classes;
    static constexpr std::uint32_t kUnknown = ItemId::kInvalid;
    static constexpr std::uint32_t kNone = ItemId::kInvalid - 1;
    // Per item, an index into m_ops: of a kernel, its launching op's; of a host op, its own (kNone: no
    // recorded inputs; kUnknown: not asked).
    std::vector<std::uint32_t> m_slot;
    std::vector<OpBytes> m_ops;
    mutable std::vector<std::uint8_t> m_layoutName; // per name id: 0 no, 1 yes, 2 not yet known
    double m_bandwidth = 0;
};

} // namespace sightline
