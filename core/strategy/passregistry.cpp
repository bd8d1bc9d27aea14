#include "core/strategy/passregistry.h"

#include "core/base/globpattern.h"
#include "core/base/message.h"

#include "core/strategy/passes/batchsizepass.h"
#include "core/strategy/passes/gradaccumulationpass.h"
#include "core/strategy/passes/mixedprecisionpass.h"
#include "core/strategy/passes/networkpass.h"
#include "core/strategy/passes/opfusionpass.h"
#include "core/strategy/passes/recomputepass.h"
#include "core/strategy/passes/speeduppass.h"
#include "core/strategy/passes/stragglerpass.h"
#include "core/strategy/passes/tensorfusionpass.h"
#include "core/strategy/passes/tensorpartitionpass.h"
#include "core/strategy/passes/workercountpass.h"

#include <cmath>
#include <cstdlib>

namespace sightline {

namespace {

Status invalid(Message detail)
{
    return Status::error(ErrorCode::InvalidArgument, {}, -1, std::move(detail));
}

std::string range(const ParameterSpec& p)
{
    auto text = [](double v) {
        std::string s = std::to_string(v);
        s.erase(s.find_last_not_of('0') + 1);
        if (!s.empty() && s.back() == '.')
            s.pop_back();
        return s;
    };
    return text(p.min) + " to " + text(p.max);
}

// A number from a value given as a number or as decimal text.
bool toNumber(const ParameterValue& v, double& out)
{
    if (const double* d = std::get_if<double>(&v)) {
        out = *d;
        return std::isfinite(out);
    }
    const std::string& s = std::get<std::string>(v);
    if (s.empty())
        return false;
    char* end = nullptr;
    out = std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size() && std::isfinite(out);
}

// Checks one given or default value against its spec, into checked.
Status check(const ParameterSpec& p, const ParameterValue& value, CheckedValue& checked)
{
    switch (p.type) {
    case ParameterSpec::Type::Number:
    case ParameterSpec::Type::Integer: {
        double v = 0;
        if (!toNumber(value, v))
            return invalid(Message(SL_TEXT("Core", "parameter '%1' wants a number"), { p.name }));
        if (p.type == ParameterSpec::Type::Integer && v != std::floor(v))
            return invalid(Message(SL_TEXT("Core", "parameter '%1' wants a whole number"), { p.name }));
        if (p.min != p.max && (v < p.min || v > p.max))
            return invalid(Message(SL_TEXT("Core", "parameter '%1' must lie in %2"), { p.name, range(p) + (p.unit.empty() ? "" : " " + p.unit) }));
        checked.number = v;
        return {};
    }
    case ParameterSpec::Type::Text:
    case ParameterSpec::Type::Choice: {
        const std::string* text = std::get_if<std::string>(&value);
        if (!text)
            return invalid(Message(SL_TEXT("Core", "parameter '%1' wants a text"), { p.name }));
        // Texts are names and name patterns: a longer one is a mistake, and would make matching slow.
        if (GlobPattern::tooLong(*text))
            return invalid(Message(SL_TEXT("Core", "parameter '%1' holds %2 characters; a name or pattern has at most %3"),
                { p.name, text->size(), GlobPattern::kMaxLength }));
        checked.text = *text;
        if (p.type == ParameterSpec::Type::Text)
            return {};
        std::string list;
        for (std::size_t c = 0; c < p.choices.size(); ++c) {
            if (p.choices[c] == *text) {
                checked.choice = c;
                return {};
            }
            list += (list.empty() ? "" : ", ") + p.choices[c];
        }
        return invalid(Message(SL_TEXT("Core", "parameter '%1' is one of %2, not '%3'"), { p.name, list, *text }));
    }
    case ParameterSpec::Type::Ops: {
        // Text, or one op's id as a number (a JSON number, or --set's digits).
        std::string text;
        if (const std::string* given = std::get_if<std::string>(&value))
            text = *given;
        else if (const double id = std::get<double>(value); id >= 0 && id < OpId::kInvalid && id == std::floor(id))
            text = std::to_string(static_cast<std::uint32_t>(id));
        else
            return invalid(Message(SL_TEXT("Core", "parameter '%1' wants op ids, as text such as \"3-9,12\""), { p.name }));
        Expected<OpSet> ops = OpSet::parse(text);
        if (!ops)
            return invalid(Message(SL_TEXT("Core", "parameter '%1': %2"), { p.name, ops.status().message() }));
        checked.ops = std::move(*ops);
        return {};
    }
    }
    return {};
}

} // namespace

std::span<const Pass* const> PassRegistry::all()
{
    static const SpeedupPass speedup;
    static const StragglerPass straggler;
    static const NetworkPass network;
    static const MixedPrecisionPass mixedPrecision;
    static const TensorFusionPass tensorFusion;
    static const GradAccumulationPass gradAccumulation;
    static const RecomputePass recompute;
    static const OpFusionPass opFusion;
    static const WorkerCountPass workerCount;
    static const TensorPartitionPass tensorPartition;
    static const BatchSizePass batchSize;
    static const Pass* const passes[] = { &opFusion, &tensorFusion, &tensorPartition, &recompute, &workerCount,
        &batchSize, &gradAccumulation, &mixedPrecision, &network, &straggler, &speedup };
    return passes;
}

const Pass* PassRegistry::find(std::string_view name)
{
    for (const Pass* p : all()) {
        if (p->name() == name)
            return p;
    }
    return nullptr;
}

Expected<std::any> PassRegistry::bind(const Pass& pass, const PassStep& step)
{
    for (const auto& [name, value] : step.params) {
        bool known = false;
        for (const ParameterSpec& p : pass.parameters())
            known = known || p.name == name;
        if (!known)
            return invalid(Message(SL_TEXT("Core", "unknown parameter '%1'"), { name }));
    }
    std::vector<CheckedValue> values;
    for (const ParameterSpec& p : pass.parameters()) {
        CheckedValue& checked = values.emplace_back();
        const auto it = step.params.find(p.name);
        if (it == step.params.end() && p.required())
            return invalid(Message(SL_TEXT("Core", "parameter '%1' is required"), { p.name }));
        if (it == step.params.end() && p.defaultValue.empty())
            continue;
        const ParameterValue value = it != step.params.end() ? it->second : ParameterValue(p.defaultValue);
        checked.present = true;
        checked.given = it != step.params.end();
        if (Status s = check(p, value, checked); !s.ok())
            return s;
    }
    return pass.read(values);
}

} // namespace sightline
