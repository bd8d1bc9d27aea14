#include "widgets/panels/opdetailspanel.h"

#include "core/graph/dependencygraph.h"
#include "core/model/trace.h"
#include "core/replay/schedule.h"
#include "widgets/panels/kindtext.h"
#include "widgets/timeline/timeaxisticker.h"

using namespace sightline;

namespace {

QString text(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())).toHtmlEscaped();
}

} // namespace

OpDetailsPanel::OpDetailsPanel(QWidget* parent)
    : QTextBrowser(parent)
{
    setObjectName(QStringLiteral("opDetails"));
    setOpenLinks(false);
    setPlaceholderText(tr("Click an op in the timeline to see its details."));
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() == QStringLiteral("op"))
            Q_EMIT opActivated(OpId(url.path().toUInt()));
    });
}

OpDetailsPanel::~OpDetailsPanel() = default;

void OpDetailsPanel::setJob(std::shared_ptr<const Trace> trace, DependencyFinder dependencies, Replayed replayed)
{
    m_trace = std::move(trace);
    m_dependencies = std::move(dependencies);
    m_replayed = std::move(replayed);
    m_extraRows = nullptr;
    m_op = OpId();
    clear();
}

OpDetailsPanel::DependencyFinder OpDetailsPanel::of(std::shared_ptr<const Trace> trace, std::shared_ptr<const DependencyGraph> graph)
{
    if (!graph)
        return nullptr;
    return [trace = std::move(trace), graph = std::move(graph)](OpId op) {
        const DependencyGraph& g = *graph;
        auto neighbour = [&](std::uint32_t vertex, EdgeKind kind) {
            Dependency d { OpId(), kind, {}, {} };
            if (!g.isCollectiveVertex(vertex)) {
                d.op = OpId(vertex);
                return d;
            }
            const LogicalCollective& c = g.collective(vertex);
            const std::string_view name = trace->string(c.name);
            d.name = tr("%1 across %n rank(s) (%2)", nullptr, static_cast<int>(c.participants.size()))
                         .arg(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())), QString::fromStdString(c.group));
            for (const OpId p : c.participants) {
                if (p != op)
                    d.participants.push_back(p);
            }
            return d;
        };
        Dependencies out;
        for (std::uint32_t i = g.inBegin(op.value()); i < g.inBegin(op.value() + 1); ++i)
            out.waitsFor.push_back(neighbour(g.inSource(i), g.kind(g.inEdge(i))));
        for (std::uint32_t e = g.outBegin(op.value()); e < g.outBegin(op.value() + 1); ++e)
            out.releases.push_back(neighbour(g.target(e), g.kind(e)));
        return out;
    };
}

QString OpDetailsPanel::link(const Dependency& d) const
{
    if (!d.op.isValid())
        return d.name.toHtmlEscaped();
    return QStringLiteral("<a href=\"op:%1\">%2</a> <span style=\"color:#777\">%3</span>")
        .arg(d.op.value())
        .arg(text(m_trace->string(m_trace->name(d.op))), tr("rank %1").arg(m_trace->rankInfo(m_trace->rank(d.op)).rank));
}

void OpDetailsPanel::showOp(OpId op)
{
    m_op = op;
    if (!m_trace || !op.isValid() || op.value() >= m_trace->opCount()) {
        clear();
        return;
    }
    const Trace& t = *m_trace;
    const TrackInfo& track = t.trackInfo(t.track(op));
    QString html = QStringLiteral("<h3>%1</h3><table cellspacing=\"2\">").arg(text(t.string(t.name(op))));
    auto row = [&html](const QString& label, const QString& value) {
        html += QStringLiteral("<tr><td style=\"color:#555\">%1</td><td>%2</td></tr>").arg(label.toHtmlEscaped(), value);
    };
    row(tr("Kind"), KindText::op(t.kind(op)).toHtmlEscaped());
    row(tr("Rank"), QString::number(t.rankInfo(t.rank(op)).rank));
    row(tr("Track"), text(t.string(track.name)));
    row(tr("Start"), TimeAxisTicker::duration(t.start(op) - t.beginTime()));
    row(tr("Duration"), TimeAxisTicker::duration(t.duration(op)));
    if (t.bytes(op) > 0)
        row(tr("Bytes"), QLocale().toString(static_cast<qlonglong>(t.bytes(op))));
    if (t.step(op) >= 0)
        row(tr("Step"), QString::number(t.step(op)));
    if (!m_replayed.duration.empty()) {
        const TimeNs replayed = op.value() < m_replayed.duration.size() ? m_replayed.duration[op.value()] : INT64_MIN;
        const TimeNs slack = op.value() < m_replayed.slack.size() ? m_replayed.slack[op.value()] : Schedule::kNotReplayed;
        if (replayed != INT64_MIN) {
            row(tr("Replayed duration"), TimeAxisTicker::duration(replayed));
            if (slack != Schedule::kNotReplayed)
                row(tr("Slack"), slack == 0 ? tr("none: on the critical path") : TimeAxisTicker::duration(slack));
        } else {
            row(tr("Replayed"), tr("no: outside the replayed steps"));
        }
    }
    if (m_extraRows) {
        for (const auto& [label, value] : m_extraRows(op))
            row(label, value.toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    if (m_dependencies) {
        const Dependencies found = m_dependencies(op);
        auto list = [this](const std::vector<Dependency>& of) {
            QString items;
            for (const Dependency& d : of)
                items += QStringLiteral("<li>%1 <span style=\"color:#777\">(%2)</span></li>").arg(link(d), KindText::edge(d.kind).toHtmlEscaped());
            return items.isEmpty() ? tr("<li>nothing</li>") : items;
        };
        html += QStringLiteral("<p><b>%1</b></p><ul>%2</ul><p><b>%3</b></p><ul>%4</ul>")
                    .arg(tr("Waits for"), list(found.waitsFor), tr("Released"), list(found.releases));
    }
    setHtml(html);
}
