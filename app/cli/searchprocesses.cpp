#include "searchprocesses.h"

#include "core/base/parallel.h"
#include "core/search/localexchange.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <thread>

#ifdef SIGHTLINE_HAVE_MPI
#include "mpiexchange.h"
#include "mpisession.h"
#endif

using namespace sightline;

struct SearchProcesses::Private {
#ifdef SIGHTLINE_HAVE_MPI
    MpiSession session;
    MpiExchange mpi { session };
#endif
    LocalExchange local;
    std::optional<ParallelismLimit> threads; // with more than one process on a host
};

SearchProcesses::SearchProcesses()
    : d(std::make_unique<Private>())
{
    if (rank() != 0) {
        // Only the first process speaks: the others would print the same.
        std::fflush(stdout);
        std::fflush(stderr);
        if (!std::freopen("/dev/null", "w", stdout) || !std::freopen("/dev/null", "w", stderr))
            return; // nothing to do about it: the process then prints what the first does
    }
    if (size() > 1)
        d->threads.emplace(threads());
}

SearchProcesses::~SearchProcesses() = default;

int SearchProcesses::rank() const
{
#ifdef SIGHTLINE_HAVE_MPI
    return d->session.rank();
#else
    return 0;
#endif
}

int SearchProcesses::size() const
{
#ifdef SIGHTLINE_HAVE_MPI
    return d->session.size();
#else
    return 1;
#endif
}

CandidateExchange& SearchProcesses::exchange()
{
#ifdef SIGHTLINE_HAVE_MPI
    if (d->session.active())
        return d->mpi;
#endif
    return d->local;
}

bool SearchProcesses::allOk(bool ok) const
{
#ifdef SIGHTLINE_HAVE_MPI
    return d->session.allTrue(ok);
#else
    return ok;
#endif
}

std::uint64_t SearchProcesses::least(std::uint64_t mine) const
{
#ifdef SIGHTLINE_HAVE_MPI
    return d->session.least(mine);
#else
    return mine;
#endif
}

std::size_t SearchProcesses::threads() const
{
    int local = 1;
#ifdef SIGHTLINE_HAVE_MPI
    local = d->session.localSize();
#endif
    return std::max<std::size_t>(1, std::thread::hardware_concurrency() / static_cast<unsigned>(std::max(1, local)));
}
