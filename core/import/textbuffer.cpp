#include "core/import/textbuffer.h"

#include "core/import/hugepages_p.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <sys/mman.h>
#include <unistd.h>

namespace sightline {

void TextBuffer::Free::operator()(char* p) const
{
    if (mappedBytes > 0)
        ::munmap(p, mappedBytes);
    else
        std::free(p);
}

std::unique_ptr<char, TextBuffer::Free> TextBuffer::allocate(std::size_t bytes)
{
    // Large buffers are aligned to huge pages and marked for them: reading a gigabyte into 4 KiB pages
    // costs a quarter million page faults. They are mapped on their own rather than taken from the
    // allocator, so that they go back to the system when freed: a block freed in a worker thread's
    // arena stays resident there (malloc_trim does not shrink other arenas' tops).
    if (bytes >= 4 * kHugePage) {
        const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
        const std::size_t reserved = rounded + kHugePage;
        void* region = ::mmap(nullptr, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (region == MAP_FAILED)
            throw std::bad_alloc();
        // Keep the aligned part only.
        char* base = static_cast<char*>(region);
        const std::size_t skip = (kHugePage - reinterpret_cast<std::uintptr_t>(base) % kHugePage) % kHugePage;
        if (skip > 0)
            ::munmap(base, skip);
        if (reserved - skip > rounded)
            ::munmap(base + skip + rounded, reserved - skip - rounded);
        ::madvise(base + skip, rounded, MADV_HUGEPAGE);
        return std::unique_ptr<char, Free>(base + skip, Free(rounded));
    }
    void* p = std::malloc(bytes);
    if (!p)
        throw std::bad_alloc();
    return std::unique_ptr<char, Free>(static_cast<char*>(p));
}

TextBuffer::TextBuffer(std::size_t capacity)
    : m_data(allocate(capacity + kPadding))
    , m_capacity(capacity)
{
    std::memset(m_data.get(), 0, kPadding);
}

TextBuffer TextBuffer::mapFile(int fd, std::size_t size)
{
    // Reading a large file costs a copy out of the page cache into fresh pages, which the kernel must
    // first clear: both on one core before any parsing starts. A private mapping shares the cached
    // pages instead and faults them in where the parser first touches them, on all cores. An anonymous
    // region one padding longer is reserved first and the file mapped over its start, so that the
    // padding is zero pages (the tail of the file's last page reads as zeros too).
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const std::size_t total = (size + kPadding + page - 1) / page * page;
    void* region = ::mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED)
        return {};
    if (::mmap(region, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED) {
        ::munmap(region, total);
        return {};
    }
    // Start reading ahead in case the file is not cached yet; a no-op cost when it is.
    ::madvise(region, size, MADV_WILLNEED);
    TextBuffer buffer;
    buffer.m_data = std::unique_ptr<char, Free>(static_cast<char*>(region), Free { total });
    buffer.m_capacity = total - kPadding;
    buffer.m_size = size;
    return buffer;
}

void TextBuffer::reserveMore(std::size_t extra)
{
    if (m_size + extra <= m_capacity)
        return;
    const std::size_t capacity = std::max(m_size + extra, m_capacity + m_capacity / 2 + 4096);
    std::unique_ptr<char, Free> data = allocate(capacity + kPadding);
    if (m_size > 0)
        std::memcpy(data.get(), m_data.get(), m_size);
    m_data = std::move(data);
    m_capacity = capacity;
}

void TextBuffer::setSize(std::size_t size)
{
    m_size = std::min(size, m_capacity);
    std::memset(m_data.get() + m_size, 0, kPadding);
}

} // namespace sightline
