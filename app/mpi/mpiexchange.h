#pragma once

#include "core/search/candidateexchange.h"

namespace sightline {

class MpiSession;

// The search's exchange between the processes of an active MpiSession (MPI_COMM_WORLD): outcomes are
// gathered as the fixed-size records they are (every process's into every process), and the digests
// of the candidate lists compared by their minimum and maximum over the processes.
class MpiExchange final : public CandidateExchange {
public:
    explicit MpiExchange(const MpiSession& session);
    int rank() const override;
    int size() const override;
    Expected<std::vector<Outcome>> allGather(std::span<const Outcome> mine) override;
    Status agree(std::uint64_t digest) override;

private:
    const MpiSession& m_session;
};

} // namespace sightline
