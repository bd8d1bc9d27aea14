#include "core/strategy/passarguments.h"

namespace sightline {

double PassArguments::number(const std::string& name) const
{
    const auto it = m_numbers.find(name);
    return it == m_numbers.end() ? 0.0 : it->second;
}

const std::string& PassArguments::text(const std::string& name) const
{
    static const std::string none;
    const auto it = m_texts.find(name);
    return it == m_texts.end() ? none : it->second;
}

const OpSet& PassArguments::ops(const std::string& name) const
{
    static const OpSet none;
    const auto it = m_ops.find(name);
    return it == m_ops.end() ? none : it->second;
}

Status PassArguments::checkOps(const std::string& name, std::size_t opCount, std::string_view pass) const
{
    if (Status s = ops(name).fits(opCount); !s.ok())
        return Status::error(ErrorCode::InvalidArgument, {}, -1, "pass " + std::string(pass) + ": " + s.detail());
    return {};
}

} // namespace sightline
