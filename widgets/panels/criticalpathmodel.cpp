#include "widgets/panels/criticalpathmodel.h"

#include "core/analysis/criticalpath.h"
#include "core/exec/executiongraph.h"
#include "widgets/panels/kindtext.h"
#include "widgets/timeline/timeaxisticker.h"

using namespace sightline;


CriticalPathModel::CriticalPathModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

CriticalPathModel::~CriticalPathModel() = default;

void CriticalPathModel::setPath(
    std::shared_ptr<const ExecutionGraph> graph, std::shared_ptr<const CriticalPath> path, std::shared_ptr<const std::vector<OpId>> opOfItem)
{
    beginResetModel();
    m_graph = std::move(graph);
    m_path = std::move(path);
    m_opOfItem = std::move(opOfItem);
    m_entries = {};
    if (m_graph && m_path)
        m_entries = m_path->holds;
    endResetModel();
}

int CriticalPathModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

int CriticalPathModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CriticalPathModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == Qt::TextAlignmentRole && index.column() != NameColumn && index.column() != CategoryColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != OpRole && role != Qt::DisplayRole && role != SortRole && role != Qt::ToolTipRole)
        return {};
    const CriticalPath::Hold& e = m_entries[static_cast<std::size_t>(index.row())];
    const ExecutionGraph& g = *m_graph;
    const RankId rank = g.rank(e.item);
    const bool acrossRanks = !rank.isValid();
    if (role == OpRole) {
        if (m_opOfItem)
            return QVariant::fromValue<quint32>((*m_opOfItem)[e.item.value()].value());
        const auto origin = g.origin(e.item);
        return QVariant::fromValue<quint32>(origin.empty() ? OpId::kInvalid : origin.front().value());
    }
    const double share = m_path->length > 0 ? 100.0 * static_cast<double>(e.held) / static_cast<double>(m_path->length) : 0.0;
    switch (index.column()) {
    case IndexColumn: return index.row() + 1;
    case NameColumn: {
        const std::string_view name = g.name(e.item);
        QString text = QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
        if (acrossRanks)
            text = tr("%1 (all ranks)").arg(text);
        return text;
    }
    case RankColumn:
        if (acrossRanks)
            return role == SortRole ? QVariant(-1) : QVariant(tr("all"));
        return g.ranks()[rank.value()].rank;
    case CategoryColumn: return KindText::pathCategory(e.category);
    case TimeColumn:
        if (role == SortRole)
            return static_cast<qlonglong>(e.held);
        return TimeAxisTicker::duration(e.held);
    case ShareColumn:
        if (role == SortRole)
            return share;
        return QStringLiteral("%1 %").arg(QLocale().toString(share, 'f', 1));
    default: return {};
    }
}

QVariant CriticalPathModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IndexColumn: return tr("#");
    case NameColumn: return tr("Op");
    case RankColumn: return tr("Rank");
    case CategoryColumn: return tr("Counts as");
    case TimeColumn: return tr("Time on path");
    case ShareColumn: return tr("Share");
    default: return {};
    }
}
