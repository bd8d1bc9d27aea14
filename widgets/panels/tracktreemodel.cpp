#include "widgets/panels/tracktreemodel.h"

#include "core/model/trace.h"

#include <QDataStream>
#include <QIODevice>
#include <QLocale>
#include <QMimeData>

#include <algorithm>

using namespace sightline;

namespace {

const QString kMimeType = QStringLiteral("application/x-sightline-track-nodes");

QString fromView(std::string_view v)
{
    return QString::fromUtf8(v.data(), static_cast<qsizetype>(v.size()));
}

} // namespace

TrackTreeModel::TrackTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

TrackTreeModel::~TrackTreeModel() = default;

bool TrackTreeModel::setJob(std::shared_ptr<const Trace> trace, const TrackTree& tree)
{
    const bool inPlace = m_trace && trace && !m_tree.isEmpty() && m_tree.sameShape(tree);
    if (!inPlace)
        beginResetModel();
    m_trace = std::move(trace);
    m_tree = m_trace ? tree : TrackTree();
    countOps();
    if (!inPlace) {
        endResetModel();
        return false;
    }
    notifySubtree(TrackTree::root());
    return true;
}

void TrackTreeModel::countOps()
{
    // Ops under each node: tracks first, then summed into their ancestors.
    m_ops.assign(static_cast<std::size_t>(m_tree.nodeCount()), 0);
    for (int n = 0; n < m_tree.nodeCount(); ++n) {
        if (m_tree.node(n).level != TrackTree::Level::Track)
            continue;
        const std::uint64_t ops = m_trace->trackInfo(TrackId(m_tree.node(n).id)).opCount;
        for (int a = n; a >= 0; a = m_tree.node(a).parent)
            m_ops[static_cast<std::size_t>(a)] += ops;
    }
}

std::uint64_t TrackTreeModel::largestCount() const
{
    std::uint64_t largest = 0;
    for (int n = 0; n < m_tree.nodeCount(); ++n) {
        if (n != TrackTree::root())
            largest = std::max(largest, m_ops[static_cast<std::size_t>(n)]);
    }
    return largest;
}

void TrackTreeModel::syncFrom(const TrackTree& tree)
{
    if (!m_trace || !tree.fits(*m_trace))
        return;
    // Children may have been reordered: a layout change, with persistent indexes following nodes.
    Q_EMIT layoutAboutToBeChanged();
    const QModelIndexList before = persistentIndexList();
    std::vector<int> nodes;
    nodes.reserve(static_cast<std::size_t>(before.size()));
    for (const QModelIndex& index : before)
        nodes.push_back(nodeOf(index));
    m_tree = tree;
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype i = 0; i < before.size(); ++i)
        after.append(indexOf(nodes[static_cast<std::size_t>(i)], before[i].column()));
    changePersistentIndexList(before, after);
    Q_EMIT layoutChanged();
    notifySubtree(TrackTree::root());
}

int TrackTreeModel::nodeOf(const QModelIndex& index) const
{
    return index.isValid() ? static_cast<int>(index.internalId()) : TrackTree::root();
}

QModelIndex TrackTreeModel::indexOf(int node, int column) const
{
    if (node <= TrackTree::root() || node >= m_tree.nodeCount())
        return {};
    return createIndex(m_tree.indexInParent(node), column, static_cast<quintptr>(node));
}

QModelIndex TrackTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (m_tree.isEmpty() || column < 0 || column >= ColumnCount || (parent.isValid() && parent.column() != 0))
        return {};
    const auto& children = m_tree.node(nodeOf(parent)).children;
    if (row < 0 || row >= static_cast<int>(children.size()))
        return {};
    return createIndex(row, column, static_cast<quintptr>(children[static_cast<std::size_t>(row)]));
}

QModelIndex TrackTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    return indexOf(m_tree.node(nodeOf(child)).parent);
}

int TrackTreeModel::rowCount(const QModelIndex& parent) const
{
    if (m_tree.isEmpty() || (parent.isValid() && parent.column() != 0))
        return 0;
    return static_cast<int>(m_tree.node(nodeOf(parent)).children.size());
}

int TrackTreeModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QString TrackTreeModel::nameOf(int node) const
{
    const TrackTree::Node& n = m_tree.node(node);
    switch (n.level) {
    case TrackTree::Level::Root: return QString();
    case TrackTree::Level::Host:
        return StringId(n.id).isValid() ? tr("host %1").arg(fromView(m_trace->string(StringId(n.id)))) : tr("unnamed host");
    case TrackTree::Level::Rank: return tr("rank %1").arg(m_trace->rankInfo(RankId(n.id)).rank);
    case TrackTree::Level::Group:
        switch (static_cast<TrackKind>(n.id)) {
        case TrackKind::CpuThread: return tr("CPU threads");
        case TrackKind::GpuStream: return tr("GPU streams");
        case TrackKind::CommChannel: return tr("Communication channels");
        case TrackKind::Other: break;
        }
        return tr("Other tracks");
    case TrackTree::Level::Track: return fromView(m_trace->string(m_trace->trackInfo(TrackId(n.id)).name));
    }
    return QString();
}

QVariant TrackTreeModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_trace)
        return {};
    const int node = nodeOf(index);
    if (role == NodeRole)
        return node;
    if (index.column() == NameColumn) {
        switch (role) {
        case Qt::DisplayRole: return nameOf(node);
        case Qt::CheckStateRole: {
            const auto [shown, total] = m_tree.shownLeaves(node);
            return shown == 0 ? Qt::Unchecked : shown < total ? Qt::PartiallyChecked : Qt::Checked;
        }
        case Qt::ToolTipRole:
            if (m_tree.node(node).level == TrackTree::Level::Group)
                return QVariant();
            return m_tree.isCollapsed(node) ? tr("%1: collapsed in the timeline").arg(nameOf(node)) : nameOf(node);
        default: return {};
        }
    }
    if (role == Qt::DisplayRole)
        return QLocale().toString(static_cast<qulonglong>(m_ops[static_cast<std::size_t>(node)]));
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

bool TrackTreeModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || index.column() != NameColumn || role != Qt::CheckStateRole)
        return false;
    const int node = nodeOf(index);
    m_tree.setShown(node, value.value<Qt::CheckState>() != Qt::Unchecked);
    notifyChanged(node);
    Q_EMIT treeEdited();
    return true;
}

void TrackTreeModel::notifySubtree(int node)
{
    const auto& children = m_tree.node(node).children;
    if (children.empty())
        return;
    const QModelIndex parent = indexOf(node);
    Q_EMIT dataChanged(index(0, 0, parent), index(static_cast<int>(children.size()) - 1, ColumnCount - 1, parent));
    for (int child : children)
        notifySubtree(child);
}

void TrackTreeModel::notifyChanged(int node)
{
    for (int a = node; a > TrackTree::root(); a = m_tree.node(a).parent)
        Q_EMIT dataChanged(indexOf(a, NameColumn), indexOf(a, NameColumn), { Qt::CheckStateRole, Qt::ToolTipRole });
    notifySubtree(node);
}

QVariant TrackTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == NameColumn ? tr("Track") : section == OpsColumn ? tr("Ops") : QVariant();
}

Qt::ItemFlags TrackTreeModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::ItemIsDropEnabled;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled | Qt::ItemIsDropEnabled;
    if (index.column() == NameColumn)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

bool TrackTreeModel::moveRows(const QModelIndex& sourceParent, int sourceRow, int count, const QModelIndex& destinationParent, int destinationChild)
{
    if (sourceParent != destinationParent || (sourceParent.isValid() && sourceParent.column() != 0))
        return false;
    const int parent = nodeOf(sourceParent);
    const int size = rowCount(sourceParent);
    if (count <= 0 || sourceRow < 0 || sourceRow + count > size || destinationChild < 0 || destinationChild > size)
        return false;
    if (!beginMoveRows(sourceParent, sourceRow, sourceRow + count - 1, destinationParent, destinationChild))
        return false;
    m_tree.moveChildren(parent, sourceRow, count, destinationChild);
    endMoveRows();
    Q_EMIT treeEdited();
    return true;
}

Qt::DropActions TrackTreeModel::supportedDropActions() const
{
    return Qt::MoveAction;
}

Qt::DropActions TrackTreeModel::supportedDragActions() const
{
    return Qt::MoveAction;
}

