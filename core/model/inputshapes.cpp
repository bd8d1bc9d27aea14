#include "core/model/inputshapes.h"

#include "core/model/opclassifier.h"

#include <limits>

namespace sightline {

namespace {

// A cursor over compact JSON text of nested integer lists and strings.
class Cursor {
public:
    explicit Cursor(std::string_view text)
        : m_text(text)
    {
    }

    bool eat(char c)
    {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    bool peek(char c)
    {
        skipSpace();
        return m_pos < m_text.size() && m_text[m_pos] == c;
    }
    bool integer(std::int64_t& out)
    {
        skipSpace();
        bool negative = false;
        if (m_pos < m_text.size() && m_text[m_pos] == '-') {
            negative = true;
            ++m_pos;
        }
        const std::size_t first = m_pos;
        std::int64_t v = 0;
        while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9') {
            if (v > (std::numeric_limits<std::int64_t>::max() - 9) / 10)
                return false;
            v = v * 10 + (m_text[m_pos++] - '0');
        }
        out = negative ? -v : v;
        return m_pos > first;
    }
    // A JSON string without escapes that matter to a type name; escapes are kept as written.
    bool string(std::string& out)
    {
        if (!eat('"'))
            return false;
        out.clear();
        while (m_pos < m_text.size() && m_text[m_pos] != '"') {
            if (m_text[m_pos] == '\\' && m_pos + 1 < m_text.size())
                out.push_back(m_text[m_pos++]);
            out.push_back(m_text[m_pos++]);
        }
        return eat('"');
    }

private:
    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\n' || m_text[m_pos] == '\t' || m_text[m_pos] == '\r'))
            ++m_pos;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
};

// One input: [] | [d, ...] | [[d, ...], ...] (a tensor list; deeper lists are flattened to their
// innermost lists).
bool readInput(Cursor& c, std::vector<std::vector<std::int64_t>>& tensors, int depth)
{
    if (depth > 8 || !c.eat('['))
        return false;
    if (c.eat(']')) {
        if (depth == 0)
            return true;
        tensors.emplace_back();
        return true;
    }
    if (c.peek('[')) {
        do {
            if (!readInput(c, tensors, depth + 1))
                return false;
        } while (c.eat(','));
        return c.eat(']');
    }
    std::vector<std::int64_t> dims;
    do {
        std::int64_t d = 0;
        if (!c.integer(d))
            return false;
        dims.push_back(d);
    } while (c.eat(','));
    tensors.push_back(std::move(dims));
    return c.eat(']');
}

} // namespace

InputShapes InputShapes::parse(std::string_view dims, std::string_view types)
{
    InputShapes shapes;
    Cursor c(dims);
    if (!c.eat('['))
        return shapes;
    if (!c.eat(']')) {
        do {
            Input in;
            if (!readInput(c, in.tensors, 0))
                return {};
            shapes.m_inputs.push_back(std::move(in));
        } while (c.eat(','));
        if (!c.eat(']'))
            return {};
    }
    Cursor t(types);
    if (t.eat('[') && !t.eat(']')) {
        std::size_t i = 0;
        do {
            std::string type;
            if (!t.string(type))
                break;
            if (i < shapes.m_inputs.size())
                shapes.m_inputs[i].type = std::move(type);
            ++i;
        } while (t.eat(','));
    }
    return shapes;
}

std::int64_t InputShapes::elements(std::size_t input) const
{
    if (input >= m_inputs.size())
        return 0;
    std::int64_t total = 0;
    for (const auto& tensor : m_inputs[input].tensors) {
        std::int64_t n = 1;
        for (std::int64_t d : tensor) {
            if (d < 0 || (d > 0 && n > std::numeric_limits<std::int64_t>::max() / d))
                return 0;
            n *= d;
        }
        if (n > std::numeric_limits<std::int64_t>::max() - total)
            return 0;
        total += n;
    }
    return total;
}

std::int64_t InputShapes::bytes(std::size_t input) const
{
    if (input >= m_inputs.size())
        return 0;
    const std::int64_t n = elements(input);
    const int size = OpClassifier::dtypeBytes(m_inputs[input].type);
    if (size == 0 || n > std::numeric_limits<std::int64_t>::max() / size)
        return 0;
    return n * size;
}

} // namespace sightline
