#include "core/import/rankpart.h"

#include "core/base/message.h"
#include "core/base/parallel.h"

namespace sightline {

namespace {

// A string the part does not have (an invalid id) becomes the empty string.
StringId map(StringId id, const std::vector<std::uint32_t>& remap)
{
    return id.isValid() ? StringId(remap[id.value()]) : StringId(0);
}

} // namespace

std::vector<std::uint32_t> RankPart::internStringsInto(StringPool& pool) const
{
    std::vector<std::uint32_t> remap(strings.size());
    for (std::uint32_t s = 0; s < remap.size(); ++s)
        remap[s] = pool.intern(strings.view(StringId(s))).value();
    return remap;
}

CommArgs RankPart::remapped(const CommArgs& args, const std::vector<std::uint32_t>& remap)
{
    CommArgs out = args;
    out.collective = map(args.collective, remap);
    out.processGroup = map(args.processGroup, remap);
    out.groupRanks = map(args.groupRanks, remap);
    out.dtype = map(args.dtype, remap);
    return out;
}

ShapeArgs RankPart::remapped(const ShapeArgs& shape, const std::vector<std::uint32_t>& remap)
{
    return ShapeArgs { map(shape.dims, remap), map(shape.types, remap) };
}

void RankPart::keepOps(const std::vector<bool>& keep)
{
    constexpr std::uint32_t kDropped = StringId::kInvalid;
    std::vector<std::uint32_t> newIndex(opCount(), kDropped);
    std::uint32_t kept = 0;
    for (std::uint32_t i = 0; i < opCount(); ++i) {
        if (keep[i])
            newIndex[i] = kept++;
    }
    // The columns are compacted side by side.
    const auto compact = [&newIndex, kept](auto& column) {
        for (std::size_t i = 0; i < newIndex.size(); ++i) {
            if (newIndex[i] != kDropped)
                column[newIndex[i]] = column[i];
        }
        column.resize(kept);
    };
    parallelFor(7, [&](std::size_t column) {
        switch (column) {
        case 0: compact(start); break;
        case 1: compact(end); break;
        case 2: compact(track); break;
        case 3: compact(name); break;
        case 4: compact(category); break;
        case 5: compact(bytes); break;
        default: compact(correlation); break;
        }
    });
    const auto renumber = [&newIndex](auto& table) {
        std::erase_if(table, [&newIndex](const auto& entry) { return newIndex[entry.first] == kDropped; });
        for (auto& entry : table)
            entry.first = newIndex[entry.first];
    };
    renumber(commArgs);
    renumber(shapes);
    renumber(memory);
    renumber(streamWaits);
    renumber(sequences);
    renumber(declaredSteps);
    renumber(argNames);
}

void RankPart::dropObjects()
{
    for (const char phase : { 'N', 'O', 'D' }) {
        std::int64_t count = 0, first = -1;
        for (const ObjectEvent& o : objects) {
            if (o.phase == phase && count++ == 0)
                first = o.byteOffset;
        }
        if (count > 0)
            warn(ErrorCode::UnsupportedEvent, first,
                Message(
                    SL_TEXT("Core", "events of phase '%1' are not represented; skipped"), { std::string(1, phase) }),
                count);
    }
    objects.clear();
}

void RankPart::warn(ErrorCode code, std::int64_t byteOffset, Message detail, std::int64_t count)
{
    for (Diagnostic& d : diagnostics) {
        if (d.code == code && d.detail == detail) {
            d.count += count;
            return;
        }
    }
    diagnostics.push_back(Diagnostic { code, path, byteOffset, count, std::move(detail) });
}

} // namespace sightline
