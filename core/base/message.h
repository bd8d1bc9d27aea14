#pragma once

#include <concepts>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

// Marks a literal as a sentence template of the window's catalogue: lupdate reads SL_TEXT as
// QT_TRANSLATE_NOOP (app/CMakeLists.txt), so core names what the window translates without Qt.
#define SL_TEXT(context, text) text

namespace sightline {

// A sentence core hands to a person, as an id with arguments: core never translates. The id is an
// English template marked SL_TEXT("Core", ...) holding %1 ... %9; an argument is a plain text (a number,
// a name from the trace) or a message of its own. english() fills the template in, for the CLI and logs;
// the window translates the template and each argument message, then fills them in the same way
// (fill()). A template must outlive the message: it is a literal.
class Message {
public:
    // One argument: a text shown as it is, or a message translated in turn.
    class Arg {
    public:
        Arg(std::string text);
        Arg(const char* text);
        template <std::integral I>
        Arg(I value)
            : Arg(std::to_string(value))
        {
        }
        Arg(Message message);

        // The message, or null for a plain text.
        const Message* message() const { return m_message.get(); }
        const std::string& text() const { return m_text; }
        bool operator==(const Arg& other) const;

    private:
        std::string m_text;
        std::shared_ptr<const Message> m_message;
    };

    Message() = default;
    explicit Message(const char* text, std::vector<Arg> args = {});
    // A text outside the catalogue (a detail from a file or the system), shown as it is.
    static Message plain(std::string text);

    bool empty() const { return m_text == nullptr; }
    // The template, the catalogue's id; "" when empty.
    const char* text() const { return m_text ? m_text : ""; }
    const std::vector<Arg>& args() const { return m_args; }
    std::string english() const;
    // Each message's english(), in order.
    static std::vector<std::string> englishAll(const std::vector<Message>& messages);
    // The same template (by its text) with equal arguments: the same sentence in every language.
    bool operator==(const Message& other) const;

    // tmpl with each %n (1-9) replaced by args[n-1] in one pass; a % not followed by a digit, or by one
    // past the arguments, stays as it is.
    static std::string fill(std::string_view tmpl, const std::vector<std::string>& args);

private:
    const char* m_text = nullptr;
    std::vector<Arg> m_args;
};

} // namespace sightline