QStringList TrackTreeModel::mimeTypes() const
{
    return { kMimeType };
}

QMimeData* TrackTreeModel::mimeData(const QModelIndexList& indexes) const
{
    std::vector<int> nodes;
    for (const QModelIndex& index : indexes) {
        if (index.isValid() && std::find(nodes.begin(), nodes.end(), nodeOf(index)) == nodes.end())
            nodes.push_back(nodeOf(index));
    }
    if (nodes.empty())
        return nullptr;
    QByteArray bytes;
    QDataStream stream(&bytes, QIODevice::WriteOnly);
    stream << static_cast<qint32>(m_tree.nodeCount()) << static_cast<qint32>(nodes.size());
    for (int n : nodes)
        stream << static_cast<qint32>(n);
    auto* data = new QMimeData;
    data->setData(kMimeType, bytes);
    return data;
}

bool TrackTreeModel::dropTarget(const QMimeData* data, int row, const QModelIndex& parent, std::vector<int>& nodes, int& parentNode, int& before) const
{
    if (!data || !data->hasFormat(kMimeType) || m_tree.isEmpty())
        return false;
    QByteArray bytes = data->data(kMimeType);
    QDataStream stream(&bytes, QIODevice::ReadOnly);
    qint32 treeSize = 0, count = 0;
    stream >> treeSize >> count;
    if (stream.status() != QDataStream::Ok || treeSize != m_tree.nodeCount() || count <= 0 || count > treeSize)
        return false;
    nodes.clear();
    for (qint32 i = 0; i < count; ++i) {
        qint32 n = -1;
        stream >> n;
        if (stream.status() != QDataStream::Ok || n <= TrackTree::root() || n >= treeSize)
            return false;
        nodes.push_back(n);
    }
    // All dragged nodes are siblings.
    const int from = m_tree.node(nodes.front()).parent;
    if (std::any_of(nodes.begin(), nodes.end(), [&](int n) { return m_tree.node(n).parent != from; }))
        return false;
    const int target = nodeOf(parent);
    if (target == from) {
        // Between the parent's children (row), or onto the parent itself (the end).
        const auto& children = m_tree.node(from).children;
        parentNode = from;
        before = row >= 0 && row < static_cast<int>(children.size()) ? children[static_cast<std::size_t>(row)] : -1;
        return true;
    }
    if (m_tree.node(target).parent == from && row < 0) {
        // Onto a sibling: before it.
        parentNode = from;
        before = target;
        return true;
    }
    return false;
}

bool TrackTreeModel::canDropMimeData(const QMimeData* data, Qt::DropAction action, int row, int, const QModelIndex& parent) const
{
    std::vector<int> nodes;
    int parentNode = -1, before = -1;
    return action == Qt::MoveAction && dropTarget(data, row, parent, nodes, parentNode, before);
}

bool TrackTreeModel::dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int, const QModelIndex& parent)
{
    std::vector<int> nodes;
    int parentNode = -1, before = -1;
    if (action != Qt::MoveAction || !dropTarget(data, row, parent, nodes, parentNode, before))
        return false;
    // Keep the dragged rows in their current order, each placed before `before` in turn.
    std::sort(nodes.begin(), nodes.end(), [&](int a, int b) { return m_tree.indexInParent(a) < m_tree.indexInParent(b); });
    while (before >= 0 && std::find(nodes.begin(), nodes.end(), before) != nodes.end()) {
        const auto& siblings = m_tree.node(parentNode).children;
        const int next = m_tree.indexInParent(before) + 1;
        before = next < static_cast<int>(siblings.size()) ? siblings[static_cast<std::size_t>(next)] : -1;
    }
    const QModelIndex parentIndex = indexOf(parentNode);
    bool moved = false;
    for (int n : nodes) {
        const int from = m_tree.indexInParent(n);
        const int to = before < 0 ? rowCount(parentIndex) : m_tree.indexInParent(before);
        if (to == from || to == from + 1)
            continue;
        beginMoveRows(parentIndex, from, from, parentIndex, to);
        m_tree.moveChildren(parentNode, from, 1, to);
        endMoveRows();
        moved = true;
    }
    if (moved)
        Q_EMIT treeEdited();
    return true;
}
