#include "core/exec/instantorder.h"

#include <algorithm>

namespace sightline {

InstantOrder::InstantOrder(const ExecutionGraph& g)
    : m_position(2 * static_cast<std::size_t>(g.itemCount()), kUnordered)
{
    const std::uint32_t n = g.itemCount();
    // In-degree per instant: an end waits for its own start, a start or end for the edges into it.
    std::vector<std::uint32_t> waiting(2 * static_cast<std::size_t>(n), 0);
    for (std::uint32_t i = 0; i < n; ++i) {
        ++waiting[2 * i + 1];
        for (std::uint32_t e = g.outBegin(i); e < g.outBegin(i + 1); ++e)
            ++waiting[2 * g.target(e) + (g.ref(e) == EdgeRef::EndToEnd ? 1 : 0)];
    }
    // Kahn's algorithm, first in first out from the roots in measured order: linear, and close to the
    // measured order where the dependencies leave a choice.
    std::vector<std::uint32_t> queue;
    queue.reserve(2 * static_cast<std::size_t>(n));
    for (std::uint32_t v = 0; v < 2 * n; ++v) {
        if (waiting[v] == 0)
            queue.push_back(v);
    }
    std::stable_sort(queue.begin(), queue.end(), [&](std::uint32_t a, std::uint32_t b) { return g.anchor(ItemId(a / 2)) < g.anchor(ItemId(b / 2)); });
    std::uint32_t next = 0;
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const std::uint32_t v = queue[head];
        m_position[v] = next++;
        const std::uint32_t item = v / 2;
        const bool isEnd = (v & 1) != 0;
        if (!isEnd && --waiting[2 * item + 1] == 0)
            queue.push_back(2 * item + 1);
        for (std::uint32_t e = g.outBegin(item); e < g.outBegin(item + 1); ++e) {
            const EdgeRef ref = g.ref(e);
            if ((ref == EdgeRef::StartToStart) != !isEnd)
                continue;
            const std::uint32_t w = 2 * g.target(e) + (ref == EdgeRef::EndToEnd ? 1 : 0);
            if (--waiting[w] == 0)
                queue.push_back(w);
        }
    }
    m_complete = next == 2 * n;
}

} // namespace sightline
