#include "core/import/gmlgraph.h"

#include <charconv>
#include <unordered_map>

namespace sightline {

namespace {

constexpr int kMaxDepth = 64;

// Tokens of GML: words, numbers, strings (without their quotes) and the two brackets.
class Lexer {
public:
    enum class Kind { Word, Number, String, Open, Close, End };
    struct Token {
        Kind kind = Kind::End;
        std::string_view text;
        std::size_t offset = 0;
    };

    explicit Lexer(std::string_view text)
        : m_text(text)
    {
    }

    // False on text that is no token (an unclosed string, a stray character).
    bool next(Token& t)
    {
        while (m_at < m_text.size()) {
            const char c = m_text[m_at];
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                ++m_at;
            } else if (c == '#') { // a comment to the end of the line
                while (m_at < m_text.size() && m_text[m_at] != '\n')
                    ++m_at;
            } else {
                break;
            }
        }
        t.offset = m_at;
        if (m_at >= m_text.size()) {
            t.kind = Kind::End;
            return true;
        }
        const char c = m_text[m_at];
        if (c == '[' || c == ']') {
            t.kind = c == '[' ? Kind::Open : Kind::Close;
            t.text = m_text.substr(m_at++, 1);
            return true;
        }
        if (c == '"') {
            const std::size_t close = m_text.find('"', m_at + 1);
            if (close == std::string_view::npos)
                return false;
            t.kind = Kind::String;
            t.text = m_text.substr(m_at + 1, close - m_at - 1);
            m_at = close + 1;
            return true;
        }
        const std::size_t begin = m_at;
        const bool number = c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9');
        const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        if (!number && !word)
            return false;
        while (m_at < m_text.size()) {
            const char d = m_text[m_at];
            const bool part = (d >= 'a' && d <= 'z') || (d >= 'A' && d <= 'Z') || (d >= '0' && d <= '9') || d == '_' || d == '.' || d == '-'
                || d == '+';
            if (!part)
                break;
            ++m_at;
        }
        t.kind = number ? Kind::Number : Kind::Word;
        t.text = m_text.substr(begin, m_at - begin);
        return true;
    }

private:
    std::string_view m_text;
    std::size_t m_at = 0;
};

class Parser {
public:
    Parser(std::string_view text, const std::string& file)
        : m_lexer(text)
        , m_file(file)
    {
    }

    Expected<GmlGraph> run()
    {
        // Find "graph [" at the top level, skipping anything else.
        for (;;) {
            Lexer::Token key;
            if (!take(key))
                return m_error;
            if (key.kind == Lexer::Kind::End)
                return error(
                    key.offset, Message(SL_TEXT("Core", "no \"graph [\" in the file")), ErrorCode::MissingField);
            if (key.kind != Lexer::Kind::Word)
                return error(key.offset, Message(SL_TEXT("Core", "a key was expected")));
            Lexer::Token value;
            if (!take(value))
                return m_error;
            if (key.text == "graph" && value.kind == Lexer::Kind::Open)
                break;
            if (!skipValue(value, 0))
                return m_error;
        }
        if (!graphBody())
            return m_error;
        for (const Edge& e : m_edges) {
            const auto from = m_index.find(e.source);
            const auto to = m_index.find(e.target);
            if (from == m_index.end() || to == m_index.end())
                return error(e.offset,
                    Message(SL_TEXT("Core", "an edge names node %1, which the graph does not have"),
                        { from == m_index.end() ? e.source : e.target }),
                    ErrorCode::UnmatchedEvent);
            m_graph.edges.emplace_back(from->second, to->second);
        }
        return std::move(m_graph);
    }

private:
    struct Edge {
        std::int64_t source = 0;
        std::int64_t target = 0;
        std::size_t offset = 0;
    };

