#include "core/analysis/tracesummary.h"

#include "core/base/checkedmath.h"
#include "core/model/opclassifier.h"
#include "core/model/trace.h"

#include <map>

namespace sightline {

TraceSummary TraceSummary::compute(const Trace& trace)
{
    TraceSummary summary;
    summary.format = trace.format();
    summary.worldSize = trace.worldSize();
    summary.ops = static_cast<std::int64_t>(trace.opCount());
    for (std::uint32_t r = 0; r < trace.ranks().size(); ++r) {
        const RankId rankId(r);
        const RankInfo& info = trace.rankInfo(rankId);
        Rank out;
        out.id = rankId;
        out.rank = info.rank;
        out.file = std::string(trace.string(info.sourceFile));
        out.host = info.host.isValid() ? std::string(trace.string(info.host)) : std::string();
        out.rankSource = std::string(trace.string(info.rankSource));
        out.tracks = static_cast<std::int32_t>(info.trackCount);
        out.stepMethod = info.stepMethod;
        std::int64_t gpuComm = 0;
        std::int64_t cpuComm = 0;
        std::map<std::string, std::int64_t> gpuByName, cpuByName;
        std::int64_t gpuBytes = 0, cpuBytes = 0;
        for (std::uint32_t t = info.firstTrack; t < info.firstTrack + info.trackCount; ++t) {
            const TrackInfo& track = trace.trackInfo(TrackId(t));
            const bool gpu = isGpuTrack(track.kind);
            out.gpuStreams += gpu;
            out.ops += track.opCount;
            for (std::uint32_t i = track.firstOp; i < track.firstOp + track.opCount; ++i) {
                const OpId op(i);
                const OpKind kind = trace.kind(op);
                ++out.opsByKind[static_cast<std::size_t>(kind)];
                if (!isCommunication(kind))
                    continue;
                const CommArgs* args = trace.commArgs(op);
                std::string name = args && args->collective.isValid() && args->collective.value() != 0
                    ? std::string(trace.string(args->collective))
                    : std::string(opKindName(kind));
                if (gpu) {
                    ++gpuComm;
                    ++gpuByName[name];
                    gpuBytes = CheckedMath::saturatingAdd(gpuBytes, trace.bytes(op));
                    continue;
                }
                // Only the outermost CPU-side call of a nest (c10d:: > record_param_comms > nccl:) counts.
                bool nested = false;
                trace.forEachOverlapping(TrackId(t), trace.start(op), trace.start(op) + 1, [&](OpId other) {
                    if (other != op && isCommunication(trace.kind(other)) && trace.start(other) <= trace.start(op)
                        && trace.end(other) >= trace.end(op) && (trace.start(other) < trace.start(op) || trace.end(other) > trace.end(op) || other < op))
                        nested = true;
                });
                if (!nested) {
                    ++cpuComm;
                    ++cpuByName[name];
                    cpuBytes = CheckedMath::saturatingAdd(cpuBytes, trace.bytes(op));
                }
            }
        }
        const bool useGpu = gpuComm > 0;
        out.collectives = useGpu ? gpuComm : cpuComm;
        out.communicationBytes = useGpu ? gpuBytes : cpuBytes;
        for (const auto& [name, count] : useGpu ? gpuByName : cpuByName)
            out.collectivesByName.emplace_back(name, count);
        for (const StepSpan& s : trace.steps(rankId)) {
            Step step;
            step.number = s.number;
            step.name = s.marker.isValid() ? std::string(trace.string(trace.name(s.marker)))
                                           : "Iteration#" + std::to_string(s.number);
            step.durationNs = s.end - s.start;
            out.steps.push_back(std::move(step));
        }
        summary.ranks.push_back(std::move(out));
    }
    for (const Diagnostic& d : trace.diagnostics())
        summary.warnings.push_back(describe(d));
    return summary;
}

std::string TraceSummary::describe(const Diagnostic& d)
{
    std::string w = d.file + ": " + d.detail.english();
    std::string where;
    if (d.count > 1)
        where = std::to_string(d.count) + " times";
    if (d.firstByteOffset >= 0)
        where += (where.empty() ? "at byte " : ", first at byte ") + std::to_string(d.firstByteOffset);
    if (!where.empty())
        w += " (" + where + ")";
    return w;
}

} // namespace sightline
