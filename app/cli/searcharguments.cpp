#include "searcharguments.h"

#include "clisupport.h"
#include "searchprocesses.h"
#include "searchprogress.h"
#include "strategyjson.h"

#include "core/strategy/strategyrunner.h"

#include <QCommandLineParser>
#include <QTextStream>

using namespace sightline;

SearchArguments::SearchArguments(QString command)
    : m_command(std::move(command))
    , m_baseOption(QStringLiteral("base"),
          QStringLiteral(
              "Steps every candidate starts with, kept as they are (a network, a worker count): a strategy JSON file."),
          QStringLiteral("S.json"))
    , m_noFitOption(QStringLiteral("no-fit"),
          QStringLiteral("Keep the cost model's default link parameters instead of fitting them to the trace."))
    , m_progressOption(QStringLiteral("progress"),
          QStringLiteral("Report on stderr how many candidates were replayed, a line a second (on a terminal it is "
                         "shown in one line anyway)."))
{
}

void SearchArguments::addTo(QCommandLineParser& parser) const
{
    parser.addOption(m_baseOption);
    m_job.addTo(parser);
    parser.addOption(m_noFitOption);
    parser.addOption(m_progressOption);
    CliSupport::addMemoryBudgetOption(parser);
    CliSupport::addProfilerOverheadOption(parser);
    CliSupport::addLimitOptions(parser);
}

bool SearchArguments::read(const QCommandLineParser& parser, QTextStream& err, SearchProcesses& processes)
{
    const bool ok = readOwn(parser, err);
    if (!processes.allOk(ok)) {
        if (ok)
            err << "sightline-cli " << m_command << ": another process of the search could not read the --base file\n";
        return false;
    }
    m_limits.maxMemoryBytes = processes.least(m_limits.maxMemoryBytes);
    return true;
}

bool SearchArguments::readOwn(const QCommandLineParser& parser, QTextStream& err)
{
    const std::optional<ResourceLimits> limits = CliSupport::limitsFrom(parser, m_command);
    if (!limits || !m_job.read(parser, m_command, err))
        return false;
    m_limits = *limits;
    if (parser.isSet(m_baseOption)) {
        QString error;
        const std::optional<Strategy> base = StrategyJson::read(parser.value(m_baseOption), error);
        if (!base) {
            err << "sightline-cli " << m_command << ": " << error << '\n';
            return false;
        }
        if (Status s = StrategyRunner::validate(*base); !s.ok()) {
            err << "sightline-cli " << m_command << ": " << QString::fromStdString(s.detail()) << '\n';
            return false;
        }
        m_base = *base;
    }
    if (!CliSupport::memoryBudgetFrom(parser, m_command, m_memory))
        return false;
    if (m_memory)
        m_job.setMemory(*m_memory);
    m_baseline.fit = !parser.isSet(m_noFitOption);
    m_progress = parser.isSet(m_progressOption);
    return CliSupport::profilerOverheadFrom(parser, m_command, m_baseline.profilerOverheadNs);
}

std::unique_ptr<SearchProgress> SearchArguments::progress(const SearchProcesses& processes) const
{
    return std::make_unique<SearchProgress>(
        m_command, SearchProgress::styleFor(m_progress, processes.writes()), processes.size());
}

std::optional<int> SearchArguments::open(const QStringList& files, bool json, QTextStream& err,
    SearchProcesses& processes, std::shared_ptr<const JobSession>& session) const
{
    const std::optional<int> exit = m_job.open(files, m_limits, m_command, json, err, session);
    if (processes.allOk(!exit))
        return std::nullopt;
    if (!exit)
        err << "sightline-cli " << m_command << ": another process of the search could not load the job\n";
    return exit.value_or(1);
}
