#include "chromeexport.h"

#include "clisupport.h"

#include "core/analysis/criticalpath.h"
#include "core/graph/dependencygraph.h"
#include "core/model/trace.h"
#include "core/replay/schedule.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

using namespace sightline;
using CliSupport::qs;

bool ChromeExport::write(const QString& file, const DependencyGraph& g, const Schedule& s, const CriticalPath& path, QString& error)
{
    const Trace& t = g.trace();
    std::vector<std::uint8_t> critical(g.vertexCount(), 0);
    for (std::uint32_t v : path.vertices)
        critical[v] = 1;
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly)) {
        error = out.errorString();
        return false;
    }
    const TimeNs origin = s.begin;
    auto us = [origin](TimeNs ns) { return QString::number(static_cast<double>(ns - origin) / 1000.0, 'f', 3); };
    // Names are pooled: each distinct string is escaped once, on first use.
    std::vector<QString> escaped(t.strings().size());
    const QString none = QStringLiteral("\"\"");
    auto jsonString = [&](StringId id) -> const QString& {
        if (!id.isValid() || id.value() >= escaped.size())
            return none;
        QString& e = escaped[id.value()];
        if (e.isNull())
            e = QString::fromUtf8(QJsonDocument(QJsonArray { qs(t.string(id)) }).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
        return e;
    };
    QByteArray buffer = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
    bool first = true;
    auto writeEvent = [&](const QString& line) {
        if (!first)
            buffer += ",\n";
        first = false;
        buffer += line.toUtf8();
        if (buffer.size() > (1 << 20)) {
            out.write(buffer);
            buffer.clear();
        }
    };
    for (std::uint32_t tr = 0; tr < t.tracks().size(); ++tr) {
        const TrackInfo& info = t.trackInfo(TrackId(tr));
        const int rank = t.rankInfo(info.rank).rank;
        writeEvent(QStringLiteral("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%1,\"tid\":%2,\"args\":{\"name\":%3}}")
                 .arg(rank)
                 .arg(tr)
                 .arg(jsonString(info.name)));
        for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v) {
            if (!s.replayed(v))
                continue;
            writeEvent(QStringLiteral("{\"ph\":\"X\",\"name\":%1,\"cat\":\"%2\",\"pid\":%3,\"tid\":%4,\"ts\":%5,\"dur\":%6,"
                                "\"args\":{\"critical\":%7,\"measured_dur_us\":%8}}")
                     .arg(jsonString(t.name(OpId(v))), qs(opKindName(t.kind(OpId(v)))))
                     .arg(rank)
                     .arg(tr)
                     .arg(us(s.start[v]), QString::number(static_cast<double>(s.end[v] - s.start[v]) / 1000.0, 'f', 3),
                         critical[v] ? QStringLiteral("true") : QStringLiteral("false"),
                         QString::number(static_cast<double>(t.duration(OpId(v))) / 1000.0, 'f', 3)));
        }
    }
    for (std::uint32_t r = 0; r < t.ranks().size(); ++r) {
        writeEvent(QStringLiteral("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%1,\"args\":{\"name\":\"rank %1 (replayed)\"}}")
                 .arg(t.rankInfo(RankId(r)).rank));
    }
    // Flow arrows from each critical op to the next one on the path.
    std::uint32_t previous = DependencyGraph::kNoVertex;
    int flow = 0;
    for (std::uint32_t v : path.vertices) {
        if (g.isCollectiveVertex(v))
            continue;
        if (previous != DependencyGraph::kNoVertex) {
            const TrackInfo& a = t.trackInfo(t.track(OpId(previous)));
            const TrackInfo& b = t.trackInfo(t.track(OpId(v)));
            writeEvent(QStringLiteral("{\"ph\":\"s\",\"name\":\"critical path\",\"cat\":\"critical\",\"id\":%1,\"pid\":%2,\"tid\":%3,\"ts\":%4}")
                     .arg(flow)
                     .arg(t.rankInfo(a.rank).rank)
                     .arg(t.track(OpId(previous)).value())
                     .arg(us(s.start[previous])));
            writeEvent(QStringLiteral("{\"ph\":\"f\",\"bp\":\"e\",\"name\":\"critical path\",\"cat\":\"critical\",\"id\":%1,\"pid\":%2,\"tid\":%3,\"ts\":%4}")
                     .arg(flow)
                     .arg(t.rankInfo(b.rank).rank)
                     .arg(t.track(OpId(v)).value())
                     .arg(us(s.start[v])));
            ++flow;
        }
        previous = v;
    }
    buffer += "\n]}\n";
    out.write(buffer);
    if (!out.commit()) {
        error = out.errorString();
        return false;
    }
    return true;
}

