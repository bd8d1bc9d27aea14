#pragma once

#include "core/base/message.h"
#include "core/import/importer.h"

namespace sightline {

// Layer-wise profiles (LayerwiseProfile: a CSV with a header row, B-Caffe comm logs, PipeDream's
// graph.txt), recognised by their first line that is neither blank nor a comment. One profile is a
// whole job (LayerwiseJob, with the default options and the loader's limits), so a job takes exactly
// one such file.
class LayerwiseImporter : public Importer {
public:
    std::string_view format() const override { return "layerwise"; }
    const char* description() const override
    {
        return SL_TEXT("Core", "layer-wise profile (CSV with a header row, B-Caffe log, PipeDream graph.txt)");
    }
    Unit unit() const override { return Unit::Job; }
    int probe(const FileHead& head) const override;
    Expected<std::shared_ptr<const Trace>> readJob(
        const std::vector<std::string>& files, const ResourceLimits& limits, const CancellationToken* cancel) const override;
};

} // namespace sightline
