#pragma once

#include "core/base/expected.h"
#include "core/strategy/pass.h"

#include <any>
#include <span>
#include <string_view>

namespace sightline {

// The strategy passes there are, and the check of a strategy step against its pass: an unknown
// parameter, a value of the wrong type, out of range or not among the choices is an InvalidArgument
// error naming the parameter. Thread-safe (immutable).
class PassRegistry {
public:
    static std::span<const Pass* const> all();
    // The pass of that name, or nullptr.
    static const Pass* find(std::string_view name);
    // The step's parameters, checked and with defaults filled in, as the pass's typed parameters
    // (Pass::read).
    static Expected<std::any> bind(const Pass& pass, const PassStep& step);
};

} // namespace sightline
