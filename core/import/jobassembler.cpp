#include "core/import/jobassembler.h"

#include "core/base/memorypolicy.h"
#include "core/base/message.h"
#include "core/base/progress.h"
#include "core/import/rankpart.h"
#include "core/model/trace.h"

#include <algorithm>
#include <set>

namespace sightline {

namespace {

// Copies a part's columns into data, remapping string ids and offsetting op and track ids.
void appendPart(TraceData& data, RankPart& part, RankId rankId, const std::vector<std::uint32_t>& remap, bool identity,
    std::set<std::pair<std::uint32_t, std::vector<std::int32_t>>>& knownGroups)
{
    auto map = [&](std::uint32_t s) { return identity ? s : remap[s]; };
    // A string the part does not have (an invalid id) is the empty string in the trace.
    auto mapId = [&](StringId s) { return s.isValid() ? StringId(map(s.value())) : StringId(0); };
    const auto opBase = static_cast<std::uint32_t>(data.start.size());
    const auto trackBase = static_cast<std::uint32_t>(data.tracks.size());
    const std::size_t n = part.opCount();

    RankInfo& rank = data.ranks[rankId.value()];
    rank.firstTrack = trackBase;
    rank.trackCount = static_cast<std::uint32_t>(part.tracks.size());
    rank.processName = mapId(part.processName);
    rank.pid = part.pid;
    rank.host = mapId(part.host);
    rank.stepMethod = part.stepMethod;

    std::vector<std::uint32_t> firstOp(part.tracks.size(), 0), opCount(part.tracks.size(), 0);
    for (std::size_t i = 0; i < n; ++i) {
        if (opCount[part.track[i]]++ == 0)
            firstOp[part.track[i]] = static_cast<std::uint32_t>(i);
    }
    for (std::size_t t = 0; t < part.tracks.size(); ++t) {
        const RankPart::Track& src = part.tracks[t];
        TrackInfo info;
        info.rank = rankId;
        info.kind = src.kind;
        if (src.name.isValid() && src.name.value() != 0) {
            info.name = mapId(src.name);
        } else {
            std::string generated;
            if (src.key.tidString != StringId::kInvalid)
                generated = std::string((identity ? data.strings : part.strings).view(StringId(src.key.tidString)));
            else if (src.gpu)
                generated = "stream " + std::to_string(src.key.tid);
            else
                generated = "thread " + std::to_string(src.key.tid);
            info.name = data.strings.intern(generated);
        }
        info.pid = src.key.pidString == StringId::kInvalid ? src.key.pid : -1;
        info.tid = src.key.tidString == StringId::kInvalid ? src.key.tid : -1;
        info.device = src.device;
        info.sortIndex = src.sortIndexSet ? src.sortIndex : static_cast<std::int32_t>(std::clamp<std::int64_t>(src.key.tid, INT32_MIN, INT32_MAX));
        info.firstOp = opBase + firstOp[t];
        info.opCount = opCount[t];
        data.tracks.push_back(info);
    }

    auto appendColumn = [](auto& dst, auto& src) {
        if (dst.empty()) {
            dst = std::move(src);
        } else {
            dst.insert(dst.end(), src.begin(), src.end());
        }
        src.clear();
        src.shrink_to_fit();
    };
    appendColumn(data.start, part.start);
    appendColumn(data.end, part.end);
    appendColumn(data.kind, part.kind);
    appendColumn(data.phase, part.phase);
    appendColumn(data.step, part.step);
    appendColumn(data.bytes, part.bytes);
    const bool plainIds = identity && opBase == 0 && trackBase == 0;
    if (plainIds) {
        appendColumn(data.track, part.track);
        appendColumn(data.name, part.name);
        appendColumn(data.category, part.category);
    } else {
        data.track.reserve(data.track.size() + n);
        data.name.reserve(data.name.size() + n);
        data.category.reserve(data.category.size() + n);
        for (std::size_t i = 0; i < n; ++i) {
            data.track.push_back(trackBase + part.track[i]);
            data.name.push_back(map(part.name[i]));
            data.category.push_back(map(part.category[i]));
        }
        // Freed now (swapped with empty vectors: assigning {} would keep the capacity).
        std::vector<std::uint32_t>().swap(part.track);
        std::vector<std::uint32_t>().swap(part.name);
        std::vector<std::uint32_t>().swap(part.category);
    }
    for (auto& [op, c] : part.commArgs)
        data.commArgs.emplace_back(OpId(opBase + op), identity ? c : RankPart::remapped(c, remap));
    for (auto& [op, s] : part.shapes)
        data.shapes.emplace_back(OpId(opBase + op), identity ? s : RankPart::remapped(s, remap));
    for (const auto& [op, m] : part.memory)
        data.memory.emplace_back(OpId(opBase + op), m);
    for (const RankPart::Device& d : part.devices)
        data.devices.push_back(DeviceInfo { rankId, d.index, d.memoryBytes, mapId(d.name) });
    for (const Link& l : part.links)
        data.links.push_back(Link { OpId(opBase + l.from.value()), OpId(opBase + l.to.value()), l.kind });
    for (const StepSpan& s : part.steps) {
        StepSpan m = s;
        m.rank = rankId;
        if (s.marker.isValid())
            m.marker = OpId(opBase + s.marker.value());
        data.steps.push_back(m);
    }
    for (const CounterSample& c : part.counters)
        data.counters.push_back(CounterSample { rankId, mapId(c.name), c.time, c.value });
    for (Diagnostic& d : part.diagnostics)
        data.diagnostics.push_back(std::move(d));
    for (const ProcessGroup& g : part.processGroups) {
        ProcessGroup m { mapId(g.name), mapId(g.description), mapId(g.backend), g.ranks };
        // Every rank lists the same groups: keep one of each (name and members).
        if (knownGroups.emplace(m.name.value(), m.ranks).second)
            data.processGroups.push_back(std::move(m));
    }
}

// A rank at or beyond the world size its file declares, or files that declare different sizes: a
// declared size cannot be right.
void warnAboutWorldSize(TraceData& data, const std::vector<std::string>& files, const std::vector<RankPart>& parts,
    const std::vector<RankAssigner::Assignment>& ranks)
{
    for (std::size_t i = 1; i < parts.size(); ++i) {
        if (parts[i].worldSize > 0 && parts[0].worldSize > 0 && parts[i].worldSize != parts[0].worldSize) {
            data.diagnostics.push_back(Diagnostic { ErrorCode::ValueOutOfRange, files[i], -1, 1,
                Message(SL_TEXT("Core",
                            "the file declares a world size of %1, %2 one of %3; the world size is taken as %4"),
                    { parts[i].worldSize, files[0], parts[0].worldSize, data.worldSize }) });
            break;
        }
    }
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (parts[i].worldSize > 0 && ranks[i].rank >= parts[i].worldSize) {
            data.diagnostics.push_back(Diagnostic { ErrorCode::ValueOutOfRange, files[i], -1, 1,
                Message(SL_TEXT("Core",
                            "rank %1 is not below the world size %2 the file declares; the world size is taken as %3"),
                    { ranks[i].rank, parts[i].worldSize, data.worldSize }) });
        }
    }
}

// Bytes a merged trace takes per op (columns, index, links and tables; Trace::memoryBytes measures
// 41-58 on real traces), with room for the strings.
constexpr std::uint64_t kTraceBytesPerOp = 64;

} // namespace

