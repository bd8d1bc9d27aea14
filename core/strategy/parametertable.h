#pragma once

#include "core/base/status.h"
#include "core/strategy/opset.h"
#include "core/strategy/passparameter.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace sightline {

// The value of one parameter of a step, checked against its spec (PassRegistry::bind): present unless
// an optional parameter was left out. Numbers are in range, whole for integers; a choice is one of the
// spec's (choice: its index); op sets are parsed.
struct CheckedValue {
    bool present = false;
    bool given = false; // given in the step, not its default
    double number = 0;
    std::string text {};
    std::size_t choice = 0;
    OpSet ops {};
};

// A pass's parameters bound to the members of its typed parameter struct P: the specs the CLI, the
// docs and the strategy dock show, each with the member it fills. A pass reads `params.percent`, never a
// parameter by name, so it cannot ask for one it does not declare. Numbers bind to double, integers to
// std::int64_t, texts to std::string, choices to an enum whose values follow the choices' order, op
// sets to OpSet (empty when left out); an optional parameter without a default binds to a
// std::optional member, which stays empty when the step leaves it out. check() finds the binding
// mistakes a type cannot (a spec bound to a member of another type, an optional parameter bound to a
// plain member, a member bound twice); tst_strategy runs it on every pass. Immutable once built.
template <class P>
class ParameterTable {
public:
    class Entry {
    public:
        template <class M>
        Entry(M P::*member, ParameterSpec spec)
            : m_spec(std::move(spec))
        {
            std::memcpy(&m_member, &member, std::min(sizeof member, sizeof m_member));
            bindTo(member);
        }

    private:
        friend class ParameterTable;
        template <class T>
        void setter(T P::*member, ParameterSpec::Type type, bool optional)
        {
            m_boundType = type;
            m_optionalMember = optional;
            m_set = [member, type](P& p, const CheckedValue& v) {
                if constexpr (std::is_same_v<T, double>)
                    p.*member = v.number;
                else if constexpr (std::is_same_v<T, std::optional<double>>)
                    p.*member = v.present ? std::optional<double>(v.number) : std::nullopt;
                else if constexpr (std::is_same_v<T, std::int64_t>)
                    p.*member = static_cast<std::int64_t>(v.number);
                else if constexpr (std::is_same_v<T, std::optional<std::int64_t>>)
                    p.*member = v.present ? std::optional<std::int64_t>(static_cast<std::int64_t>(v.number)) : std::nullopt;
                else if constexpr (std::is_same_v<T, std::string>)
                    p.*member = v.text;
                else if constexpr (std::is_same_v<T, std::optional<std::string>>)
                    p.*member = v.present ? std::optional<std::string>(v.text) : std::nullopt;
                else if constexpr (std::is_same_v<T, OpSet>)
                    p.*member = v.ops;
                else if constexpr (std::is_enum_v<T>)
                    p.*member = static_cast<T>(v.choice);
                else
                    p.*member = v.present ? std::optional(static_cast<typename T::value_type>(v.choice)) : std::nullopt;
                (void)type;
            };
        }
        void bindTo(double P::*m) { setter(m, ParameterSpec::Type::Number, false); }
        void bindTo(std::optional<double> P::*m) { setter(m, ParameterSpec::Type::Number, true); }
        void bindTo(std::int64_t P::*m) { setter(m, ParameterSpec::Type::Integer, false); }
        void bindTo(std::optional<std::int64_t> P::*m) { setter(m, ParameterSpec::Type::Integer, true); }
        void bindTo(std::string P::*m) { setter(m, ParameterSpec::Type::Text, false); }
        void bindTo(std::optional<std::string> P::*m) { setter(m, ParameterSpec::Type::Text, true); }
        void bindTo(OpSet P::*m) { setter(m, ParameterSpec::Type::Ops, false); }
        template <class E>
            requires std::is_enum_v<E>
        void bindTo(E P::*m) { setter(m, ParameterSpec::Type::Choice, false); }
        template <class E>
            requires std::is_enum_v<E>
        void bindTo(std::optional<E> P::*m) { setter(m, ParameterSpec::Type::Choice, true); }

        ParameterSpec m_spec;
        ParameterSpec::Type m_boundType = ParameterSpec::Type::Number;
        bool m_optionalMember = false;
        std::uint64_t m_member = 0; // the member's identity, for check()
        std::function<void(P&, const CheckedValue&)> m_set;
    };

    ParameterTable(std::initializer_list<Entry> entries)
        : m_entries(entries)
    {
        for (const Entry& e : m_entries)
            m_specs.push_back(e.m_spec);
    }

    std::span<const ParameterSpec> specs() const { return m_specs; }

    // The typed parameters from values checked against specs(), one per spec in order.
    P read(std::span<const CheckedValue> values) const
    {
        P p {};
        for (std::size_t k = 0; k < m_entries.size() && k < values.size(); ++k)
            m_entries[k].m_set(p, values[k]);
        return p;
    }

    // Ok when every spec binds to a member of its own type, once, and optional parameters without a
    // default (other than op sets, which are empty when left out) to std::optional members; else
    // InvalidArgument naming the first mistake.
    Status check() const
    {
        for (std::size_t k = 0; k < m_entries.size(); ++k) {
            const Entry& e = m_entries[k];
            const ParameterSpec& s = e.m_spec;
            const auto fail = [&](const std::string& what) {
                return Status::error(ErrorCode::InvalidArgument, {}, -1, "parameter '" + s.name + "' " + what);
            };
            if (s.type != e.m_boundType)
                return fail("is bound to a member of another type");
            const bool leftOut = s.optional && s.defaultValue.empty() && s.type != ParameterSpec::Type::Ops;
            if (leftOut != e.m_optionalMember)
                return fail(leftOut ? "may be left out but is bound to a plain member" : "always has a value but is bound to an optional member");
            if (s.type == ParameterSpec::Type::Choice && s.choices.empty())
                return fail("is a choice without choices");
            for (std::size_t j = 0; j < k; ++j) {
                if (m_entries[j].m_spec.name == s.name)
                    return fail("is declared twice");
                if (m_entries[j].m_member == e.m_member)
                    return fail("fills the member '" + m_entries[j].m_spec.name + "' fills");
            }
        }
        return {};
    }

private:
    std::vector<Entry> m_entries;
    std::vector<ParameterSpec> m_specs;
};

} // namespace sightline
