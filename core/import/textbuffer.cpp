#include "core/import/textbuffer.h"

#include "core/base/hugepages.h"
#include "core/import/mappingguard.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <sys/mman.h>
#include <unistd.h>
#include <utility>

namespace sightline {

namespace {

std::size_t pageRounded(std::size_t bytes, std::size_t page)
{
    return (bytes + page - 1) / page * page;
}

} // namespace

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
    // allocator, so that they go back to the system when freed (a block freed in a worker thread's
    // arena stays resident there: malloc_trim does not shrink other arenas' tops), and so that they
    // can grow by remapping.
    if (bytes >= 4 * kHugePage) {
        const std::size_t rounded = pageRounded(bytes, kHugePage);
        const std::size_t reserved = rounded + kHugePage;
        void* region = ::mmap(nullptr, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (region == MAP_FAILED)
            return {};
        // Keep the aligned part only.
        char* base = static_cast<char*>(region);
        const std::size_t skip = (kHugePage - reinterpret_cast<std::uintptr_t>(base) % kHugePage) % kHugePage;
        if (skip > 0)
            ::munmap(base, skip);
        if (reserved - skip > rounded)
            ::munmap(base + skip + rounded, reserved - skip - rounded);
        ::madvise(base + skip, rounded, MADV_HUGEPAGE);
        return std::unique_ptr<char, Free>(base + skip, Free(rounded, Storage::Anonymous));
    }
    return std::unique_ptr<char, Free>(static_cast<char*>(std::malloc(bytes)));
}

TextBuffer::TextBuffer(std::size_t capacity)
    : m_data(allocate(capacity + kPadding))
    , m_capacity(capacity)
{
    if (!m_data)
        throw std::bad_alloc();
    std::memset(m_data.get(), 0, kPadding);
}

TextBuffer::TextBuffer(TextBuffer&& other) noexcept
    : m_data(std::move(other.m_data))
    , m_size(std::exchange(other.m_size, 0))
    , m_capacity(std::exchange(other.m_capacity, 0))
    , m_guardSlot(std::exchange(other.m_guardSlot, -1))
    , m_cut(std::exchange(other.m_cut, false))
{
}

TextBuffer& TextBuffer::operator=(TextBuffer&& other) noexcept
{
    if (this != &other) {
        // The old mapping stops being watched before it is unmapped.
        MappingGuard::release(std::exchange(m_guardSlot, std::exchange(other.m_guardSlot, -1)));
        m_data = std::move(other.m_data);
        m_size = std::exchange(other.m_size, 0);
        m_capacity = std::exchange(other.m_capacity, 0);
        m_cut = std::exchange(other.m_cut, false);
    }
    return *this;
}

TextBuffer::~TextBuffer()
{
    MappingGuard::release(m_guardSlot);
}

TextBuffer TextBuffer::mapFile(int fd, std::size_t size)
{
    // Reading a large file costs a copy out of the page cache into fresh pages, which the kernel must
    // first clear: both on one core before any parsing starts. A private mapping shares the cached
    // pages instead and faults them in where the parser first touches them, on all cores. An anonymous
    // region one padding longer is reserved first and the file mapped over its start, so that the
    // padding is zero pages (the tail of the file's last page reads as zeros too).
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const std::size_t total = pageRounded(size + kPadding, page);
    void* region = ::mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED)
        return {};
    const int slot = MappingGuard::watch(region, size);
    if (slot < 0 || ::mmap(region, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED) {
        MappingGuard::release(slot);
        ::munmap(region, total);
        return {};
    }
    // Start reading ahead in case the file is not cached yet; a no-op cost when it is.
    ::madvise(region, size, MADV_WILLNEED);
    TextBuffer buffer;
    buffer.m_data = std::unique_ptr<char, Free>(static_cast<char*>(region), Free(total, Storage::File));
    buffer.m_capacity = total - kPadding;
    buffer.m_size = size;
    buffer.m_guardSlot = slot;
    return buffer;
}

bool TextBuffer::reserveMore(std::size_t extra)
{
    if (m_size + extra <= m_capacity)
        return true;
    const std::size_t capacity = std::max(m_size + extra, m_capacity + m_capacity / 2 + 4096);
    Free& owner = m_data.get_deleter();
    if (m_data && owner.storage == Storage::Anonymous) {
        // The pages move to a larger range instead of being copied: the text is never held twice.
        const std::size_t rounded = pageRounded(capacity + kPadding, kHugePage);
        void* moved = ::mremap(m_data.get(), owner.mappedBytes, rounded, MREMAP_MAYMOVE);
        if (moved == MAP_FAILED)
            return false;
        ::madvise(moved, rounded, MADV_HUGEPAGE);
        m_data.release();
        m_data = std::unique_ptr<char, Free>(static_cast<char*>(moved), Free(rounded, Storage::Anonymous));
        m_capacity = rounded - kPadding;
        return true;
    }
    std::unique_ptr<char, Free> data = allocate(capacity + kPadding);
    if (!data)
        return false;
    if (m_size > 0)
        std::memcpy(data.get(), m_data.get(), m_size);
    m_cut = fileWasCut();
    MappingGuard::release(std::exchange(m_guardSlot, -1));
    m_data = std::move(data);
    const Free& now = m_data.get_deleter();
    m_capacity = now.storage == Storage::Anonymous ? now.mappedBytes - kPadding : capacity;
    return true;
}

void TextBuffer::setSize(std::size_t size)
{
    m_size = std::min(size, m_capacity);
    std::memset(m_data.get() + m_size, 0, kPadding);
}

bool TextBuffer::fileWasCut() const
{
    return m_cut || MappingGuard::isCut(m_guardSlot);
}

} // namespace sightline
