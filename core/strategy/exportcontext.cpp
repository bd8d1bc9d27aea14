#include "core/strategy/exportcontext.h"

#include <algorithm>

namespace sightline {

ExportContext::ExportContext(const AnalysisCache& measured, FrameworkConfig& config)
    : m_measured(measured)
    , m_config(config)
{
}

void ExportContext::beginStep(std::string label)
{
    m_step = std::move(label);
    m_firstOfStep = m_config.translations.size();
}

void ExportContext::becomes(Framework framework, std::vector<std::string> files, std::string what)
{
    answer(framework, true, std::move(what), std::move(files));
}

void ExportContext::cannot(Framework framework, std::string why)
{
    answer(framework, false, std::move(why));
}

void ExportContext::cannot(std::initializer_list<Framework> frameworks, const std::string& why)
{
    for (const Framework f : frameworks)
        answer(f, false, why);
}

void ExportContext::cannotAll(const std::string& why)
{
    for (const Framework f : kFrameworks)
        answer(f, false, why);
}

std::vector<Framework> ExportContext::missing() const
{
    std::vector<Framework> out;
    for (const Framework f : kFrameworks) {
        const auto begin = m_config.translations.begin() + static_cast<std::ptrdiff_t>(m_firstOfStep);
        if (std::none_of(begin, m_config.translations.end(), [&](const FrameworkConfig::Translation& t) { return t.framework == f; }))
            out.push_back(f);
    }
    return out;
}

void ExportContext::answer(Framework framework, bool expressed, std::string text, std::vector<std::string> files)
{
    auto& all = m_config.translations;
    const auto begin = all.begin() + static_cast<std::ptrdiff_t>(m_firstOfStep);
    const auto known = std::find_if(begin, all.end(), [&](const FrameworkConfig::Translation& t) { return t.framework == framework; });
    if (known != all.end()) {
        known->expressed = expressed;
        known->text = std::move(text);
        known->files = std::move(files);
        return;
    }
    all.push_back({ m_step, framework, expressed, std::move(text), std::move(files) });
}

} // namespace sightline
