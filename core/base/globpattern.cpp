#include "core/base/globpattern.h"

namespace sightline {

GlobPattern::GlobPattern(std::string_view pattern)
    : m_text(pattern)
{
    m_leadingStar = !pattern.empty() && pattern.front() == '*';
    m_trailingStar = !pattern.empty() && pattern.back() == '*';
    std::size_t at = 0;
    while (at <= pattern.size()) {
        const std::size_t star = std::min(pattern.find('*', at), pattern.size());
        if (star > at || (m_segments.empty() && star == pattern.size() && !m_leadingStar)) {
            const std::string_view run = pattern.substr(at, star - at);
            Segment s;
            s.length = run.size();
            s.words = (run.size() + 63) / 64;
            s.masks.assign(256 * s.words, 0);
            for (std::size_t k = 0; k < run.size(); ++k) {
                const std::uint64_t bit = std::uint64_t(1) << (k % 64);
                if (run[k] == '?') {
                    for (std::size_t c = 0; c < 256; ++c)
                        s.masks[c * s.words + k / 64] |= bit;
                } else {
                    s.masks[static_cast<unsigned char>(run[k]) * s.words + k / 64] |= bit;
                }
            }
            m_segments.push_back(std::move(s));
        }
        at = star + 1;
    }
}

bool GlobPattern::matchesAt(const Segment& segment, std::string_view name, std::size_t at)
{
    if (at + segment.length > name.size())
        return false;
    for (std::size_t k = 0; k < segment.length; ++k) {
        const std::uint64_t word = segment.masks[static_cast<unsigned char>(name[at + k]) * segment.words + k / 64];
        if (!(word & (std::uint64_t(1) << (k % 64))))
            return false;
    }
    return true;
}

std::size_t GlobPattern::findEnd(const Segment& segment, std::string_view name, std::size_t from)
{
    if (segment.length == 0)
        return from;
    // Shift-And: bit k of the state is set when the segment's first k + 1 characters end here.
    std::vector<std::uint64_t> state(segment.words, 0);
    const std::size_t lastWord = (segment.length - 1) / 64;
    const std::uint64_t lastBit = std::uint64_t(1) << ((segment.length - 1) % 64);
    for (std::size_t i = from; i < name.size(); ++i) {
        const std::uint64_t* mask = &segment.masks[static_cast<unsigned char>(name[i]) * segment.words];
        std::uint64_t carry = 1;
        for (std::size_t w = 0; w < segment.words; ++w) {
            const std::uint64_t next = state[w] >> 63;
            state[w] = ((state[w] << 1) | carry) & mask[w];
            carry = next;
        }
        if (state[lastWord] & lastBit)
            return i + 1;
    }
    return std::string_view::npos;
}

bool GlobPattern::matches(std::string_view name) const
{
    if (m_segments.empty()) // "" or only stars
        return m_leadingStar || name.empty();
    std::size_t first = 0, last = m_segments.size();
    std::size_t begin = 0, end = name.size();
    // Anchored ends: the first segment at the start, the last at the end.
    if (!m_leadingStar) {
        if (!matchesAt(m_segments.front(), name, 0))
            return false;
        begin = m_segments.front().length;
        ++first;
        if (m_segments.size() == 1 && !m_trailingStar)
            return begin == name.size();
    }
    if (!m_trailingStar && first < last) {
        const Segment& tail = m_segments.back();
        if (tail.length > end - begin || !matchesAt(tail, name, end - tail.length))
            return false;
        end -= tail.length;
        --last;
    }
    // The segments between stars, each at its leftmost place after the one before: greedy is exact here.
    const std::string_view middle = name.substr(0, end);
    for (std::size_t k = first; k < last; ++k) {
        const std::size_t found = findEnd(m_segments[k], middle, begin);
        if (found == std::string_view::npos)
            return false;
        begin = found;
    }
    return true;
}

} // namespace sightline
