#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

namespace sightline {

// A heap buffer of decoded file text followed by kPadding zero bytes, as SIMD parsers need to read past
// the end safely. Move-only. The text is mutable so importers may repair it in place (e.g. close an
// unterminated array) before parsing.
class TextBuffer {
public:
    static constexpr std::size_t kPadding = 64;

    TextBuffer() = default;
    explicit TextBuffer(std::size_t capacity);

    char* data() { return m_data.get(); }
    const char* data() const { return m_data.get(); }
    std::size_t size() const { return m_size; }
    std::size_t capacity() const { return m_capacity; }
    std::string_view view() const { return { m_data.get(), m_size }; }

    // Grows capacity (keeping content) so that at least extra more bytes fit.
    void reserveMore(std::size_t extra);
    // Sets the size (<= capacity) and zeroes the padding after it.
    void setSize(std::size_t size);

private:
    struct Free {
        void operator()(char* p) const;
    };
    static char* allocate(std::size_t bytes);

    std::unique_ptr<char, Free> m_data;
    std::size_t m_size = 0;
    std::size_t m_capacity = 0;
};

} // namespace sightline
