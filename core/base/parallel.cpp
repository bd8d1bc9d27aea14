#include "core/base/parallel.h"

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace sightline {

void parallelFor(std::size_t count, const std::function<void(std::size_t)>& body)
{
    if (count == 0)
        return;
    if (count == 1) {
        body(0);
        return;
    }
    // Grain size 1: callers hand us coarse items (a file, a track group), never single ops.
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, count, 1),
        [&body](const tbb::blocked_range<std::size_t>& range) {
            for (std::size_t i = range.begin(); i != range.end(); ++i)
                body(i);
        },
        tbb::simple_partitioner());
}

std::size_t parallelism()
{
    return static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
}

} // namespace sightline
