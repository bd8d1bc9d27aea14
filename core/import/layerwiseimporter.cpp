#include "core/import/layerwiseimporter.h"

#include "core/base/message.h"
#include "core/import/layerwisejob.h"
#include "core/import/layerwiseprofile.h"
#include "core/model/trace.h"

namespace sightline {

int LayerwiseImporter::probe(const FileHead& head) const
{
    // JSON text is the Chrome family's, whatever its lines look like.
    if (head.text.empty() || head.text.front() == '{' || head.text.front() == '[')
        return 0;
    return LayerwiseProfile::detectFormat(head.text) ? 1 : 0;
}

Expected<std::shared_ptr<const Trace>> LayerwiseImporter::readJob(
    const std::vector<std::string>& files, const ResourceLimits& limits, const CancellationToken*) const
{
    if (files.size() != 1)
        return Status::error(ErrorCode::InvalidArgument, files.empty() ? std::string() : files[1 % files.size()], -1,
            Message(
                SL_TEXT("Core", "a layer-wise profile describes a whole job and cannot be combined with other files")));
    LayerwiseJobOptions options;
    options.limits = limits;
    return LayerwiseJob::load(files.front(), options);
}

} // namespace sightline
