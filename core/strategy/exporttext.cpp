#include "core/strategy/exporttext.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace sightline {

std::string ExportText::quoted(std::string_view s)
{
    std::string out = "\"";
    for (const char c : s) {
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
    return out + "\"";
}

std::string ExportText::number(double v)
{
    if (std::floor(v) == v && std::abs(v) < 1e15)
        return std::to_string(static_cast<std::int64_t>(v));
    char buf[64];
    const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string ExportText::stringList(const std::vector<std::string>& items, const std::string& indent)
{
    if (items.empty())
        return "[]";
    std::string s = "[\n";
    for (std::size_t i = 0; i < items.size(); ++i)
        s += indent + "  " + quoted(items[i]) + (i + 1 < items.size() ? ",\n" : "\n");
    return s + indent + "]";
}

} // namespace sightline
