#include "core/import/importer.h"

#include "core/base/message.h"
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
        Message(
            SL_TEXT("Core", "this kind of file (%1) is not read as one rank of a job"), { Message(description()) }));
}

Expected<std::shared_ptr<const Trace>> Importer::readJob(
    const std::vector<std::string>& files, const ResourceLimits&, const CancellationToken*) const
{
    return Status::error(ErrorCode::InvalidArgument, files.empty() ? std::string() : files.front(), -1,
        Message(SL_TEXT("Core", "this kind of file (%1) is read as one rank of a job, not as a whole job"),
            { Message(description()) }));
}

} // namespace sightline
