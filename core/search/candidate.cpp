#include "core/search/candidate.h"

#include <cstdio>

namespace sightline {

Candidate Candidate::of(Strategy strategy)
{
    Candidate c;
    c.key = keyOf(strategy);
    c.strategy = std::move(strategy);
    return c;
}

std::string Candidate::keyOf(const PassStep& step)
{
    std::string key = step.pass + "{";
    bool first = true;
    for (const auto& [name, value] : step.params) { // a std::map: sorted by name
        key += (first ? "" : ",") + name + "=";
        first = false;
        if (const double* number = std::get_if<double>(&value)) {
            char text[32];
            std::snprintf(text, sizeof text, "%.17g", *number);
            key += text;
        } else {
            key += "\"" + std::get<std::string>(value) + "\"";
        }
    }
    return key + "}";
}

std::string Candidate::keyOf(const Strategy& strategy)
{
    std::string key;
    for (const PassStep& step : strategy.steps)
        key += (key.empty() ? "" : ";") + keyOf(step);
    return key;
}

} // namespace sightline
