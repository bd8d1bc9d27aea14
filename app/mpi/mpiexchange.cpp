#include "mpiexchange.h"

#include "mpisession.h"

#include <mpi.h>

#include <climits>

namespace sightline {

namespace {

Status failed(const char* what)
{
    return Status::error(ErrorCode::InvalidArgument, {}, -1, std::string("MPI: ") + what + " failed");
}

} // namespace

MpiExchange::MpiExchange(const MpiSession& session)
    : m_session(session)
{
}

int MpiExchange::rank() const
{
    return m_session.rank();
}

int MpiExchange::size() const
{
    return m_session.size();
}

Expected<std::vector<Outcome>> MpiExchange::allGather(std::span<const Outcome> mine)
{
    const int processes = m_session.size();
    if (mine.size_bytes() > static_cast<std::size_t>(INT_MAX))
        return failed("gathering outcomes of more than 2 GiB");
    int bytes = static_cast<int>(mine.size_bytes());
    std::vector<int> counts(static_cast<std::size_t>(processes)), offsets(static_cast<std::size_t>(processes));
    if (MPI_Allgather(&bytes, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD) != MPI_SUCCESS)
        return failed("gathering the outcomes' sizes");
    long long total = 0;
    for (int p = 0; p < processes; ++p) {
        if (counts[static_cast<std::size_t>(p)] % static_cast<int>(sizeof(Outcome)) != 0 || total > INT_MAX)
            return failed("gathering whole outcomes");
        offsets[static_cast<std::size_t>(p)] = static_cast<int>(total);
        total += counts[static_cast<std::size_t>(p)];
    }
    if (total > INT_MAX)
        return failed("gathering outcomes of more than 2 GiB");
    std::vector<Outcome> all(static_cast<std::size_t>(total) / sizeof(Outcome));
    if (MPI_Allgatherv(
            mine.data(), bytes, MPI_BYTE, all.data(), counts.data(), offsets.data(), MPI_BYTE, MPI_COMM_WORLD)
        != MPI_SUCCESS)
        return failed("gathering the outcomes");
    return all;
}

Status MpiExchange::agree(std::uint64_t digest)
{
    std::uint64_t low = 0, high = 0;
    if (MPI_Allreduce(&digest, &low, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD) != MPI_SUCCESS
        || MPI_Allreduce(&digest, &high, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD) != MPI_SUCCESS)
        return failed("comparing the candidates");
    if (low != high)
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            std::string("the search's processes would evaluate different candidates: they did not load the same job "
                        "the same way"));
    return {};
}

} // namespace sightline
