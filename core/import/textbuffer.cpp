#include "core/import/textbuffer.h"

#include <algorithm>
#include <cstring>

namespace sightline {

TextBuffer::TextBuffer(std::size_t capacity)
    : m_data(new char[capacity + kPadding])
    , m_capacity(capacity)
{
    std::memset(m_data.get(), 0, kPadding);
}

void TextBuffer::reserveMore(std::size_t extra)
{
    if (m_size + extra <= m_capacity)
        return;
    const std::size_t capacity = std::max(m_size + extra, m_capacity + m_capacity / 2 + 4096);
    std::unique_ptr<char[]> data(new char[capacity + kPadding]);
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
