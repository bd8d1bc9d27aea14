#pragma once

#include "core/base/expected.h"
#include "core/session/jobsession.h"

#include <QCommandLineOption>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <memory>

class QCommandLineParser;
class QTextStream;

// The options the replaying commands share: which steps, the clock alignment (--no-align, --offset)
// and where durations come from (--durations). Added to a parser, read after parsing, then used to
// open the job's session.
class JobArguments {
public:
    JobArguments();
    void addTo(QCommandLineParser& parser) const;
    // Reads the options; prints the problem (prefixed by the command) and returns false on a bad value.
    bool read(const QCommandLineParser& parser, const QString& command, QTextStream& err);
    // Loads files and opens their session with these options, into session. On failure says why (on
    // stderr, and as the JSON error document with json) and returns the exit code: 2 for an --offset
    // rank the job does not have, 1 when the job cannot be loaded or its session opened.
    std::optional<int> open(const QStringList& files, const sightline::ResourceLimits& limits, const QString& command, bool json,
        QTextStream& err, std::shared_ptr<const sightline::JobSession>& session) const;

    const sightline::SessionOptions& session() const { return m_session; }
    // The device budget out-of-memory is judged against (a command's own option).
    void setMemory(const sightline::MemoryOptions& memory) { m_session.memory = memory; }
    // --durations as given: measured, mean or step:N.
    const QString& durations() const { return m_durations; }
    // "common" or "A-B".
    QString stepsText() const;

private:
    QCommandLineOption m_steps;
    QCommandLineOption m_noAlign;
    QCommandLineOption m_offset;
    QCommandLineOption m_durationsOption;
    sightline::SessionOptions m_session;
    std::map<int, sightline::TimeNs> m_offsetByRank; // global rank -> ns
    QString m_durations;
};
