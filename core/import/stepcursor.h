#pragma once

#include "core/model/tracetypes.h"

#include <cstdint>
#include <vector>

namespace sightline {

// The step whose span holds a time, for times that come in order (the starts of one track's ops): a
// cursor that moves forward through steps sorted by start. restart() before each run of ordered times.
// O(steps) per run plus O(1) per time. Holds a reference to the steps, which must outlive it.
class StepCursor {
public:
    explicit StepCursor(const std::vector<StepSpan>& steps)
        : m_steps(steps)
    {
    }

    void restart() { m_next = 0; }
    // The number of the step that starts last at or before t (clamped to 32 bits) if it still runs at t,
    // else -1. t is not before the time asked for last since the restart.
    std::int32_t stepAt(TimeNs t);

private:
    const std::vector<StepSpan>& m_steps;
    std::size_t m_next = 0; // the first step that starts after the time asked for last
};

} // namespace sightline
