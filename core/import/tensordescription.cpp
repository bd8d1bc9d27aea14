#include "core/import/tensordescription.h"

#include <charconv>

namespace sightline {

namespace {

// The value after "<field>:" on the line where the field starts, blanks and quotes trimmed; empty when
// the field is absent. A field name must start its line (after indentation), so that "bytes" never
// matches inside "requested_bytes".
std::string_view valueOf(std::string_view text, std::string_view field)
{
    for (std::size_t at = text.find(field); at != std::string_view::npos; at = text.find(field, at + 1)) {
        std::size_t before = at;
        while (before > 0 && (text[before - 1] == ' ' || text[before - 1] == '\t'))
            --before;
        if (before > 0 && text[before - 1] != '\n' && text[before - 1] != '{')
            continue;
        std::size_t p = at + field.size();
        while (p < text.size() && (text[p] == ' ' || text[p] == '\t'))
            ++p;
        if (p >= text.size() || text[p] != ':')
            continue;
        ++p;
        std::size_t end = text.find('\n', p);
        std::string_view value = text.substr(p, end == std::string_view::npos ? std::string_view::npos : end - p);
        const std::size_t first = value.find_first_not_of(" \t\"");
        if (first == std::string_view::npos)
            return {};
        value.remove_prefix(first);
        const std::size_t last = value.find_last_not_of(" \t\r\"");
        return value.substr(0, last + 1);
    }
    return {};
}

template <class T>
bool wholeNumber(std::string_view text, T& out)
{
    T n {};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (error != std::errc() || end != text.data() + text.size() || text.empty())
        return false;
    out = n;
    return true;
}

} // namespace

TensorDescription TensorDescription::parse(std::string_view text)
{
    TensorDescription d;
    std::int64_t bytes = -1;
    if ((wholeNumber(valueOf(text, "allocated_bytes"), bytes) || wholeNumber(valueOf(text, "requested_bytes"), bytes)) && bytes >= 0)
        d.allocatedBytes = bytes;
    d.allocator = valueOf(text, "allocator_name");
    std::uint64_t address = 0;
    if (wholeNumber(valueOf(text, "ptr"), address))
        d.address = address;
    return d;
}

int TensorDescription::gpuOf(std::string_view allocator)
{
    if (allocator.size() < 5 || (allocator.substr(0, 4) != "GPU_" && allocator.substr(0, 4) != "gpu_"))
        return -1;
    int n = -1;
    const std::string_view rest = allocator.substr(4);
    const auto [end, error] = std::from_chars(rest.data(), rest.data() + rest.size(), n);
    if (error != std::errc() || end == rest.data() || n < 0 || n >= (1 << 15))
        return -1;
    return n;
}

} // namespace sightline
