#include "tracedocument.h"

#include <cstdio>
#include <cstdlib>

TraceDocument::Object& TraceDocument::Object::set(std::string_view key, std::string raw)
{
    for (auto& [k, v] : fields) {
        if (k == key) {
            v = std::move(raw);
            return *this;
        }
    }
    fields.emplace_back(std::string(key), std::move(raw));
    return *this;
}

void TraceDocument::Object::remove(std::string_view key)
{
    std::erase_if(fields, [key](const auto& f) { return f.first == key; });
}

bool TraceDocument::Object::has(std::string_view key) const
{
    for (const auto& f : fields) {
        if (f.first == key)
            return true;
    }
    return false;
}

std::string TraceDocument::Object::text() const
{
    std::string out = "{";
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0)
            out += ", ";
        out += str(fields[i].first);
        out += ": ";
        out += fields[i].second;
    }
    out += '}';
    return out;
}

std::string TraceDocument::Event::text() const
{
    Object all = fields;
    if (rawArgs)
        all.set("args", *rawArgs);
    else if (args)
        all.set("args", args->text());
    return all.text();
}

TraceDocument::Event& TraceDocument::add(std::string tag, Object fields, std::optional<Object> args)
{
    events.push_back(Event { std::move(tag), std::move(fields), std::move(args), std::nullopt });
    return events.back();
}

std::size_t TraceDocument::indexOf(std::string_view tag) const
{
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (events[i].tag == tag)
            return i;
    }
    std::fprintf(stderr, "makecorpus: no event tagged '%.*s'\n", static_cast<int>(tag.size()), tag.data());
    std::abort();
}

TraceDocument::Event& TraceDocument::event(std::string_view tag)
{
    return events[indexOf(tag)];
}

const TraceDocument::Event& TraceDocument::event(std::string_view tag) const
{
    return events[indexOf(tag)];
}

std::string TraceDocument::text(std::vector<std::size_t>* eventStarts) const
{
    std::string out;
    if (eventStarts)
        eventStarts->clear();
    if (shape == Shape::Object) {
        out += "{\n";
        for (const auto& [k, v] : head.fields)
            out += "  " + str(k) + ": " + v + ",\n";
        if (rawEvents) {
            out += "  \"traceEvents\": " + *rawEvents;
            for (const auto& [k, v] : tail.fields)
                out += ",\n  " + str(k) + ": " + v;
            out += "\n}\n";
            return out;
        }
        out += "  \"traceEvents\": [\n";
    } else {
        out += "[\n";
    }
    for (std::size_t i = 0; i < events.size(); ++i) {
        out += "  ";
        if (eventStarts)
            eventStarts->push_back(out.size());
        out += events[i].text();
        // A streaming writer leaves a comma after every event, the last one included.
        if (i + 1 < events.size() || shape == Shape::OpenArray)
            out += ',';
        out += '\n';
    }
    if (shape == Shape::Object) {
        out += "  ]";
        for (const auto& [k, v] : tail.fields)
            out += ",\n  " + str(k) + ": " + v;
        out += "\n}\n";
    } else if (shape == Shape::Array) {
        out += "]\n";
    }
    return out;
}

std::string TraceDocument::str(std::string_view text)
{
    std::string out = "\"";
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", u);
            out += buf;
        } else {
            out += c;
        }
    }
    out += '"';
    return out;
}

std::string TraceDocument::num(long long value)
{
    return std::to_string(value);
}
