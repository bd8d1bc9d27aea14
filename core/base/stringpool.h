#pragma once

#include "core/base/ids.h"

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace sightline {

// Interns strings and hands out dense StringIds. Id 0 is always the empty string. Views returned by
// view() stay valid for the pool's lifetime (storage is allocated in stable blocks). Lookup and insert
// are O(length) expected. Not thread-safe for writers; concurrent readers are fine once filled.
class StringPool {
public:
    StringPool();
    StringPool(StringPool&&) noexcept;
    StringPool& operator=(StringPool&&) noexcept;
    ~StringPool();

    StringId intern(std::string_view text);
    // The id of text if it was interned, else an invalid id.
    StringId find(std::string_view text) const;
    std::string_view view(StringId id) const { return m_strings[id.value()]; }
    std::size_t size() const { return m_strings.size(); }
    // Bytes held by the pool (text blocks, index and hash table).
    std::size_t memoryBytes() const;

private:
    std::uint32_t slotFor(std::string_view text, std::uint64_t hash) const;
    void grow();
    std::string_view store(std::string_view text);

    std::vector<std::string_view> m_strings;
    std::vector<std::uint32_t> m_table; // slot -> id + 1; 0 = empty
    std::vector<std::uint32_t> m_tableHash; // low 32 bits of the hash per slot, to skip most compares
    std::vector<std::unique_ptr<char[]>> m_blocks;
    std::size_t m_blockUsed = 0;
    std::size_t m_blockSize = 0;
    std::size_t m_textBytes = 0;
};

} // namespace sightline
