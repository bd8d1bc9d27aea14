#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

namespace sightline {

// A buffer of decoded file text followed by kPadding zero bytes, as SIMD parsers need to read past
// the end safely: heap memory, or a private (copy-on-write) mapping of a plain file. Move-only. The
// text is mutable so importers may repair it in place (e.g. close an unterminated array) before
// parsing; writes to a mapping never reach the file.
class TextBuffer {
public:
    static constexpr std::size_t kPadding = 64;

    TextBuffer() = default;
    explicit TextBuffer(std::size_t capacity);

    // Maps size bytes of the open file fd privately, followed by zero padding. Returns an empty
    // buffer (capacity 0) when the system refuses the mapping; the caller then reads the file.
    static TextBuffer mapFile(int fd, std::size_t size);

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
    // Constructors rather than a default member initialiser: unique_ptr requires its deleter to be
    // default-constructible, which a nested class with initialisers is not until TextBuffer is complete.
    struct Free {
        Free()
            : mappedBytes(0)
        {
        }
        explicit Free(std::size_t mapped)
            : mappedBytes(mapped)
        {
        }
        void operator()(char* p) const;
        std::size_t mappedBytes; // 0: heap memory
    };
    static std::unique_ptr<char, Free> allocate(std::size_t bytes);

    std::unique_ptr<char, Free> m_data;
    std::size_t m_size = 0;
    std::size_t m_capacity = 0;
};

} // namespace sightline
