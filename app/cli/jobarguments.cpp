#include "jobarguments.h"

#include "clisupport.h"

#include "core/base/resourcelimits.h"
#include "core/import/traceloader.h"
#include "core/model/trace.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <cmath>

using namespace sightline;

namespace {

bool parseSteps(const QString& text, std::int64_t& first, std::int64_t& last)
{
    const QStringList parts = text.split(QLatin1Char('-'));
    bool ok1 = false, ok2 = false;
    if (parts.size() == 1) {
        first = last = parts[0].toLongLong(&ok1);
        return ok1 && first >= 0;
    }
    if (parts.size() != 2)
        return false;
    first = parts[0].toLongLong(&ok1);
    last = parts[1].toLongLong(&ok2);
    return ok1 && ok2 && first >= 0 && last >= first;
}

} // namespace

JobArguments::JobArguments()
    : m_steps(QStringLiteral("steps"), QStringLiteral("ProfilerStep numbers to replay, N or A-B (default: the steps every rank has)."),
          QStringLiteral("A-B"))
    , m_noAlign(QStringLiteral("no-align"), QStringLiteral("Keep the trace clocks as they are."))
    , m_offset(QStringLiteral("offset"), QStringLiteral("Fix the clock offset of a rank, in microseconds (repeatable)."),
          QStringLiteral("RANK=US"))
    , m_durationsOption(QStringLiteral("durations"),
          QStringLiteral("Op durations: measured (each op its own), mean (mean over the replayed steps) or step:N (from step N)."),
          QStringLiteral("SOURCE"), QStringLiteral("measured"))
{
}

void JobArguments::addTo(QCommandLineParser& parser) const
{
    parser.addOptions({ m_steps, m_noAlign, m_offset, m_durationsOption });
}

bool JobArguments::read(const QCommandLineParser& parser, const QString& command, QTextStream& err)
{
    ExtractOptions& extract = m_session.extract;
    const QString prefix = QStringLiteral("sightline-cli ") + command + QStringLiteral(": ");
    if (parser.isSet(m_steps) && !parseSteps(parser.value(m_steps), extract.firstStep, extract.lastStep)) {
        err << prefix << "--steps wants N or A-B with A <= B, not '" << parser.value(m_steps) << "'\n";
        return false;
    }
    for (const QString& o : parser.values(m_offset)) {
        const QStringList kv = o.split(QLatin1Char('='));
        bool ok1 = false, ok2 = false;
        const int rank = kv.size() == 2 ? kv[0].toInt(&ok1) : -1;
        const double value = kv.size() == 2 ? kv[1].toDouble(&ok2) : 0.0;
        // Offsets beyond a day are not clock skew.
        if (!ok1 || !ok2 || rank < 0 || !(std::abs(value) <= 86400e6)) {
            err << prefix << "--offset wants RANK=MICROSECONDS (at most a day), not '" << o << "'\n";
            return false;
        }
        m_offsetByRank[rank] = static_cast<TimeNs>(std::llround(value * 1000.0));
    }
    m_session.align = !parser.isSet(m_noAlign);
    m_durations = parser.value(m_durationsOption);
    if (m_durations == QLatin1String("mean")) {
        extract.durationSource = DurationSource::StepMean;
    } else if (m_durations.startsWith(QLatin1String("step:"))) {
        bool ok = false;
        extract.durationSource = DurationSource::OneStep;
        extract.durationStep = m_durations.mid(5).toLongLong(&ok);
        if (!ok || extract.durationStep < 0) {
            err << prefix << "--durations step:N wants a step number, not '" << m_durations << "'\n";
            return false;
        }
    } else if (m_durations != QLatin1String("measured")) {
        err << prefix << "--durations wants measured, mean or step:N, not '" << m_durations << "'\n";
        return false;
    }
    return true;
}

std::optional<int> JobArguments::open(const QStringList& files, const ResourceLimits& limits, const QString& command, bool json,
    QTextStream& err, std::shared_ptr<const JobSession>& session) const
{
    auto fail = [&](const Status& status) {
        err.flush();
        return CliSupport::reportFailure(status, json);
    };
    Expected<std::shared_ptr<const Trace>> trace = TraceLoader::load(CliSupport::toPaths(files), nullptr, nullptr, limits);
    if (!trace)
        return fail(trace.status());
    SessionOptions options = m_session;
    for (const auto& [rank, value] : m_offsetByRank) {
        bool found = false;
        for (std::uint32_t r = 0; r < (*trace)->ranks().size(); ++r) {
            if ((*trace)->rankInfo(RankId(r)).rank == rank) {
                options.alignment.overrides[r] = value;
                found = true;
            }
        }
        if (!found) {
            err << "sightline-cli " << command << ": --offset names rank " << rank << ", which is not in the job\n";
            return 2;
        }
    }
    Expected<std::shared_ptr<const JobSession>> opened = JobSession::open(std::move(*trace), options, limits);
    if (!opened)
        return fail(opened.status());
    session = std::move(*opened);
    return std::nullopt;
}

QString JobArguments::stepsText() const
{
    const ExtractOptions& e = m_session.extract;
    return e.firstStep >= 0 ? QString::number(e.firstStep) + QLatin1Char('-') + QString::number(e.lastStep) : QStringLiteral("common");
}
