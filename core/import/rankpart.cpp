#include "core/import/rankpart.h"

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

void RankPart::warn(ErrorCode code, std::int64_t byteOffset, const std::string& detail, std::int64_t count)
{
    for (Diagnostic& d : diagnostics) {
        if (d.code == code && d.detail == detail) {
            d.count += count;
            return;
        }
    }
    diagnostics.push_back(Diagnostic { code, path, byteOffset, count, detail });
}

} // namespace sightline
