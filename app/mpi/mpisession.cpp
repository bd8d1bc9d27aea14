#include "mpisession.h"

#include <mpi.h>

#include <cstdlib>
#include <initializer_list>

namespace sightline {

bool MpiSession::launched()
{
    for (const char* variable : { "OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE", "PMI_RANK" }) {
        if (std::getenv(variable))
            return true;
    }
    return false;
}

MpiSession::MpiSession()
{
    if (!launched())
        return;
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        return;
    m_active = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &m_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &m_size);
    MPI_Comm host;
    if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host) == MPI_SUCCESS) {
        MPI_Comm_size(host, &m_localSize);
        MPI_Comm_free(&host);
    }
}

MpiSession::~MpiSession()
{
    if (m_active)
        MPI_Finalize();
}

bool MpiSession::allTrue(bool mine) const
{
    if (!m_active)
        return mine;
    int value = mine ? 1 : 0, all = 0;
    MPI_Allreduce(&value, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all == 1;
}

unsigned long long MpiSession::least(unsigned long long mine) const
{
    if (!m_active)
        return mine;
    unsigned long long all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN, MPI_COMM_WORLD);
    return all;
}

} // namespace sightline
