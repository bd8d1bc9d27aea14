#include "core/base/stringpool.h"

#include <cstring>

namespace sightline {

namespace {

constexpr std::size_t kBlockBytes = 64 * 1024;

// A fast non-cryptographic hash reading 8 bytes at a time; names are short and numerous.
std::uint64_t hashText(std::string_view text)
{
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ (text.size() * 0xC2B2AE3D27D4EB4Full);
    const char* p = text.data();
    std::size_t n = text.size();
    while (n >= 8) {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        h = (h ^ (v * 0x87C37B91114253D5ull)) * 0x4CF5AD432745937Full;
        h ^= h >> 31;
        p += 8;
        n -= 8;
    }
    std::uint64_t tail = 0;
    // An empty view may have no storage at all: memcpy from a null pointer is undefined even for 0 bytes.
    if (n > 0)
        std::memcpy(&tail, p, n);
    h = (h ^ (tail * 0x87C37B91114253D5ull)) * 0x4CF5AD432745937Full;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return h;
}

} // namespace

StringPool::StringPool()
{
    m_table.assign(1024, 0);
    m_tableHash.assign(1024, 0);
    intern({});
}

StringPool::StringPool(StringPool&&) noexcept = default;
StringPool& StringPool::operator=(StringPool&&) noexcept = default;
StringPool::~StringPool() = default;

std::uint32_t StringPool::slotFor(std::string_view text, std::uint64_t hash) const
{
    const std::size_t mask = m_table.size() - 1;
    std::size_t slot = hash & mask;
    const auto h32 = static_cast<std::uint32_t>(hash >> 32);
    while (true) {
        const std::uint32_t entry = m_table[slot];
        if (entry == 0)
            return static_cast<std::uint32_t>(slot);
        if (m_tableHash[slot] == h32 && m_strings[entry - 1] == text)
            return static_cast<std::uint32_t>(slot);
        slot = (slot + 1) & mask;
    }
}

StringId StringPool::find(std::string_view text) const
{
    const std::uint32_t slot = slotFor(text, hashText(text));
    const std::uint32_t entry = m_table[slot];
    return entry == 0 ? StringId() : StringId(entry - 1);
}

StringId StringPool::intern(std::string_view text)
{
    const std::uint64_t hash = hashText(text);
    std::uint32_t slot = slotFor(text, hash);
    if (m_table[slot] != 0)
        return StringId(m_table[slot] - 1);
    const auto id = static_cast<std::uint32_t>(m_strings.size());
    m_strings.push_back(store(text));
    m_table[slot] = id + 1;
    m_tableHash[slot] = static_cast<std::uint32_t>(hash >> 32);
    // Keep the load factor below one half so probe sequences stay short.
    if (m_strings.size() * 2 > m_table.size())
        grow();
    return StringId(id);
}

void StringPool::grow()
{
    std::vector<std::uint32_t> table(m_table.size() * 2, 0);
    std::vector<std::uint32_t> hashes(table.size(), 0);
    const std::size_t mask = table.size() - 1;
    for (std::size_t i = 0; i < m_strings.size(); ++i) {
        const std::uint64_t hash = hashText(m_strings[i]);
        std::size_t slot = hash & mask;
        while (table[slot] != 0)
            slot = (slot + 1) & mask;
        table[slot] = static_cast<std::uint32_t>(i + 1);
        hashes[slot] = static_cast<std::uint32_t>(hash >> 32);
    }
    m_table = std::move(table);
    m_tableHash = std::move(hashes);
}

std::string_view StringPool::store(std::string_view text)
{
    if (text.empty())
        return {};
    m_textBytes += text.size();
    if (text.size() > kBlockBytes / 4) {
        // Long strings (stack traces, shapes) get a block of their own so they waste no shared space.
        auto block = std::make_unique<char[]>(text.size());
        std::memcpy(block.get(), text.data(), text.size());
        std::string_view stored(block.get(), text.size());
        // Kept before the shared block being filled, which stays last; swapped in rather than inserted
        // at the front, which would move every block pointer once per long string.
        m_blocks.push_back(std::move(block));
        if (m_blocks.size() > 1 && m_blockSize > 0)
            std::swap(m_blocks[m_blocks.size() - 1], m_blocks[m_blocks.size() - 2]);
        return stored;
    }
    if (m_blocks.empty() || m_blockUsed + text.size() > m_blockSize) {
        m_blocks.push_back(std::make_unique<char[]>(kBlockBytes));
        m_blockSize = kBlockBytes;
        m_blockUsed = 0;
    }
    char* dst = m_blocks.back().get() + m_blockUsed;
    std::memcpy(dst, text.data(), text.size());
    m_blockUsed += text.size();
    return { dst, text.size() };
}

std::size_t StringPool::memoryBytes() const
{
    return m_textBytes + m_strings.capacity() * sizeof(std::string_view)
        + m_table.capacity() * sizeof(std::uint32_t) * 2;
}

} // namespace sightline
