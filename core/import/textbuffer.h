#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

namespace sightline {

// A buffer of decoded file text followed by kPadding zero bytes, as SIMD parsers need to read past
// the end safely: heap memory, an anonymous mapping (large buffers), or a private (copy-on-write)
// mapping of a plain file. Move-only. The text is mutable so importers may repair it in place (e.g.
// close an unterminated array) before parsing; writes to a mapping never reach the file. A mapped
// file that another process truncates does not end the process: MappingGuard zero-fills what was cut
// and fileWasCut() says so, for the reader to report. Growing a large buffer remaps it rather than
// copying, so a buffer being filled never holds its text twice.
class TextBuffer {
public:
    static constexpr std::size_t kPadding = 64;

    TextBuffer() = default;
    // Throws std::bad_alloc when the memory cannot be had.
    explicit TextBuffer(std::size_t capacity);
    TextBuffer(TextBuffer&& other) noexcept;
    TextBuffer& operator=(TextBuffer&& other) noexcept;
    ~TextBuffer();

    // Maps size bytes of the open file fd privately, followed by zero padding. Returns an empty
    // buffer (capacity 0) when the system refuses the mapping; the caller then reads the file.
    static TextBuffer mapFile(int fd, std::size_t size);

    char* data() { return m_data.get(); }
    const char* data() const { return m_data.get(); }
    std::size_t size() const { return m_size; }
    std::size_t capacity() const { return m_capacity; }
    std::string_view view() const { return { m_data.get(), m_size }; }

    // Grows capacity (keeping content) so that at least extra more bytes fit; false, changing
    // nothing, when the memory cannot be had.
    [[nodiscard]] bool reserveMore(std::size_t extra);
    // Sets the size (<= capacity) and zeroes the padding after it.
    void setSize(std::size_t size);
    // True when the mapped file shrank while it was mapped (the lost part reads as zeros).
    bool fileWasCut() const;

private:
    enum class Storage : unsigned char { Heap, Anonymous, File };
    // Constructors rather than a default member initialiser: unique_ptr requires its deleter to be
    // default-constructible, which a nested class with initialisers is not until TextBuffer is complete.
    struct Free {
        Free()
            : mappedBytes(0)
            , storage(Storage::Heap)
        {
        }
        Free(std::size_t mapped, Storage kind)
            : mappedBytes(mapped)
            , storage(kind)
        {
        }
        void operator()(char* p) const;
        std::size_t mappedBytes; // 0 for heap memory
        Storage storage;
    };
    // bytes of storage, or null when the system refuses it.
    static std::unique_ptr<char, Free> allocate(std::size_t bytes);

    std::unique_ptr<char, Free> m_data;
    std::size_t m_size = 0;
    std::size_t m_capacity = 0;
    int m_guardSlot = -1; // MappingGuard slot of a mapped file, else -1
    bool m_cut = false; // the mapped file was cut before its text was copied elsewhere
};

} // namespace sightline
