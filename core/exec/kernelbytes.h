#pragma once

#include "core/exec/memorytypes.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace sightline {

class ExecutionGraph;

// Which host op launched each memory-bound device kernel of a graph, and the bytes that op's recorded
// inputs hold ("Input Dims" and "Input type"): the innermost host op around the kernel's launch with
// tensor inputs. Also each kernel's class as it moves memory (an elementwise kernel, or a normalisation
// or reduction), and which kernels are cuDNN's layout conversions (nchwToNhwc, nhwcToNchw), and of
// those, which a convolution ran (launched inside a host op whose name holds "conv"). Matrix kernels,
// kernels a pass made and the window's context are not memory-bound kernels here. It depends on the
// graph's items, edges and names alone, not on their times: AnalysisCache keeps it for the analyses a
// rewrite of costs leaves valid. Immutable after construction: safe to share between threads.
class KernelBytes {
public:
    struct Op {
        double read = 0; // the inputs' bytes
        double largest = 0; // the largest input's bytes: the output's size
    };
    static constexpr std::uint32_t kNone = ItemId::kInvalid;

    explicit KernelBytes(const ExecutionGraph& graph);

    // The op that launched the memory-bound kernel, as an index into ops(); kNone for a kernel whose
    // ops recorded no tensor inputs, a matrix kernel, or an item that is no kernel.
    std::uint32_t opOf(ItemId kernel) const;
    const std::vector<Op>& ops() const { return m_ops; }
    // A measured device kernel that is no matrix kernel (what the class comment counts).
    bool memoryBound(ItemId kernel) const { return flag(kernel, kMemoryBound); }
    bool normalisation(ItemId kernel) const { return flag(kernel, kNormalisation); }
    bool layoutConversion(ItemId kernel) const { return flag(kernel, kLayout); }
    bool convolutionLayout(ItemId kernel) const { return flag(kernel, kConvolutionLayout); }
    static bool isLayoutConversion(std::string_view kernelName);

private:
    enum : std::uint8_t { kMemoryBound = 1, kNormalisation = 2, kLayout = 4, kConvolutionLayout = 8 };

    bool flag(ItemId item, std::uint8_t f) const
    {
        return item.value() < m_flags.size() && (m_flags[item.value()] & f) != 0;
    }
    std::uint32_t launchingOp(const ExecutionGraph& g, ItemId kernel);

    std::vector<std::uint8_t> m_flags; // per item
    // Per item: of a kernel, its launching op's index; of a host op, its own (kNone: no recorded
    // inputs; kUnknown: not asked yet).
    std::vector<std::uint32_t> m_slot;
    std::vector<Op> m_ops;
};

} // namespace sightline
