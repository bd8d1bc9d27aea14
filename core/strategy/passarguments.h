#pragma once

#include "core/strategy/opset.h"

#include "core/base/status.h"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <map>
#include <string>

namespace sightline {

// The parameters of one step, checked against the pass's specs, with defaults filled in.
class PassArguments {
public:
    double number(const std::string& name) const;
    std::int64_t integer(const std::string& name) const { return static_cast<std::int64_t>(number(name)); }
    const std::string& text(const std::string& name) const;
    // An op set parameter; empty when not given.
    const OpSet& ops(const std::string& name) const;
    // InvalidArgument, naming the pass, when that op set names an op past the measured job's opCount.
    Status checkOps(const std::string& name, std::size_t opCount, std::string_view pass) const;
    // Whether the parameter was given (not defaulted).
    bool given(const std::string& name) const { return m_given.count(name) != 0; }

private:
    friend class PassRegistry;
    std::map<std::string, double> m_numbers;
    std::map<std::string, std::string> m_texts;
    std::map<std::string, OpSet> m_ops;
    std::map<std::string, bool> m_given;
};

} // namespace sightline
