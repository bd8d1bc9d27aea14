#pragma once

#include "core/strategy/frameworkconfig.h"

#include <initializer_list>
#include <string>
#include <vector>

namespace sightline {

class AnalysisCache;

// What a pass is given to export one step of a strategy (Pass::exportTo): the measured job's analyses
// and the configuration it writes its settings into. For every framework the pass
// says what the step becomes there (becomes) or why it has no equivalent (cannot), once; the last word
// for a framework stands. A framework left unanswered is a gap in the pass, which missing() names.
class ExportContext {
public:
    ExportContext(const AnalysisCache& measured, FrameworkConfig& config);

    const AnalysisCache& measured() const { return m_measured; }
    FrameworkConfig& config() { return m_config; }

    // Starts the answers of the step labelled label.
    void beginStep(std::string label);
    // files: those the answer is written into, as FrameworkConfig::files() names them.
    void becomes(Framework framework, std::vector<std::string> files, std::string what);
    void cannot(Framework framework, std::string why);
    // The same reason for each of frameworks, or for every framework.
    void cannot(std::initializer_list<Framework> frameworks, const std::string& why);
    void cannotAll(const std::string& why);
    // The frameworks the current step has not answered for.
    std::vector<Framework> missing() const;

private:
    void answer(Framework framework, bool expressed, std::string text, std::vector<std::string> files = {});

    const AnalysisCache& m_measured;
    FrameworkConfig& m_config;
    std::string m_step;
    std::size_t m_firstOfStep = 0; // the current step's first translation in m_config.translations
};

} // namespace sightline
