#pragma once

#include <cstddef>
#include <functional>

namespace sightline {

// TBB-free front for parallel loops, so that headers never pull in oneTBB. body(i) is called exactly
// once for every i in [0, count), possibly concurrently; the call returns when all are done.
void parallelFor(std::size_t count, const std::function<void(std::size_t)>& body);

// Number of worker threads parallelFor may use.
std::size_t parallelism();

} // namespace sightline
