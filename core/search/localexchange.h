#pragma once

#include "core/search/candidateexchange.h"

namespace sightline {

// The exchange of a search in one process: it evaluates every candidate itself.
class LocalExchange final : public CandidateExchange {
public:
    int rank() const override { return 0; }
    int size() const override { return 1; }
    Expected<std::vector<Outcome>> allGather(std::span<const Outcome> mine) override;
    Status agree(std::uint64_t digest) override;
};

} // namespace sightline
