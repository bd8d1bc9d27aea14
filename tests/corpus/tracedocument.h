#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// A Chrome-trace JSON document kept as fields and events, so that the corpus generator can write a valid
// trace and then break it in exactly one chosen place. Values are raw JSON text: any text, valid JSON or
// not, can stand where a value goes. Keys keep their insertion order; events carry a tag (never written)
// by which the generator finds them. Plain value type; text() is deterministic.
class TraceDocument {
public:
    // One JSON object as ordered (key, raw value) pairs.
    struct Object {
        std::vector<std::pair<std::string, std::string>> fields;

        // Replaces the value of key, or appends key when absent.
        Object& set(std::string_view key, std::string raw);
        void remove(std::string_view key);
        bool has(std::string_view key) const;
        std::string text() const;
    };

    struct Event {
        std::string tag;
        Object fields; // every field but "args"
        std::optional<Object> args;
        // When set, written verbatim as the value of "args" (text that need not be an object).
        std::optional<std::string> rawArgs;
        std::string text() const;
    };

    enum class Shape {
        Object, // {"head"..., "traceEvents": [...], "tail"...}
        Array, // [ events ]
        OpenArray, // [ events, with a trailing comma and no closing bracket (streaming writers)
    };

    Shape shape = Shape::Object;
    Object head; // top-level fields before "traceEvents"
    Object tail; // top-level fields after it
    std::vector<Event> events;
    // When set (Object shape only), written verbatim as the value of "traceEvents" instead of the events.
    std::optional<std::string> rawEvents;

    Event& add(std::string tag, Object fields, std::optional<Object> args = std::nullopt);
    // The first event with this tag; the generator's own mistake when there is none (aborts).
    Event& event(std::string_view tag);
    const Event& event(std::string_view tag) const;
    std::size_t indexOf(std::string_view tag) const;

    // The document; eventStarts, when given, receives the byte offset at which each event begins.
    std::string text(std::vector<std::size_t>* eventStarts = nullptr) const;

    // JSON literals for building values.
    static std::string str(std::string_view text);
    static std::string num(long long value);
};
