#include "core/strategy/opset.h"

#include <algorithm>
#include <charconv>

namespace sightline {

namespace {

Status badText(std::size_t at, const std::string& what)
{
    return Status::error(ErrorCode::InvalidArgument, {}, -1, "op set: " + what + " at character " + std::to_string(at + 1));
}

// An op id at text[pos...], which it moves past; false when there is none or it is not an id.
bool readId(std::string_view text, std::size_t& pos, std::uint32_t& out)
{
    const char* begin = text.data() + pos;
    const char* end = text.data() + text.size();
    if (begin == end || *begin < '0' || *begin > '9')
        return false;
    std::uint64_t value = 0;
    const auto [ptr, error] = std::from_chars(begin, end, value);
    if (error != std::errc() || value >= OpId::kInvalid)
        return false;
    out = static_cast<std::uint32_t>(value);
    pos += static_cast<std::size_t>(ptr - begin);
    return true;
}

} // namespace

OpSet OpSet::of(std::vector<OpId> ops)
{
    OpSet set;
    std::uint32_t highest = 0;
    std::size_t valid = 0;
    for (OpId op : ops) {
        if (op.isValid()) {
            highest = std::max(highest, op.value());
            ++valid;
        }
    }
    if (valid == 0)
        return set;
    // Many ops among few ids (an area of the Gantt over millions of ops): marked in a bitmap and read
    // off in order, in linear time; else sorted.
    if (static_cast<std::uint64_t>(highest) + 1 <= 4 * static_cast<std::uint64_t>(valid)) {
        std::vector<std::uint8_t> marked(static_cast<std::size_t>(highest) + 1, 0);
        for (OpId op : ops) {
            if (op.isValid())
                marked[op.value()] = 1;
        }
        for (std::uint32_t id = 0; id <= highest; ++id) {
            if (!marked[id])
                continue;
            if (!set.m_ranges.empty() && set.m_ranges.back().second + 1 == id)
                set.m_ranges.back().second = id;
            else
                set.m_ranges.emplace_back(id, id);
        }
        return set;
    }
    set.m_ranges.reserve(valid);
    for (OpId op : ops) {
        if (op.isValid())
            set.m_ranges.emplace_back(op.value(), op.value());
    }
    set.normalise();
    return set;
}

Expected<OpSet> OpSet::parse(std::string_view text)
{
    OpSet set;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::uint32_t first = 0, last = 0;
        if (!readId(text, pos, first))
            return badText(pos, "an op id was expected");
        last = first;
        if (pos < text.size() && text[pos] == '-') {
            ++pos;
            if (!readId(text, pos, last))
                return badText(pos, "the end of a range was expected");
            if (last < first)
                return badText(pos - 1, "a range ends before it starts");
        }
        set.m_ranges.emplace_back(first, last);
        if (pos < text.size()) {
            if (text[pos] != ',' || pos + 1 == text.size())
                return badText(pos, "a comma and another id were expected");
            ++pos;
        }
    }
    set.normalise();
    return set;
}

void OpSet::normalise()
{
    std::sort(m_ranges.begin(), m_ranges.end());
    std::size_t kept = 0;
    for (const auto& r : m_ranges) {
        // Merged with the last kept range when they overlap or touch.
        if (kept > 0 && static_cast<std::uint64_t>(r.first) <= static_cast<std::uint64_t>(m_ranges[kept - 1].second) + 1)
            m_ranges[kept - 1].second = std::max(m_ranges[kept - 1].second, r.second);
        else
            m_ranges[kept++] = r;
    }
    m_ranges.resize(kept);
}

std::string OpSet::text() const
{
    std::string out;
    for (const auto& [first, last] : m_ranges) {
        if (!out.empty())
            out += ',';
        out += std::to_string(first);
        if (last != first)
            out += '-' + std::to_string(last);
    }
    return out;
}

std::uint64_t OpSet::size() const
{
    std::uint64_t n = 0;
    for (const auto& [first, last] : m_ranges)
        n += static_cast<std::uint64_t>(last) - first + 1;
    return n;
}

bool OpSet::contains(OpId op) const
{
    // The first range that ends at or after op.
    const auto it = std::lower_bound(m_ranges.begin(), m_ranges.end(), op.value(),
        [](const std::pair<std::uint32_t, std::uint32_t>& r, std::uint32_t id) { return r.second < id; });
    return it != m_ranges.end() && it->first <= op.value();
}

bool OpSet::containsAny(std::span<const OpId> ops) const
{
    return std::any_of(ops.begin(), ops.end(), [this](OpId op) { return contains(op); });
}

Status OpSet::fits(std::size_t opCount) const
{
    if (!m_ranges.empty() && m_ranges.back().second >= opCount)
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            "op " + std::to_string(m_ranges.back().second) + " is not in the job, which has " + std::to_string(opCount) + " ops");
    return {};
}

} // namespace sightline
