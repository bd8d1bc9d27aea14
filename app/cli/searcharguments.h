#pragma once

#include "jobarguments.h"

#include "core/base/resourcelimits.h"
#include "core/session/jobsession.h"

#include <QCommandLineOption>
#include <QString>

#include <memory>
#include <optional>

class QCommandLineParser;
class QTextStream;
class SearchProcesses;
class SearchProgress;

// The options the searching commands share (optimize, frontier, scale): the steps every candidate
// starts with (--base), the job's steps and clocks (JobArguments), the cost model's fit (--no-fit), the
// device budget (--memory-budget), the profiler's cost, the resource limits and the search's progress
// on stderr (--progress). Added to a parser, read after
// parsing, then used to open the job in every process of the search.
class SearchArguments {
public:
    explicit SearchArguments(QString command);
    void addTo(QCommandLineParser& parser) const;
    // Reads the options in every process of the search; prints the problem (prefixed by the command) and
    // returns false, in every process together, on a bad value or a --base file one could not read. The
    // processes keep the least of their memory limits, so that each candidate's what-if is refused as too
    // large by every process or by none, whichever runs it.
    bool read(const QCommandLineParser& parser, QTextStream& err, SearchProcesses& processes);

    const sightline::Strategy& base() const { return m_base; }
    const sightline::BaselineKind& baseline() const { return m_baseline; }
    const std::optional<sightline::MemoryOptions>& memory() const { return m_memory; }
    const sightline::ResourceLimits& limits() const { return m_limits; }
    const JobArguments& job() const { return m_job; }
    // What tells the user how far the search has come, in this process (SearchProgress::styleFor).
    std::unique_ptr<SearchProgress> progress(const SearchProcesses& processes) const;

    // Opens the job in every process of the search. Returns
    // nothing when every process did; otherwise the exit code, in every process together (the one
    // that failed says why, as JobArguments::open does).
    std::optional<int> open(const QStringList& files, bool json, QTextStream& err, SearchProcesses& processes,
        std::shared_ptr<const sightline::JobSession>& session) const;

private:
    bool readOwn(const QCommandLineParser& parser, QTextStream& err);

    QString m_command;
    QCommandLineOption m_baseOption;
    QCommandLineOption m_noFitOption;
    QCommandLineOption m_progressOption;
    bool m_progress = false;
    JobArguments m_job;
    sightline::Strategy m_base;
    sightline::BaselineKind m_baseline { sightline::CommSource::CostModel, true, std::nullopt };
    std::optional<sightline::MemoryOptions> m_memory;
    sightline::ResourceLimits m_limits;
};
