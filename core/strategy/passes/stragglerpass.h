#pragma once

#include "core/strategy/pass.h"

namespace sightline {

struct StragglerParameters {
    std::int64_t rank = 0;
};

// "Fix the straggler": every item of one rank takes the median duration, and the median gap before
// it, of its counterparts on the other ranks where its own were longer (a fixed straggler is never
// slower). Counterparts are on a track of the same role (TrackRoles), with the same name, at the same
// position among their namesakes on the track. Communication and host waits keep theirs: the other
// ranks set them.
class StragglerPass : public PassWith<StragglerParameters> {
public:
    std::string_view name() const override;
    bool repeatable() const override { return true; }
    std::string_view summary() const override;

protected:
    const ParameterTable<StragglerParameters>& table() const override;
    Status run(const StragglerParameters& params, WhatIfJob& job) const override;
    void exportStep(const StragglerParameters& params, ExportContext& out) const override;
};

} // namespace sightline
