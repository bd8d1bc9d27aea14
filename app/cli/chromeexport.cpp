#include "chromeexport.h"

#include "clisupport.h"

#include "core/analysis/criticalpath.h"
#include "core/base/outputfile.h"
#include "core/exec/executiongraph.h"
#include "core/model/trace.h"
#include "core/replay/schedule.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QFile>

using namespace sightline;
using CliSupport::qs;

bool ChromeExport::write(const QString& file, const ExecutionGraph& g, const Schedule& s, const CriticalPath& path, QString& error)
{
    const Trace& t = g.trace();
    std::vector<std::uint8_t> critical(g.itemCount(), 0);
    for (ItemId i : path.items)
        critical[i.value()] = 1;
    // Items by track, in id order.
    std::vector<std::vector<std::uint32_t>> byTrack(g.tracks().size());
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (g.track(ItemId(i)).isValid())
            byTrack[g.track(ItemId(i)).value()].push_back(i);
    }
    OutputFile out;
    if (Status opened = out.open(QFile::encodeName(file).toStdString()); !opened.ok()) {
        error = QString::fromStdString(opened.detail());
        return false;
    }
    const TimeNs origin = s.begin;
    auto us = [origin](TimeNs ns) { return QString::number(static_cast<double>(ns - origin) / 1000.0, 'f', 3); };
    // Names are pooled: each distinct string is escaped once, on first use.
    std::vector<QString> escaped;
    const QString none = QStringLiteral("\"\"");
    auto jsonString = [&](StringId id) -> const QString& {
        if (!id.isValid())
            return none;
        if (id.value() >= escaped.size())
            escaped.resize(static_cast<std::size_t>(id.value()) + 1);
        QString& e = escaped[id.value()];
        if (e.isNull())
            e = QString::fromUtf8(QJsonDocument(QJsonArray { qs(g.string(id)) }).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
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
            (void)out.write(std::string_view(buffer.constData(), static_cast<std::size_t>(buffer.size()))); // the first error sticks
            buffer.clear();
        }
    };
    auto rankOf = [&](TrackId track) { return g.ranks()[g.tracks()[track.value()].rank.value()].rank; };
    for (std::uint32_t tr = 0; tr < g.tracks().size(); ++tr) {
        const ExecTrack& info = g.tracks()[tr];
        const int rank = rankOf(TrackId(tr));
        const QString trackName = info.measured.isValid() ? jsonString(t.trackInfo(info.measured).name)
                                                          : QStringLiteral("\"track %1\"").arg(tr);
        writeEvent(QStringLiteral("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%1,\"tid\":%2,\"args\":{\"name\":%3}}")
                 .arg(rank)
                 .arg(tr)
                 .arg(trackName));
        for (std::uint32_t i : byTrack[tr]) {
            const ItemId item(i);
            const auto measured = g.origin(item);
            const QString measuredDur = measured.size() == 1
                ? QStringLiteral(",\"measured_dur_us\":") + QString::number(static_cast<double>(t.duration(measured.front())) / 1000.0, 'f', 3)
                : QString();
            writeEvent(QStringLiteral("{\"ph\":\"X\",\"name\":%1,\"cat\":\"%2\",\"pid\":%3,\"tid\":%4,\"ts\":%5,\"dur\":%6,"
                                "\"args\":{\"critical\":%7%8}}")
                     .arg(jsonString(g.nameId(item)), qs(opKindName(g.kind(item))))
                     .arg(rank)
                     .arg(tr)
                     .arg(us(s.start[i]), QString::number(static_cast<double>(s.end[i] - s.start[i]) / 1000.0, 'f', 3),
                         critical[i] ? QStringLiteral("true") : QStringLiteral("false"), measuredDur));
        }
    }
    for (const ExecRank& r : g.ranks()) {
        writeEvent(QStringLiteral("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%1,\"args\":{\"name\":\"rank %1 (replayed)\"}}")
                 .arg(r.rank));
    }
    // Flow arrows from each critical item on a track to the next one on the path.
    ItemId previous;
    int flow = 0;
    for (ItemId i : path.items) {
        if (!g.track(i).isValid())
            continue;
        if (previous.isValid()) {
            writeEvent(QStringLiteral("{\"ph\":\"s\",\"name\":\"critical path\",\"cat\":\"critical\",\"id\":%1,\"pid\":%2,\"tid\":%3,\"ts\":%4}")
                     .arg(flow)
                     .arg(rankOf(g.track(previous)))
                     .arg(g.track(previous).value())
                     .arg(us(s.start[previous.value()])));
            writeEvent(QStringLiteral("{\"ph\":\"f\",\"bp\":\"e\",\"name\":\"critical path\",\"cat\":\"critical\",\"id\":%1,\"pid\":%2,\"tid\":%3,\"ts\":%4}")
                     .arg(flow)
                     .arg(rankOf(g.track(i)))
                     .arg(g.track(i).value())
                     .arg(us(s.start[i.value()])));
            ++flow;
        }
        previous = i;
    }
    buffer += "\n]}\n";
    (void)out.write(std::string_view(buffer.constData(), static_cast<std::size_t>(buffer.size())));
    if (Status committed = out.commit(); !committed.ok()) {
        error = QString::fromStdString(committed.detail());
        return false;
    }
    return true;
}
