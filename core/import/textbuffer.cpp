#include "core/import/textbuffer.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <sys/mman.h>

namespace sightline {

namespace {

constexpr std::size_t kHugePage = 2u << 20;

} // namespace

void TextBuffer::Free::operator()(char* p) const
{
    std::free(p);
}

char* TextBuffer::allocate(std::size_t bytes)
{
    // Large buffers are aligned to huge pages and marked for them: reading a gigabyte into 4 KiB pages
    // costs a quarter million page faults.
    if (bytes >= 4 * kHugePage) {
        const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
        void* p = std::aligned_alloc(kHugePage, rounded);
        if (!p)
            throw std::bad_alloc();
        ::madvise(p, rounded, MADV_HUGEPAGE);
        return static_cast<char*>(p);
    }
    void* p = std::malloc(bytes);
    if (!p)
        throw std::bad_alloc();
    return static_cast<char*>(p);
}

TextBuffer::TextBuffer(std::size_t capacity)
    : m_data(allocate(capacity + kPadding))
    , m_capacity(capacity)
{
    std::memset(m_data.get(), 0, kPadding);
}

void TextBuffer::reserveMore(std::size_t extra)
{
    if (m_size + extra <= m_capacity)
        return;
    const std::size_t capacity = std::max(m_size + extra, m_capacity + m_capacity / 2 + 4096);
    std::unique_ptr<char, Free> data(allocate(capacity + kPadding));
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
