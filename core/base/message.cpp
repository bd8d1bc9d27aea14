#include "core/base/message.h"

namespace sightline {

Message::Arg::Arg(std::string text)
    : m_text(std::move(text))
{
}

Message::Arg::Arg(const char* text)
    : m_text(text)
{
}

Message::Arg::Arg(Message message)
    : m_message(std::make_shared<const Message>(std::move(message)))
{
}

bool Message::Arg::operator==(const Arg& other) const
{
    if (m_message || other.m_message)
        return m_message && other.m_message && *m_message == *other.m_message;
    return m_text == other.m_text;
}

Message::Message(const char* text, std::vector<Arg> args)
    : m_text(text)
    , m_args(std::move(args))
{
}

Message Message::plain(std::string text)
{
    return Message("%1", { Arg(std::move(text)) });
}

std::string Message::english() const
{
    std::vector<std::string> args;
    args.reserve(m_args.size());
    for (const Arg& a : m_args)
        args.push_back(a.message() ? a.message()->english() : a.text());
    return fill(text(), args);
}

bool Message::operator==(const Message& other) const
{
    // The same literal is the common case (one warning counted over many events): no text compared.
    const bool sameTemplate = m_text == other.m_text || std::string_view(text()) == std::string_view(other.text());
    return sameTemplate && m_args == other.m_args;
}

std::vector<std::string> Message::englishAll(const std::vector<Message>& messages)
{
    std::vector<std::string> out;
    out.reserve(messages.size());
    for (const Message& m : messages)
        out.push_back(m.english());
    return out;
}

std::string Message::fill(std::string_view tmpl, const std::vector<std::string>& args)
{
    std::string out;
    out.reserve(tmpl.size() + 16 * args.size());
    for (std::size_t i = 0; i < tmpl.size(); ++i) {
        const char c = tmpl[i];
        if (c == '%' && i + 1 < tmpl.size() && tmpl[i + 1] >= '1' && tmpl[i + 1] <= '9') {
            const std::size_t n = static_cast<std::size_t>(tmpl[i + 1] - '1');
            if (n < args.size()) {
                out += args[n];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

} // namespace sightline
