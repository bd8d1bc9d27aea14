#pragma once

// Transparent huge pages for large columns (the importer's buffers, the execution graph's columns): a
// column of millions of ops otherwise takes a page fault, with its trap into the kernel, every 4 KiB.

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sightline {

inline constexpr std::size_t kHugePage = 2u << 20;

// Asks for huge pages under the not yet touched storage of a large vector.
template <class T>
void adviseHugePages(const std::vector<T>& v)
{
    const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
    const std::uintptr_t end = begin + v.capacity() * sizeof(T);
    const std::uintptr_t first = (begin + kHugePage - 1) & ~(kHugePage - 1);
    const std::uintptr_t last = end & ~(kHugePage - 1);
    if (last > first)
        ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
}

// n copies of value in fresh storage that asked for huge pages before it was first touched.
template <class T>
std::vector<T> hugeVector(std::size_t n, const T& value = T())
{
    std::vector<T> v;
    v.reserve(n);
    adviseHugePages(v);
    v.resize(n, value);
    return v;
}

} // namespace sightline
