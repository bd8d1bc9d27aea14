#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace sightline {

// One parameter a strategy pass takes: its name (snake_case), type, unit, range or choices, default
// and a one-line description. The CLI, the docs and the strategy panel are generated from these.
struct ParameterSpec {
    // Ops: a set of the measured job's ops as OpSet text ("3-9,12"), the ops the user picked.
    enum class Type : std::uint8_t { Number, Integer, Text, Choice, Ops };
    std::string name;
    Type type = Type::Number;
    std::string unit; // "%", "GB/s", "us", "" ...
    double min = 0;
    double max = 0; // min == max: no range
    std::string defaultValue; // as text; empty: required, unless optional
    std::vector<std::string> choices; // for Choice
    std::string help;
    bool optional = false; // may be left out, with no default: the pass then finds it from the job (help says how)

    bool required() const { return !optional && defaultValue.empty(); }
};

// A parameter value as given: a number or a text.
using ParameterValue = std::variant<double, std::string>;

// One step of a strategy: a pass by name and the parameters given to it.
struct PassStep {
    std::string pass;
    std::map<std::string, ParameterValue> params;

    bool operator==(const PassStep&) const = default;
};

// A strategy: passes applied in order to the measured job's execution graph.
struct Strategy {
    std::vector<PassStep> steps;
};

} // namespace sightline
