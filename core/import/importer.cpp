#include "core/import/importer.h"

#include "core/import/rankpart.h"
#include "core/model/trace.h"

namespace sightline {

int Importer::probeFolder(const std::string&) const
{
    return 0;
}

Status Importer::readRank(TextBuffer, RankPart& part, const CancellationToken*, const std::function<void(double)>&) const
{
    return Status::error(ErrorCode::InvalidArgument, part.path, -1,
        "a " + std::string(description()) + " file is not read as one rank of a job");
}

Expected<std::shared_ptr<const Trace>> Importer::readJob(
    const std::vector<std::string>& files, const ResourceLimits&, const CancellationToken*) const
{
    return Status::error(ErrorCode::InvalidArgument, files.empty() ? std::string() : files.front(), -1,
        "a " + std::string(description()) + " file is read as one rank of a job, not as a whole job");
}

} // namespace sightline
