#pragma once

namespace sightline {

// MPI for the lifetime of one process, initialised only when a launcher (mpirun, or a PMI/PMIx
// process manager) started the process: a plain run never touches MPI, whose singleton start may spawn
// daemons. Calls come from the thread that made the session only (MPI_THREAD_FUNNELED); the search's
// worker threads never call MPI.
class MpiSession {
public:
    MpiSession();
    ~MpiSession();
    MpiSession(const MpiSession&) = delete;
    MpiSession& operator=(const MpiSession&) = delete;

    // Whether the environment says a launcher started this process.
    static bool launched();
    bool active() const { return m_active; }
    // This process among all (0 and 1 when inactive), and the processes on its host.
    int rank() const { return m_rank; }
    int size() const { return m_size; }
    int localSize() const { return m_localSize; }
    // Whether every process passed true (each its own): for all to stop together when one failed.
    bool allTrue(bool mine) const;
    // The least of what every process passed (each its own).
    unsigned long long least(unsigned long long mine) const;

private:
    bool m_active = false;
    int m_rank = 0;
    int m_size = 1;
    int m_localSize = 1;
};

} // namespace sightline
