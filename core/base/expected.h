#pragma once

#include "core/base/status.h"

#include <cassert>
#include <utility>
#include <variant>

namespace sightline {

// Either a value or an error Status (GCC 12 has no std::expected). Constructing from an Ok Status is a
// programming error. Move-friendly value type.
template <class T>
class Expected {
public:
    Expected(T value)
        : m_data(std::in_place_index<0>, std::move(value))
    {
    }
    Expected(Status error)
        : m_data(std::in_place_index<1>, std::move(error))
    {
        assert(!std::get<1>(m_data).ok());
    }

    bool hasValue() const { return m_data.index() == 0; }
    explicit operator bool() const { return hasValue(); }

    T& value() & { return std::get<0>(m_data); }
    const T& value() const& { return std::get<0>(m_data); }
    T&& value() && { return std::get<0>(std::move(m_data)); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    // The error; only valid when !hasValue().
    const Status& status() const { return std::get<1>(m_data); }

private:
    std::variant<T, Status> m_data;
};

} // namespace sightline