Expected<std::shared_ptr<const Trace>> JobAssembler::assemble(const std::vector<std::string>& files, std::vector<RankPart>& parts,
    const std::vector<RankAssigner::Assignment>& ranks, const ResourceLimits& limits, const CancellationToken* cancel)
{
    if (parts.empty() || parts.size() != files.size() || ranks.size() != files.size())
        return Status::error(ErrorCode::InvalidArgument, files.empty() ? std::string() : files.front(), -1,
            Message(SL_TEXT("Core", "a job needs one rank per part")));
    std::vector<std::size_t> order(files.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ranks[a].rank < ranks[b].rank; });
    // A declared world size beyond any rank we accept is not one.
    std::vector<Diagnostic> worldDiagnostics;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (parts[i].worldSize > RankAssigner::kMaxRank) {
            worldDiagnostics.push_back(Diagnostic { ErrorCode::ValueOutOfRange, files[i], -1, 1,
                Message(SL_TEXT("Core", "distributedInfo.world_size %1 is not below %2; ignored"),
                    { parts[i].worldSize, RankAssigner::kMaxRank }) });
            parts[i].worldSize = -1;
        }
    }
    std::int32_t worldSize = static_cast<std::int32_t>(files.size());
    std::uint64_t totalOps = 0;
    for (std::size_t i : order) {
        worldSize = std::max({ worldSize, parts[i].worldSize, ranks[i].rank + 1 });
        totalOps += parts[i].opCount();
    }
    if (totalOps >= StringId::kInvalid)
        return Status::error(
            ErrorCode::TooLarge, files.front(), -1, Message(SL_TEXT("Core", "more than 4 billion events in one job")));
    if (Status s = limits.checkMemory(totalOps * kTraceBytesPerOp, files.front(),
            Message(SL_TEXT("Core", "the trace model of %1 ops from %2 files"), { totalOps, files.size() }));
        !s.ok())
        return s;

    TraceData data;
    data.format = parts[order.front()].format;
    data.worldSize = worldSize;
    // The first part's pool becomes the trace's pool; the others are interned into it.
    data.strings = std::move(parts[order.front()].strings);
    data.ranks.resize(files.size());
    std::set<std::pair<std::uint32_t, std::vector<std::int32_t>>> knownGroups;
    data.diagnostics = std::move(worldDiagnostics);
    warnAboutWorldSize(data, files, parts, ranks);
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::size_t i = order[k];
        RankPart& part = parts[i];
        const bool identity = k == 0;
        const std::vector<std::uint32_t> remap = identity ? std::vector<std::uint32_t>() : part.internStringsInto(data.strings);
        RankInfo& info = data.ranks[k];
        info.rank = ranks[i].rank;
        info.sourceFile = data.strings.intern(files[i]);
        info.rankSource = data.strings.intern(ranks[i].source);
        appendPart(data, part, RankId(static_cast<std::uint32_t>(k)), remap, identity, knownGroups);
        part = RankPart();
        if (cancel && cancel->isCancelled())
            return Status::cancelled();
    }
    Expected<std::shared_ptr<const Trace>> trace = Trace::build(std::move(data));
    // The import's staging memory is freed by now: its pages go back, so that a loaded trace costs what
    // its model holds and not the peak of its import.
    MemoryPolicy::releaseFreedMemory();
    return trace;
}

} // namespace sightline