    bool take(Lexer::Token& t)
    {
        if (m_lexer.next(t))
            return true;
        m_error = Status::error(ErrorCode::WrongType, m_file, static_cast<std::int64_t>(t.offset),
            Message(SL_TEXT("Core", "not GML text here")));
        return false;
    }
    Status error(std::size_t offset, Message what, ErrorCode code = ErrorCode::WrongType)
    {
        m_error = Status::error(code, m_file, static_cast<std::int64_t>(offset), std::move(what));
        return m_error;
    }
    bool fail(std::size_t offset, Message what, ErrorCode code = ErrorCode::WrongType)
    {
        error(offset, std::move(what), code);
        return false;
    }
    // Reads the key-value pairs of the list being read, to its closing bracket, calling
    // visit(key, value token) for each; false on an error (unclosed names what is not closed).
    template <class Visit>
    bool forEachField(const char* unclosed, Visit&& visit)
    {
        for (;;) {
            Lexer::Token key;
            if (!take(key))
                return false;
            if (key.kind == Lexer::Kind::Close)
                return true;
            if (key.kind != Lexer::Kind::Word)
                return fail(key.offset,
                    Message(key.kind == Lexer::Kind::End ? unclosed : SL_TEXT("Core", "a key was expected")));
            Lexer::Token value;
            if (!take(value) || !visit(key, value))
                return false;
        }
    }
    // Skips a value whose first token is t (a list to its closing bracket).
    bool skipValue(const Lexer::Token& t, int depth)
    {
        if (t.kind == Lexer::Kind::End)
            return fail(t.offset, Message(SL_TEXT("Core", "the file ends where a value was expected")));
        if (t.kind == Lexer::Kind::Close)
            return fail(t.offset, Message(SL_TEXT("Core", "a value was expected")));
        if (t.kind != Lexer::Kind::Open)
            return true;
        if (depth >= kMaxDepth)
            return fail(t.offset, Message(SL_TEXT("Core", "lists nested more than %1 deep"), { kMaxDepth }));
        return forEachField(SL_TEXT("Core", "a list is not closed"),
            [&](const Lexer::Token&, const Lexer::Token& value) { return skipValue(value, depth + 1); });
    }
    static bool integer(std::string_view text, std::int64_t& out)
    {
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
        return error == std::errc() && end == text.data() + text.size();
    }
    bool graphBody()
    {
        return forEachField(
            SL_TEXT("Core", "the graph's list is not closed"), [&](const Lexer::Token& key, const Lexer::Token& value) {
                if ((key.text == "node" || key.text == "edge") && value.kind == Lexer::Kind::Open)
                    return key.text == "node" ? node(key.offset) : edge(key.offset);
                return skipValue(value, 1);
            });
    }
    // The fields of a node or edge, to its closing bracket: numbers and strings by key.
    bool fields(std::unordered_map<std::string_view, Lexer::Token>& out)
    {
        return forEachField(
            SL_TEXT("Core", "a list is not closed"), [&](const Lexer::Token& key, const Lexer::Token& value) {
                if (!skipValue(value, 2))
                    return false;
                if (value.kind == Lexer::Kind::Number || value.kind == Lexer::Kind::String)
                    out.emplace(key.text, value);
                return true;
            });
    }
    bool node(std::size_t offset)
    {
        std::unordered_map<std::string_view, Lexer::Token> f;
        if (!fields(f))
            return false;
        std::int64_t id = 0;
        const auto idField = f.find("id");
        if (idField == f.end() || !integer(idField->second.text, id))
            return fail(offset, Message(SL_TEXT("Core", "a node without a whole-number id")), ErrorCode::MissingField);
        if (!m_index.emplace(id, static_cast<std::uint32_t>(m_graph.nodes.size())).second)
            return fail(offset, Message(SL_TEXT("Core", "two nodes with id %1"), { id }), ErrorCode::InvalidArgument);
        const auto label = f.find("label");
        m_graph.nodes.emplace_back(label != f.end() ? std::string(label->second.text) : std::to_string(id));
        return true;
    }
    bool edge(std::size_t offset)
    {
        std::unordered_map<std::string_view, Lexer::Token> f;
        if (!fields(f))
            return false;
        Edge e;
        e.offset = offset;
        const auto source = f.find("source");
        const auto target = f.find("target");
        if (source == f.end() || target == f.end() || !integer(source->second.text, e.source) || !integer(target->second.text, e.target))
            return fail(offset, Message(SL_TEXT("Core", "an edge without a whole-number source and target")),
                ErrorCode::MissingField);
        m_edges.push_back(e);
        return true;
    }

    Lexer m_lexer;
    const std::string& m_file;
    Status m_error;
    GmlGraph m_graph;
    std::unordered_map<std::int64_t, std::uint32_t> m_index;
    std::vector<Edge> m_edges;
};

} // namespace

Expected<GmlGraph> GmlGraph::parse(std::string_view text, const std::string& file)
{
    return Parser(text, file).run();
}

} // namespace sightline
