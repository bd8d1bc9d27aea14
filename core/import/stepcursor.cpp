#include "core/import/stepcursor.h"

#include <algorithm>
#include <cstdint>

namespace sightline {

std::int32_t StepCursor::stepAt(TimeNs t)
{
    while (m_next < m_steps.size() && m_steps[m_next].start <= t)
        ++m_next;
    if (m_next == 0 || t >= m_steps[m_next - 1].end)
        return -1;
    return static_cast<std::int32_t>(std::clamp<std::int64_t>(m_steps[m_next - 1].number, INT32_MIN, INT32_MAX));
}

} // namespace sightline
