#include "core/base/memorypolicy.h"

#include <cstdlib> // defines __GLIBC__ with the C library

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace sightline {

void MemoryPolicy::keepFreedMemory()
{
#if defined(__GLIBC__)
    ::mallopt(M_ARENA_MAX, 1);
    ::mallopt(M_MMAP_MAX, 0);
    ::mallopt(M_TRIM_THRESHOLD, -1); // as unsigned: never
#endif
}

void MemoryPolicy::releaseFreedMemory()
{
#if defined(__GLIBC__)
    ::malloc_trim(0);
#endif
}

} // namespace sightline
