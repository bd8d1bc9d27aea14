#pragma once

#include "core/base/message.h"
#include "core/exec/executiongraph.h"

#include <string>
#include <string_view>
#include <vector>

namespace sightline {

// The layers of a job's forward pass, per rank and step, for the passes that redo or move a layer's
// forward work (recomputation). A layer is a span of forward work: a layer-wise job's "<layer> forward"
// op, or a host annotation or op of the forward phase whose name the pattern matches. With the pattern
// "auto", the names that repeat as one stem and a number (block_0 ... block_11, "nn.Module: Layer_3")
// are the layers: the stem with the most numbers. Its forward work is the span, the host work nested in
// it and the device work that work launched. Its first backward item is the earliest one its forward
// work leads to through forward→backward links (a layer-wise job's "<layer> backward"); a layer
// without one is left out. Built in O(n log n); immutable.
class LayerModel {
public:
    struct Layer {
        std::string name;
        ItemId span;
        std::vector<ItemId> forward; // in item order
        ItemId firstBackward;
    };

    static LayerModel of(const ExecutionGraph& graph, std::string_view pattern);

    // In forward order per rank and step: by rank, step, then measured start.
    const std::vector<Layer>& layers() const { return m_layers; }
    // How the layers were found, for the user.
    const Message& source() const { return m_source; }

private:
    std::vector<Layer> m_layers;
    Message m_source;
};

} // namespace sightline
