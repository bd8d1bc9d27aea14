#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sightline {

// How exported files spell values: JSON strings (also valid Python string literals) and numbers that
// read back exactly. Pure.
class ExportText {
public:
    // s as a JSON string literal, control characters escaped.
    static std::string quoted(std::string_view s);
    // The shortest decimal that reads back as v exactly, so that a framework multiplying it out (DDP's
    // bucket_cap_mb × 2^20) gets the bytes the what-if modelled.
    static std::string number(double v);
    // items as a JSON array of strings, one a line, its closing bracket at indent.
    static std::string stringList(const std::vector<std::string>& items, const std::string& indent);
};

} // namespace sightline
