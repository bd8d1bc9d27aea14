#include "core/search/searchbase.h"

#include <algorithm>

namespace sightline {

SearchBase::SearchBase(Strategy steps)
    : m_steps(std::move(steps))
    , m_ownAt(m_steps.steps.size())
{
    if (const std::optional<std::size_t> accumulation = stepOf("grad_accumulation"))
        m_ownAt = *accumulation;
}

std::optional<std::size_t> SearchBase::stepOf(std::string_view pass) const
{
    const auto it
        = std::find_if(m_steps.steps.begin(), m_steps.steps.end(), [&](const PassStep& s) { return s.pass == pass; });
    if (it == m_steps.steps.end())
        return std::nullopt;
    return static_cast<std::size_t>(it - m_steps.steps.begin());
}

Strategy SearchBase::with(std::span<const PassStep> own) const
{
    Strategy s;
    s.steps.reserve(m_steps.steps.size() + own.size());
    const auto at = m_steps.steps.begin() + static_cast<std::ptrdiff_t>(m_ownAt);
    s.steps.insert(s.steps.end(), m_steps.steps.begin(), at);
    s.steps.insert(s.steps.end(), own.begin(), own.end());
    s.steps.insert(s.steps.end(), at, m_steps.steps.end());
    return s;
}

std::vector<PassStep> SearchBase::ownOf(const Strategy& made) const
{
    const std::size_t own = made.steps.size() - std::min(made.steps.size(), m_steps.steps.size());
    const auto from = made.steps.begin() + static_cast<std::ptrdiff_t>(std::min(m_ownAt, made.steps.size()));
    return std::vector<PassStep>(from, from + static_cast<std::ptrdiff_t>(own));
}

std::optional<Message> SearchBase::leftOut(std::string_view pass, const Message& what) const
{
    const std::optional<std::size_t> at = stepOf(pass);
    if (!at)
        return std::nullopt;
    return Message(SL_TEXT("Core", "the base's step %1 (%2) is one already, and a strategy holds one: %3 are left out"),
        { *at + 1, std::string(pass), what });
}

} // namespace sightline
