#include "opactions.h"

#include "whatifview.h"

#include <QMenu>
#include <QTableView>

#include <algorithm>
#include <climits>

using sightline::OpId;
using sightline::OpKind;
using sightline::ParameterValue;

OpActions::OpActions(std::function<Job()> job, QObject* parent)
    : QObject(parent)
    , m_job(std::move(job))
{
}

void OpActions::choose(From from, const std::vector<OpId>& shownOps)
{
    const Job job = m_job();
    std::vector<OpId> measured;
    measured.reserve(shownOps.size());
    for (OpId op : shownOps) {
        if (!job.shown) {
            measured.push_back(op);
        } else if (op.value() < job.shown->trace()->opCount()) {
            const auto origin = job.shown->measuredOps(op);
            measured.insert(measured.end(), origin.begin(), origin.end());
        }
    }
    const Chosen kind = from == From::Area ? Chosen::Area : Chosen::PathRows;
    sightline::OpSet chosen = sightline::OpSet::of(std::move(measured));
    if (chosen.empty()) {
        if (m_chosenFrom == kind)
            clear();
        return;
    }
    m_chosen = std::move(chosen);
    m_chosenFrom = kind;
}

void OpActions::clear()
{
    m_chosen = {};
    m_chosenFrom = Chosen::Nothing;
}

OpId OpActions::measuredOp(OpId shownOp) const
{
    if (!shownOp.isValid())
        return {};
    const Job job = m_job();
    if (!job.shown)
        return shownOp;
    return shownOp.value() < job.shown->trace()->opCount() ? job.shown->measuredOp(shownOp) : OpId();
}

void OpActions::attach(QTableView* table, int opRole)
{
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table, &QWidget::customContextMenuRequested, this, [this, table, opRole](const QPoint& pos) {
        const QModelIndex index = table->indexAt(pos);
        if (!index.isValid())
            return;
        QMenu menu;
        addTo(menu, OpId(index.data(opRole).toUInt()));
        if (!menu.isEmpty())
            menu.exec(table->viewport()->mapToGlobal(pos));
    });
}

QString OpActions::replacedInWhatIf(OpId measured) const
{
    const Job job = m_job();
    if (!job.whatIf || !job.measured || !measured.isValid() || measured.value() >= job.measured->opCount())
        return {};
    const sightline::ExecutionGraph& g = *job.whatIf;
    const std::string_view name = job.measured->string(job.measured->name(measured));
    const auto& origins = originsOf(job.whatIf);
    const auto [first, last]
        = std::equal_range(origins.begin(), origins.end(), std::pair<std::uint32_t, std::uint32_t>(measured.value(), 0),
            [](const auto& a, const auto& b) { return a.first < b.first; });
    std::string_view by;
    for (auto it = first; it != last; ++it) {
        if (g.name(sightline::ItemId(it->second)) == name)
            return {}; // still an item of its own name: a step can aim at it
        by = g.name(sightline::ItemId(it->second));
    }
    return first != last ? QString::fromUtf8(by.data(), static_cast<qsizetype>(by.size())) : QString();
}

const std::vector<std::pair<std::uint32_t, std::uint32_t>>& OpActions::originsOf(
    const std::shared_ptr<const sightline::ExecutionGraph>& g) const
{
    if (m_originsGraph.lock() == g)
        return m_origins;
    m_origins.clear();
    for (std::uint32_t i = 0; i < g->itemCount(); ++i) {
        for (const OpId op : g->origin(sightline::ItemId(i)))
            m_origins.emplace_back(op.value(), i);
    }
    std::sort(m_origins.begin(), m_origins.end());
    m_originsGraph = g;
    return m_origins;
}

void OpActions::addTo(QMenu& menu, OpId shownOp)
{
    if (!m_job().measured)
        return;
    QMenu* whatIf = nullptr;
    if (!m_chosen.empty()) {
        whatIf = menu.addMenu(tr("What If"));
        const int n = static_cast<int>(std::min<std::uint64_t>(m_chosen.size(), INT_MAX));
        const std::string ops = m_chosen.text();
        auto add = [&](const QString& text, const char* pass, std::map<std::string, ParameterValue> params) {
            whatIf->addAction(text, this, [this, pass, params] { Q_EMIT stepWanted(QString::fromLatin1(pass), params); });
        };
        add(tr("Fuse These %n Op(s)", nullptr, n), "op_fusion", { { "kernels", std::string("all") }, { "ops", ops } });
        add(tr("Make These %n Op(s) 20 % Faster", nullptr, n), "speedup", { { "percent", 20.0 }, { "ops", ops } });
        add(tr("Recompute the Layers of These %n Op(s)", nullptr, n), "recompute", { { "ops", ops } });
    }
    addForOp(menu, whatIf, measuredOp(shownOp));
}

void OpActions::addForOp(QMenu& menu, QMenu*& whatIf, OpId op)
{
    const std::shared_ptr<const sightline::Trace> t = m_job().measured;
    if (!op.isValid() || op.value() >= t->opCount())
        return;
    if (whatIf)
        whatIf->addSeparator();
    else
        whatIf = menu.addMenu(tr("What If"));
    const std::string name(t->string(t->name(op)));
    const QString shown = QString::fromStdString(name);
    const QString label = shown.size() > 40 ? shown.left(39) + u'…' : shown;
    const OpKind kind = t->kind(op);
    auto add = [&](const QString& text, const char* pass, std::map<std::string, ParameterValue> params) {
        return whatIf->addAction(text, this, [this, pass, params] { Q_EMIT stepWanted(QString::fromLatin1(pass), params); });
    };
    // A step added now runs after the strategy's: on an op that an earlier step replaced (fused into
    // another, bucketed), a step aimed at its name would find nothing. Offered, but disabled, saying why.
    const QString replacedBy = replacedInWhatIf(op);
    auto byName = [&](const QString& text, const char* pass, std::map<std::string, ParameterValue> params) {
        QAction* a = add(text, pass, std::move(params));
        if (!replacedBy.isEmpty()) {
            a->setEnabled(false);
            a->setText(text + u' ' + tr("(replaced by “%1” in the strategy's what-if)").arg(replacedBy));
        }
    };
    byName(tr("Make “%1” 20 % Faster").arg(label), "speedup", { { "percent", 20.0 }, { "match", name } });
    if (kind == OpKind::ComputeKernel)
        byName(tr("Fuse Kernels Named “%1”").arg(label), "op_fusion", { { "match", name }, { "kernels", std::string("all") } });
    if (kind == OpKind::CpuOp || kind == OpKind::Annotation) {
        add(tr("Fuse the Kernels Launched Inside “%1”").arg(label), "op_fusion", { { "within", name }, { "kernels", std::string("all") } });
        add(tr("Recompute “%1” Before Its Backward").arg(label), "recompute", { { "layers", name } });
    }
}
