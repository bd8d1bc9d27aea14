#pragma once

#include "core/strategy/pass.h"

namespace sightline {

struct SpeedupParameters {
    // The kinds of item a step matches, in the order of its choices.
    enum class Kind : std::uint8_t { Any, Compute, Communication, Cpu, Runtime, Io };
    double percent = 0;
    std::string match;
    Kind kind = Kind::Any;
    std::int64_t rank = -1;
    OpSet ops;
};

// "Make these X% faster" (a hot spot fixed, a faster kernel): the items matched by name pattern, kind
// and rank take that much less (or, below zero, more) of their own time. A matched op that encloses
// others (a DataLoader's next, an optimizer step, aten::batch_norm) speeds up what it encloses: its
// nested host work, the host time between that work, its own tail, and with kind "any" the device work
// launched inside it. Host waits, the gaps of device work (its queue and launch), and transfers the cost
// model times are left as they are.
class SpeedupPass : public PassWith<SpeedupParameters> {
public:
    std::string_view name() const override;
    bool repeatable() const override { return true; }
    std::string_view summary() const override;

protected:
    const ParameterTable<SpeedupParameters>& table() const override;
    Status run(const SpeedupParameters& params, WhatIfJob& job) const override;
    void exportStep(const SpeedupParameters& params, ExportContext& out) const override;
};

} // namespace sightline
