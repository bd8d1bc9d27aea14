#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace sightline {
class CandidateExchange;
}

// The processes one command runs in: this one alone, or, in a sightline-cli built with MPI
// (SIGHTLINE_HAVE_MPI), the processes mpirun started. Each process loads the job and runs the same
// search, the candidates split between them (CandidateExchange), the processes of a host sharing its
// cores (ParallelismLimit while the group lives); only the first process (rank 0) writes output and
// files, the others' stdout and stderr go to /dev/null.
class SearchProcesses {
public:
    SearchProcesses();
    ~SearchProcesses();
    SearchProcesses(const SearchProcesses&) = delete;
    SearchProcesses& operator=(const SearchProcesses&) = delete;

    int rank() const;
    int size() const;
    bool writes() const { return rank() == 0; }
    sightline::CandidateExchange& exchange();
    // Whether every process passed true (each its own), so that all stop together when one failed.
    bool allOk(bool ok) const;
    // The least of what every process passed: a limit all processes keep alike.
    std::uint64_t least(std::uint64_t mine) const;
    // The threads each process's loops may use: the host's cores shared among its processes.
    std::size_t threads() const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};
