#pragma once

#include "core/base/expected.h"
#include "core/strategy/pass.h"
#include "core/strategy/passarguments.h"

#include <span>
#include <string_view>

namespace sightline {

// The strategy passes there are, and the check of a strategy step against its pass: an unknown pass or
// parameter, a value of the wrong type, out of range or not among the choices is an InvalidArgument
// error naming the pass and the parameter. Thread-safe (immutable).
class PassRegistry {
public:
    static std::span<const Pass* const> all();
    // The pass of that name, or nullptr.
    static const Pass* find(std::string_view name);
    // The step's arguments with defaults filled in.
    static Expected<PassArguments> resolve(const Pass& pass, const PassStep& step);
};

} // namespace sightline
