#include "core/import/rankpart.h"

namespace sightline {

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
